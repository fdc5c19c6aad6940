import { sql } from 'kysely';
import { ZONA_NEGOCIO } from '@tablero/domain';
import { preparada, valorOpaco, type Db } from '../../db/database';
import { hoyNegocioSql } from '../../db/dias-negocio';
import { NOMBRES_VENTA } from '../../db/lectura-venta';

/**
 * THE reserving condition, over `venta as v` (docs/decisions-reservas.md, "Qué reserva"), in its two kinds:
 * - an order saved and not yet billed — state 1 'Pendiente facturar' or 4 'En edición' — whose last save (or load for
 *   editing: `updated_at`) is less than `dias` days old. Billing (state 2), annulling (3) or letting it lapse ends the
 *   reservation; nothing is stored, so nothing drifts;
 * - a quotation (7 'Cotización') the customer accepted, until its validity date ends (a business day) or it becomes an
 *   order (`convertida_en`: the order then holds the stock; docs/decisions-cotizaciones.md).
 *
 * Every reservation figure, check and list goes through these two clauses (`ventasQueReservan`, and
 * `vencimientoReserva`, their end). A new kind of reserving document adds its clause here and nowhere else, and widens
 * the partial index venta_reserva_idx to the same states. The states are literals, not parameters, so PostgreSQL
 * matches the partial index `where estado_venta_id in (1, 4, 7)`.
 */
function reservaDePedido(dias: number) {
  // The bound is computed once per statement (valorOpaco), not for each order it is compared with: a bill's check
  // reads every reserving order of the store, thousands in the billing benchmark (docs/decisions.md, "Una factura en
  // pocas sentencias"). Written as its own conjunct so that it is the index condition of venta_reserva_idx
  // (codigo_tienda, updated_at).
  const guardadoDesde = valorOpaco(sql<Date>`now() - make_interval(days => ${dias}::int)`);
  return sql<boolean>`v.estado_venta_id in (1, 4) and v.updated_at > ${guardadoDesde}`;
}
function reservaDeCotizacion() {
  return sql<boolean>`v.estado_venta_id = 7 and v.aceptada_en is not null and v.convertida_en is null
    and v.fecha_validez >= ${valorOpaco(hoyNegocioSql())}`;
}

/** Since when a reserving document holds its stock, and when it lets go: the order's last save plus `dias`; the accepted
 * quotation's acceptance, to the end of its validity date in the business's zone. */
function desdeReserva() {
  return sql<Date>`case when v.estado_venta_id = 7 then v.aceptada_en else v.updated_at end`;
}
function vencimientoReserva(dias: number) {
  return sql<Date>`case when v.estado_venta_id = 7 then (v.fecha_validez + 1)::timestamp at time zone ${ZONA_NEGOCIO}
    else v.updated_at + make_interval(days => ${dias}::int) end`;
}

/**
 * Which reserving orders count against the one being saved or billed: all but itself (a save), or only those saved
 * before it, first come first served (a bill: docs/decisions-reservas.md, "Al facturar"). None for a new order.
 */
export type Frente = { ventaId: number; soloAnteriores: boolean } | null;

function otrosPedidos(frente: Frente) {
  // `v.id + 0`: a filter on the rows the reserving index gives, never a range over the primary key. Over the billing
  // benchmark's 8,000 pending orders PostgreSQL otherwise walked the key below the bill's id and read each order's row.
  if (frente === null) return sql<boolean>`true`;
  return frente.soloAnteriores ? sql<boolean>`v.id + 0 < ${frente.ventaId}` : sql<boolean>`v.id <> ${frente.ventaId}`;
}

/**
 * The ids (`r.id`) of the store's reserving documents that `frente` says count: one branch per kind of reservation, so
 * that each reads its own index (the orders' venta_reserva_idx, which carries what the clause reads, without visiting
 * the sales' rows; the quotations' venta_cotizaciones_idx). A sale is of one state, so no id comes out twice.
 */
function ventasQueReservan(codigoTienda: string, frente: Frente, dias: number) {
  return sql`(
      select v.id from venta v where v.codigo_tienda = ${codigoTienda} and ${reservaDePedido(dias)} and ${otrosPedidos(frente)}
      union all
      select v.id from venta v where v.codigo_tienda = ${codigoTienda} and ${reservaDeCotizacion()} and ${otrosPedidos(frente)}
    ) r`;
}

/**
 * The lines (`d`) of the store's reserving documents (`r.id`) for the products of `ids`, services excluded, only the
 * documents `frente` says count: what sumReservado adds up and listReservasDeProductos lists, so that the figure and
 * its list always speak of the same lines. The products are narrowed first (a handful), so no line joins a product.
 */
function lineasReservadas(codigoTienda: string, ids: number[], frente: Frente, dias: number) {
  return sql`venta_detalle d
      join ${ventasQueReservan(codigoTienda, frente, dias)} on r.id = d.venta_id
       and d.producto_id = any(array(select p.id from producto p where p.id = any(${ids}::int[]) and p.grupo_servicio_id is null))`;
}

/**
 * What the reserving orders of the store hold of each product of `ids`, in the product's unit (the sum of its lines,
 * exactly what billing would take out: facturar.repository's findFacturaPorHacer), services excluded, only the orders
 * `frente` says count.
 */
export async function sumReservado(db: Db, codigoTienda: string, ids: number[], frente: Frente, dias: number) {
  if (ids.length === 0) return [];
  // Prepared, one text per kind of `frente`: every bill and every order's save runs it, and planning it cost as much as
  // running it (docs/decisions.md, "Una factura en pocas sentencias").
  const nombre = frente === null ? 'suma_reservado_todos' : frente.soloAnteriores ? 'suma_reservado_anteriores' : 'suma_reservado_otros';
  const { rows } = await preparada(
    nombre,
    sql<{ producto_id: number; reservado: string }>`
    select d.producto_id, sum(d.cantidad) as reservado
      from ${lineasReservadas(codigoTienda, ids, frente, dias)}
     group by d.producto_id
  `,
  ).execute(db);
  return rows;
}

/**
 * The orders holding each product of `ids` in the store (the kardex's 'Reservas' tab, the 409's names): order, state,
 * customer, seller, quantity, since its last save and when it lapses; oldest first.
 */
export async function listReservasDeProductos(db: Db, codigoTienda: string, ids: number[], frente: Frente, dias: number) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    producto_id: number;
    venta_id: number;
    estado_venta_id: number;
    nombres: string | null;
    apellidos: string | null;
    nombre_vendedor: string | null;
    cantidad: string;
    desde: Date;
    vence: Date;
  }>`
    select d.producto_id, v.id as venta_id, v.estado_venta_id,
           ${NOMBRES_VENTA.nombresCliente} as nombres, ${NOMBRES_VENTA.apellidosCliente} as apellidos,
           ${NOMBRES_VENTA.vendedor} as nombre_vendedor,
           sum(d.cantidad) as cantidad, ${desdeReserva()} as desde, ${vencimientoReserva(dias)} as vence
      from ${lineasReservadas(codigoTienda, ids, frente, dias)}
      join venta v on v.id = r.id
     group by d.producto_id, v.id
     order by d.producto_id, desde, v.id
     limit 500
  `.execute(db);
  return rows;
}
