import { sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import type { EstadoRetal, OrdenRetal, RetalesConsulta, TipoMovimientoRetal } from '@tablero/domain';
import { buscarEn } from '../../db/busqueda';
import { filasPreparadas, type Database, type Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import type { RetalesTablas } from './retales.tablas';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

/**
 * Every SQL of the offcut inventory. `retal_movimiento` is written here only (its one writer: docs/architecture.md
 * §3 "One writer per ledger"): every change of an offcut goes through `moverRetales`, which updates the rows and writes
 * their movements in one statement.
 */

/** A board's size when the product does not say (spec 001 §9 default board). */
const BASE_TABLERO = 2440;
const ALTURA_TABLERO = 2150;

/**
 * The offcuts with what the screens show (retalSchema's columns, in its order): material, m², value at the material's
 * price per m² in the offcut's store (the board's price over its area, numeric in PostgreSQL, rounded to the
 * centavo) and whole days since kept. A derived table, so the list sorts and sums its computed columns by name.
 */
function filasRetal(db: Db) {
  return db
    .selectFrom('retal as r')
    .innerJoin('producto as p', 'p.id', 'r.producto_id')
    .leftJoin('inventario as i', (j) => j.onRef('i.producto_id', '=', 'r.producto_id').onRef('i.codigo_tienda', '=', 'r.codigo_tienda'))
    .select([
      'r.id',
      'r.codigo',
      'r.codigo_tienda',
      'r.producto_id',
      'p.referencia',
      'p.nombre_producto',
      'r.base',
      'r.altura',
      sql<string>`(r.base::numeric * r.altura / 1000000)`.as('area_m2'),
      sql<string>`round(r.base::numeric * r.altura / (coalesce(p.medida_largo, ${BASE_TABLERO})::numeric * coalesce(p.medida_ancho, ${ALTURA_TABLERO})) * coalesce(i.precio_unitario, 0), 2)`.as('valor'),
      'r.estado',
      'r.origen',
      'r.venta_origen_id',
      'r.numero_tablero',
      'r.venta_uso_id',
      'r.ubicacion',
      'r.observacion',
      'r.created_at as creado_en',
      sql<number>`floor(extract(epoch from (now() - r.created_at)) / 86400)::int`.as('dias'),
    ]);
}
export type FilaRetal = Awaited<ReturnType<ReturnType<typeof filasRetal>['executeTakeFirstOrThrow']>>;

const COLUMNAS_ORDEN: Record<OrdenRetal, string> = {
  codigo: 'f.codigo',
  nombre_producto: 'f.nombre_producto',
  base: 'f.base',
  altura: 'f.altura',
  area_m2: 'f.area_m2',
  valor: 'f.valor',
  creado_en: 'f.creado_en',
};

/** The store's offcuts the list's filters match: a page of them, how many, and their m² and value over all of them. */
export async function listRetales(db: Db, codigoTienda: string, consulta: RetalesConsulta) {
  let base = filasRetal(db).where('r.codigo_tienda', '=', codigoTienda);
  if (consulta.estado !== 'TODOS') base = base.where('r.estado', '=', consulta.estado);
  if (consulta.producto_id !== undefined) base = base.where('r.producto_id', '=', consulta.producto_id);
  if (consulta.query) {
    const texto = consulta.query;
    // The rack it lies on too: the warehouse looks for offcuts where they are ('estante 3').
    base = base.where((eb) => buscarEn(eb, { texto: ['r.codigo', 'p.referencia', 'p.nombre_producto', 'r.ubicacion'] }, texto));
  }
  const bm = consulta.base_minima ?? 0;
  const am = consulta.altura_minima ?? 0;
  if (bm > 0 || am > 0) {
    // A piece of bm × am fits either way round.
    base = base.where((eb) =>
      eb.or([eb.and([eb('r.base', '>=', bm), eb('r.altura', '>=', am)]), eb.and([eb('r.base', '>=', am), eb('r.altura', '>=', bm)])]),
    );
  }
  const derivada = db.selectFrom(base.as('f')).selectAll('f');
  const ordenada = ordenarLista(derivada, COLUMNAS_ORDEN, consulta, 'f.id', (q) => q.orderBy('f.area_m2', 'desc').orderBy('f.id', 'desc'));
  const [pagina, totales] = await Promise.all([
    paginarConsulta(ordenada, { page: consulta.page, perPage: consulta.per_page }, base),
    db
      .selectFrom(base.as('f'))
      .select([
        sql<string>`count(*)`.as('cantidad'),
        sql<string>`coalesce(sum(f.area_m2), 0)`.as('area_m2'),
        sql<string>`coalesce(sum(f.valor), 0)`.as('valor'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { ...pagina, totales };
}

/** One offcut of the store, or undefined. */
export function findRetal(db: Db, id: number, codigoTienda: string) {
  return filasRetal(db).where('r.id', '=', id).where('r.codigo_tienda', '=', codigoTienda).executeTakeFirst();
}

/** Offcuts by id (any store), as the screens show them, in id order. */
export function listRetalesPorIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return filasRetal(db).where('r.id', 'in', ids).orderBy('r.id').execute();
}

/** The store's DISPONIBLE offcuts of a material, largest first (at most 200), and those the sale holds. */
export function listDisponibles(db: Db, codigoTienda: string, productoId: number, ventaId: number | undefined) {
  return filasRetal(db)
    .where('r.codigo_tienda', '=', codigoTienda)
    .where('r.producto_id', '=', productoId)
    .where((eb) => {
      const libres = eb('r.estado', '=', 'DISPONIBLE');
      return ventaId === undefined ? libres : eb.or([libres, eb.and([eb('r.estado', '=', 'RESERVADO'), eb('r.venta_uso_id', '=', ventaId)])]);
    })
    .orderBy(sql`r.base * r.altura`, 'desc')
    .orderBy('r.id')
    .limit(200)
    .execute();
}

/** An offcut's ledger, newest first, with who moved it. */
export function listMovimientos(db: Db, retalId: number) {
  return db
    .selectFrom('retal_movimiento as m')
    .leftJoin('usuario as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.tipo',
      'm.estado_anterior',
      'm.estado_nuevo',
      'm.base',
      'm.altura',
      'm.venta_id',
      'm.motivo',
      sql<string>`coalesce(u.name, 'Tablero (sistema)')`.as('usuario'),
      'm.fecha',
    ])
    .where('m.retal_id', '=', retalId)
    .orderBy('m.id', 'desc')
    .execute();
}

/** The product as an offcut's material: its reference, whether it has a board's measures, and its group. */
export function findMaterial(db: Db, productoId: number) {
  return db.selectFrom('producto').select(['id', 'referencia', 'nombre_producto', 'grupo_id', 'medida_largo', 'medida_ancho']).where('id', '=', productoId).executeTakeFirst();
}

/** The products of these references (the plans' materials), by reference. */
export function listProductosPorReferencia(db: Db, referencias: string[]) {
  if (referencias.length === 0) return Promise.resolve([]);
  return db.selectFrom('producto').select(['id', 'referencia']).where('referencia', 'in', referencias).execute();
}

export interface MovimientoRetal {
  tipo: TipoMovimientoRetal;
  venta_id: number | null;
  motivo: string | null;
  user_id: number | null;
  codigo_tienda: string;
}

/**
 * A hand-added offcut: its code 'RM{id}' from its own id (one statement takes the id from the sequence first), and its
 * ALTA_MANUAL movement.
 */
export async function insertRetalManual(
  trx: Trx,
  datos: { codigo_tienda: string; producto_id: number; base: number; altura: number; ubicacion: string | null; observacion: string | null; user_id: number | null },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    with nuevo as (select nextval(pg_get_serial_sequence('retal', 'id'))::int as id)
    insert into retal (id, codigo, codigo_tienda, producto_id, base, altura, estado, origen, ubicacion, observacion, user_id)
    select nuevo.id, 'RM' || nuevo.id, ${datos.codigo_tienda}, ${datos.producto_id}, ${datos.base}, ${datos.altura}, 'DISPONIBLE', 'MANUAL',
           ${datos.ubicacion}, ${datos.observacion}, ${datos.user_id}
      from nuevo
    returning id
  `.execute(trx);
  const id = rows[0]!.id;
  await insertMovimientos(trx, [{ retal_id: id, tipo: 'ALTA_MANUAL', estado_anterior: null, estado_nuevo: 'DISPONIBLE', base: datos.base, altura: datos.altura, venta_id: null, motivo: null, user_id: datos.user_id, codigo_tienda: datos.codigo_tienda }]);
  return id;
}

export interface RetalDeCorte {
  codigo: string;
  producto_id: number;
  base: number;
  altura: number;
  optimizacion_id: number;
  numero_tablero: number;
  indice: number;
  estado: 'DISPONIBLE' | 'DESCARTADO';
}

/**
 * The offcuts a sale's cut keeps (or records discarded), with their ALTA_CORTE movement (and a DESCARTE one for the
 * discarded). A leftover already kept (a plan two sales share) is skipped: the unique (plan, board, index) says so.
 */
export async function insertRetalesDeCorte(trx: Trx, ventaId: number, retales: RetalDeCorte[], movimiento: Omit<MovimientoRetal, 'tipo' | 'venta_id' | 'motivo'>, motivoDescarte: string) {
  if (retales.length === 0) return;
  const columna = <T>(leer: (r: RetalDeCorte) => T) => retales.map(leer);
  const { rows } = await sql<{ id: number; estado: 'DISPONIBLE' | 'DESCARTADO'; base: number; altura: number }>`
    insert into retal (codigo, codigo_tienda, producto_id, base, altura, estado, origen, venta_origen_id, optimizacion_id, numero_tablero, indice, user_id)
    select l.codigo, ${movimiento.codigo_tienda}, l.producto_id, l.base, l.altura, l.estado, 'CORTE', ${ventaId}, l.optimizacion_id, l.numero_tablero, l.indice, ${movimiento.user_id}
      from unnest(
        ${columna((r) => r.codigo)}::text[], ${columna((r) => r.producto_id)}::int[], ${columna((r) => r.base)}::int[], ${columna((r) => r.altura)}::int[],
        ${columna((r) => r.estado)}::text[], ${columna((r) => r.optimizacion_id)}::int[], ${columna((r) => r.numero_tablero)}::int[], ${columna((r) => r.indice)}::int[]
      ) as l(codigo, producto_id, base, altura, estado, optimizacion_id, numero_tablero, indice)
    on conflict (optimizacion_id, numero_tablero, indice) where origen = 'CORTE' do nothing
    returning id, estado, base, altura
  `.execute(trx);
  const movimientos = rows.flatMap((fila) => {
    const alta = { retal_id: fila.id, tipo: 'ALTA_CORTE' as const, estado_anterior: null, estado_nuevo: 'DISPONIBLE' as const, base: fila.base, altura: fila.altura, venta_id: ventaId, motivo: null, ...movimiento };
    return fila.estado === 'DESCARTADO'
      ? [alta, { ...alta, tipo: 'DESCARTE' as const, estado_anterior: 'DISPONIBLE' as const, estado_nuevo: 'DESCARTADO' as const, motivo: motivoDescarte }]
      : [alta];
  });
  await insertMovimientos(trx, movimientos);
}

type FilaMovimiento = Omit<RetalesTablas['retal_movimiento'], 'id' | 'fecha'>;

async function insertMovimientos(trx: Trx, filas: FilaMovimiento[]) {
  if (filas.length === 0) return;
  await trx.insertInto('retal_movimiento').values(filas).execute();
}

/** Offcuts as a change needs them, locked (`FOR UPDATE`, ascending id: docs/architecture.md §3 lock order, step 8a). */
function retalesBloqueados(trx: Trx) {
  return trx.selectFrom('retal').select(['id', 'codigo', 'codigo_tienda', 'producto_id', 'base', 'altura', 'estado', 'venta_uso_id']).orderBy('id').forUpdate();
}

/** These offcuts, locked. */
export function lockRetales(trx: Trx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return retalesBloqueados(trx).where('id', 'in', ids).execute();
}
export type RetalBloqueado = Awaited<ReturnType<typeof lockRetales>>[number];

/** The offcuts a sale holds or consumed, locked (the annulment gives them back). */
export function lockRetalesDeVenta(trx: Trx, ventaId: number) {
  return retalesBloqueados(trx).where('venta_uso_id', '=', ventaId).execute();
}

/**
 * Moves locked offcuts to a new state (and sale, size or place) and writes one movement each: the ledger never misses a
 * change. `cambio` applies to every row given.
 */
export async function moverRetales(
  trx: Trx,
  retales: Pick<RetalBloqueado, 'id' | 'estado' | 'base' | 'altura'>[],
  cambio: { estado: EstadoRetal; venta_uso_id: number | null; base?: number; altura?: number; ubicacion?: string | null },
  movimiento: MovimientoRetal,
) {
  if (retales.length === 0) return;
  await trx
    .updateTable('retal')
    .set({ ...cambio, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      retales.map((r) => r.id),
    )
    .execute();
  await insertMovimientos(
    trx,
    retales.map((r) => ({
      retal_id: r.id,
      estado_anterior: r.estado,
      estado_nuevo: cambio.estado,
      base: cambio.base ?? r.base,
      altura: cambio.altura ?? r.altura,
      ...movimiento,
    })),
  );
}

/** Records which inventory offcuts a plan uses. */
export async function insertUsoEnPlan(trx: Trx, optimizacionId: number, retalIds: number[]) {
  if (retalIds.length === 0) return;
  await trx
    .insertInto('optimizacion_retal')
    .values(retalIds.map((retal_id) => ({ optimizacion_id: optimizacionId, retal_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The offcut codes a plan uses, by offcut id. */
export function listCodigosDePlan(db: Db, optimizacionId: number) {
  return db
    .selectFrom('optimizacion_retal as o')
    .innerJoin('retal as r', 'r.id', 'o.retal_id')
    .select(['r.id', 'r.codigo'])
    .where('o.optimizacion_id', '=', optimizacionId)
    .execute();
}

/**
 * What billing, saving and cutting need of a sale's lines: each line with a plan (its plan and board product) or an
 * offcut line naming a kept offcut, of the sale the caller names. One statement, on venta_detalle's sale index: most
 * sales have neither and stop here.
 */
export function consultaLineasConRetales(qc: QueryCreator<Database>) {
  return qc
    .selectFrom('venta_detalle as d')
    .select([
      'd.producto_id',
      'd.optimizacion_id',
      sql<number | null>`case when jsonb_typeof(d.detalle_retal -> 'retal_id') = 'number' then (d.detalle_retal ->> 'retal_id')::int end`.as('retal_linea_id'),
    ])
    .where((eb) => eb.or([eb('d.optimizacion_id', 'is not', null), sql<SqlBool>`jsonb_typeof(d.detalle_retal -> 'retal_id') = 'number'`]));
}

export type LineaConRetales = Awaited<ReturnType<typeof listLineasConRetales>>[number];

export function listLineasConRetales(db: Db, ventaId: number) {
  return filasPreparadas(db, 'lineas_con_retales', consultaLineasConRetales(db).where('d.venta_id', '=', ventaId));
}

/**
 * The kept offcuts these lines of the sale sell as is (offcut lines: `detalle_retal.retal_id`), ascending and once
 * each. A plan's offcuts are not among them: they were cut.
 */
export async function listRetalesDeLineas(db: Db, ventaId: number, ventaDetalleIds: readonly number[]): Promise<number[]> {
  if (ventaDetalleIds.length === 0) return [];
  const filas = await consultaLineasConRetales(db).where('d.venta_id', '=', ventaId).where('d.id', 'in', [...ventaDetalleIds]).execute();
  return [...new Set(filas.flatMap((f) => (f.retal_linea_id === null ? [] : [f.retal_linea_id])))].sort((a, b) => a - b);
}

/** The inventory offcuts these plans use. */
export async function listRetalesDePlanes(db: Db, optimizacionIds: number[]): Promise<{ optimizacion_id: number; retal_id: number }[]> {
  if (optimizacionIds.length === 0) return [];
  return db.selectFrom('optimizacion_retal').select(['optimizacion_id', 'retal_id']).where('optimizacion_id', 'in', optimizacionIds).execute();
}

/** The plans' boards (their leftovers) and ids, for the cut. */
export function listTablerosDePlanes(db: Db, optimizacionIds: number[]) {
  if (optimizacionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('optimizacion')
    .select(['id', 'codigo_tienda', sql<{ cantidad: number; retales_aprovechables: { base: number; altura: number }[] }[]>`resultado -> 'tableros'`.as('tableros')])
    .where('id', 'in', optimizacionIds)
    .execute();
}

/** The plans of these ids stored in the store (a sale line may name only those). */
export async function listPlanesDeTienda(db: Db, codigoTienda: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const filas = await db.selectFrom('optimizacion').select('id').where('id', 'in', ids).where('codigo_tienda', '=', codigoTienda).execute();
  return new Set(filas.map((f) => f.id));
}

/** Marks the sale cut; false when it already was (a second cut waits here for the first to commit, then does nothing). */
export async function marcarVentaCortada(trx: Trx, ventaId: number, userId: number | null): Promise<boolean> {
  const fila = await trx.insertInto('retal_corte_venta').values({ venta_id: ventaId, user_id: userId }).onConflict((oc) => oc.column('venta_id').doNothing()).returning('venta_id').executeTakeFirst();
  return fila !== undefined;
}

export async function ventaCortada(db: Db, ventaId: number): Promise<boolean> {
  return (await db.selectFrom('retal_corte_venta').select('venta_id').where('venta_id', '=', ventaId).executeTakeFirst()) !== undefined;
}

/** Whether the sale has a production order (its cut is the Corte stage's, not the bill's). */
export async function tieneOrdenProduccion(db: Db, ventaId: number): Promise<boolean> {
  return (await db.selectFrom('produccion_venta').select('id').where('venta_id', '=', ventaId).executeTakeFirst()) !== undefined;
}

/** The sale of the store (its id), or undefined. */
export function findVenta(db: Db, ventaId: number, codigoTienda: string) {
  return db.selectFrom('venta').select(['id']).where('id', '=', ventaId).where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
}

/** The offcuts cut from these plans, by plan, board and index (origen CORTE). */
export function listRetalesCortados(db: Db, optimizacionIds: number[]) {
  if (optimizacionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('retal')
    .select(['id', 'estado', 'optimizacion_id', 'numero_tablero', 'indice'])
    .where('origen', '=', 'CORTE')
    .where('optimizacion_id', 'in', optimizacionIds)
    .execute();
}

/** The products by id (name for the cut stage's list). */
export function listNombresProductos(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('producto').select(['id', 'nombre_producto']).where('id', 'in', ids).execute();
}

/** A set of offcuts to print labels of. */
export async function insertEtiquetas(trx: Trx, codigoTienda: string, retalIds: number[], userId: number): Promise<number> {
  const { id } = await trx.insertInto('retal_etiquetas').values({ codigo_tienda: codigoTienda, retal_ids: retalIds, user_id: userId }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findEtiquetas(db: Db, id: number) {
  return db.selectFrom('retal_etiquetas').select(['id', 'codigo_tienda', 'retal_ids']).where('id', '=', id).executeTakeFirst();
}

/** What a label prints of each offcut: code, material, size, store, date kept and origin sale. */
export function listDatosEtiquetas(db: Db, ids: number[]) {
  return db
    .selectFrom('retal as r')
    .innerJoin('producto as p', 'p.id', 'r.producto_id')
    .innerJoin('tienda as t', 't.codigo_tienda', 'r.codigo_tienda')
    .select(['r.id', 'r.codigo', 'p.referencia', 'p.nombre_producto', 'r.base', 'r.altura', 't.nombre_tienda', 'r.created_at', 'r.venta_origen_id'])
    .where('r.id', 'in', ids)
    .orderBy('r.id')
    .execute();
}

/**
 * The savings report's rows: each CONSUMO of an offcut a plan used, in the store and the business days given, with its
 * m², its plan (the sale's line that used it) and that plan's boards with and without the offcuts, and the board's
 * price in the store.
 */
export function listConsumosDePlanes(db: Db, codigoTienda: string, enDias: Expression<SqlBool>) {
  return db
    .selectFrom('retal_movimiento as m')
    .innerJoin('retal as r', 'r.id', 'm.retal_id')
    .innerJoin('optimizacion_retal as orr', 'orr.retal_id', 'm.retal_id')
    .innerJoin('optimizacion as o', 'o.id', 'orr.optimizacion_id')
    .innerJoin('venta_detalle as d', (j) => j.onRef('d.optimizacion_id', '=', 'o.id').onRef('d.venta_id', '=', 'm.venta_id'))
    .leftJoin('inventario as i', (j) => j.onRef('i.producto_id', '=', 'd.producto_id').on('i.codigo_tienda', '=', codigoTienda))
    .select([
      'm.fecha',
      'm.retal_id',
      'o.id as optimizacion_id',
      'o.cant_placas',
      'o.placas_sin_retales',
      sql<string>`(m.base::numeric * m.altura / 1000000)`.as('area_m2'),
      sql<string>`coalesce(i.precio_unitario, 0)`.as('precio_tablero'),
    ])
    .where('m.codigo_tienda', '=', codigoTienda)
    .where('m.tipo', '=', 'CONSUMO')
    .where(enDias)
    // A consumption its sale's annulment gave back saved nothing.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('retal_movimiento as dv').select('dv.id').where('dv.tipo', '=', 'DEVOLUCION').whereRef('dv.retal_id', '=', 'm.retal_id').whereRef('dv.venta_id', '=', 'm.venta_id').whereRef('dv.id', '>', 'm.id'))),
    )
    .orderBy('m.id')
    .execute();
}
