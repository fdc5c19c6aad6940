// Every SQL query of the sales report (docs/decisions-informe-ventas.md). It reads other modules' tables (venta,
// venta_detalle, devolucion_venta*, producto, inventario, usuario, tienda, categoria_producto), as dashboard and
// cierre-mes do, and writes only its own comision_venta. Each figure is added up here, in PostgreSQL.
//
// What counts (docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día, la anulación en el suyo"): a sale
// billed (states 2, 3, 6) on day D counts on D forever; its annulment counts on the day it happened
// (`fecha_anulacion`, its billing day when unknown) as a subtraction of what the sale still had (its lines minus the
// partial returns already taken off); a partial return (devolucion_venta) subtracts on its own day.
import { sql, type RawBuilder } from 'kysely';
import { primerDiaDelMes, SIN_CATEGORIA, sumarDias, ultimoDiaDelMes, type AgrupacionInformeVentas } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

export interface FiltroInforme {
  desde: string;
  hasta: string;
  zona: string;
  /** One store, or null for every store. */
  codigoTienda: string | null;
}

/** Numeric text from PostgreSQL: the money of one group, or of the whole report (`es_total`). */
export interface FilaCifras {
  es_total: boolean;
  clave: string | null;
  nombre: string | null;
  referencia: string | null;
  unidad: string | null;
  ventas: string;
  cantidad: string;
  subtotal_facturado: string;
  subtotal_devuelto: string;
  subtotal: string;
  impuestos: string;
  total: string;
  costo: string | null;
  margen: string | null;
  margen_porcentaje: string | null;
  subtotal_sin_costo: string;
  comision: string | null;
}

/** Calendar days [desde, hasta] of the business zone, both included. */
interface Dias {
  desde: string;
  hasta: string;
}

/** Where each day of the range is read: closed days from the summary, the others (today) from the lines. */
export interface Partes {
  resumidos: Dias | null;
  directos: Dias | null;
}

/** Splits the range at `hasta` of the summary (null: no summary, every day from the lines). */
export function partesDelRango(f: FiltroInforme, resumenHasta: string | null): Partes {
  if (resumenHasta === null || resumenHasta < f.desde) return { resumidos: null, directos: { desde: f.desde, hasta: f.hasta } };
  if (resumenHasta >= f.hasta) return { resumidos: { desde: f.desde, hasta: f.hasta }, directos: null };
  return { resumidos: { desde: f.desde, hasta: resumenHasta }, directos: { desde: sumarDias(resumenHasta, 1), hasta: f.hasta } };
}

const deTienda = (columna: string, f: FiltroInforme) => (f.codigoTienda === null ? sql`true` : sql`${sql.ref(columna)} = ${f.codigoTienda}`);

/** The signed lines of the days `dias` (migration 202612060610's informe_ventas_lineas), read from the sales. */
function lineas(f: FiltroInforme, dias: Dias) {
  return sql`informe_ventas_lineas((${dias.desde}::date)::timestamp at time zone ${f.zona}, (${dias.hasta}::date + 1)::timestamp at time zone ${f.zona}, ${f.codigoTienda}::varchar)`;
}

const SUMAS = sql`coalesce(sum(subtotal) filter (where facturada), 0) as subtotal_facturado, coalesce(-sum(subtotal) filter (where not facturada), 0) as subtotal_devuelto,
  coalesce(sum(subtotal), 0) as subtotal, coalesce(sum(impuestos), 0) as impuestos, coalesce(sum(total), 0) as total,
  coalesce(sum(costo), 0) as costo, coalesce(sum(subtotal) filter (where costo is not null), 0) as subtotal_con_costo`;
const COLUMNAS = sql`subtotal_facturado, subtotal_devuelto, subtotal, impuestos, total, costo, subtotal_con_costo`;

/** Money by (store, seller, category), `ventas` the sales billed in each cell: the summary's days and the lines' days. */
function porVendedorCategoria(f: FiltroInforme, p: Partes) {
  return sql`
    ${p.resumidos ? sql`select codigo_tienda, vendedor_id, categoria_producto_id, ventas, ${COLUMNAS} from informe_venta_dia
        where fecha between ${p.resumidos.desde} and ${p.resumidos.hasta} and ${deTienda('codigo_tienda', f)}` : sql`select null::varchar as codigo_tienda, null::int as vendedor_id, null::int as categoria_producto_id, 0 as ventas, 0 as subtotal_facturado, 0 as subtotal_devuelto, 0 as subtotal, 0 as impuestos, 0 as total, 0 as costo, 0 as subtotal_con_costo where false`}
    union all
    ${p.directos ? sql`select codigo_tienda, vendedor_id, categoria_producto_id, count(distinct venta_id) filter (where facturada)::int, ${SUMAS}
        from ${lineas(f, p.directos)} group by 1, 2, 3` : sql`select null, null, null, 0, 0, 0, 0, 0, 0, 0, 0 where false`}
  `;
}

/** Sales billed per (store, seller). */
function ventasPorVendedor(f: FiltroInforme, p: Partes) {
  return sql`
    ${p.resumidos ? sql`select codigo_tienda, vendedor_id, ventas from informe_venta_vendedor_dia
        where fecha between ${p.resumidos.desde} and ${p.resumidos.hasta} and ${deTienda('codigo_tienda', f)}` : sql`select null::varchar as codigo_tienda, null::int as vendedor_id, 0 as ventas where false`}
    union all
    ${p.directos ? sql`select codigo_tienda, vendedor_id, count(distinct venta_id) filter (where facturada)::int from ${lineas(f, p.directos)} group by 1, 2` : sql`select null, null, 0 where false`}
  `;
}

/** How the summarized days of a range are read per product: months to add, loose days to add and days to take off. */
export interface LecturaProductos {
  meses: string[];
  dias: Dias[];
  restar: Dias[];
}

/** Days from `desde` to `hasta`, both counted (0 when `hasta` is before `desde`). */
const contarDias = (desde: string, hasta: string) => Math.max(0, Math.round((Date.parse(hasta) - Date.parse(desde)) / 86_400_000) + 1);

/**
 * The summarized days `r` read per product with as few rows as possible: a whole month from informe_producto_mes (a
 * year is ~240,000 rows, not ~2.5 million days); a partial month from its days, or, when it covers most of the month,
 * as the month minus the days left out (the sums are linear, and a month's row is the sum of its days). A month's rows
 * weigh about four days'.
 */
export function lecturaProductos(r: Dias): LecturaProductos {
  const lectura: LecturaProductos = { meses: [], dias: [], restar: [] };
  for (let mes = primerDiaDelMes(r.desde); mes <= r.hasta; mes = sumarDias(ultimoDiaDelMes(mes), 1)) {
    const finMes = ultimoDiaDelMes(mes);
    const desde = mes > r.desde ? mes : r.desde;
    const hasta = finMes < r.hasta ? finMes : r.hasta;
    const fuera: Dias[] = [
      ...(desde > mes ? [{ desde: mes, hasta: sumarDias(desde, -1) }] : []),
      ...(hasta < finMes ? [{ desde: sumarDias(hasta, 1), hasta: finMes }] : []),
    ];
    const diasFuera = fuera.reduce((n, d) => n + contarDias(d.desde, d.hasta), 0);
    if (fuera.length === 0 || contarDias(desde, hasta) > diasFuera + 4) {
      lectura.meses.push(mes);
      lectura.restar.push(...fuera);
    } else {
      lectura.dias.push({ desde, hasta });
    }
  }
  return lectura;
}

/**
 * Money by (store, product): whole months of the summarized days from informe_producto_mes, their loose days from
 * informe_producto_dia, the rest from the lines.
 */
function porProducto(f: FiltroInforme, p: Partes) {
  const lectura = p.resumidos ? lecturaProductos(p.resumidos) : { meses: [], dias: [], restar: [] };
  const NEGADAS = sql`-ventas, -cantidad, -subtotal_facturado, -subtotal_devuelto, -subtotal, -impuestos, -total, -costo, -subtotal_con_costo`;
  const fuentes = [
    sql`select null::varchar as codigo_tienda, null::int as producto_id, 0 as ventas, 0 as cantidad, 0 as subtotal_facturado, 0 as subtotal_devuelto, 0 as subtotal, 0 as impuestos, 0 as total, 0 as costo, 0 as subtotal_con_costo where false`,
    ...(lectura.meses.length > 0
      ? [sql`select codigo_tienda, producto_id, ventas, cantidad, ${COLUMNAS} from informe_producto_mes
              where mes in (${sql.join(lectura.meses.map((m) => sql`${m}::date`))}) and ${deTienda('codigo_tienda', f)}`]
      : []),
    ...lectura.dias.map(
      (dias) => sql`select codigo_tienda, producto_id, ventas, cantidad, ${COLUMNAS} from informe_producto_dia
                     where fecha between ${dias.desde} and ${dias.hasta} and ${deTienda('codigo_tienda', f)}`,
    ),
    ...lectura.restar.map(
      (dias) => sql`select codigo_tienda, producto_id, ${NEGADAS} from informe_producto_dia
                     where fecha between ${dias.desde} and ${dias.hasta} and ${deTienda('codigo_tienda', f)}`,
    ),
    ...(p.directos
      ? [sql`select codigo_tienda, producto_id, count(distinct venta_id) filter (where facturada)::int, coalesce(sum(cantidad), 0), ${SUMAS}
              from ${lineas(f, p.directos)} group by 1, 2`]
      : []),
  ];
  return sql.join(fuentes, sql` union all `);
}

/** The key of each grouping over the rows (g) of its source. */
const CLAVES: Record<AgrupacionInformeVentas, RawBuilder<unknown>> = {
  vendedor: sql`g.vendedor_id`,
  producto: sql`g.producto_id`,
  categoria: sql`g.categoria_producto_id`,
  tienda: sql`g.codigo_tienda`,
};

/** Each grouping's name, reference and unit of a key (g.clave), joined after adding up. */
const NOMBRES: Record<AgrupacionInformeVentas, { columnas: RawBuilder<unknown>; union: RawBuilder<unknown> }> = {
  vendedor: {
    columnas: sql`u.name as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join usuario u on u.id = g.clave::int`,
  },
  producto: {
    columnas: sql`pr.nombre_producto as nombre, pr.referencia, tm.nombre_tipo_medida as unidad`,
    union: sql`left join producto pr on pr.id = g.clave::int left join tipo_medida tm on tm.id = pr.tipo_medida_id`,
  },
  categoria: {
    columnas: sql`coalesce(c.nombre_categoria_producto, ${SIN_CATEGORIA}) as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join categoria_producto c on c.id = g.clave::int`,
  },
  tienda: {
    columnas: sql`t.nombre_tienda as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join tienda t on t.codigo_tienda = g.clave`,
  },
};

/** The last day the summary holds, or null when it holds none. */
export async function resumenHasta(db: Db): Promise<string | null> {
  const fila = await db.selectFrom('informe_resumen_estado').select(sql<string | null>`hasta::text`.as('hasta')).executeTakeFirst();
  return fila?.hasta ?? null;
}

/**
 * Summarizes the closed days after the summary's last one up to `ayer` (the primary; one day is a few thousand lines).
 * Two readers at once: the transaction lock makes the second wait and find the days done.
 */
export async function resumirHasta(trx: Trx, ayer: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('informe_ventas_resumir'))`.execute(trx);
  const hasta = await resumenHasta(trx);
  if (hasta !== null && hasta >= ayer) return;
  const desde = hasta === null ? ayer : sumarDias(hasta, 1);
  await sql`select informe_ventas_resumir(${desde}::date, ${ayer}::date)`.execute(trx);
}

/**
 * The report of one grouping: a row per group and the total row (`es_total`), highest net first. A line's cost is its
 * net quantity × the weighted average cost of its product in the sale's store (inventario.costo_inventario_unitario,
 * as it stood when the day was summarized; today's as it stands); a cost of 0 is unknown. The commission of a seller
 * is round(Σ net before taxes × its rate / 100, 2), the rate being the seller's, else the product category's, else 0;
 * the total's commission is the sum of the sellers' rounded ones.
 */
export async function informe(db: Db, f: FiltroInforme, agrupar: AgrupacionInformeVentas, partes: Partes): Promise<FilaCifras[]> {
  const porVendedor = agrupar === 'vendedor';
  const esProducto = agrupar === 'producto';
  // Sales counted per group: exact per seller and store from the per-seller counts; per category and product each
  // cell's count (a sale is in one day, store and seller); the total always from the per-seller counts.
  const ventasPorClave = agrupar === 'vendedor' || agrupar === 'tienda';
  const { rows } = await sql<FilaCifras>`
    with g as (${esProducto ? porProducto(f, partes) : porVendedorCategoria(f, partes)}),
    v as (${ventasPorVendedor(f, partes)}),
    cuentas as (
      ${ventasPorClave
        ? sql`select grouping(${CLAVES[agrupar]}) = 1 as es_total, ${CLAVES[agrupar]}::text as clave, sum(g.ventas) as ventas
                from v as g group by grouping sets ((${CLAVES[agrupar]}), ())`
        : sql`select true as es_total, null::text as clave, sum(g.ventas) as ventas from v as g`}
    ),
    -- One hash aggregate by the grouping's key, then the total over its few rows (cheaper than grouping sets over all).
    base as (
      select ${CLAVES[agrupar]} as clave,
             sum(g.ventas) as ventas_celdas,
             ${esProducto ? sql`coalesce(sum(g.cantidad), 0)` : sql`0`} as cantidad,
             coalesce(sum(g.subtotal_facturado), 0) as subtotal_facturado,
             coalesce(sum(g.subtotal_devuelto), 0) as subtotal_devuelto,
             coalesce(sum(g.subtotal), 0) as subtotal,
             coalesce(sum(g.impuestos), 0) as impuestos,
             coalesce(sum(g.total), 0) as total,
             coalesce(sum(g.costo), 0) as costo,
             coalesce(sum(g.subtotal_con_costo), 0) as subtotal_con_costo,
             ${porVendedor ? sql`round(coalesce(sum(g.subtotal * coalesce(cv.porcentaje, cc.porcentaje, 0)), 0) / 100, 2)` : sql`null::numeric`} as comision
        from g
        ${porVendedor ? sql`left join comision_venta cv on cv.vendedor_id = g.vendedor_id left join comision_venta cc on cc.categoria_producto_id = g.categoria_producto_id` : sql``}
       group by 1
    ),
    grupos as (
      select false as es_total, clave::text as clave, ventas_celdas, cantidad, subtotal_facturado, subtotal_devuelto, subtotal, impuestos, total, costo,
             subtotal_con_costo, comision
        from base
      union all
      select true, null, sum(ventas_celdas), coalesce(sum(cantidad), 0), coalesce(sum(subtotal_facturado), 0), coalesce(sum(subtotal_devuelto), 0),
             coalesce(sum(subtotal), 0), coalesce(sum(impuestos), 0), coalesce(sum(total), 0), coalesce(sum(costo), 0), coalesce(sum(subtotal_con_costo), 0),
             ${porVendedor ? sql`coalesce(sum(comision), 0)` : sql`null::numeric`}
        from base
    )
    select g.es_total, g.clave, ${NOMBRES[agrupar].columnas},
           case when g.es_total or ${ventasPorClave} then coalesce(k.ventas, 0) else coalesce(g.ventas_celdas, 0) end as ventas,
           g.cantidad, g.subtotal_facturado, g.subtotal_devuelto, g.subtotal, g.impuestos, g.total,
           case when g.costo <> 0 or g.subtotal_con_costo <> 0 then round(g.costo, 2) end as costo,
           case when g.costo <> 0 or g.subtotal_con_costo <> 0 then g.subtotal_con_costo - round(g.costo, 2) end as margen,
           case when g.subtotal_con_costo <> 0 then round((g.subtotal_con_costo - g.costo) * 100 / g.subtotal_con_costo, 2) end as margen_porcentaje,
           g.subtotal - g.subtotal_con_costo as subtotal_sin_costo,
           g.comision
      from grupos g
      left join cuentas k on k.es_total = g.es_total and (g.es_total or k.clave = g.clave)
      ${NOMBRES[agrupar].union}
     -- A product sold only on days a month's reading took off nets to nothing: it is not a product of the range.
     where g.es_total or not (coalesce(g.ventas_celdas, 0) = 0 and g.cantidad = 0 and g.subtotal_facturado = 0 and g.subtotal_devuelto = 0 and g.total = 0)
     order by g.es_total desc, g.subtotal desc, nombre, g.clave
  `.execute(db);
  return rows;
}

/** Every store by code, for the screen's filter. */
export function listarTiendas(db: Db): Promise<{ codigo_tienda: string; nombre_tienda: string }[]> {
  return db.selectFrom('tienda').select(['codigo_tienda', 'nombre_tienda']).orderBy('codigo_tienda').execute();
}

/** Whether the store exists (the report's filter names one). */
export async function existeTienda(db: Db, codigoTienda: string): Promise<boolean> {
  return (await db.selectFrom('tienda').select('codigo_tienda').where('codigo_tienda', '=', codigoTienda).executeTakeFirst()) !== undefined;
}

export interface FilaComision {
  id: number;
  vendedor_id: number | null;
  categoria_producto_id: number | null;
  nombre: string;
  porcentaje: string;
}

/** The commission rates, sellers first, each by name. */
export async function listarComisiones(db: Db): Promise<FilaComision[]> {
  const { rows } = await sql<FilaComision>`
    select cv.id, cv.vendedor_id, cv.categoria_producto_id, coalesce(u.name, c.nombre_categoria_producto) as nombre, cv.porcentaje
      from comision_venta cv
      left join usuario u on u.id = cv.vendedor_id
      left join categoria_producto c on c.id = cv.categoria_producto_id
     order by cv.vendedor_id is null, lower(coalesce(u.name, c.nombre_categoria_producto)), cv.id
  `.execute(db);
  return rows;
}

/** The active users (who may appear as the seller of a sale) and every category, by name. */
export async function opcionesComision(db: Db): Promise<{ vendedores: { id: number; nombre: string }[]; categorias: { id: number; nombre: string }[] }> {
  const [vendedores, categorias] = await Promise.all([
    db.selectFrom('usuario').select(['id', 'name as nombre']).where('activo', '=', true).orderBy('name').orderBy('id').execute(),
    db.selectFrom('categoria_producto').select(['id', 'nombre_categoria_producto as nombre']).orderBy('nombre_categoria_producto').orderBy('id').execute(),
  ]);
  return { vendedores, categorias };
}

export async function existeUsuario(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('usuario').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function existeCategoria(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('categoria_producto').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Sets the rate of one seller or one category: a new row, or the existing one's rate (one row per seller or category). */
export async function guardarComision(
  trx: Trx,
  datos: { vendedor_id: number | null; categoria_producto_id: number | null; porcentaje: number; user_id: number },
): Promise<number> {
  const conflicto = datos.vendedor_id !== null ? sql`(vendedor_id) where vendedor_id is not null` : sql`(categoria_producto_id) where categoria_producto_id is not null`;
  const { rows } = await sql<{ id: number }>`
    insert into comision_venta (vendedor_id, categoria_producto_id, porcentaje, user_id)
    values (${datos.vendedor_id}, ${datos.categoria_producto_id}, ${datos.porcentaje}, ${datos.user_id})
    on conflict ${conflicto}
    do update set porcentaje = excluded.porcentaje, user_id = excluded.user_id, updated_at = now()
    returning id
  `.execute(trx);
  return rows[0]!.id;
}

/** Deletes a rate; whether it existed. */
export async function eliminarComision(trx: Trx, id: number): Promise<boolean> {
  const resultado = await trx.deleteFrom('comision_venta').where('id', '=', id).executeTakeFirst();
  return resultado.numDeletedRows > 0n;
}
