/**
 * Credit accounts and their quotas (spec 001 cuentas crédito; spec 000 §4.1 the credit sale's check): the list, the
 * detail by document or by customer, and creating an account or changing its quota. What the account owes moves only
 * through the ledger (libro-credito.service.ts); the detail reads its invoices and payments from cartera.repository.ts.
 */
import {
  aCentavos,
  formatearPesos,
  leerCupoMaximoVendedor,
  MENSAJES_CUENTA_CREDITO,
  PARAMETRO_CUPO_MAXIMO_VENDEDOR,
  PLAZO_CREDITO,
  type ConsultaLista,
  type CuentaCredito,
  type CuentaCreditoCliente,
  type CuentaCreditoClienteConsulta,
  type CuentaCreditoGuardar,
  type CuentaCreditoPedido,
  type OrdenCuentaCredito,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as parametrosService from '../parametros';
import * as tercerosService from '../terceros';
import * as carteraRepositorio from './cartera.repository';
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
 * with that number, of any document type (docs/decisions-creditos.md 'Cuentas y cupos'): the detail screen keeps the spec's route by document number and
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
 * them: one is never picked silently (docs/decisions-creditos.md 'Cuentas y cupos').
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
  const [facturas, pagos] = await Promise.all([carteraRepositorio.listFacturasCredito(db, fila.id), carteraRepositorio.listPagos(db, fila.id)]);
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
 * POST cuentas-credito/guardar: without `id`, creates the third party's account with its quota and term (30 days when
 * not given; 409 when it already has one: the quota changes only through Editar); with `id`, changes that account's
 * quota and, when given, its term. The quota cannot go below what the customer owes now (spec 001 §5 minimum quota).
 * A new term applies to the sales billed from then on: a billed sale keeps its due date. Answers whether it created
 * the account.
 */
export async function guardarCuenta(db: Trx, datos: CuentaCreditoGuardar, actor: Actor): Promise<{ creada: boolean; id: number }> {
  if (!(await tercerosService.buscarTerceroPorId(db, datos.tercero_id))) throw new AppError('TERCERO_NO_ENCONTRADO');
  if (datos.id === null) {
    // One account per customer (unique tercero_id): a create that finds one, or loses the race to another, refuses.
    const id = await repositorio.insertCuenta(db, {
      tercero_id: datos.tercero_id,
      total_cupo_permitido: datos.total_cupo_permitido,
      plazo_dias: datos.plazo_dias ?? PLAZO_CREDITO.defecto,
      user_id: actor.userId,
    });
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
  await repositorio.updateCupo(db, cuenta.id, datos.total_cupo_permitido, datos.plazo_dias);
  return { creada: false, id: cuenta.id };
}

/**
 * POST cuentas-credito/pedido (spec 000 §8): the order form creates the account of a customer without one, for whoever
 * sells, with a quota up to the parameter CUPO_MAXIMO_VENDEDOR (docs/decisions.md "Quién mueve el dinero de un
 * crédito"): above it, 422 on the field naming the ceiling; without a valid parameter, 409. Creates only: a customer
 * who has an account gets guardarCuenta's 409, and a quota changes only through Cuentas crédito.
 */
export async function crearCuentaDesdePedido(db: Trx, datos: CuentaCreditoPedido, actor: Actor): Promise<{ id: number }> {
  const maximo = leerCupoMaximoVendedor(await parametrosService.valorParametro(db, PARAMETRO_CUPO_MAXIMO_VENDEDOR));
  if (maximo === null) throw new AppError('CUPO_VENDEDOR_NO_CONFIGURADO');
  if (aCentavos(datos.total_cupo_permitido) > aCentavos(maximo)) {
    throw campoInvalido('total_cupo_permitido', MENSAJES_CUENTA_CREDITO.cupoVendedor(formatearPesos(maximo)));
  }
  const { id } = await guardarCuenta(db, { ...datos, id: null }, actor);
  return { id };
}
