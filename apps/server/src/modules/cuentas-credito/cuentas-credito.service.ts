import {
  aCentavos,
  dePesos,
  faltaComprobante,
  formaPermitida,
  FORMAS_PAGO,
  formatearPesos,
  MENSAJES_CREDITOS,
  MENSAJES_CUENTA_CREDITO,
  TIPOS_MOVIMIENTO_CREDITO,
  type ConsultaLista,
  type CuentaCredito,
  type CuentaCreditoCliente,
  type CuentaCreditoClienteConsulta,
  type CuentaCreditoGuardar,
  type OrdenCuentaCredito,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as periodosService from '../periodos';
import * as tercerosService from '../terceros';
import { asentar } from './creditos-libro';
import * as creditosRepositorio from './creditos.repository';
import * as repositorio from './cuentas-credito.repository';

type FilaCuenta = NonNullable<Awaited<ReturnType<typeof repositorio.findCuenta>>>;

function aCuenta(fila: FilaCuenta): CuentaCredito {
  return {
    ...fila,
    total_cupo_permitido: Number(fila.total_cupo_permitido),
    total_credito: Number(fila.total_credito),
    fecha_creacion: fila.fecha_creacion.toISOString(),
  };
}

/**
 * GET cuentas-credito: a page of accounts, newest first. `numeroDocumento` (exact) gives the accounts of every customer
 * with that number, of any document type (issue 12): the detail screen keeps the spec's route by document number and
 * looks the account up by customer, opening it when there is one and asking which when there are several.
 */
export async function listarCuentas(
  db: Db,
  consulta: ConsultaLista<OrdenCuentaCredito> & { numeroDocumento?: string | undefined },
): Promise<Pagina<CuentaCredito>> {
  const { filas, total } = await repositorio.listCuentas(db, consulta);
  return paginar(filas.map(aCuenta), total, consulta.page, consulta.per_page);
}

/**
 * POST cuentas-credito/cliente (spec 001 Credit account detail): the account of the customer with this document
 * number, its credit invoices and its payments. 404 'El tercero no tiene una cuenta crédito'. When customers of
 * several document types with that number have accounts and `tipo_documento_id` does not say which, 422 naming
 * them: one is never picked silently (issue 12).
 */
export async function detallePorDocumento(db: Db, consulta: CuentaCreditoClienteConsulta): Promise<CuentaCreditoCliente> {
  const filas = await repositorio.listCuentasPorDocumento(db, consulta.documento_cliente, consulta.tipo_documento_id);
  if (filas.length === 0) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  if (filas.length > 1) {
    const mensaje = MENSAJES_CUENTA_CREDITO.documentoAmbiguo(
      consulta.documento_cliente,
      filas.map((fila) => fila.nombre_tipo_documento),
    );
    throw campoInvalido('tipo_documento_id', mensaje);
  }
  return detalleDeCuenta(db, filas[0]!);
}

/**
 * GET cuentas-credito/tercero/{tercero_id} (spec 000 §7 "credit account by customer", §4.1): the account of one
 * customer, for the detail screen and for the sales form, which checks it before a credit sale (payment type 2).
 * 404 'El tercero no tiene una cuenta crédito' when there is none, so the form can offer to create it.
 */
export async function detallePorTercero(db: Db, terceroId: number): Promise<CuentaCreditoCliente> {
  const fila = await repositorio.findCuentaDeTercero(db, terceroId);
  if (!fila) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  return detalleDeCuenta(db, fila);
}

async function detalleDeCuenta(db: Db, fila: FilaCuenta): Promise<CuentaCreditoCliente> {
  const [facturas, pagos] = await Promise.all([repositorio.listFacturasCredito(db, fila.id), repositorio.listPagos(db, fila.id)]);
  return {
    cuenta_credito_cliente: aCuenta(fila),
    facturas_credito: facturas.map((f) => ({ ...f, valor_credito: Number(f.valor_credito), fecha_registro: f.fecha_registro.toISOString() })),
    pagos_cuentas_credito: pagos.map((p) => ({
      ...p,
      valor_pagado: Number(p.valor_pagado),
      fecha_creacion: p.fecha_creacion.toISOString(),
      nombre_vendedor: p.nombre_vendedor ?? null,
    })),
  };
}

/** The account of a third party, or undefined (the sales form checks it for credit sales, spec 000 §4.1). */
export async function cuentaDeTercero(db: Db, terceroId: number): Promise<CuentaCredito | undefined> {
  const fila = await repositorio.findCuentaDeTercero(db, terceroId);
  return fila ? aCuenta(fila) : undefined;
}

/**
 * POST cuentas-credito/guardar: without `id`, creates the third party's account with its quota (409 when it already
 * has one: the quota changes only through Editar); with `id`, changes that account's quota. The quota cannot go
 * below what the customer owes now (spec 001 §5 minimum quota). Answers whether it created the account.
 */
export async function guardarCuenta(db: Trx, datos: CuentaCreditoGuardar, actor: Actor): Promise<{ creada: boolean; id: number }> {
  if (!(await tercerosService.buscarTerceroPorId(db, datos.tercero_id))) throw new AppError('TERCERO_NO_ENCONTRADO');
  if (datos.id === null) {
    // One account per customer (unique tercero_id): a create that finds one, or loses the race to another, refuses.
    const id = await repositorio.insertCuenta(db, { tercero_id: datos.tercero_id, total_cupo_permitido: datos.total_cupo_permitido, user_id: actor.userId });
    if (id === null) {
      throw new AppError('CUENTA_CREDITO_EXISTENTE', undefined, { tercero_id: [MENSAJES_CUENTA_CREDITO.cuentaExistente] });
    }
    return { creada: true, id };
  }
  const cuenta = await repositorio.lockCuenta(db, datos.id);
  if (!cuenta || cuenta.tercero_id !== datos.tercero_id) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  if (aCentavos(datos.total_cupo_permitido) < aCentavos(cuenta.total_credito)) {
    const mensaje = MENSAJES_CUENTA_CREDITO.cupoMinimo(formatearPesos(cuenta.total_credito));
    throw campoInvalido('total_cupo_permitido', mensaje);
  }
  await repositorio.updateCupo(db, cuenta.id, datos.total_cupo_permitido);
  return { creada: false, id: cuenta.id };
}

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
  const cuenta = await repositorio.lockCuentaDeTercero(db, datos.terceroId);
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
 * PUT cuentas-credito/pago (spec 001 §5 Credit payment), under the per-sale model of issue 17: the amount is applied to
 * the account's oldest pending sales first (their charge's date, then id), one payment (type 2) per sale it touches,
 * each with its payment method (Efectivo unless told) so the daily cash and the month closing total it. It may pay the
 * whole debt: above 0 and at most what the pending sales add up to, checked under the account's row lock (409
 * 'Debe ingresar un valor de pago válido' otherwise). Answers the new total credit.
 */
export async function registrarPago(
  db: Trx,
  datos: { cuentaCreditoId: number; valor: number; formaPagoId?: number; codigoComprobante?: string | null },
  actor: Actor,
): Promise<number> {
  const formaPagoId = datos.formaPagoId ?? FORMAS_PAGO.efectivo;
  const [forma] = await creditosRepositorio.listFormasPagoPorId(db, [formaPagoId]);
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
  const cuenta = await repositorio.lockCuenta(db, datos.cuentaCreditoId);
  if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const pendientes = await creditosRepositorio.listVentasPendientes(db, cuenta.id);
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
    await creditosRepositorio.insertFormasPago(db, [
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
 * Reverses a sale's credit charge (its annulment, issue 15 point 8) under the per-sale model: for each charge of the
 * sale (type 1) not yet reversed, a movement of type 4 'Anulación de venta' naming it for what the sale still owes
 * (its charge less its write-offs: none when it was written off whole), under the account's row lock (lock order
 * item 5). Refused (409) while the sale has payments not annulled: money received for a sale is given back by
 * annulling those payments in Créditos first (docs/decisions-creditos.md), never silently. Answers the pesos reversed.
 */
export async function reversarCreditoVenta(db: Trx, datos: { ventaId: number; descripcion?: string }, actor: Actor): Promise<number> {
  const cargos = await repositorio.listCargosVentaSinAnular(db, datos.ventaId);
  let reversados = 0;
  for (const cuentaId of [...new Set(cargos.map((c) => c.cuenta_credito_id))].sort((a, b) => a - b)) {
    const cuenta = await repositorio.lockCuenta(db, cuentaId);
    if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
    let debe = aCentavos(cuenta.total_credito);
    for (const cargo of cargos.filter((c) => c.cuenta_credito_id === cuentaId)) {
      const vivos = await creditosRepositorio.listPagosVivosDeVenta(db, cuentaId, datos.ventaId);
      if (vivos.length > 0) throw new AppError('ANULAR_CREDITO_PAGADO', MENSAJE_ANULAR_CON_ABONOS(vivos.length));
      const pendiente = aCentavos(await creditosRepositorio.saldoDeVenta(db, cuentaId, datos.ventaId));
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

/** The 409 of a sale annulment while the sale has live credit payments. */
export const MENSAJE_ANULAR_CON_ABONOS = (abonos: number) =>
  `No se puede anular: la venta tiene ${abonos === 1 ? 'un abono a crédito vigente' : `${abonos} abonos a crédito vigentes`}. Anule sus abonos en Créditos antes de anular la venta`;
