// Expenses and income (spec 002 §2.10, §3 Expense / Income, §5, §7;
// docs/decisions-pagos-proveedores.md). An expense or an income belongs to the store it was recorded in (the selected
// one) and names the user responsible (who recorded it). An edit keeps the row in its store, writes the values it had
// before into its *_historial with who edited and when, and both dates (old and new) must be in open periods.
import {
  formaPermitida,
  MENSAJES_EGRESOS_INGRESOS,
  type EgresoGuardar,
  type EgresoRegistro,
  type IngresoGuardar,
  type IngresoRegistro,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as cajasService from '../cajas';
import * as periodosService from '../periodos';
import * as tiendasService from '../tiendas';
import * as repositorio from './egresos-ingresos.repository';

/** The method must exist, be active and move money: Crédito (forma_credito) and Anticipo (forma_abono) do not. */
async function exigirFormaPago(db: Db, formaPagoId: number): Promise<void> {
  const forma = await repositorio.findFormaPago(db, formaPagoId);
  if (!forma) throw campoInvalido('forma_pago_id', MENSAJES_EGRESOS_INGRESOS.formaPago);
  if (!formaPermitida('movimientoCaja', forma)) throw campoInvalido('forma_pago_id', MENSAJES_EGRESOS_INGRESOS.formaNoPermitida);
}

// ---------------------------------------------------------------- expenses

type FilaEgreso = NonNullable<Awaited<ReturnType<typeof repositorio.findEgreso>>>;

function aEgreso(fila: FilaEgreso): EgresoRegistro {
  return {
    id: fila.id,
    codigo_tienda: fila.codigo_tienda,
    fecha_egreso: fila.fecha_egreso,
    forma_pago_id: fila.forma_pago_id,
    nombre_forma_pago: fila.nombre_forma_pago,
    valor_egreso: Number(fila.valor_egreso),
    descripcion_egreso: fila.descripcion_egreso,
    usuario_responsable: fila.usuario_responsable,
    nombre_usuario: fila.nombre_usuario,
    fecha_inserta: fila.fecha_inserta.toISOString(),
    fecha_actualiza: fila.fecha_actualiza.toISOString(),
  };
}

/** GET egresos/{id}: 404 when it does not exist, 403 when it is of a store the user does not belong to. */
export async function leerEgreso(db: Db, id: number, actor: Actor): Promise<EgresoRegistro> {
  const fila = await repositorio.findEgreso(db, id);
  if (!fila) throw new AppError('EGRESO_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(db, actor, fila.codigo_tienda);
  return aEgreso(fila);
}

/** POST egresos/guardar: an expense of the selected store, dated in an open period, by the acting user. */
export async function registrarEgreso(trx: Trx, datos: EgresoGuardar, actor: Actor): Promise<EgresoRegistro> {
  const codigoTienda = tiendaDelActor(actor);
  const usuario = usuarioDelActor(actor);
  // Lock order step 0, before any row lock: the period of the expense's date.
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [datos.fecha_egreso]);
  await cajasService.exigirTurnoAbierto(trx, actor, [datos.forma_pago_id]);
  await exigirFormaPago(trx, datos.forma_pago_id);
  const id = await repositorio.insertEgreso(trx, { ...datos, codigo_tienda: codigoTienda, usuario_responsable: usuario });
  return aEgreso((await repositorio.findEgreso(trx, id))!);
}

/**
 * PUT egresos/{id}/actualizar: the new values, the old ones into egreso_historial. Both the old and the new date must
 * be in open periods of the expense's store (an expense never changes store). 404 / 403 as leerEgreso.
 */
export async function actualizarEgreso(trx: Trx, id: number, datos: EgresoGuardar, actor: Actor): Promise<EgresoRegistro> {
  const usuario = usuarioDelActor(actor);
  const actual = await repositorio.findEgreso(trx, id);
  if (!actual) throw new AppError('EGRESO_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(trx, actor, actual.codigo_tienda);
  // Step 0 before the row lock; checked again below if a concurrent edit moved the date meanwhile.
  await periodosService.exigirPeriodosAbiertos(trx, actual.codigo_tienda, [actual.fecha_egreso, datos.fecha_egreso]);
  const previo = await repositorio.lockEgreso(trx, id);
  if (!previo) throw new AppError('EGRESO_NO_ENCONTRADO');
  if (previo.fecha_egreso !== actual.fecha_egreso) await periodosService.exigirPeriodosAbiertos(trx, previo.codigo_tienda, [previo.fecha_egreso]);
  await exigirFormaPago(trx, datos.forma_pago_id);
  await repositorio.insertEgresoHistorial(trx, {
    egreso_id: id,
    fecha_egreso: previo.fecha_egreso,
    forma_pago_id: previo.forma_pago_id,
    valor_egreso: previo.valor_egreso,
    descripcion_egreso: previo.descripcion_egreso,
    user_id: usuario,
  });
  await repositorio.updateEgreso(trx, id, { ...datos, usuario_actualiza: usuario });
  return aEgreso((await repositorio.findEgreso(trx, id))!);
}

// ---------------------------------------------------------------- income

type FilaIngreso = NonNullable<Awaited<ReturnType<typeof repositorio.findIngreso>>>;

function aIngreso(fila: FilaIngreso): IngresoRegistro {
  return {
    id: fila.id,
    codigo_tienda: fila.codigo_tienda,
    fecha_ingreso: fila.fecha_ingreso,
    forma_pago_id: fila.forma_pago_id,
    nombre_forma_pago: fila.nombre_forma_pago,
    valor_ingreso: Number(fila.valor_ingreso),
    descripcion_ingreso: fila.descripcion_ingreso,
    usuario_responsable: fila.usuario_responsable,
    nombre_usuario: fila.nombre_usuario,
    fecha_inserta: fila.fecha_inserta.toISOString(),
    fecha_actualiza: fila.fecha_actualiza.toISOString(),
  };
}

/** GET ingresos/{id}. */
export async function leerIngreso(db: Db, id: number, actor: Actor): Promise<IngresoRegistro> {
  const fila = await repositorio.findIngreso(db, id);
  if (!fila) throw new AppError('INGRESO_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(db, actor, fila.codigo_tienda);
  return aIngreso(fila);
}

/** POST ingresos/guardar. */
export async function registrarIngreso(trx: Trx, datos: IngresoGuardar, actor: Actor): Promise<IngresoRegistro> {
  const codigoTienda = tiendaDelActor(actor);
  const usuario = usuarioDelActor(actor);
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [datos.fecha_ingreso]);
  await cajasService.exigirTurnoAbierto(trx, actor, [datos.forma_pago_id]);
  await exigirFormaPago(trx, datos.forma_pago_id);
  const id = await repositorio.insertIngreso(trx, { ...datos, codigo_tienda: codigoTienda, usuario_responsable: usuario });
  return aIngreso((await repositorio.findIngreso(trx, id))!);
}

/** PUT ingresos/{id}/actualizar. */
export async function actualizarIngreso(trx: Trx, id: number, datos: IngresoGuardar, actor: Actor): Promise<IngresoRegistro> {
  const usuario = usuarioDelActor(actor);
  const actual = await repositorio.findIngreso(trx, id);
  if (!actual) throw new AppError('INGRESO_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(trx, actor, actual.codigo_tienda);
  await periodosService.exigirPeriodosAbiertos(trx, actual.codigo_tienda, [actual.fecha_ingreso, datos.fecha_ingreso]);
  const previo = await repositorio.lockIngreso(trx, id);
  if (!previo) throw new AppError('INGRESO_NO_ENCONTRADO');
  if (previo.fecha_ingreso !== actual.fecha_ingreso) await periodosService.exigirPeriodosAbiertos(trx, previo.codigo_tienda, [previo.fecha_ingreso]);
  await exigirFormaPago(trx, datos.forma_pago_id);
  await repositorio.insertIngresoHistorial(trx, {
    ingreso_id: id,
    fecha_ingreso: previo.fecha_ingreso,
    forma_pago_id: previo.forma_pago_id,
    valor_ingreso: previo.valor_ingreso,
    descripcion_ingreso: previo.descripcion_ingreso,
    user_id: usuario,
  });
  await repositorio.updateIngreso(trx, id, { ...datos, usuario_actualiza: usuario });
  return aIngreso((await repositorio.findIngreso(trx, id))!);
}
