import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { ClaseTributaria } from '@tablero/domain';
import { preparada, type Database, type Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import type { ProductoIndexable } from './productos.indice';

/** A product's row as the table holds it (the price as numeric text), without its change time. */
type ColumnasProducto = Omit<Selectable<Database['producto']>, 'updated_at'>;

/** A product as the lists read it: its row, the store's stock and the names of what it points to. */
export interface FilaProducto extends ColumnasProducto {
  costo_inventario_unitario: string;
  /** numeric(14,2) text, in the product's unit. */
  cantidad: string;
  nombre_grupo: string;
  nombre_linea: string;
  nombre_impuesto: string;
  porcentaje_impuesto: string;
  nombre_funcion_producto: string | null;
  nombre_proveedor: string;
  nombre_grupo_servicio: string | null;
  nombre_categoria_producto: string | null;
  nombre_tipo_medida: string | null;
  clase_tributaria: ClaseTributaria;
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
           p.fecha_registro, p.tipo_producto, imp.clase_tributaria
      from ${desde}
      join impuesto imp on imp.id = p.impuesto_id
      left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
     ${orden}
  `;
}

/**
 * The products of `ids` with the store's values, and the catalog's change counter read in the same statement (the
 * search index checks it is not older than these rows). The counter comes back even when `ids` is empty.
 */
export async function findProductosPorIds(db: Db, codigoTienda: string, ids: number[]) {
  const filas = seleccionProducto(codigoTienda, sql`producto p`, sql`where p.id = any(${ids}::int[])`);
  const resultado = await preparada(
    'productos_por_ids',
    sql<Partial<FilaProducto> & { version_catalogo: string }>`
      select v.version::text as version_catalogo, f.* from producto_version v left join lateral (${filas}) f on true
    `,
  ).execute(db);
  return {
    version: resultado.rows[0]!.version_catalogo,
    filas: resultado.rows.flatMap(({ version_catalogo: _version, ...fila }) => (fila.id == null ? [] : [fila as FilaProducto])),
  };
}

/** The SQL behind each column the products list sorts in PostgreSQL (the store's values; see BuscadorProductos). */
export const ORDEN_EN_BASE = {
  precio_unitario: sql`coalesce(i.precio_unitario, p.precio_unitario)`,
  cantidad: sql`coalesce(i.cantidad, 0)`,
  fecha_registro: sql`p.fecha_registro`,
} as const;
export type ColumnaOrdenEnBase = keyof typeof ORDEN_EN_BASE;

/**
 * One page of the products `ids` (null: every product) with the store's values, sorted by `columna` then id in the
 * same direction (pages neither repeat nor skip a product between equal values), in that order, and the catalog's
 * change counter read in the same statement.
 */
export async function findProductosOrdenados(
  db: Db,
  codigoTienda: string,
  ids: number[] | null,
  orden: { columna: ColumnaOrdenEnBase; direccion: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const filas = seleccionProducto(codigoTienda, sql`producto p`, sql`where p.id = any(o.ids)`);
  const resultado = await sql<Partial<FilaProducto> & { version_catalogo: string; ids: number[] }>`
    select v.version::text as version_catalogo, o.ids, f.*
      from producto_version v
     cross join lateral (select ${idsOrdenados(codigoTienda, ids, ORDEN_EN_BASE[orden.columna], orden.direccion, offset, limit)} as ids) o
      left join lateral (${filas}) f on true
  `.execute(db);
  return { version: resultado.rows[0]!.version_catalogo, filas: enOrden(resultado.rows) };
}

/**
 * The ids of one page of the products `ids` (null: every product), sorted by `valor` (SQL over p and the store's
 * row i) and then id in the same direction, as an array expression: an array keeps its order, a join does not.
 */
function idsOrdenados(
  codigoTienda: string,
  ids: number[] | null,
  valor: RawBuilder<unknown>,
  direccion: 'asc' | 'desc',
  offset: number,
  limit: number,
) {
  const sentido = direccion === 'desc' ? sql`desc` : sql`asc`;
  return sql<number[]>`array(
    select p.id from producto p
      left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
     where ${ids === null ? sql`true` : sql`p.id = any(${ids}::int[])`}
     order by ${valor} ${sentido} nulls last, p.id ${sentido}
    offset ${offset} limit ${limit})`;
}

/** The products of a statement that also answered the page's ids in order (`ids`), put in that order. */
function enOrden(filas: (Partial<FilaProducto> & { version_catalogo: string; ids: number[] })[]): FilaProducto[] {
  const porId = new Map(filas.flatMap(({ version_catalogo: _version, ids: _ids, ...fila }) => (fila.id == null ? [] : [[fila.id, fila as FilaProducto] as const])));
  return (filas[0]?.ids ?? []).flatMap((id) => porId.get(id) ?? []);
}

/** What the search index keeps of every product, and the catalog's change counter, from one snapshot. */
export function findCatalogoIndexable(db: Kysely<Database>): Promise<{ version: string; productos: ProductoIndexable[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { version } = await trx.selectFrom('producto_version').select('version').executeTakeFirstOrThrow();
      const productos = await trx.selectFrom('producto').select(['id', 'referencia', 'nombre_producto', 'grupo_id']).execute();
      return { version: String(version), productos };
    });
}

export async function findProducto(db: Db, codigoTienda: string, id: number): Promise<FilaProducto | undefined> {
  const resultado = await seleccionProducto(codigoTienda, sql`producto p`, sql`where p.id = ${id}`).execute(db);
  return resultado.rows[0];
}

/** Several products with the store's price, quantity and cost, in one statement (an order's lines). */
export async function findProductos(db: Db, codigoTienda: string, ids: number[]): Promise<FilaProducto[]> {
  if (ids.length === 0) return [];
  const resultado = await seleccionProducto(codigoTienda, sql`producto p`, sql`where p.id = any(${ids}::int[])`).execute(db);
  return resultado.rows;
}

export function findProductoPorReferencia(db: Db, referencia: string) {
  return db
    .selectFrom('producto')
    .select(['id'])
    .where(sql<string>`lower(referencia)`, '=', referencia.toLowerCase())
    .executeTakeFirst();
}

/**
 * Locks a product for editing its own fields (lock order, docs/architecture.md: producto → inventario → ledgers).
 * FOR NO KEY UPDATE, not FOR UPDATE: stock writers hold a key-share lock on the product (inventario's
 * lockProductosParaStock, and every movement's foreign key), which this mode lets through, so editing a product never waits on a sale.
 */
export function lockProducto(db: Trx, id: number) {
  return db.selectFrom('producto').select(['id']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** The columns a product's form writes: its row but the keys and times the database sets, the price as a number. */
export interface ProductoFila extends Omit<ColumnasProducto, 'id' | 'fecha_registro' | 'precio_unitario'> {
  precio_unitario: number;
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
  ids: Omit<ProductoFila, 'referencia' | 'prefijo' | 'nombre_producto' | 'descripcion_producto' | 'precio_unitario' | 'medida_largo' | 'medida_ancho' | 'tipo_producto'>,
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
