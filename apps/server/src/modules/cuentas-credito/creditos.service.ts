/**
 * Credits (spec 002 §2.1–§2.3, §4, §5, §7; issue 17): a customer's credit IS their credit account (cuenta_credito) and
 * its ledger; each credit sale's pending balance is computed from the movements that name it. docs/decisions-creditos.md.
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
  formatearFecha,
  formatearPesos,
  MENSAJES_CREDITOS,
  revisarFilas,
  TIPOS_MOVIMIENTO_CREDITO,
  type AbonoCredito,
  type BucketsCartera,
  type Cartera,
  type CarteraCliente,
  type CarteraConsulta,
  type CreditosConsulta,
  type CreditosRespuesta,
  type EliminarCredito,
  type MovimientoCredito,
  type MovimientosCreditoConsulta,
  type Pagina,
  type VentaPendienteCredito,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as abonosService from '../abonos';
import * as periodosService from '../periodos';
import * as tercerosService from '../terceros';
import { asentar } from './creditos-libro';
import { ENLACE_ESTADO_CUENTA, ENLACE_RECIBO_CREDITO } from './creditos-enlaces';
import * as creditos from './creditos.repository';
import * as cuentas from './cuentas-credito.repository';

const T = TIPOS_MOVIMIENTO_CREDITO;

/** 404 of a credit id that names no account. */
export const MENSAJE_CREDITO_NO_ENCONTRADO = 'No se encontró el crédito';
/** 404 of a payment id that names no movement. */
export const MENSAJE_ABONO_NO_ENCONTRADO = 'No se encontró el abono';


/** A refusal of a credit write by the state of the ledger (409). */
function conflicto(mensaje: string): AppError {
  return new AppError('MOVIMIENTO_CREDITO_RECHAZADO', mensaje);
}

async function creditoExistente(db: Db, id: number) {
  const credito = await creditos.findCredito(db, id);
  if (!credito) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  return credito;
}

// ---------------------------------------------------------------------------------------------------- reads

/** GET /creditos (spec 002 §2.1): a page of credits by customer name, and what every matching account owes. */
export async function listarCreditos(db: Db, secreto: string, consulta: CreditosConsulta): Promise<CreditosRespuesta> {
  const { filas, total, totalCreditoPendiente } = await creditos.listCreditos(db, { clienteId: consulta.cliente_id, page: consulta.page, perPage: consulta.per_page });
  const ahora = new Date();
  const data = filas.map((fila) => ({
    ...fila,
    total_credito: Number(fila.total_credito),
    total_pendientes_abono: Number(fila.total_pendientes_abono ?? 0),
    enlace_estado_cuenta: ENLACE_ESTADO_CUENTA.url(secreto, fila.id, ahora),
  }));
  return { creditos: paginar(data, total, consulta.page, consulta.per_page), total_credito_pendiente: Number(totalCreditoPendiente) };
}

/** GET /creditos/{id}/ventas-pendientes (spec 002 §2.3 sale selector): the sales still owed on, oldest first. */
export async function listarVentasPendientes(db: Db, secreto: string, cuentaId: number): Promise<VentaPendienteCredito[]> {
  await creditoExistente(db, cuentaId);
  const ahora = new Date();
  return (await creditos.listVentasPendientes(db, cuentaId)).map((fila) => ({
    id: fila.id,
    venta_id: fila.venta_id,
    fecha_movimiento: fila.fecha_movimiento,
    valor_movimiento: Number(fila.valor_movimiento),
    valor_saldo_movimiento: Number(fila.saldo),
    enlace_recibo: ENLACE_RECIBO_CREDITO.url(secreto, fila.venta_id, ahora),
  }));
}

/** GET /creditos/{id}/movimientos (spec 002 §2.2): a page of the credit's movements, newest first. */
export async function listarMovimientos(db: Db, secreto: string, cuentaId: number, consulta: MovimientosCreditoConsulta): Promise<Pagina<MovimientoCredito>> {
  await creditoExistente(db, cuentaId);
  const { filas, total } = await creditos.listMovimientos(db, cuentaId, {
    tipo: consulta.tipo_movimiento_credito_id,
    ventaId: consulta.venta_id,
    page: consulta.page,
    perPage: consulta.per_page,
  });
  const pagos = filas.filter((f) => f.tipo_movimiento_credito_id === T.PAGO).map((f) => f.id);
  const formas = await creditos.listFormasPago(db, pagos);
  const ahora = new Date();
  const data = filas.map((fila): MovimientoCredito => {
    const conRecibo = fila.venta_id !== null && (fila.tipo_movimiento_credito_id === T.VENTA || fila.tipo_movimiento_credito_id === T.PAGO);
    return {
      id: fila.id,
      venta_id: fila.venta_id,
      tipo_movimiento_credito_id: fila.tipo_movimiento_credito_id,
      nombre_tipo_movimiento_credito: fila.nombre_tipo_movimiento_credito,
      descripcion_movimiento: fila.descripcion_movimiento,
      valor_movimiento: Number(fila.valor_movimiento),
      valor_pagado: fila.valor_pagado === null ? null : Number(fila.valor_pagado),
      valor_saldo_movimiento: fila.valor_saldo_movimiento === null ? null : Number(fila.valor_saldo_movimiento),
      fecha_movimiento: fila.fecha_movimiento,
      fecha_inserta: fila.fecha_inserta.toISOString(),
      observacion: fila.observacion,
      nombre_usuario: fila.nombre_usuario ?? null,
      anulado: fila.tipo_movimiento_credito_id === T.PAGO && Boolean(fila.anulado),
      formas_pago: formas
        .filter((f) => f.cuenta_credito_movimiento_id === fila.id)
        .map((f) => ({
          forma_pago_id: f.forma_pago_id,
          nombre_forma_pago: f.nombre_forma_pago,
          valor_pagado: Number(f.valor_pagado),
          codigo_comprobante: f.codigo_comprobante,
          fecha_consignacion: f.fecha_consignacion,
        })),
      enlace_recibo: conRecibo ? ENLACE_RECIBO_CREDITO.url(secreto, fila.venta_id!, ahora) : null,
    };
  });
  return paginar(data, total, consulta.page, consulta.per_page);
}

// ---------------------------------------------------------------------------------------------------- payment

/**
 * POST /creditos/abonos (spec 002 §2.3, §5 Credit payment): one payment (type 2) against one credit sale, over one or
 * more payment methods written with it. The methods are checked first (active, not Crédito; the advance method at most
 * once, spent through abonos' `usarAbono` up to the customer's balance; voucher code and deposit date where the method
 * requires a code), then, under the account's lock, the amount against the sale's pending balance: 'El abono no debe
 * superar el saldo pendiente {saldo}'. Answers the movement and what the sale still owes.
 */
export async function registrarAbonoCredito(trx: Trx, datos: AbonoCredito, actor: Actor): Promise<{ movimientoId: number; saldoVenta: number }> {
  // Lock order step 0, before any row lock: the period of the payment's date (docs/decisions-periodos.md).
  await periodosService.exigirPeriodosAbiertos(trx, tiendaDelActor(actor), [datos.fecha_abono]);
  const ventaId = datos.venta_id;
  const cargo = await creditos.findCargoDeVenta(trx, ventaId);
  if (!cargo) throw campoInvalido('venta_id', MENSAJES_CREDITOS.ventaSinCredito);
  if (datos.fecha_abono < cargo.fecha_movimiento) {
    throw campoInvalido('fecha_abono', MENSAJES_CREDITOS.fechaAnteriorFactura(formatearFecha(cargo.fecha_movimiento)));
  }

  // spec 002 §5 Credit payment, through the domain's payment rows rule (the one the form runs): every row names an
  // active method other than Crédito, and where the method requires it its voucher code and deposit date.
  const lista = datos.lista_formas_pagadas_form;
  const formas = new Map((await creditos.listFormasPagoPorId(trx, lista.map((l) => l.id_forma_pago))).map((f) => [f.id, f]));
  const filas = lista.map((linea) => ({ forma: formas.get(linea.id_forma_pago), valor: linea.valor_pagado, comprobante: linea.codigo_comprobante, fecha_consignacion: linea.fecha_consignacion }));
  // With the sale's pending balance and the customer's advance balance as read now (the form's figures), so a payment
  // above both is refused as the form refuses it, above the balance first. Both are checked again under their locks
  // below, for a payment or a spend that commits meanwhile.
  const saldoLeido = dePesos(Math.max(aCentavos(await creditos.saldoDeVenta(trx, cargo.cuenta_credito_id, ventaId)), 0));
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
  const pendiente = aCentavos(await creditos.saldoDeVenta(trx, cuenta.id, ventaId));
  const valor = aCentavos(datos.valor_abono);
  if (valor > pendiente) throw campoInvalido('valor_abono', MENSAJES_CREDITOS.superaSaldo(formatearPesos(dePesos(Math.max(pendiente, 0)))));

  const { movimientoId } = await asentar(trx, cuenta.id, actor, {
    tipo: T.PAGO,
    centavos: valor,
    ventaId,
    descripcion: `Abono a la venta No. ${ventaId}`,
    observacion: datos.observacion_abono,
    fecha: datos.fecha_abono,
  });
  await creditos.insertFormasPago(
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
export async function anularAbonoCredito(trx: Trx, movimientoId: number, actor: Actor): Promise<{ ventaId: number }> {
  const codigoTienda = tiendaDelActor(actor);
  const pago = await creditos.findMovimiento(trx, movimientoId);
  if (!pago) throw new AppError('NO_ENCONTRADO', MENSAJE_ABONO_NO_ENCONTRADO);
  if (pago.tipo_movimiento_credito_id !== T.PAGO || pago.venta_id === null) throw conflicto(MENSAJES_CREDITOS.noEsAbono);
  // Lock order step 0, before any row lock: today's period here and the payment's, in the store that received it.
  await periodosService.exigirPeriodosAbiertosVarios(trx, [
    { codigo_tienda: codigoTienda, fecha: new Date() },
    { codigo_tienda: pago.codigo_tienda ?? codigoTienda, fecha: pago.fecha_movimiento },
  ]);
  const ventaId = pago.venta_id;
  if (await creditos.findAnulacionDePago(trx, pago.id)) throw conflicto(MENSAJES_CREDITOS.abonoYaAnulado);

  const descripcion = `Anulación del abono No. ${pago.id} de la venta No. ${ventaId}`;
  for (const forma of await creditos.listFormasPago(trx, [pago.id])) {
    if (forma.abono_tercero_id === null) continue;
    try {
      await abonosService.revertirUsoAbono(trx, { movimientoId: forma.abono_tercero_id, descripcion }, actor);
    } catch (error) {
      // Another annulment of this payment gave the advance back first.
      if (error instanceof AppError && error.code === 'USO_ANTICIPO_YA_REVERTIDO') throw conflicto(MENSAJES_CREDITOS.abonoYaAnulado);
      throw error;
    }
  }

  const cuenta = await cuentas.lockCuenta(trx, pago.cuenta_credito_id);
  if (!cuenta) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  if (await creditos.findAnulacionDePago(trx, pago.id)) throw conflicto(MENSAJES_CREDITOS.abonoYaAnulado);
  const cargo = await creditos.findCargoDeVenta(trx, ventaId);
  if (cargo && (await creditos.ventaAnuladaEnCredito(trx, cargo.id))) throw conflicto(MENSAJES_CREDITOS.abonoVentaAnulada);
  await asentar(trx, cuenta.id, actor, {
    tipo: T.ANULACION_PAGO,
    centavos: aCentavos(pago.valor_movimiento),
    ventaId,
    descripcion,
    origenId: pago.id,
  });
  return { ventaId };
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
  const pendientes = await creditos.listVentasPendientes(trx, cuentaId);
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

// ---------------------------------------------------------------------------------------------------- aging

/** Days from `desde` to `hasta`, both 'YYYY-MM-DD'. */
export function diasEntre(desde: string, hasta: string): number {
  const aUtc = (fecha: string) => {
    const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
    return Date.UTC(a, m - 1, d);
  };
  return Math.round((aUtc(hasta) - aUtc(desde)) / 86_400_000);
}

/** The bucket of a sale invoiced `dias` days before the cut-off: 0 or less is current. */
export function bucketDe(dias: number): Exclude<keyof BucketsCartera, 'total'> {
  if (dias <= 0) return 'corriente';
  if (dias <= 30) return 'dias_1_30';
  if (dias <= 60) return 'dias_31_60';
  if (dias <= 90) return 'dias_61_90';
  return 'mas_90';
}

type Centavos = Record<keyof BucketsCartera, number>;
const vacio = (): Centavos => ({ corriente: 0, dias_1_30: 0, dias_31_60: 0, dias_61_90: 0, mas_90: 0, total: 0 });
const aPesos = (c: Centavos): BucketsCartera => ({
  corriente: dePesos(c.corriente),
  dias_1_30: dePesos(c.dias_1_30),
  dias_31_60: dePesos(c.dias_31_60),
  dias_61_90: dePesos(c.dias_61_90),
  mas_90: dePesos(c.mas_90),
  total: dePesos(c.total),
});

/**
 * GET /creditos/cartera (issue 17 item 6, beyond the spec): what each customer owes at the end of the cut-off day (today
 * by default), by days past the invoice date of each pending sale: current (0), 1–30, 31–60, 61–90, over 90; and the
 * totals. Customers by name; only those owing something.
 */
export async function carteraPorEdades(db: Db, consulta: CarteraConsulta, hoy: string): Promise<Cartera> {
  const fechaCorte = consulta.fecha_corte ?? hoy;
  const filas = await creditos.listPendientesCartera(db, { fechaCorte, clienteId: consulta.cliente_id });
  const clientes = new Map<number, { datos: Omit<CarteraCliente, keyof BucketsCartera>; centavos: Centavos }>();
  const totales = vacio();
  for (const fila of filas) {
    let cliente = clientes.get(fila.credito_id);
    if (!cliente) {
      cliente = {
        datos: { cliente_id: fila.cliente_id, credito_id: fila.credito_id, numero_documento: fila.numero_documento, nombres: fila.nombres, apellidos: fila.apellidos },
        centavos: vacio(),
      };
      clientes.set(fila.credito_id, cliente);
    }
    const saldo = aCentavos(fila.saldo);
    const bucket = bucketDe(diasEntre(fila.fecha_movimiento, fechaCorte));
    cliente.centavos[bucket] += saldo;
    cliente.centavos.total += saldo;
    totales[bucket] += saldo;
    totales.total += saldo;
  }
  return {
    fecha_corte: fechaCorte,
    clientes: [...clientes.values()].map((c) => ({ ...c.datos, ...aPesos(c.centavos) })),
    totales: aPesos(totales),
  };
}

