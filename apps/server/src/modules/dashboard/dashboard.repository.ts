// Every SQL query of the dashboard (spec 002 §2.4; docs/decisions-reportes-dinero.md), every store: billed sales
// (states 2 and 6) by billing date, a calendar day in the business's zone. Every figure is added up here, in PostgreSQL
// (docs/decisions-reportes-dinero.md). Two readings of the same figures:
// - the daily summary (resumen_venta_dia, resumen_producto_dia), kept by triggers in every sale's write, whose days are
//   Bogotá's (ZONA_RESUMEN): a year is 730 rows of totals and one row per day, store and product sold;
// - the sales themselves, for a business zone other than the summary's.
import { sql, type RawBuilder } from 'kysely';
import { ESTADOS_VENTA, ZONA_NEGOCIO } from '@tablero/domain';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';

const FACTURADAS = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];
const ANULADA = ESTADOS_VENTA.anulado;

/** Calendar days [desde, hasta] in `zona`, as the instants they start and end (hasta's next midnight, excluded). */
export interface RangoDias {
  desde: string;
  hasta: string;
  zona: string;
}

/** `v.fecha_factura` within the days of `rango`: two constant bounds, so the (codigo_tienda, fecha_factura) index serves it. */
function enRango(rango: RangoDias) {
  return enDiasNegocio('v.fecha_factura', rango);
}

export interface TotalesRango {
  total_pedidos: string;
  total_venta_bruta: string;
  total_venta_neta: string;
  anuladas: string;
  total_anuladas: string;
}

/** The range's cards: billed sales, what they came to with and without taxes; and the annulled ones apart. */
export async function totalesRango(db: Db, rango: RangoDias): Promise<TotalesRango> {
  const { rows } = await sql<TotalesRango>`
    select count(*) filter (where v.estado_venta_id in (${sql.join(FACTURADAS)})) as total_pedidos,
           coalesce(sum(v.total_venta) filter (where v.estado_venta_id in (${sql.join(FACTURADAS)})), 0) as total_venta_bruta,
           coalesce(sum(v.total_subtotal_venta) filter (where v.estado_venta_id in (${sql.join(FACTURADAS)})), 0) as total_venta_neta,
           count(*) filter (where v.estado_venta_id = ${ANULADA}) as anuladas,
           coalesce(sum(v.total_venta) filter (where v.estado_venta_id = ${ANULADA}), 0) as total_anuladas
      from venta v
     where ${enRango(rango)}
  `.execute(db);
  return rows[0]!;
}

/** Billed sales (taxes included) of each month of `anio`, the twelve of them, 0 for a month without sales. */
export async function ventasPorMes(db: Db, anio: number, zona: string): Promise<{ mes_factura: number; total_venta_bruta: string }[]> {
  const rango: RangoDias = { desde: `${anio}-01-01`, hasta: `${anio}-12-31`, zona };
  const { rows } = await sql<{ mes_factura: number; total_venta_bruta: string }>`
    select m.mes as mes_factura, coalesce(s.total, 0) as total_venta_bruta
      from generate_series(1, 12) as m(mes)
      left join (
        select extract(month from v.fecha_factura at time zone ${zona})::int as mes, sum(v.total_venta) as total
          from venta v
         where ${enRango(rango)} and v.estado_venta_id in (${sql.join(FACTURADAS)})
         group by 1
      ) as s on s.mes = m.mes
     order by m.mes
  `.execute(db);
  return rows;
}

export interface FilaProductoVendido {
  producto_id: number;
  referencia: string;
  nombre_producto: string;
  cantidad_producto: string;
  /** The sum over every product (the same on each row). */
  total_productos: string;
}

/**
 * The products of `porProducto` (a query of (producto_id, cantidad), one row per product) with their reference and
 * name and the total over all, most sold first (the reference breaks ties).
 */
async function productosCon(db: Db, porProducto: RawBuilder<unknown>): Promise<FilaProductoVendido[]> {
  const { rows } = await sql<FilaProductoVendido>`
    select p.id as producto_id, p.referencia, p.nombre_producto, s.cantidad as cantidad_producto, sum(s.cantidad) over () as total_productos
      from (${porProducto}) as s
      join producto p on p.id = s.producto_id
     order by s.cantidad desc, p.referencia, p.id
  `.execute(db);
  return rows;
}

/** Quantity sold of each product in the range's billed sales, most sold first (the reference breaks ties). */
export function productosVendidos(db: Db, rango: RangoDias): Promise<FilaProductoVendido[]> {
  return productosCon(
    db,
    sql`select d.producto_id, sum(d.cantidad) as cantidad
          from venta v
          join venta_detalle d on d.venta_id = v.id
         where ${enRango(rango)} and v.estado_venta_id in (${sql.join(FACTURADAS)})
         group by d.producto_id`,
  );
}

/** The zone of the summary's days (migration 202611270300_create_reportes_dinero, which wrote ZONA_NEGOCIO's value). */
export const ZONA_RESUMEN = ZONA_NEGOCIO;

/** The range's cards from the daily summary. */
export async function totalesRangoResumen(db: Db, rango: RangoDias): Promise<TotalesRango> {
  const { rows } = await sql<TotalesRango>`
    select coalesce(sum(r.facturadas), 0) as total_pedidos, coalesce(sum(r.total_venta), 0) as total_venta_bruta,
           coalesce(sum(r.total_subtotal_venta), 0) as total_venta_neta, coalesce(sum(r.anuladas), 0) as anuladas,
           coalesce(sum(r.total_anuladas), 0) as total_anuladas
      from resumen_venta_dia r
     where r.fecha between ${rango.desde}::date and ${rango.hasta}::date
  `.execute(db);
  return rows[0]!;
}

/** The twelve months of `anio` from the daily summary. */
export async function ventasPorMesResumen(db: Db, anio: number): Promise<{ mes_factura: number; total_venta_bruta: string }[]> {
  const { rows } = await sql<{ mes_factura: number; total_venta_bruta: string }>`
    select m.mes as mes_factura, coalesce(s.total, 0) as total_venta_bruta
      from generate_series(1, 12) as m(mes)
      left join (
        select extract(month from r.fecha)::int as mes, sum(r.total_venta) as total
          from resumen_venta_dia r
         where r.fecha between ${`${anio}-01-01`}::date and ${`${anio}-12-31`}::date
         group by 1
      ) as s on s.mes = m.mes
     order by m.mes
  `.execute(db);
  return rows;
}

/** The products sold in the range from the daily summary, most sold first. */
export function productosVendidosResumen(db: Db, rango: RangoDias): Promise<FilaProductoVendido[]> {
  return productosCon(
    db,
    sql`select r.producto_id, sum(r.cantidad) as cantidad
          from resumen_producto_dia r
         where r.fecha between ${rango.desde}::date and ${rango.hasta}::date
         group by r.producto_id
        having sum(r.cantidad) <> 0`,
  );
}
