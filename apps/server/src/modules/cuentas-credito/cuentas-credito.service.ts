import {
  aCentavos,
  dePesos,
  formatearPesos,
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
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as tercerosService from '../terceros';
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
    throw new AppError('DATOS_INVALIDOS', mensaje, { tipo_documento_id: [mensaje] });
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
    throw new AppError('DATOS_INVALIDOS', mensaje, { total_cupo_permitido: [mensaje] });
  }
  await repositorio.updateCupo(db, cuenta.id, datos.total_cupo_permitido);
  return { creada: false, id: cuenta.id };
}

/**
 * Moves the account's total credit by `centavos` (a charge raises it, a payment lowers it) and writes the
 * movement with the resulting balance: the one way the balance changes, always together with its row.
 * Call with the account row already locked. Answers the new total credit.
 */
async function asentarMovimiento(
  db: Db,
  cuentaId: number,
  actor: Actor,
  movimiento: { tipo: number; centavos: number; ventaId: number | null; descripcion: string },
): Promise<number> {
  const saldo = await repositorio.updateTotalCredito(db, cuentaId, dePesos(movimiento.centavos));
  await repositorio.insertMovimiento(db, {
    cuenta_credito_id: cuentaId,
    tipo_movimiento_credito_id: movimiento.tipo,
    venta_id: movimiento.ventaId,
    descripcion_movimiento: movimiento.descripcion,
    valor_movimiento: dePesos(Math.abs(movimiento.centavos)),
    saldo_credito: saldo,
    movimiento_origen_id: null,
    observacion: null,
    codigo_tienda: actor.codigoTienda,
    user_id: actor.userId,
  });
  return Number(saldo);
}

/**
 * Charges a credit sale to the customer's account (movement type 1, spec 002 §3), for the sales issue:
 * call it inside the transaction that bills the sale. Refused with 409 when the charge would take what the
 * customer owes above the quota, and with 404 when the customer has no account. Answers the new total credit.
 */
export async function cargarCredito(
  db: Db,
  datos: { terceroId: number; ventaId: number | null; valor: number; descripcion?: string },
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
  return asentarMovimiento(db, cuenta.id, actor, {
    tipo: TIPOS_MOVIMIENTO_CREDITO.VENTA,
    centavos: valor,
    ventaId: datos.ventaId,
    descripcion: datos.descripcion ?? (datos.ventaId ? `Venta a crédito ${datos.ventaId}` : 'Venta a crédito'),
  });
}

/**
 * PUT cuentas-credito/pago (spec 001 §5 Credit payment): a payment to the account (movement type 2, not
 * tied to a sale) that lowers what the customer owes. The amount must be above 0 and strictly below the
 * total credit, checked under the row lock (409 otherwise). Answers the new total credit.
 */
export async function registrarPago(db: Db, datos: { cuentaCreditoId: number; valor: number }, actor: Actor): Promise<number> {
  const cuenta = await repositorio.lockCuenta(db, datos.cuentaCreditoId);
  if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const valor = aCentavos(datos.valor);
  if (valor <= 0 || valor >= aCentavos(cuenta.total_credito)) throw new AppError('PAGO_CREDITO_INVALIDO');
  return asentarMovimiento(db, cuenta.id, actor, {
    tipo: TIPOS_MOVIMIENTO_CREDITO.PAGO,
    centavos: -valor,
    ventaId: null,
    descripcion: 'Pago a la cuenta crédito',
  });
}

/**
 * Reverses a sale's credit charge (its annulment, issue 15 point 8): for each charge of the sale (type 1) not yet
 * reversed, a movement of type 4 'Anulación de venta' naming it, lowering what the customer owes by the same amount,
 * under the account's row lock (lock order item 5). Refused (409) when the account now owes less than the charge
 * (payments received since): the refund is settled first. Answers the pesos reversed.
 */
export async function reversarCreditoVenta(db: Trx, datos: { ventaId: number; descripcion?: string }, actor: Actor): Promise<number> {
  const cargos = await repositorio.listCargosVentaSinAnular(db, datos.ventaId);
  let reversados = 0;
  for (const cuentaId of [...new Set(cargos.map((c) => c.cuenta_credito_id))].sort((a, b) => a - b)) {
    const cuenta = await repositorio.lockCuenta(db, cuentaId);
    if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
    let debe = aCentavos(cuenta.total_credito);
    for (const cargo of cargos.filter((c) => c.cuenta_credito_id === cuentaId)) {
      const centavos = aCentavos(cargo.valor_movimiento);
      if (centavos > debe) throw new AppError('ANULAR_CREDITO_PAGADO');
      const saldo = await repositorio.updateTotalCredito(db, cuentaId, dePesos(-centavos));
      await repositorio.insertMovimiento(db, {
        cuenta_credito_id: cuentaId,
        tipo_movimiento_credito_id: TIPOS_MOVIMIENTO_CREDITO.ANULACION_VENTA,
        venta_id: datos.ventaId,
        descripcion_movimiento: datos.descripcion ?? `Anulación de la venta ${datos.ventaId}`,
        valor_movimiento: dePesos(centavos),
        saldo_credito: saldo,
        movimiento_origen_id: cargo.id,
        observacion: null,
        codigo_tienda: actor.codigoTienda,
        user_id: actor.userId,
      });
      debe -= centavos;
      reversados += centavos;
    }
  }
  return dePesos(reversados);
}
