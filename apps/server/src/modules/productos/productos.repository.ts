import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

export interface FiltrosProductos {
  /** Escaped LIKE patterns, one per word; all must match reference or name (accents and case ignored). */
  patrones: string[];
  grupoId?: number;
  grupoServicioId?: number;
}

function condiciones(filtros: FiltrosProductos): RawBuilder<unknown> {
  const partes: RawBuilder<unknown>[] = filtros.patrones.map((patron) => sql`p.texto_busqueda like tablero_normalizar(${patron})`);
  if (filtros.grupoId !== undefined) partes.push(sql`p.grupo_id = ${filtros.grupoId}`);
  if (filtros.grupoServicioId !== undefined) partes.push(sql`p.grupo_servicio_id = ${filtros.grupoServicioId}`);
  return partes.length > 0 ? sql`where ${sql.join(partes, sql` and `)}` : sql``;
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

/**
 * One page of products, newest first. The page's ids are chosen first on `producto` alone (index on id, or the
 * trigram index for a search), then joined: joins never run over the whole catalog (issue 4 item 7).
 */
export async function listProductos(db: Db, opciones: { codigoTienda: string; filtros: FiltrosProductos; limit: number; offset: number }) {
  const donde = condiciones(opciones.filtros);
  const desde = sql`(select p.id from producto p ${donde} order by p.id desc limit ${opciones.limit} offset ${opciones.offset}) pagina
      join producto p on p.id = pagina.id`;
  const resultado = await seleccionProducto(opciones.codigoTienda, desde, sql`order by p.id desc`).execute(db);
  return resultado.rows;
}

/** Matches of the filters, counting at most `tope` when given (a bounded cost for broad filters). */
export async function countProductos(db: Db, filtros: FiltrosProductos, tope?: number): Promise<number> {
  const consulta =
    tope === undefined
      ? sql<{ total: string }>`select count(*) as total from producto p ${condiciones(filtros)}`
      : sql<{ total: string }>`select count(*) as total from (select 1 from producto p ${condiciones(filtros)} limit ${tope}) t`;
  const resultado = await consulta.execute(db);
  return Number(resultado.rows[0]?.total ?? 0);
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
export async function revisarReferencias(db: Db, ids: Omit<ProductoFila, 'referencia' | 'prefijo' | 'nombre_producto' | 'descripcion_producto' | 'precio_unitario' | 'medida_largo' | 'medida_ancho'>) {
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
    select ${existe('impuesto', ids.impuesto_id)} as impuesto,
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
