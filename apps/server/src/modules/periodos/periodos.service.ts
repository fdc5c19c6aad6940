import { esFechaValida, hoyNegocio, nombreMes, type Periodo } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as repo from './periodos.repository';

// The period lock (docs/decisions-periodos.md). A store closes a month that has ended; from then on
// every write dated in it is refused (409 PERIODO_CERRADO) until it is reopened. Writers and closers meet on an
// advisory lock per store-month, step 0 of the lock order (docs/architecture.md §3): a write takes it shared, before
// any row lock, so writes never wait for each other; a closing takes it exclusively, so it waits for the writes under
// way to commit and the writes that come after wait for it, then find the month closed.

/** 'yyyy-mm-dd' of a write's date: a calendar date as it is, a timestamp as its day in the business's time zone. */
export function fechaDelPeriodo(fecha: string | Date): string {
  if (fecha instanceof Date) {
    if (Number.isNaN(fecha.getTime())) throw new Error('Fecha no válida para el control de periodos');
    return hoyNegocio(fecha);
  }
  // Only a calendar date: a timestamp written as text would be cut at the wrong day.
  if (!esFechaValida(fecha)) throw new Error(`Fecha no válida para el control de periodos: ${fecha}`);
  return fecha;
}

function mensajeCerrado(mes: string, codigoTienda: string): string {
  return `El mes ${mes} de la tienda ${codigoTienda} está cerrado: no admite movimientos con esa fecha`;
}

/** A store and a date a write touches, for writes that touch more than one store (an annulment from another store). */
export interface FechaDeTienda {
  codigo_tienda: string;
  fecha: string | Date;
}

/**
 * The store-months each open transaction already locked and found open. Holding the shared lock, no closing of those
 * months can commit before this transaction ends, so a second check (a stock movement inside a bill) is skipped.
 */
const verificados = new WeakMap<Trx, Set<string>>();

/**
 * Inside a write's transaction, before any row lock: waits for a closing of the same store-months under way and
 * refuses (409 PERIODO_CERRADO, the message naming the month and the store) a write dated in a closed month.
 * `fechas` are the dates the write touches (its own date, today, the date of the document it annuls…): a string is a
 * calendar date 'yyyy-mm-dd', a Date a timestamp, taken as its calendar date in the business's zone (`ZONA_NEGOCIO`).
 * Calling it again in the same transaction for the same months costs nothing and never waits.
 */
export async function exigirPeriodosAbiertos(
  trx: Trx,
  codigoTienda: string,
  fechas: readonly (string | Date)[],
): Promise<void> {
  await exigirPeriodosAbiertosVarios(
    trx,
    fechas.map((fecha) => ({ codigo_tienda: codigoTienda, fecha })),
  );
}

/** `exigirPeriodosAbiertos` for a write that touches several stores: every store-month locked in one ascending order. */
export async function exigirPeriodosAbiertosVarios(trx: Trx, fechas: readonly FechaDeTienda[]): Promise<void> {
  let hechos = verificados.get(trx);
  if (!hechos) {
    hechos = new Set();
    verificados.set(trx, hechos);
  }
  // Distinct store-months not checked yet, ascending (store, then month): every writer takes them in the same order.
  const claves = [...new Set(fechas.map((f) => `${f.codigo_tienda}|${fechaDelPeriodo(f.fecha).slice(0, 7)}`))]
    .filter((clave) => !hechos.has(clave))
    .sort();
  if (claves.length === 0) return;
  const pares = claves.map((clave) => {
    const [tienda, mes] = clave.split('|') as [string, string];
    return { tienda, mes };
  });
  // The locks in that order, then the read after them, in one call (docs/decisions-periodos.md).
  const primero = (await repo.bloquearYLeerCerrados(trx, pares))[0];
  if (primero) throw new AppError('PERIODO_CERRADO', mensajeCerrado(nombreMes(primero.anio, primero.mes), primero.codigo_tienda));
  for (const clave of claves) hechos.add(clave);
}

/** A year and month as the callers send them (2026, 3 or '2026', '03'), checked. */
function periodoValido(anio: number | string, mes: number | string): { anio: number; mes: number } {
  const a = Number(anio);
  const m = Number(mes);
  if (!Number.isInteger(a) || a < 2000 || a > 9999 || !Number.isInteger(m) || m < 1 || m > 12) {
    throw new Error(`Periodo no válido: ${String(anio)}-${String(mes)}`);
  }
  return { anio: a, mes: m };
}

/**
 * A closing's first step, in its transaction: the store-month's lock, exclusively. It waits for the writes dated in
 * that month that are under way, and holds back new ones until the closing commits, so the summary computed after it
 * is the month's final figures. `registrarCierre` takes it too; call this first when the summary is computed before.
 */
export async function bloquearPeriodoParaCierre(
  trx: Trx,
  codigoTienda: string,
  anio: number | string,
  mes: number | string,
): Promise<void> {
  const p = periodoValido(anio, mes);
  exigirMesTerminado(p);
  await repo.lockPeriodoExclusivo(trx, codigoTienda, nombreMes(p.anio, p.mes));
}

/**
 * 409 PERIODO_NO_CERRABLE for the current month or a later one, checked BEFORE the exclusive lock: the month of today
 * is then never locked exclusively, so a write dated today never waits for a closing, wherever it checks.
 */
function exigirMesTerminado(p: { anio: number; mes: number }): void {
  if (nombreMes(p.anio, p.mes) >= hoyNegocio().slice(0, 7)) throw new AppError('PERIODO_NO_CERRABLE');
}

/** A store's month: open or closed, who closed it and when, the summary shown at closing, and its history. */
export async function leerPeriodo(db: Db, codigoTienda: string, anio: number | string, mes: number | string): Promise<Periodo> {
  const p = periodoValido(anio, mes);
  const fila = await repo.buscarPeriodo(db, codigoTienda, p.anio, p.mes);
  const historial = await repo.historialPeriodo(db, codigoTienda, p.anio, p.mes);
  const cerrado = fila?.cerrado ?? false;
  return {
    codigo_tienda: codigoTienda,
    anio: p.anio,
    mes: p.mes,
    cerrado,
    fecha_cierre: cerrado && fila?.fecha_cierre ? fila.fecha_cierre.toISOString() : null,
    usuario_cierre_id: cerrado ? (fila?.usuario_cierre_id ?? null) : null,
    usuario_cierre: cerrado ? (fila?.usuario_cierre ?? null) : null,
    resumen: cerrado ? (fila?.resumen ?? null) : null,
    historial: historial.map((e) => ({
      accion: e.accion,
      fecha: e.fecha.toISOString(),
      usuario_id: e.user_id,
      usuario: e.usuario,
      motivo: e.motivo,
    })),
  };
}

export interface DatosCierre {
  codigo_tienda: string;
  anio: number | string;
  mes: number | string;
  /** The figures shown at closing (cards and totals), kept as they are: any JSON value. */
  resumen: unknown;
}

/**
 * Closes a store's month in the caller's transaction, recording who closed it, when, and the summary shown: 409
 * PERIODO_NO_CERRABLE for the current month or a later one, PERIODO_YA_CERRADO if it is closed. Answers the month.
 */
export async function registrarCierre(trx: Trx, datos: DatosCierre, actor: Actor): Promise<Periodo> {
  const p = periodoValido(datos.anio, datos.mes);
  // Only a month that has ended: a write dated today can then never land in a closed month.
  exigirMesTerminado(p);
  await repo.lockPeriodoExclusivo(trx, datos.codigo_tienda, nombreMes(p.anio, p.mes));
  if (await repo.estaCerrado(trx, datos.codigo_tienda, p.anio, p.mes)) throw new AppError('PERIODO_YA_CERRADO');
  if (datos.resumen === undefined) throw new Error('El cierre de un mes necesita su resumen');
  await repo.guardarCierre(trx, {
    codigo_tienda: datos.codigo_tienda,
    anio: p.anio,
    mes: p.mes,
    resumen: JSON.stringify(datos.resumen),
    user_id: actor.userId,
  });
  return leerPeriodo(trx, datos.codigo_tienda, p.anio, p.mes);
}

export interface DatosReapertura {
  codigo_tienda: string;
  anio: number | string;
  mes: number | string;
  /** Why (3..200 characters, checked by the route). */
  motivo: string;
}

/** Reopens a closed month in the caller's transaction, recording who, when and why: 409 PERIODO_NO_CERRADO otherwise. */
export async function registrarReapertura(trx: Trx, datos: DatosReapertura, actor: Actor): Promise<Periodo> {
  const p = periodoValido(datos.anio, datos.mes);
  // A month that has not ended was never closed; refused before the exclusive lock, which today's month never takes.
  if (nombreMes(p.anio, p.mes) >= hoyNegocio().slice(0, 7)) throw new AppError('PERIODO_NO_CERRADO');
  await repo.lockPeriodoExclusivo(trx, datos.codigo_tienda, nombreMes(p.anio, p.mes));
  if (!(await repo.estaCerrado(trx, datos.codigo_tienda, p.anio, p.mes))) throw new AppError('PERIODO_NO_CERRADO');
  await repo.guardarReapertura(trx, { codigo_tienda: datos.codigo_tienda, anio: p.anio, mes: p.mes, motivo: datos.motivo.trim(), user_id: actor.userId });
  return leerPeriodo(trx, datos.codigo_tienda, p.anio, p.mes);
}
