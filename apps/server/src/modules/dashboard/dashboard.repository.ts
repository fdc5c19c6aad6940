// Every SQL query of the dashboard (spec 002 §2.4; docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día,
// la anulación en el suyo"), every store. A sale billed (states 2, 3 and 6) counts on its billing day forever: its
// order, its totals, its products; its annulment counts on the day it happens (`fecha_anulacion`, its billing day when
// unknown) as a subtraction. So a range's sales are what was billed in it minus what was annulled in it, and no figure
// of a past day changes. Days are calendar days in the business's zone; every figure is added up here, in PostgreSQL.
// Two readings of the same figures:
// - the daily summary (resumen_venta_dia, resumen_producto_dia), kept by triggers in every sale's write, whose days are
//   Bogotá's (ZONA_RESUMEN): a year is 730 rows of totals and one row per day, store and product moved;
// - the sales themselves, for a business zone other than the summary's.
import { sql, type RawBuilder } from 'kysely';
import { ESTADOS_VENTA, ZONA_NEGOCIO } from '@tablero/domain';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';

/** Billed, whatever happened later: an annulment is another day's subtraction, never an erasure of its billing day. */
const FACTURADAS = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio, ESTADOS_VENTA.anulado];
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

/** The instant a sale was annulled; an annulled sale without it (written before it was kept) on its billing day. */
const FECHA_ANULACION = sql<Date>`coalesce(v.fecha_anulacion, v.fecha_factura)`;

/** An annulled sale whose annulment falls within the days of `rango`. */
function anuladaEnRango(rango: RangoDias) {
  return sql<boolean>`v.estado_venta_id = ${ANULADA} and v.fecha_factura is not null and ${enDiasNegocio(FECHA_ANULACION, rango)}`;
}

export interface TotalesRango {
  /** Sales billed in the range (annulled later or not). */
  total_pedidos: string;
  /** Billed in the range minus annulled in the range, taxes included. */
  total_venta_bruta: string;
  /** The same before taxes. */
  total_venta_neta: string;
  /** Sales annulled in the range (billed in it or before) and their total with taxes. */
  anuladas: string;
  total_anuladas: string;
}

/** The range's cards: billed sales and their totals net of the range's annulments; the annulments apart. */
export async function totalesRango(db: Db, rango: RangoDias): Promise<TotalesRango> {
  const { rows } = await sql<TotalesRango>`
    with facturadas as (
      select count(*) as pedidos, coalesce(sum(v.total_venta), 0) as total, coalesce(sum(v.total_subtotal_venta), 0) as subtotal
        from venta v
       where ${enRango(rango)} and v.estado_venta_id in (${sql.join(FACTURADAS)})
    ),
    anuladas as (
      select count(*) as cantidad, coalesce(sum(v.total_venta), 0) as total, coalesce(sum(v.total_subtotal_venta), 0) as subtotal
        from venta v
       where ${anuladaEnRango(rango)}
    )
    select f.pedidos as total_pedidos, f.total - a.total as total_venta_bruta, f.subtotal - a.subtotal as total_venta_neta,
           a.cantidad as anuladas, a.total as total_anuladas
      from facturadas f, anuladas a
  `.execute(db);
  return rows[0]!;
}

/**
 * Sales (taxes included) of each month of `hasta`'s year up to `hasta`, net of each month's annulments: the twelve
 * months, 0 for one without any (and for those after `hasta`, which a range ended before today must not see move).
 */
export async function ventasPorMes(db: Db, hasta: string, zona: string): Promise<{ mes_factura: number; total_venta_bruta: string }[]> {
  const rango: RangoDias = { desde: `${hasta.slice(0, 4)}-01-01`, hasta, zona };
  const { rows } = await sql<{ mes_factura: number; total_venta_bruta: string }>`
    select m.mes as mes_factura, coalesce(s.total, 0) as total_venta_bruta
      from generate_series(1, 12) as m(mes)
      left join (
        select x.mes, sum(x.total) as total
          from (select extract(month from v.fecha_factura at time zone ${zona})::int as mes, v.total_venta as total
                  from venta v
                 where ${enRango(rango)} and v.estado_venta_id in (${sql.join(FACTURADAS)})
                union all
                select extract(month from ${FECHA_ANULACION} at time zone ${zona})::int, -v.total_venta
                  from venta v
                 where ${anuladaEnRango(rango)}) as x
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
  /** The product's measure type by name, or null. */
  unidad: string | null;
}

/**
 * The products of `porProducto` (a query of (producto_id, cantidad), one row per product) with their reference, name
 * and unit (the measure type's name), most sold first (the reference breaks ties).
 */
async function productosCon(db: Db, porProducto: RawBuilder<unknown>): Promise<FilaProductoVendido[]> {
  const { rows } = await sql<FilaProductoVendido>`
    select p.id as producto_id, p.referencia, p.nombre_producto, s.cantidad as cantidad_producto, tm.nombre_tipo_medida as unidad
      from (${porProducto}) as s
      join producto p on p.id = s.producto_id
      left join tipo_medida tm on tm.id = p.tipo_medida_id
     order by s.cantidad desc, p.referencia, p.id
  `.execute(db);
  return rows;
}

/**
 * Quantity of each product billed in the range minus the quantity the range's annulments took back, most sold first
 * (the reference breaks ties); a product whose net is 0 is left out.
 */
export function productosVendidos(db: Db, rango: RangoDias): Promise<FilaProductoVendido[]> {
  return productosCon(
    db,
    sql`select x.producto_id, sum(x.cantidad) as cantidad
          from (select d.producto_id, d.cantidad
                  from venta v
                  join venta_detalle d on d.venta_id = v.id
                 where ${enRango(rango)} and v.estado_venta_id in (${sql.join(FACTURADAS)})
                union all
                select d.producto_id, -d.cantidad
                  from venta v
                  join venta_detalle d on d.venta_id = v.id
                 where ${anuladaEnRango(rango)}) as x
         group by x.producto_id
        having sum(x.cantidad) <> 0`,
  );
}

/** The zone of the summary's days (migration 202611270300_create_reportes_dinero, which wrote ZONA_NEGOCIO's value). */
export const ZONA_RESUMEN = ZONA_NEGOCIO;

/** The range's cards from the daily summary (billed on its days, annulled on its days). */
export async function totalesRangoResumen(db: Db, rango: RangoDias): Promise<TotalesRango> {
  const { rows } = await sql<TotalesRango>`
    select coalesce(sum(r.facturadas), 0) as total_pedidos, coalesce(sum(r.total_venta - r.total_anuladas), 0) as total_venta_bruta,
           coalesce(sum(r.total_subtotal_venta - r.total_subtotal_anuladas), 0) as total_venta_neta, coalesce(sum(r.anuladas), 0) as anuladas,
           coalesce(sum(r.total_anuladas), 0) as total_anuladas
      from resumen_venta_dia r
     where r.fecha between ${rango.desde}::date and ${rango.hasta}::date
  `.execute(db);
  return rows[0]!;
}

/** The twelve months of `hasta`'s year up to `hasta` from the daily summary. */
export async function ventasPorMesResumen(db: Db, hasta: string): Promise<{ mes_factura: number; total_venta_bruta: string }[]> {
  const { rows } = await sql<{ mes_factura: number; total_venta_bruta: string }>`
    select m.mes as mes_factura, coalesce(s.total, 0) as total_venta_bruta
      from generate_series(1, 12) as m(mes)
      left join (
        select extract(month from r.fecha)::int as mes, sum(r.total_venta - r.total_anuladas) as total
          from resumen_venta_dia r
         where r.fecha between ${`${hasta.slice(0, 4)}-01-01`}::date and ${hasta}::date
         group by 1
      ) as s on s.mes = m.mes
     order by m.mes
  `.execute(db);
  return rows;
}

/** The products sold in the range net of its annulments, from the daily summary, most sold first. */
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
