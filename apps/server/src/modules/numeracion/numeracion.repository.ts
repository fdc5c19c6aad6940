import { sql, type QueryCreator } from 'kysely';
import type { TipoDocumentoNumeracion } from '@tablero/domain';
import { filasPreparadas, type Database, type Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

const COLUMNAS = [
  'r.id',
  'r.codigo_tienda',
  'r.tipo_documento',
  'r.prefijo',
  'r.numero_desde',
  'r.numero_hasta',
  'r.siguiente_numero',
  'r.resolucion_numero',
  'r.resolucion_fecha',
  'r.clave_tecnica',
  'r.fecha_desde',
  'r.fecha_hasta',
  'r.activo',
] as const;

/**
 * The statement that hands out the next number of the store's active, valid range of `tipo` (lock order item 8): the
 * row stays locked until the caller's transaction ends, so a concurrent bill waits here and then takes the next
 * number, and a rollback gives the number back. No row when no range can number today (the caller says why). Built on
 * a query creator so that the caller may open its own statement with it (a CTE): the bill writes the number on its
 * sale in the same round trip (docs/decisions.md, "Una factura en pocas sentencias").
 */
export function tomaDeNumero(qc: QueryCreator<Database>, codigoTienda: string, tipo: TipoDocumentoNumeracion, hoy: string) {
  return qc
    .updateTable('rango_numeracion')
    .set({ siguiente_numero: sql<number>`siguiente_numero + 1`, updated_at: sql<Date>`now()` })
    .where('codigo_tienda', '=', codigoTienda)
    .where('tipo_documento', '=', tipo)
    .where('activo', '=', true)
    .where(sql<boolean>`siguiente_numero <= numero_hasta`)
    .where((eb) => eb.or([eb('fecha_desde', 'is', null), eb('fecha_desde', '<=', hoy)]))
    .where((eb) => eb.or([eb('fecha_hasta', 'is', null), eb('fecha_hasta', '>=', hoy)]))
    .returning(['id', 'prefijo', 'numero_desde', 'numero_hasta', sql<number>`siguiente_numero - 1`.as('numero')]);
}

export type TomaDeNumero = ReturnType<typeof tomaDeNumero>;
export type NumeroTomado = Awaited<ReturnType<TomaDeNumero['executeTakeFirstOrThrow']>>;

/** The next number alone, as its own statement (prepared: the store's bills wait for each other from here to their commit). */
export async function tomarSiguienteNumero(trx: Trx, toma: TomaDeNumero): Promise<NumeroTomado | undefined> {
  return (await filasPreparadas(trx, 'siguiente_numero', toma))[0];
}

/** The store's active range of `tipo` (a plain read: to say why it could not number). */
export function findRangoActivo(db: Db, codigoTienda: string, tipo: TipoDocumentoNumeracion) {
  return db
    .selectFrom('rango_numeracion as r')
    .select(COLUMNAS)
    .where('r.codigo_tienda', '=', codigoTienda)
    .where('r.tipo_documento', '=', tipo)
    .where('r.activo', '=', true)
    .executeTakeFirst();
}

/** Every range (of one store when given), with its store's name: by store, kind, active first, newest first. */
export function listRangos(db: Db, codigoTienda: string | null) {
  let consulta = db.selectFrom('rango_numeracion as r').innerJoin('tienda as t', 't.codigo_tienda', 'r.codigo_tienda').select([...COLUMNAS, 't.nombre_tienda']);
  if (codigoTienda) consulta = consulta.where('r.codigo_tienda', '=', codigoTienda);
  return consulta.orderBy('r.codigo_tienda').orderBy('r.tipo_documento').orderBy('r.activo', 'desc').orderBy('r.id', 'desc').execute();
}

export type FilaRango = Awaited<ReturnType<typeof listRangos>>[number];

export function findRango(db: Db, id: number) {
  return db
    .selectFrom('rango_numeracion as r')
    .innerJoin('tienda as t', 't.codigo_tienda', 'r.codigo_tienda')
    .select([...COLUMNAS, 't.nombre_tienda'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * Serialises the writers of one store's ranges (create, edit) for the rest of the transaction: the overlap check
 * and the single active range per kind read what the other writer committed. Billing never takes it.
 */
export async function lockRangosDeTienda(trx: Trx, codigoTienda: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`rango_numeracion:${codigoTienda}`}))`.execute(trx);
}

export function lockRango(trx: Trx, id: number) {
  return trx.selectFrom('rango_numeracion as r').select(COLUMNAS).where('r.id', '=', id).forUpdate().executeTakeFirst();
}

export function existeTienda(db: Db, codigoTienda: string) {
  return db.selectFrom('tienda').select('codigo_tienda').where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
}

/** Another range of the same prefix in the store whose numbers meet [desde, hasta]. */
export function findCruce(db: Db, datos: { codigoTienda: string; prefijo: string; desde: number; hasta: number; excepto: number | null }) {
  let consulta = db
    .selectFrom('rango_numeracion')
    .select('id')
    .where('codigo_tienda', '=', datos.codigoTienda)
    .where('prefijo', '=', datos.prefijo)
    .where('numero_desde', '<=', datos.hasta)
    .where('numero_hasta', '>=', datos.desde);
  if (datos.excepto !== null) consulta = consulta.where('id', '<>', datos.excepto);
  return consulta.limit(1).executeTakeFirst();
}

/** Turns off the store's other active range of the kind (at most one is active: unique partial index). */
export async function desactivarOtros(trx: Trx, codigoTienda: string, tipo: TipoDocumentoNumeracion, excepto: number | null): Promise<void> {
  let consulta = trx
    .updateTable('rango_numeracion')
    .set({ activo: false, updated_at: sql<Date>`now()` })
    .where('codigo_tienda', '=', codigoTienda)
    .where('tipo_documento', '=', tipo)
    .where('activo', '=', true);
  if (excepto !== null) consulta = consulta.where('id', '<>', excepto);
  await consulta.execute();
}

export interface RangoEscritura {
  codigo_tienda: string;
  tipo_documento: TipoDocumentoNumeracion;
  prefijo: string;
  numero_desde: number;
  numero_hasta: number;
  resolucion_numero: string | null;
  resolucion_fecha: string | null;
  clave_tecnica: string | null;
  fecha_desde: string | null;
  fecha_hasta: string | null;
  activo: boolean;
}

export async function insertRango(trx: Trx, rango: RangoEscritura, userId: number | null): Promise<number> {
  const { id } = await trx
    .insertInto('rango_numeracion')
    .values({ ...rango, siguiente_numero: rango.numero_desde, user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Rewrites a range's fields; `siguiente_numero` moves with numero_desde only while the range has numbered nothing. */
export async function updateRango(trx: Trx, id: number, rango: RangoEscritura, siguienteNumero: number, userId: number | null): Promise<void> {
  await trx
    .updateTable('rango_numeracion')
    .set({ ...rango, siguiente_numero: siguienteNumero, user_id: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Active ranges that reach the warning share or end within `dias` days of `hoy` (or already ended). */
export function listRangosEnAlerta(db: Db, hoy: string, porcentaje: number, dias: number) {
  return db
    .selectFrom('rango_numeracion as r')
    .innerJoin('tienda as t', 't.codigo_tienda', 'r.codigo_tienda')
    .select([...COLUMNAS, 't.nombre_tienda'])
    .where('r.activo', '=', true)
    .where((eb) =>
      eb.or([
        eb(sql<number>`(r.siguiente_numero - r.numero_desde) * 100`, '>=', sql<number>`${porcentaje} * (r.numero_hasta - r.numero_desde + 1)`),
        eb('r.fecha_hasta', '<=', sql<string>`${hoy}::date + ${dias}::int`),
      ]),
    )
    .orderBy('r.codigo_tienda')
    .orderBy('r.tipo_documento')
    .execute();
}
