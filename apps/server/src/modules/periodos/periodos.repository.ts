import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

/**
 * First key of the period lock's advisory locks (the two-int form, a key space of its own: the single-bigint locks of
 * numeracion and siigo never collide with it). The second key is a hash of the store and the month; two store-months
 * that hash alike only wait for each other, never let a write through.
 */
const ESPACIO_PERIODO = 1806;

function claveTexto(codigoTienda: string, mes: string) {
  return `${codigoTienda}:${mes}`;
}

function clavePeriodo(codigoTienda: string, mes: string) {
  return sql`${ESPACIO_PERIODO}::int4, hashtext(${claveTexto(codigoTienda, mes)})`;
}

/**
 * A write dated in these store-months ('yyyy-mm'): their locks, shared (writes never wait for each other, only for a
 * closing), in the order given, then which of them are closed now, read after the locks (a closing that held one has
 * committed and is seen): one round trip, through the function of migration 202612090600.
 */
export async function bloquearYLeerCerrados(trx: Trx, periodos: readonly { tienda: string; mes: string }[]) {
  if (periodos.length === 0) return [];
  const { rows } = await sql<{ tienda_cerrada: string; anio_cerrado: number; mes_cerrado: number }>`
    select tienda_cerrada, anio_cerrado, mes_cerrado
      from periodos_bloquear_compartidos(${ESPACIO_PERIODO}::int4, ${periodos.map((p) => claveTexto(p.tienda, p.mes))}::text[],
        ${periodos.map((p) => p.tienda)}::text[], ${periodos.map((p) => Number(p.mes.slice(0, 4)))}::int[],
        ${periodos.map((p) => Number(p.mes.slice(5, 7)))}::int[])
  `.execute(trx);
  return rows.map((r) => ({ codigo_tienda: r.tienda_cerrada, anio: r.anio_cerrado, mes: r.mes_cerrado }));
}

/** A closing or reopening of the store-month 'yyyy-mm': waits for the writes under way, and makes new ones wait. */
export async function lockPeriodoExclusivo(trx: Trx, codigoTienda: string, mes: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${clavePeriodo(codigoTienda, mes)})`.execute(trx);
}

export async function buscarPeriodo(db: Db, codigoTienda: string, anio: number, mes: number) {
  return db
    .selectFrom('periodo_cerrado as p')
    .leftJoin('usuario as u', 'u.id', 'p.usuario_cierre_id')
    .select(['p.cerrado', 'p.resumen', 'p.fecha_cierre', 'p.usuario_cierre_id', 'u.name as usuario_cierre'])
    .where((eb) => eb.and({ 'p.codigo_tienda': codigoTienda, 'p.anio': anio, 'p.mes': mes }))
    .executeTakeFirst();
}

export async function historialPeriodo(db: Db, codigoTienda: string, anio: number, mes: number) {
  return db
    .selectFrom('periodo_evento as e')
    .leftJoin('usuario as u', 'u.id', 'e.user_id')
    .select(['e.accion', 'e.fecha', 'e.user_id', 'u.name as usuario', 'e.motivo'])
    .where((eb) => eb.and({ 'e.codigo_tienda': codigoTienda, 'e.anio': anio, 'e.mes': mes }))
    .orderBy('e.id')
    .execute();
}

/** Whether the month is closed now, read under the closing's lock (no row yet: never closed). */
export async function estaCerrado(trx: Trx, codigoTienda: string, anio: number, mes: number): Promise<boolean> {
  const fila = await trx
    .selectFrom('periodo_cerrado')
    .select('cerrado')
    .where((eb) => eb.and({ codigo_tienda: codigoTienda, anio, mes }))
    .executeTakeFirst();
  return fila?.cerrado ?? false;
}

export async function guardarCierre(
  trx: Trx,
  datos: { codigo_tienda: string; anio: number; mes: number; resumen: string; user_id: number | null },
): Promise<void> {
  await trx
    .insertInto('periodo_cerrado')
    .values({
      codigo_tienda: datos.codigo_tienda,
      anio: datos.anio,
      mes: datos.mes,
      cerrado: true,
      resumen: datos.resumen,
      fecha_cierre: sql<Date>`now()`,
      usuario_cierre_id: datos.user_id,
    })
    .onConflict((oc) =>
      oc.columns(['codigo_tienda', 'anio', 'mes']).doUpdateSet({
        cerrado: true,
        resumen: datos.resumen,
        fecha_cierre: sql<Date>`now()`,
        usuario_cierre_id: datos.user_id,
      }),
    )
    .execute();
  await trx
    .insertInto('periodo_evento')
    .values({ codigo_tienda: datos.codigo_tienda, anio: datos.anio, mes: datos.mes, accion: 'cierre', user_id: datos.user_id, resumen: datos.resumen })
    .execute();
}

export async function guardarReapertura(
  trx: Trx,
  datos: { codigo_tienda: string; anio: number; mes: number; motivo: string; user_id: number | null },
): Promise<void> {
  await trx
    .updateTable('periodo_cerrado')
    .set({ cerrado: false, fecha_reapertura: sql<Date>`now()`, usuario_reapertura_id: datos.user_id, motivo_reapertura: datos.motivo })
    .where('codigo_tienda', '=', datos.codigo_tienda)
    .where('anio', '=', datos.anio)
    .where('mes', '=', datos.mes)
    .execute();
  await trx
    .insertInto('periodo_evento')
    .values({ codigo_tienda: datos.codigo_tienda, anio: datos.anio, mes: datos.mes, accion: 'reapertura', user_id: datos.user_id, motivo: datos.motivo })
    .execute();
}
