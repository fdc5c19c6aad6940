/**
 * The credit ledger's writers (spec 002 §3 Credit movement, §4, §5; spec 001 §5 Credit payment; docs/decisions-creditos.md):
 * the charge of a credit sale, a payment toward one sale ("pago de crédito", POST /creditos/abonos) and its annulment,
 * a payment to the account, the sale's annulment and the write-off. Each one writes through `asentar`
 * (libro-credito.ts), the one way a movement is written, and this module is the only writer of the ledger
 * (docs/architecture.md §3, enforced by modules/fronteras.test.ts): billing charges and reverses a sale through the
 * door, never by SQL.
 *
 * Writers run in the caller's transaction (`ejecutarCasoDeUso`) under the lock order of ARCHITECTURE §3: the customer's
 * prepaid balance first (item 4, through abonos' door, only when the advance method is used or given back), then the
 * credit account's row (item 5), and only then read the sale's pending balance, which every writer of that ledger
 * changes while holding the same row lock.
 */
import {
  aCentavos,
  dePesos,
  esFormaAnticipo,
  fallaPagoCreditoEnCampo,
  faltaComprobante,
  formaPermitida,
  FORMAS_PAGO,
  formatearFecha,
  formatearPesos,
  MENSAJES_CREDITOS,
  revisarFilas,
  TIPOS_MOVIMIENTO_CREDITO,
  type DevolucionForma,
  type DevolucionPrevia,
  type EliminarCredito,
  type PagoCredito,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as abonosService from '../abonos';
import * as cajasService from '../cajas';
import * as devolucionesService from '../devoluciones';
import * as periodosService from '../periodos';
import * as tercerosService from '../terceros';
import { asentar } from './libro-credito';
import { retenerEnAbono } from './libro-retencion.service';
import * as libro from './libro-credito.repository';
import * as cuentas from './cuentas-credito.repository';

const T = TIPOS_MOVIMIENTO_CREDITO;

/** 404 of a credit id that names no account. */
export const MENSAJE_CREDITO_NO_ENCONTRADO = 'No se encontró el crédito';
/** 404 of a payment id that names no movement. */
export const MENSAJE_PAGO_CREDITO_NO_ENCONTRADO = 'No se encontró el abono';

/** A refusal of a credit write by the state of the ledger (409). */
function conflicto(mensaje: string): AppError {
  return new AppError('MOVIMIENTO_CREDITO_RECHAZADO', mensaje);
}

// ---------------------------------------------------------------------------------------------------- payment

/**
 * POST /creditos/abonos (spec 002 §2.3, §5 Credit payment): one payment (type 2) against one credit sale, over one or
 * more payment methods written with it. The methods are checked first (active, not Crédito; the advance method at most
 * once, spent through abonos' `usarAbono` up to the customer's balance; voucher code and deposit date where the method
 * requires a code), then, under the account's lock, the amount against the sale's pending balance: 'El abono no debe
 * superar el saldo pendiente {saldo}'. Answers the movement and what the sale still owes.
 */
export async function registrarPagoCredito(trx: Trx, datos: PagoCredito, actor: Actor): Promise<{ movimientoId: number; saldoVenta: number }> {
  // Lock order step 0, before any row lock: the period of the payment's date (docs/decisions-periodos.md).
  await periodosService.exigirPeriodosAbiertos(trx, tiendaDelActor(actor), [datos.fecha_abono]);
  await cajasService.exigirTurnoAbierto(trx, actor, datos.lista_formas_pagadas_form.map((f) => f.id_forma_pago));
  const ventaId = datos.venta_id;
  const cargo = await libro.findCargoDeVenta(trx, ventaId);
  if (!cargo) throw campoInvalido('venta_id', MENSAJES_CREDITOS.ventaSinCredito);
  if (datos.fecha_abono < cargo.fecha_movimiento) {
    throw campoInvalido('fecha_abono', MENSAJES_CREDITOS.fechaAnteriorFactura(formatearFecha(cargo.fecha_movimiento)));
  }

  // spec 002 §5 Credit payment, through the domain's payment rows rule (the one the form runs): every row names an
  // active method other than Crédito, and where the method requires it its voucher code and deposit date.
  const lista = datos.lista_formas_pagadas_form;
  const formas = new Map((await libro.listFormasPagoPorId(trx, lista.map((l) => l.id_forma_pago))).map((f) => [f.id, f]));
  const filas = lista.map((linea) => ({ forma: formas.get(linea.id_forma_pago), valor: linea.valor_pagado, comprobante: linea.codigo_comprobante, fecha_consignacion: linea.fecha_consignacion }));
  // With the sale's pending balance and the customer's advance balance as read now (the form's figures), so a payment
  // above both is refused as the form refuses it, above the balance first. Both are checked again under their locks
  // below, for a payment or a spend that commits meanwhile.
  const saldoLeido = dePesos(Math.max(aCentavos(await libro.saldoDeVenta(trx, cargo.cuenta_credito_id, ventaId)), 0));
  const anticipoLeido = (await tercerosService.buscarTerceroPorId(trx, cargo.tercero_id))?.saldo_abono ?? 0;
  const falla = revisarFilas('pagoCredito', filas, { maximo: saldoLeido, saldoAnticipo: anticipoLeido });
  if (falla) {
    const { mensaje, campo } = fallaPagoCreditoEnCampo(falla);
    throw campoInvalido(campo, mensaje);
  }
  const indiceAnticipo = filas.findIndex((fila) => esFormaAnticipo(fila.forma!));
  const anticipo = indiceAnticipo === -1 ? null : { indice: indiceAnticipo, centavos: aCentavos(lista[indiceAnticipo]!.valor_pagado) };

  // Lock order item 4: the customer's prepaid balance, only when the advance method is used.
  const abonoTerceroIds = new Map<number, number>();
  if (anticipo) {
    try {
      const { movimientoId } = await abonosService.usarAbono(
        trx,
        { terceroId: cargo.tercero_id, valor: dePesos(anticipo.centavos), ventaId, descripcion: `Abono al crédito de la venta No. ${ventaId}` },
        actor,
      );
      abonoTerceroIds.set(anticipo.indice, movimientoId);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'SALDO_ABONO_INSUFICIENTE')) throw error;
      const saldo = (await tercerosService.buscarTerceroPorId(trx, cargo.tercero_id))?.saldo_abono ?? 0;
      throw campoInvalido(`lista_formas_pagadas_form.${anticipo.indice}.valor_pagado`, MENSAJES_CREDITOS.anticipoInsuficiente(formatearPesos(saldo)));
    }
  }

  // Lock order item 5: the account, then the sale's pending balance read under it.
  const cuenta = await cuentas.lockCuenta(trx, cargo.cuenta_credito_id);
  if (!cuenta) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  const pendiente = aCentavos(await libro.saldoDeVenta(trx, cuenta.id, ventaId));
  const valor = aCentavos(datos.valor_abono);
  if (valor > pendiente) throw campoInvalido('valor_abono', MENSAJES_CREDITOS.superaSaldo(formatearPesos(dePesos(Math.max(pendiente, 0)))));
  // Withholdings the customer announces with the payment (docs/decisions-retenciones.md), under the same lock.
  await retenerEnAbono(trx, { cuentaId: cuenta.id, ventaId, pendienteCentavos: pendiente, pagoCentavos: valor, fecha: datos.fecha_abono, retenciones: datos.retenciones }, actor);

  const { movimientoId } = await asentar(trx, cuenta.id, actor, {
    tipo: T.PAGO,
    centavos: valor,
    ventaId,
    descripcion: `Abono a la venta No. ${ventaId}`,
    observacion: datos.observacion_abono,
    fecha: datos.fecha_abono,
  });
  await libro.insertFormasPago(
    trx,
    lista.map((linea, n) => {
      const forma = formas.get(linea.id_forma_pago)!;
      return {
        cuenta_credito_movimiento_id: movimientoId,
        forma_pago_id: forma.id,
        valor_pagado: dePesos(aCentavos(linea.valor_pagado)).toFixed(2),
        codigo_comprobante: forma.requiere_codigo_comprobante ? linea.codigo_comprobante : null,
        fecha_consignacion: forma.requiere_codigo_comprobante ? linea.fecha_consignacion : null,
        abono_tercero_id: abonoTerceroIds.get(n) ?? null,
      };
    }),
  );
  return { movimientoId, saldoVenta: dePesos(pendiente - valor) };
}

/**
 * PUT /creditos/abonos/{movimiento_id}/anular (spec 002 §4 'Anular abono'): a movement of type 3 naming the payment,
 * raising the sale's pending balance and the account's total by its value; the advance method's part goes back to the
 * customer's prepaid balance (abonos' `revertirUsoAbono`, lock order item 4, before the account). 404 for an id that is
 * no movement, 409 for a movement that is not a payment, a payment already annulled or one whose sale was annulled.
 * Answers the sale.
 */
export async function anularPagoCredito(trx: Trx, movimientoId: number, actor: Actor): Promise<{ ventaId: number }> {
  const codigoTienda = tiendaDelActor(actor);
  const pago = await libro.findMovimiento(trx, movimientoId);
  if (!pago) throw new AppError('NO_ENCONTRADO', MENSAJE_PAGO_CREDITO_NO_ENCONTRADO);
  if (pago.tipo_movimiento_credito_id !== T.PAGO || pago.venta_id === null) throw conflicto(MENSAJES_CREDITOS.noEsPagoCredito);
  // Lock order step 0, before any row lock: today's period here and the payment's, in the store that received it.
  await periodosService.exigirPeriodosAbiertosVarios(trx, [
    { codigo_tienda: codigoTienda, fecha: new Date() },
    { codigo_tienda: pago.codigo_tienda ?? codigoTienda, fecha: pago.fecha_movimiento },
  ]);
  const ventaId = pago.venta_id;
  if (await libro.estaAnulado(trx, pago.id, T.ANULACION_PAGO)) throw conflicto(MENSAJES_CREDITOS.pagoYaAnulado);

  const descripcion = `Anulación del abono No. ${pago.id} de la venta No. ${ventaId}`;
  const formas = await libro.listFormasPago(trx, [pago.id]);
  for (const forma of formas) {
    if (forma.abono_tercero_id === null) continue;
    try {
      await abonosService.revertirUsoAbono(trx, { movimientoId: forma.abono_tercero_id, descripcion }, actor);
    } catch (error) {
      // Another annulment of this payment gave the advance back first.
      if (error instanceof AppError && error.code === 'USO_ANTICIPO_YA_REVERTIDO') throw conflicto(MENSAJES_CREDITOS.pagoYaAnulado);
      throw error;
    }
  }

  const cuenta = await cuentas.lockCuenta(trx, pago.cuenta_credito_id);
  if (!cuenta) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  if (await libro.estaAnulado(trx, pago.id, T.ANULACION_PAGO)) throw conflicto(MENSAJES_CREDITOS.pagoYaAnulado);
  const cargo = await libro.findCargoDeVenta(trx, ventaId);
  if (cargo && (await libro.estaAnulado(trx, cargo.id, T.ANULACION_VENTA))) throw conflicto(MENSAJES_CREDITOS.pagoVentaAnulada);
  await asentar(trx, cuenta.id, actor, {
    tipo: T.ANULACION_PAGO,
    centavos: aCentavos(pago.valor_movimiento),
    ventaId,
    descripcion,
    origenId: pago.id,
  });
  // The money the payment brought goes back today, as money out of today's cash (decisions-reportes-dinero.md).
  await devolucionesService.registrarDevolucion(trx, actor, 'pago_credito', pago.id, formasDevolucionPago(formas));
  return { ventaId };
}

/**
 * The methods a credit payment's annulment gives back in money: every one but the advance's spend, which returns to the
 * customer's prepaid balance instead (docs/decisions-reportes-dinero.md "Devoluciones").
 */
function formasDevolucionPago(formas: Awaited<ReturnType<typeof libro.listFormasPago>>): DevolucionForma[] {
  return devolucionesService.agruparFormas(
    formas
      .filter((f) => f.abono_tercero_id === null && !esFormaAnticipo({ id: f.forma_pago_id }) && f.forma_pago_id !== FORMAS_PAGO.credito)
      .map((f) => ({ forma_pago_id: f.forma_pago_id, nombre_forma_pago: f.nombre_forma_pago, valor: f.valor_pagado })),
  );
}

/**
 * GET /creditos/abonos/{id}/devolucion: what annulling the payment would give back now, as the annul dialog says it.
 * 404 for an id that is no movement; 409 for a movement that is not a payment or a payment already annulled.
 */
export async function previaDevolucionPagoCredito(db: Db, movimientoId: number): Promise<DevolucionPrevia> {
  const pago = await libro.findMovimiento(db, movimientoId);
  if (!pago) throw new AppError('NO_ENCONTRADO', MENSAJE_PAGO_CREDITO_NO_ENCONTRADO);
  if (pago.tipo_movimiento_credito_id !== T.PAGO || pago.venta_id === null) throw conflicto(MENSAJES_CREDITOS.noEsPagoCredito);
  if (await libro.estaAnulado(db, pago.id, T.ANULACION_PAGO)) throw conflicto(MENSAJES_CREDITOS.pagoYaAnulado);
  return devolucionesService.previa('pago_credito', pago.id, formasDevolucionPago(await libro.listFormasPago(db, [pago.id])));
}

/**
 * PUT /creditos/{id}/eliminar (spec 002 §4 'Eliminar crédito'): writes off what the customer still owes, one movement
 * of type 5 'Eliminación de crédito' per sale with a pending balance (naming its charge, with the reason and the user),
 * under the account's lock. 409 when nothing is pending. Answers how many sales were written off and the pesos.
 */
export async function eliminarCredito(trx: Trx, cuentaId: number, datos: EliminarCredito, actor: Actor): Promise<{ ventas: number; valor: number }> {
  // Lock order step 0, before any row lock: the write-off is dated today.
  await periodosService.exigirPeriodosAbiertos(trx, tiendaDelActor(actor), [new Date()]);
  const cuenta = await cuentas.lockCuenta(trx, cuentaId);
  if (!cuenta) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  const pendientes = await libro.listVentasPendientes(trx, cuentaId);
  if (pendientes.length === 0) throw conflicto(MENSAJES_CREDITOS.sinSaldoPendiente);
  let centavos = 0;
  for (const pendiente of pendientes) {
    const saldo = aCentavos(pendiente.saldo);
    await asentar(trx, cuentaId, actor, {
      tipo: T.ELIMINACION_CREDITO,
      centavos: saldo,
      ventaId: pendiente.venta_id,
      descripcion: `Eliminación del crédito de la venta No. ${pendiente.venta_id}`,
      origenId: pendiente.id,
      observacion: datos.motivo,
    });
    centavos += saldo;
  }
  return { ventas: pendientes.length, valor: dePesos(centavos) };
}

// ---------------------------------------------------------------------------------------------------- sales and the account

/**
 * Charges a credit sale to the customer's account (movement type 1, spec 002 §3), for the sales issue:
 * call it inside the transaction that bills the sale. Refused with 409 when the charge would take what the
 * customer owes above the quota, and with 404 when the customer has no account. One charge per sale (the sale's pending
 * balance is the sum of the movements that name it). `fecha` is the charge's business date (the invoice date; today by
 * default). Answers the new total credit.
 */
export async function cargarCredito(
  db: Db,
  datos: { terceroId: number; ventaId: number; valor: number; descripcion?: string; fecha?: string },
  actor: Actor,
): Promise<number> {
  const cuenta = await cuentas.lockCuenta(db, datos.terceroId, 'tercero_id');
  if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const valor = aCentavos(datos.valor);
  if (valor <= 0) throw new AppError('DATOS_INVALIDOS');
  const disponible = aCentavos(cuenta.total_cupo_permitido) - aCentavos(cuenta.total_credito);
  if (valor > disponible) {
    throw new AppError(
      'CUPO_CREDITO_EXCEDIDO',
      `El valor del crédito (${formatearPesos(datos.valor)}) supera el cupo disponible de la cuenta crédito (${formatearPesos(dePesos(Math.max(disponible, 0)))})`,
    );
  }
  const { total } = await asentar(db, cuenta.id, actor, {
    tipo: TIPOS_MOVIMIENTO_CREDITO.VENTA,
    centavos: valor,
    ventaId: datos.ventaId,
    descripcion: datos.descripcion ?? `Venta a crédito No. ${datos.ventaId}`,
    fecha: datos.fecha,
  });
  return total;
}

/**
 * PUT cuentas-credito/pago (spec 001 §5 Credit payment), under the per-sale model (docs/decisions-creditos.md 'Pago a la cuenta'): the amount is applied to
 * the account's oldest pending sales first (their charge's date, then id), one payment (type 2) per sale it touches,
 * each with its payment method (Efectivo unless told) so the daily cash and the month closing total it. It may pay the
 * whole debt: above 0 and at most what the pending sales add up to, checked under the account's row lock (409
 * 'Debe ingresar un valor de pago válido' otherwise). Answers the new total credit.
 */
export async function registrarPagoCuenta(
  db: Trx,
  datos: { cuentaCreditoId: number; valor: number; formaPagoId?: number; codigoComprobante?: string | null },
  actor: Actor,
): Promise<number> {
  const formaPagoId = datos.formaPagoId ?? FORMAS_PAGO.efectivo;
  const [forma] = await libro.listFormasPagoPorId(db, [formaPagoId]);
  // The domain's payment rows rule (formas-pago/filas-pago.ts): an active method other than Crédito and the advance,
  // with its voucher code where it requires one.
  if (!formaPermitida('pagoCuenta', forma)) {
    throw campoInvalido('forma_pago_id', MENSAJES_CREDITOS.formaNoPermitida);
  }
  const codigo = forma.requiere_codigo_comprobante ? (datos.codigoComprobante ?? null) : null;
  if (faltaComprobante('pagoCuenta', { forma, comprobante: codigo })) {
    throw campoInvalido('codigo_comprobante', MENSAJES_CREDITOS.valoresVacios);
  }
  // Lock order step 0, before the account's row lock: the payments are dated today (docs/decisions-periodos.md).
  if (actor.codigoTienda) await periodosService.exigirPeriodosAbiertos(db, actor.codigoTienda, [new Date()]);
  await cajasService.exigirTurnoAbierto(db, actor, [formaPagoId]);
  const cuenta = await cuentas.lockCuenta(db, datos.cuentaCreditoId);
  if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const pendientes = await libro.listVentasPendientes(db, cuenta.id);
  const valor = aCentavos(datos.valor);
  const deuda = pendientes.reduce((suma, p) => suma + aCentavos(p.saldo), 0);
  if (valor <= 0 || valor > deuda) throw new AppError('PAGO_CREDITO_INVALIDO');
  let resto = valor;
  let total = Number(cuenta.total_credito);
  for (const pendiente of pendientes) {
    if (resto === 0) break;
    const aplica = Math.min(resto, aCentavos(pendiente.saldo));
    const asentado = await asentar(db, cuenta.id, actor, {
      tipo: TIPOS_MOVIMIENTO_CREDITO.PAGO,
      centavos: aplica,
      ventaId: pendiente.venta_id,
      descripcion: `Pago a la cuenta crédito: venta No. ${pendiente.venta_id}`,
    });
    await libro.insertFormasPago(db, [
      {
        cuenta_credito_movimiento_id: asentado.movimientoId,
        forma_pago_id: forma.id,
        valor_pagado: dePesos(aplica).toFixed(2),
        codigo_comprobante: codigo,
        fecha_consignacion: null,
        abono_tercero_id: null,
      },
    ]);
    total = asentado.total;
    resto -= aplica;
  }
  return total;
}

/**
 * Reverses a sale's credit charge (its annulment, docs/decisions-creditos.md 'Anulación de una venta a crédito') under the per-sale model: for each charge of the
 * sale (type 1) not yet reversed, a movement of type 4 'Anulación de venta' naming it for what the sale still owes
 * (its charge less its write-offs: none when it was written off whole), under the account's row lock (lock order
 * item 5). Refused (409) while the sale has payments not annulled: money received for a sale is given back by
 * annulling those payments in Créditos first (docs/decisions-creditos.md), never silently. Answers the pesos reversed.
 */
export async function reversarCreditoVenta(db: Trx, datos: { ventaId: number; descripcion?: string }, actor: Actor): Promise<number> {
  let reversados = 0;
  // Only the accounts are read before their lock (a charge's account never changes); the charges still to reverse are
  // read under it (docs/architecture.md §3), so a second annulment of the sale that waited here finds them reversed.
  for (const cuentaId of await libro.listCuentasDeCargosVenta(db, datos.ventaId)) {
    const cuenta = await cuentas.lockCuenta(db, cuentaId);
    if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
    let debe = aCentavos(cuenta.total_credito);
    for (const cargo of await libro.listCargosVentaSinAnular(db, cuentaId, datos.ventaId)) {
      const vivos = await libro.listPagosVivosDeVenta(db, cuentaId, datos.ventaId);
      if (vivos.length > 0) throw new AppError('ANULAR_CREDITO_PAGADO', MENSAJE_ANULAR_CON_PAGOS_CREDITO(vivos.length));
      const pendiente = aCentavos(await libro.saldoDeVenta(db, cuentaId, datos.ventaId));
      // The account owes less than the sale (a ledger out of step): refused rather than a negative total.
      if (pendiente > debe) throw new AppError('ANULAR_CREDITO_PAGADO');
      if (pendiente <= 0) continue;
      await asentar(db, cuentaId, actor, {
        tipo: TIPOS_MOVIMIENTO_CREDITO.ANULACION_VENTA,
        centavos: pendiente,
        ventaId: datos.ventaId,
        descripcion: datos.descripcion ?? `Anulación de la venta ${datos.ventaId}`,
        origenId: cargo.id,
      });
      debe -= pendiente;
      reversados += pendiente;
    }
  }
  return dePesos(reversados);
}

/**
 * What a billed sale still owes in its credit account(s), in centavos (0 for a sale not sold on credit): what a partial
 * return may take off it (docs/decisions-factura-electronica.md, "Devolución parcial"). Without the account's lock it is
 * the figure as of now, which a preview shows; devolverCreditoVenta reads it again under the lock.
 */
export async function saldoCreditoVenta(db: Db, ventaId: number): Promise<number> {
  let saldo = 0;
  for (const cuentaId of await libro.listCuentasDeCargosVenta(db, ventaId)) saldo += Math.max(aCentavos(await libro.saldoDeVenta(db, cuentaId, ventaId)), 0);
  return saldo;
}

/**
 * A partial return of a credit sale (docs/decisions-factura-electronica.md, "Devolución parcial"): takes up to
 * `centavos` off what the sale still owes, as movements of type 6 'Devolución de venta' naming the sale, under the
 * account's row lock (lock order item 5); never an UPDATE of a balance but through `asentar`. An annulment after it
 * reverses only what the sale still owes (reversarCreditoVenta reads the same balance). Answers the centavos taken off.
 */
export async function devolverCreditoVenta(db: Trx, datos: { ventaId: number; centavos: number; descripcion: string }, actor: Actor): Promise<number> {
  let resto = datos.centavos;
  for (const cuentaId of await libro.listCuentasDeCargosVenta(db, datos.ventaId)) {
    if (resto <= 0) break;
    const cuenta = await cuentas.lockCuenta(db, cuentaId);
    if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
    const pendiente = Math.min(aCentavos(await libro.saldoDeVenta(db, cuentaId, datos.ventaId)), aCentavos(cuenta.total_credito));
    const aplica = Math.min(resto, pendiente);
    if (aplica <= 0) continue;
    await asentar(db, cuentaId, actor, { tipo: T.DEVOLUCION_VENTA, centavos: aplica, ventaId: datos.ventaId, descripcion: datos.descripcion });
    resto -= aplica;
  }
  return datos.centavos - resto;
}

/** The 409 of a sale annulment while the sale has live credit payments. */
export const MENSAJE_ANULAR_CON_PAGOS_CREDITO = (pagos: number) =>
  `No se puede anular: la venta tiene ${pagos === 1 ? 'un abono a crédito vigente' : `${pagos} abonos a crédito vigentes`}. Anule sus abonos en Créditos antes de anular la venta`;
