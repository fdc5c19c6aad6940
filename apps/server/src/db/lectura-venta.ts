// How the modules that show a sale read it (billing, its printed document, dispatch, e-invoicing, returns): the same
// names, joins and line amounts.
import { sql } from 'kysely';
import type { Db } from './database';
import type { Trx } from './transaccion';

/**
 * The names a sale's codes show (spec 000 §3 Sale header: state, payment type, customer, seller), as scalar subqueries
 * over `venta as v`: a scalar subquery on a key costs PostgreSQL less to plan than joins of the lookup tables
 * (ventas/facturas.repository.ts, filasDe).
 */
export const NOMBRES_VENTA = {
  estado: sql<string>`(select e.nombre_estado_venta from estado_venta e where e.id = v.estado_venta_id)`,
  tipoPago: sql<string>`(select tp.nombre_tipo_pago from tipo_pago tp where tp.id = v.tipo_pago_id)`,
  documentoCliente: sql<string>`(select t.numero_documento from tercero t where t.id = v.cliente_id)`,
  nombresCliente: sql<string>`(select t.nombres from tercero t where t.id = v.cliente_id)`,
  apellidosCliente: sql<string>`(select t.apellidos from tercero t where t.id = v.cliente_id)`,
  vendedor: sql<string>`(select u.name from usuario u where u.id = v.vendedor_id)`,
} as const;

/** A sale header's five totals (spec 000 §3 Sale header), over `venta as v`. */
export const TOTALES_VENTA = [
  'v.total_subtotal_venta',
  'v.total_descuento',
  'v.total_impuestos_venta',
  'v.total_otros_impuestos_venta',
  'v.total_venta',
] as const;

/** A sale line's quantity, price, percentages and amounts (spec 000 §3 Sale detail), over `venta_detalle as d`. */
export const VALORES_LINEA_VENTA = [
  'd.cantidad',
  'd.precio_unitario',
  'd.porcentaje_descuento',
  'd.porcentaje_impuesto',
  'd.valor_bruto',
  'd.valor_descuento',
  'd.valor_subtotal',
  'd.valor_impuesto',
  'd.valor_otros_impuestos',
] as const;

/**
 * A sale (`v`) with its customer (`c`), the customer's document type (`td`) and the names of the customer's city (`ci`)
 * and department (`de`, DIVIPOLA codes; none when the customer has no place): what a printed sale document and an
 * e-invoice say of the buyer. The caller adds its own joins, columns and filter.
 */
export function ventaConCliente(db: Db | Trx) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tercero as c', 'c.id', 'v.cliente_id')
    .innerJoin('tipo_documento as td', 'td.id', 'c.tipo_documento_id')
    .leftJoin('ciudad as ci', (join) =>
      join.onRef('ci.country_code', '=', 'c.country_code').onRef('ci.state_code', '=', 'c.state_code').onRef('ci.city_code', '=', 'c.city_code'),
    )
    .leftJoin('departamento as de', (join) => join.onRef('de.country_code', '=', 'c.country_code').onRef('de.state_code', '=', 'c.state_code'));
}

/**
 * A sale (`v`) with the rows its codes name: customer (`t`), seller (`u`), store (`ti`), state (`e`) and payment type
 * (`tp`), for lists that show and filter by those names (orders, production). The caller adds its columns and filter.
 */
export function ventaConNombres(db: Db | Trx) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .innerJoin('usuario as u', 'u.id', 'v.vendedor_id')
    .innerJoin('tienda as ti', 'ti.codigo_tienda', 'v.codigo_tienda')
    .innerJoin('estado_venta as e', 'e.id', 'v.estado_venta_id')
    .innerJoin('tipo_pago as tp', 'tp.id', 'v.tipo_pago_id');
}

/**
 * The store's sale, locked FOR SHARE (lock order 6, docs/architecture.md §3): what hangs work on a billed sale (its
 * production order, its dispatch turn) holds it so that its annulment waits, while other such work may go on.
 */
export function lockVentaCompartida(trx: Trx, ventaId: number, codigoTienda: string) {
  return trx
    .selectFrom('venta')
    .select(['id', 'codigo_tienda', 'estado_venta_id'])
    .where('id', '=', ventaId)
    .where('codigo_tienda', '=', codigoTienda)
    .forShare()
    .executeTakeFirst();
}

/** A sale's lines (`d`) in item order, each with its product (`p`); the caller adds its joins and columns. */
export function lineasDeVenta(db: Db | Trx, ventaId: number) {
  return db.selectFrom('venta_detalle as d').innerJoin('producto as p', 'p.id', 'd.producto_id').where('d.venta_id', '=', ventaId).orderBy('d.item');
}

/**
 * The lines (`dd`) of a sale's returns (`dv`, ventas' partial returns), each with the sale line it gives back (`d`), in
 * the order they were written: what the sale's detail lists and what its notes carry. The caller adds its columns.
 */
export function lineasDeDevoluciones(db: Db | Trx, ventaId: number) {
  return db
    .selectFrom('devolucion_venta_detalle as dd')
    .innerJoin('devolucion_venta as dv', 'dv.id', 'dd.devolucion_venta_id')
    .innerJoin('venta_detalle as d', 'd.id', 'dd.venta_detalle_id')
    .where('dv.venta_id', '=', ventaId)
    .orderBy('dd.id');
}
