import { sql, type RawBuilder } from 'kysely';
import { TOPE_CONTEO_PRODUCTOS } from '@tablero/domain';
import type { Db } from '../../db/database';
import { patronBusqueda } from '../../lib/paginacion';

export interface FiltrosProductos {
  /** Search text as typed (accents and case ignored in SQL). */
  busqueda?: string;
  grupoId?: number;
  grupoServicioId?: number;
}

/**
 * The search of products and inventory (issue 4 item 7): every word typed is the start of a word of reference
 * or name ("tab mel blanco" finds "Tablero Melamína Blanco"; "mel-0012" finds MEL-001200), through the
 * full-text index; or the whole text appears inside the reference (a fragment of a code), through the trigram
 * index. Accents and case are ignored on both sides (tablero_palabras / tablero_normalizar, migration 0200).
 */
function partesFiltro(filtros: FiltrosProductos): RawBuilder<unknown>[] {
  const partes: RawBuilder<unknown>[] = [];
  if (filtros.busqueda) {
    partes.push(
      sql`(p.documento_busqueda @@ tablero_consulta(${filtros.busqueda}) or p.referencia_busqueda like tablero_normalizar(${patronBusqueda(filtros.busqueda)}))`,
    );
  }
  if (filtros.grupoId !== undefined) partes.push(sql`p.grupo_id = ${filtros.grupoId}`);
  if (filtros.grupoServicioId !== undefined) partes.push(sql`p.grupo_servicio_id = ${filtros.grupoServicioId}`);
  return partes;
}

function donde(partes: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return partes.length > 0 ? sql`where ${sql.join(partes, sql` and `)}` : sql``;
}

/**
 * The `with` part of a bounded page of products (ids only), newest first, for the product list and the
 * inventory: `conteo.total` counts matches up to TOPE_CONTEO_PRODUCTOS + 1, and `pagina` holds the page's ids.
 * One statement, one round trip. Up to the cap, the matches already collected give the page (a rare search:
 * no second index scan); beyond it, the primary key is walked newest first and filtered, which finds a page
 * of a common word after a few hundred rows. The planner underestimates how many rows several common words
 * match and would rather read them all and sort (tens of ms); here we know there are more than the cap, so
 * the filter carries `or p.id < (select 0)`: never true (ids start at 1) but of unknown selectivity at plan
 * time, which makes the walk down the primary key the cheaper plan. The unused branch is skipped (a one-time
 * filter on the count).
 */
export function ctesPaginaProductos(filtros: FiltrosProductos, limit: number, offset: number): RawBuilder<unknown> {
  const partes = partesFiltro(filtros);
  const tope = TOPE_CONTEO_PRODUCTOS;
  return sql`
    acotado as materialized (select p.id from producto p ${donde(partes)} limit ${tope + 1}),
    conteo as (select count(*)::int as total from acotado),
    pagina as (
      (select a.id from acotado a where (select total from conteo) <= ${tope} order by a.id desc limit ${limit} offset ${offset})
      union all
      (select p.id from producto p ${donde([...(partes.length > 0 ? [sql`(${sql.join(partes, sql` and `)} or p.id < (select 0))`] : []), sql`(select total from conteo) > ${tope}`])}
        order by p.id desc limit ${limit} offset ${offset})
    )`;
}

export interface FilaProducto {
  id: number;
  referencia: string;
  prefijo: string | null;
  nombre_producto: string;
  descripcion_producto: string | null;
  precio_unitario: string;
  costo_inventario_unitario: string;
  cantidad: number;
  impuesto_id: number;
  funcion_producto_id: number | null;
  proveedor_id: number;
  grupo_id: number;
  linea_id: number;
  medida_largo: number | null;
  medida_ancho: number | null;
  grupo_servicio_id: number | null;
  categoria_producto_id: number | null;
  tipo_medida_id: number | null;
  nombre_grupo: string;
  nombre_linea: string;
  nombre_impuesto: string;
  porcentaje_impuesto: string;
  nombre_funcion_producto: string | null;
  nombre_proveedor: string;
  nombre_grupo_servicio: string | null;
  nombre_categoria_producto: string | null;
  nombre_tipo_medida: string | null;
  fecha_registro: Date;
}

/** The product's columns with the store's price, quantity and cost and the names of its catalogs. */
function seleccionProducto(codigoTienda: string, desde: RawBuilder<unknown>, orden: RawBuilder<unknown>) {
  // Catalog names as scalar subqueries: planning a ten-table join on every call cost more than running it.
  return sql<FilaProducto>`
    select p.id, p.referencia, p.prefijo, p.nombre_producto, p.descripcion_producto,
           coalesce(i.precio_unitario, p.precio_unitario) as precio_unitario,
           coalesce(i.costo_inventario_unitario, 0) as costo_inventario_unitario,
           coalesce(i.cantidad, 0) as cantidad,
           p.impuesto_id, p.funcion_producto_id, p.proveedor_id, p.grupo_id, p.linea_id, p.medida_largo, p.medida_ancho,
           p.grupo_servicio_id, p.categoria_producto_id, p.tipo_medida_id,
           (select nombre_grupo from grupo where id = p.grupo_id) as nombre_grupo,
           (select nombre_linea from linea where id = p.linea_id) as nombre_linea,
           imp.nombre_impuesto, imp.porcentaje_impuesto,
           (select nombre_funcion_producto from funcion_producto where id = p.funcion_producto_id) as nombre_funcion_producto,
           (select nombre_proveedor from proveedor where id = p.proveedor_id) as nombre_proveedor,
           (select nombre_grupo_servicio from grupo_servicio where id = p.grupo_servicio_id) as nombre_grupo_servicio,
           (select nombre_categoria_producto from categoria_producto where id = p.categoria_producto_id) as nombre_categoria_producto,
           (select nombre_tipo_medida from tipo_medida where id = p.tipo_medida_id) as nombre_tipo_medida,
           p.fecha_registro
      from ${desde}
      join impuesto imp on imp.id = p.impuesto_id
      left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
     ${orden}
  `;
}

/** Products matching the filters, newest first, at most `limit` (the plain no_page list). */
export async function listProductos(db: Db, opciones: { codigoTienda: string; filtros: FiltrosProductos; limit: number }) {
  const desde = sql`(select p.id from producto p ${donde(partesFiltro(opciones.filtros))} order by p.id desc limit ${opciones.limit}) pagina
      join producto p on p.id = pagina.id`;
  const resultado = await seleccionProducto(opciones.codigoTienda, desde, sql`order by p.id desc`).execute(db);
  return resultado.rows;
}

/**
 * One bounded page of products with the store's values (see ctesPaginaProductos); `total` is the count up to
 * the cap. One statement: the count comes back even when the page is empty.
 */
export async function pageProductos(db: Db, opciones: { codigoTienda: string; filtros: FiltrosProductos; limit: number; offset: number }) {
  const filas = seleccionProducto(opciones.codigoTienda, sql`pagina join producto p on p.id = pagina.id`, sql`order by p.id desc`);
  const resultado = await sql<FilaProducto & { total_contado: number }>`
    with ${ctesPaginaProductos(opciones.filtros, opciones.limit, opciones.offset)}
    select f.*, conteo.total as total_contado from conteo left join lateral (${filas}) f on true order by f.id desc
  `.execute(db);
  // An empty page still brings one row (the count) with null product columns.
  return { total: resultado.rows[0]?.total_contado ?? 0, filas: resultado.rows.filter((fila) => fila.id !== null) };
}

export async function findProducto(db: Db, codigoTienda: string, id: number): Promise<FilaProducto | undefined> {
  const resultado = await seleccionProducto(codigoTienda, sql`producto p`, sql`where p.id = ${id}`).execute(db);
  return resultado.rows[0];
}

export function findProductoPorReferencia(db: Db, referencia: string) {
  return db
    .selectFrom('producto')
    .select(['id'])
    .where(sql<string>`lower(referencia)`, '=', referencia.toLowerCase())
    .executeTakeFirst();
}

export function lockProducto(db: Db, id: number) {
  return db.selectFrom('producto').select(['id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface ProductoFila {
  referencia: string;
  prefijo: string | null;
  nombre_producto: string;
  descripcion_producto: string | null;
  precio_unitario: number;
  impuesto_id: number;
  funcion_producto_id: number | null;
  proveedor_id: number;
  grupo_id: number;
  linea_id: number;
  medida_largo: number | null;
  medida_ancho: number | null;
  grupo_servicio_id: number | null;
  categoria_producto_id: number | null;
  tipo_medida_id: number | null;
}

/** Inserts a product; undefined when its reference is taken (unique on lower(referencia)). */
export async function insertProducto(db: Db, fila: ProductoFila): Promise<number | undefined> {
  const insertada = await db
    .insertInto('producto')
    .values(fila)
    .onConflict((oc) => oc.expression(sql`lower(referencia)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return insertada?.id;
}

export async function updateProducto(db: Db, id: number, fila: ProductoFila): Promise<void> {
  await db
    .updateTable('producto')
    .set({ ...fila, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Which of the product's catalog ids exist (and whether the line belongs to the group): one round trip. */
export async function revisarReferencias(
  db: Db,
  ids: Omit<ProductoFila, 'referencia' | 'prefijo' | 'nombre_producto' | 'descripcion_producto' | 'precio_unitario' | 'medida_largo' | 'medida_ancho'>,
  /** The product being edited: it may keep a tax that is no longer active. */
  productoId: number | null = null,
) {
  const existe = (tabla: string, id: number | null) =>
    id === null ? sql<boolean>`true` : sql<boolean>`exists (select 1 from ${sql.table(tabla)} where id = ${id})`;
  const resultado = await sql<{
    impuesto: boolean;
    proveedor: boolean;
    grupo: boolean;
    linea: boolean;
    linea_del_grupo: boolean;
    funcion_producto: boolean;
    grupo_servicio: boolean;
    categoria_producto: boolean;
    tipo_medida: boolean;
  }>`
    select exists (
             select 1 from impuesto
              where id = ${ids.impuesto_id}
                and (activo or exists (select 1 from producto where id = ${productoId} and impuesto_id = ${ids.impuesto_id}))
           ) as impuesto,
           ${existe('proveedor', ids.proveedor_id)} as proveedor,
           ${existe('grupo', ids.grupo_id)} as grupo,
           ${existe('linea', ids.linea_id)} as linea,
           exists (select 1 from linea where id = ${ids.linea_id} and grupo_id = ${ids.grupo_id}) as linea_del_grupo,
           ${existe('funcion_producto', ids.funcion_producto_id)} as funcion_producto,
           ${existe('grupo_servicio', ids.grupo_servicio_id)} as grupo_servicio,
           ${existe('categoria_producto', ids.categoria_producto_id)} as categoria_producto,
           ${existe('tipo_medida', ids.tipo_medida_id)} as tipo_medida
  `.execute(db);
  return resultado.rows[0]!;
}

// Lookups (spec 001 §7 Lookups).
export function listFuncionesProductos(db: Db) {
  return db.selectFrom('funcion_producto').select(['id', 'nombre_funcion_producto']).where('activo', '=', true).orderBy('id').execute();
}

export function listGrupos(db: Db) {
  return db.selectFrom('grupo').select(['id', 'nombre_grupo']).where('activo', '=', true).orderBy('id').execute();
}

export function findGrupo(db: Db, id: number) {
  return db.selectFrom('grupo').select(['id']).where('id', '=', id).executeTakeFirst();
}

export function listLineasDeGrupo(db: Db, grupoId: number) {
  return db
    .selectFrom('linea')
    .select(['id', 'grupo_id', 'nombre_linea'])
    .where('grupo_id', '=', grupoId)
    .where('activo', '=', true)
    .orderBy('nombre_linea')
    .execute();
}

export function listGruposServicio(db: Db) {
  return db.selectFrom('grupo_servicio').select(['id', 'nombre_grupo_servicio']).where('activo', '=', true).orderBy('id').execute();
}

/** Suppliers for the product form's select: a read-only look at the masters' `proveedor` table. */
export function listProveedoresActivos(db: Db) {
  return db.selectFrom('proveedor').select(['id', 'nombre_proveedor']).orderBy('nombre_proveedor').execute();
}
