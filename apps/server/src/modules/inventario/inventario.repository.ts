import { sql } from 'kysely';
import type { TipoMovimiento } from '@tablero/domain';
import { filasPreparadas, preparada, type Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import { paginarConsulta } from '../../lib/paginacion';

/** Gives the new product a stock row in every store, at `precio` and quantity 0 (movements set the balance). */
export async function insertSaldosTodasTiendas(db: Db, productoId: number, precio: number): Promise<void> {
  await db
    .insertInto('inventario')
    .columns(['codigo_tienda', 'producto_id', 'precio_unitario'])
    .expression((eb) => eb.selectFrom('tienda').select(['codigo_tienda', sql.lit(productoId).as('producto_id'), sql.val(precio).as('precio_unitario')]))
    .onConflict((oc) => oc.columns(['codigo_tienda', 'producto_id']).doNothing())
    .execute();
}

/**
 * The first lock of every stock change (lock order, docs/architecture.md: producto → inventario → ledgers): a
 * key-share lock on the products, in id order. It waits while a product's reference is being changed and never
 * blocks an edit of its other fields (FOR NO KEY UPDATE); taken before the stock rows, so no writer holds a stock
 * row while it waits for a product, and a product editor (product, then stock) cannot deadlock with it.
 * Answers the products that exist, with their name and measure type (whether they take a fraction, docs/decisions.md
 * Inventario) and the reference and measures the reservation check names them by, read in the same statement: a bill
 * holds its locks until it commits.
 */
export function lockProductosParaStock(db: Trx, ids: number[]) {
  return filasPreparadas(db, 'productos_para_stock', productosDeStock(db, ids).forKeyShare());
}

/** What a writer reads of a stock row it locks (lockSaldosExistentes, lockProductosYSaldos). */
const COLUMNAS_SALDO = ['producto_id', 'cantidad', 'precio_unitario', 'costo_inventario_unitario'] as const;

/**
 * lockProductosParaStock and then, in the same statement, the store's existing stock rows of those that are goods
 * (no service group), FOR UPDATE in product order (lock order 1 then 3: the rows' CTE reads the products' first). One
 * round trip instead of two for a bill, which holds these rows until it commits (docs/decisions.md, "Una factura en
 * pocas sentencias"). Answers the products, and the stock rows found (a store without a row gets it from the caller).
 */
export async function lockProductosYSaldos(db: Trx, codigoTienda: string, ids: number[]) {
  const consulta = db
    .with('p', () => productosDeStock(db, ids).forKeyShare())
    .with('i', (qc) =>
      qc
        .selectFrom('inventario')
        .select(COLUMNAS_SALDO)
        .where('codigo_tienda', '=', codigoTienda)
        .where('producto_id', 'in', qc.selectFrom('p').select('p.id').where('p.grupo_servicio_id', 'is', null))
        .orderBy('producto_id')
        .forUpdate(),
    )
    .selectFrom('p')
    .leftJoin('i', 'i.producto_id', 'p.id')
    .selectAll('p')
    .select(['i.producto_id as saldo_producto_id', 'i.cantidad', 'i.precio_unitario', 'i.costo_inventario_unitario'])
    .orderBy('p.id');
  const filas = await filasPreparadas(db, 'productos_y_saldos', consulta);
  return {
    productos: filas.map(({ saldo_producto_id: _s, cantidad: _c, precio_unitario: _p, costo_inventario_unitario: _k, ...producto }) => producto),
    saldos: filas.flatMap(({ saldo_producto_id, cantidad, precio_unitario, costo_inventario_unitario }) =>
      saldo_producto_id === null ? [] : [{ producto_id: saldo_producto_id, cantidad: cantidad!, precio_unitario: precio_unitario!, costo_inventario_unitario: costo_inventario_unitario! }],
    ),
  };
}

/** The products of `ids` that exist, as lockProductosParaStock reads them, in id order; without a lock. */
export function findProductosDeStock(db: Db, ids: number[]) {
  return productosDeStock(db, ids).execute();
}

function productosDeStock(db: Db, ids: number[]) {
  return db
    .selectFrom('producto as p')
    .select([
      'p.id',
      'p.referencia',
      'p.nombre_producto',
      'p.grupo_servicio_id',
      'p.medida_largo',
      'p.medida_ancho',
      (eb) => eb.selectFrom('tipo_medida as t').select('t.nombre_corto_tipo_medida').whereRef('t.id', '=', 'p.tipo_medida_id').as('nombre_corto_tipo_medida'),
      (eb) => eb.selectFrom('tipo_medida as t').select('t.nombre_tipo_medida').whereRef('t.id', '=', 'p.tipo_medida_id').as('nombre_tipo_medida'),
    ])
    .where('p.id', '=', sql<number>`any(${sql.val(ids)}::int[])`)
    .orderBy('p.id');
}

/**
 * Locks a product's stock row in a store (creating it at the product's list price when a store has none yet),
 * so the balance and its movement are written by one transaction at a time (ARCHITECTURE §3).
 */
export async function lockSaldo(db: Trx, codigoTienda: string, productoId: number) {
  await db
    .insertInto('inventario')
    .columns(['codigo_tienda', 'producto_id', 'precio_unitario'])
    .expression((eb) =>
      eb
        .selectFrom('producto')
        .select([sql.val(codigoTienda).as('codigo_tienda'), 'producto.id', 'producto.precio_unitario'])
        .where('producto.id', '=', productoId),
    )
    .onConflict((oc) => oc.columns(['codigo_tienda', 'producto_id']).doNothing())
    .execute();
  return db
    .selectFrom('inventario')
    .select(['cantidad', 'precio_unitario', 'costo_inventario_unitario'])
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', productoId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSaldo(
  db: Db,
  codigoTienda: string,
  productoId: number,
  cambios: { cantidad?: number; precio_unitario?: number; costo_inventario_unitario?: number },
): Promise<void> {
  await db
    .updateTable('inventario')
    .set({ ...cambios, updated_at: sql<Date>`now()` })
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', productoId)
    .execute();
}

export interface MovimientoNuevo {
  codigo_tienda: string;
  producto_id: number;
  tipo_movimiento: TipoMovimiento;
  cantidad: number;
  saldo: number;
  costo_unitario: number | string;
  user_id: number | null;
  motivo: string;
  documento: string | null;
}

export async function insertMovimiento(db: Db, movimiento: MovimientoNuevo): Promise<void> {
  await db.insertInto('inventario_movimiento').values(movimiento).execute();
}

/** Products by reference, case-insensitive (the CSV load's key), with their name, service group and measure type (may a row hold a fraction). */
export function findProductosPorReferencias(db: Db, referencias: string[]) {
  return db
    .selectFrom('producto as p')
    .leftJoin('tipo_medida as t', 't.id', 'p.tipo_medida_id')
    .select(['p.id', 'p.referencia', 'p.nombre_producto', 'p.grupo_servicio_id', sql<string>`lower(p.referencia)`.as('clave'), 't.nombre_corto_tipo_medida', 't.nombre_tipo_medida'])
    .where(sql<string>`lower(p.referencia)`, '=', sql<string>`any(${sql.val(referencias)}::text[])`)
    .execute();
}

/**
 * The store's quantity and price of each product, for the CSV preview (a plain read, nothing created or locked): a
 * product without a stock row in the store counts as 0 units at its list price, what the load would create.
 */
export function findSaldosParaPrevia(db: Db, codigoTienda: string, productoIds: number[]) {
  return db
    .selectFrom('producto as p')
    .leftJoin('inventario as i', (join) => join.onRef('i.producto_id', '=', 'p.id').on('i.codigo_tienda', '=', codigoTienda))
    .select([
      'p.id as producto_id',
      'p.referencia',
      'p.nombre_producto',
      sql<string>`coalesce(i.cantidad, 0)`.as('cantidad'),
      sql<string>`coalesce(i.precio_unitario, p.precio_unitario)`.as('precio_unitario'),
    ])
    .where('p.id', '=', sql<number>`any(${sql.val(productoIds)}::int[])`)
    .execute();
}

/** Makes sure every product of the load has a stock row in the store, then locks them all, in id order (no deadlocks). */
export async function lockSaldosVarios(db: Trx, codigoTienda: string, productoIds: number[]) {
  await sql`
    insert into inventario (codigo_tienda, producto_id, precio_unitario)
    select ${codigoTienda}, p.id, p.precio_unitario from producto p where p.id = any(${productoIds}::int[])
    on conflict (codigo_tienda, producto_id) do nothing
  `.execute(db);
  return lockSaldosExistentes(db, codigoTienda, productoIds);
}

/** Writes many balances in one statement (the CSV load: 20,000 rows must take seconds, not minutes). */
export async function updateSaldosVarios(
  db: Db,
  codigoTienda: string,
  saldos: { producto_id: number; cantidad: number | string; precio_unitario: string }[],
): Promise<void> {
  if (saldos.length === 0) return;
  await sql`
    update inventario i
       set cantidad = v.cantidad, precio_unitario = v.precio_unitario, updated_at = now()
      from unnest(${saldos.map((s) => s.producto_id)}::int[], ${saldos.map((s) => String(s.cantidad))}::numeric[], ${saldos.map((s) => s.precio_unitario)}::numeric[])
           as v(producto_id, cantidad, precio_unitario)
     where i.codigo_tienda = ${codigoTienda} and i.producto_id = v.producto_id
  `.execute(db);
}

/** The insert of many movements in one statement, in the order given (one array per column, unnested together). */
function insertarMovimientos(movimientos: MovimientoNuevo[]) {
  return sql`
    insert into inventario_movimiento (codigo_tienda, producto_id, tipo_movimiento, cantidad, saldo, costo_unitario, user_id, motivo, documento)
    select codigo_tienda, producto_id, tipo_movimiento, cantidad, saldo, costo_unitario, user_id, motivo, documento
      from unnest(
        ${movimientos.map((m) => m.codigo_tienda)}::varchar[],
        ${movimientos.map((m) => m.producto_id)}::int[],
        ${movimientos.map((m) => m.tipo_movimiento)}::varchar[],
        ${movimientos.map((m) => String(m.cantidad))}::numeric[],
        ${movimientos.map((m) => String(m.saldo))}::numeric[],
        ${movimientos.map((m) => String(m.costo_unitario))}::numeric[],
        ${movimientos.map((m) => m.user_id)}::int[],
        ${movimientos.map((m) => m.motivo)}::varchar[],
        ${movimientos.map((m) => m.documento)}::varchar[]
      ) with ordinality as m(codigo_tienda, producto_id, tipo_movimiento, cantidad, saldo, costo_unitario, user_id, motivo, documento, orden)
     order by orden
  `;
}

/** Appends many movements in one statement, in the order given. */
export async function insertMovimientosVarios(db: Db, movimientos: MovimientoNuevo[]): Promise<void> {
  if (movimientos.length === 0) return;
  await insertarMovimientos(movimientos).execute(db);
}

/**
 * The inventory rows (spec 001 §3 Inventory product) of the products `ids` in the store, and the catalog's change
 * counter read in the same statement (the search index checks it); the counter comes back even when `ids` is empty.
 */
/**
 * The columns of an inventory row (`FilaInventarioVersionada`), over `producto p` left-joined to the store's
 * `inventario i`: a product without a stock row shows 0 units at its list price. No parameters, so the prepared
 * statements that embed it keep their text.
 */
const COLUMNAS_FILA_INVENTARIO = sql`p.id, p.referencia, p.nombre_producto,
               (select nombre_grupo from grupo where id = p.grupo_id) as nombre_grupo,
               (select nombre_linea from linea where id = p.linea_id) as nombre_linea,
               coalesce(i.cantidad, 0) as cantidad,
               coalesce(i.precio_unitario, p.precio_unitario) as precio_unitario,
               coalesce(i.costo_inventario_unitario, 0) as costo_inventario_unitario`;

/**
 * A stock row of a page of the inventory, read together with the catalog's version in the same statement (so the
 * search index can tell whether it is still current); `id` is null when the version row has no product to join.
 */
interface FilaInventarioVersionada {
  version_catalogo: string;
  id: number | null;
  referencia: string;
  nombre_producto: string;
  nombre_grupo: string;
  nombre_linea: string;
  /** numeric(14,2) text, in the product's unit. */
  cantidad: string;
  precio_unitario: string;
  costo_inventario_unitario: string;
}

export async function findInventarioPorIds(db: Db, codigoTienda: string, ids: number[]) {
  const resultado = await preparada(
    'inventario_por_ids',
    sql<FilaInventarioVersionada>`
    select v.version::text as version_catalogo, f.*
      from producto_version v
      left join lateral (
        select ${COLUMNAS_FILA_INVENTARIO}
          from producto p
          left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
         where p.id = any(${ids}::int[])
      ) f on true
  `,
  ).execute(db);
  return {
    version: resultado.rows[0]!.version_catalogo,
    filas: resultado.rows.flatMap(({ id, version_catalogo: _version, ...fila }) => (id === null ? [] : [{ id, ...fila }])),
  };
}

/** The SQL behind the inventory columns sorted in PostgreSQL (the store's values; reference and name sort in the index). */
const ORDEN_EN_BASE = {
  cantidad: sql`coalesce(i.cantidad, 0)`,
  precio_unitario: sql`coalesce(i.precio_unitario, p.precio_unitario)`,
} as const;

/**
 * One page of the inventory rows of the products `ids` (null: every product) sorted by `columna` and then id in the
 * same direction (pages neither repeat nor skip a product), in that order, and the catalog's change counter read
 * in the same statement (the search index checks it). The page's ids travel as an array: it keeps their order.
 */
export async function findInventarioOrdenado(
  db: Db,
  codigoTienda: string,
  ids: number[] | null,
  orden: { columna: keyof typeof ORDEN_EN_BASE; direccion: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const sentido = orden.direccion === 'desc' ? sql`desc` : sql`asc`;
  const resultado = await sql<FilaInventarioVersionada & { ids: number[] }>`
    select v.version::text as version_catalogo, o.ids, f.*
      from producto_version v
     cross join lateral (
        select array(
          select p.id from producto p
            left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
           where ${ids === null ? sql`true` : sql`p.id = any(${ids}::int[])`}
           order by ${ORDEN_EN_BASE[orden.columna]} ${sentido} nulls last, p.id ${sentido}
          offset ${offset} limit ${limit}) as ids
     ) o
      left join lateral (
        select ${COLUMNAS_FILA_INVENTARIO}
          from producto p
          left join inventario i on i.producto_id = p.id and i.codigo_tienda = ${codigoTienda}
         where p.id = any(o.ids)
      ) f on true
  `.execute(db);
  const porId = new Map(resultado.rows.flatMap(({ id, version_catalogo: _version, ids: _ids, ...fila }) => (id === null ? [] : [[id, { id, ...fila }] as const])));
  return {
    version: resultado.rows[0]!.version_catalogo,
    filas: (resultado.rows[0]?.ids ?? []).flatMap((id) => porId.get(id) ?? []),
  };
}

export function findProductoBasico(db: Db, productoId: number) {
  return db.selectFrom('producto').select(['id', 'referencia', 'nombre_producto']).where('id', '=', productoId).executeTakeFirst();
}

/** One page of a product's movements in a store, newest first (the kardex). */
export async function listMovimientos(db: Db, opciones: { codigoTienda: string; productoId: number; page: number; perPage: number }) {
  const base = db
    .selectFrom('inventario_movimiento as m')
    .where('m.codigo_tienda', '=', opciones.codigoTienda)
    .where('m.producto_id', '=', opciones.productoId);
  return paginarConsulta(
    base
      .leftJoin('usuario as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.fecha', 'm.tipo_movimiento', 'm.cantidad', 'm.saldo', 'm.costo_unitario', 'm.motivo', 'm.documento', 'u.name as nombre_usuario'])
      .orderBy('m.id', 'desc'),
    opciones,
  );
}

/** Every product of a group (and line) with the store's values, for the .xlsx export. */
export function listProductosExportar(db: Db, opciones: { codigoTienda: string; grupoId: number; lineaId: number | null }) {
  let consulta = db
    .selectFrom('producto as p')
    .innerJoin('grupo as g', 'g.id', 'p.grupo_id')
    .innerJoin('linea as l', 'l.id', 'p.linea_id')
    .innerJoin('impuesto as imp', 'imp.id', 'p.impuesto_id')
    .leftJoin('inventario as i', (join) => join.onRef('i.producto_id', '=', 'p.id').on('i.codigo_tienda', '=', opciones.codigoTienda))
    .select([
      'p.referencia',
      'p.nombre_producto',
      'g.nombre_grupo',
      'l.nombre_linea',
      sql<string>`coalesce(i.cantidad, 0)`.as('cantidad'),
      sql<string>`coalesce(i.precio_unitario, p.precio_unitario)`.as('precio_unitario'),
      sql<string>`coalesce(i.costo_inventario_unitario, 0)`.as('costo_inventario_unitario'),
      'imp.porcentaje_impuesto',
      'p.medida_largo',
      'p.medida_ancho',
    ])
    .where('p.grupo_id', '=', opciones.grupoId);
  if (opciones.lineaId !== null) consulta = consulta.where('p.linea_id', '=', opciones.lineaId);
  return consulta.orderBy('p.referencia').execute();
}

export function findGrupoYLinea(db: Db, grupoId: number, lineaId: number | null) {
  return db
    .selectFrom('grupo as g')
    .leftJoin('linea as l', (join) => join.on('l.id', '=', lineaId ?? -1).onRef('l.grupo_id', '=', 'g.id'))
    .select(['g.id', 'g.nombre_grupo', 'l.id as linea_id', 'l.nombre_linea'])
    .where('g.id', '=', grupoId)
    .executeTakeFirst();
}

/**
 * The net quantity per product that the movements of `tipo` naming `documento` moved in the store (a sale's stock
 * out, for its annulment), in product id order. Reads through the products' ledger index.
 */
export async function sumMovimientosDocumento(db: Db, codigoTienda: string, productoIds: number[], tipos: TipoMovimiento[], documento: string) {
  if (productoIds.length === 0) return [];
  return db
    .selectFrom('inventario_movimiento')
    .select(['producto_id', sql<string>`sum(cantidad)`.as('cantidad')])
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', sql<number>`any(${sql.val(productoIds)}::int[])`)
    .where('tipo_movimiento', 'in', tipos)
    .where('documento', '=', documento)
    .groupBy('producto_id')
    .orderBy('producto_id')
    .execute();
}

/** Locks the store's existing stock rows of the products, in id order (rows missing are not created: see lockSaldosVarios). */
export function lockSaldosExistentes(db: Trx, codigoTienda: string, productoIds: number[]) {
  return db
    .selectFrom('inventario')
    .select(COLUMNAS_SALDO)
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', sql<number>`any(${sql.val(productoIds)}::int[])`)
    .orderBy('producto_id')
    .forUpdate()
    .execute();
}

/**
 * Writes the new balances of locked stock rows and appends their movements (in the order given) in one statement: a
 * bill holds its stock rows until it commits, so every round trip saved there is time other bills do not wait.
 */
export async function updateSaldosConMovimientos(db: Trx, codigoTienda: string, movimientos: MovimientoNuevo[]): Promise<void> {
  if (movimientos.length === 0) return;
  await preparada(
    'saldos_con_movimientos',
    sql`
    with saldos as (
      update inventario i set cantidad = v.saldo, updated_at = now()
        from unnest(${movimientos.map((m) => m.producto_id)}::int[], ${movimientos.map((m) => String(m.saldo))}::numeric[]) as v(producto_id, saldo)
       where i.codigo_tienda = ${codigoTienda} and i.producto_id = v.producto_id
    )
    ${insertarMovimientos(movimientos)}
  `,
  ).execute(db);
}

/** The store's balances of `ids` (the rows that exist), without a lock. */
export function findSaldosStock(db: Db, codigoTienda: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventario')
    .select(['producto_id', 'cantidad'])
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', sql<number>`any(${sql.val(ids)}::int[])`)
    .execute();
}
