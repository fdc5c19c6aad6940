import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FacturasConsulta } from '@tablero/domain';
import type { Database, Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';

/** The filters of the billing list as the repository reads them: the store, the state, the dates and the search. */
export interface FiltrosFacturas extends FacturasConsulta {
  codigoTienda: string;
  /** The business's time zone (config.zonaHoraria): the dates are calendar days there. */
  zona: string;
}

type EbVenta = ExpressionBuilder<Database, 'venta'>;

/**
 * One word of the search (buscarEn, word by word) in any of the columns the list shows: the customer's document and
 * names, the seller's name, the sale number and the invoice prefix+number. The customer and the seller are looked up
 * in their own tables (`cliente_id in (…)`: a hashed subplan the trigram indexes of tercero feed), so the sales of
 * the date range are not joined and unaccented row by row; a sale matches when each word is in one of its columns.
 */
function palabraEnVenta(eb: EbVenta, palabra: string): Expression<SqlBool> {
  return eb.or([
    eb(
      'venta.cliente_id',
      'in',
      eb.selectFrom('tercero').select('tercero.id').where((t) => buscarEn(t, { texto: ['tercero.nombres', 'tercero.apellidos'], documentos: ['tercero.numero_documento'] }, palabra)),
    ),
    eb('venta.vendedor_id', 'in', eb.selectFrom('usuario').select('usuario.id').where((u) => buscarEn(u, { texto: ['usuario.name'] }, palabra))),
    buscarEn(
      eb,
      {
        texto: [
          sql<string>`venta.id::text`,
          // The invoice as typed with or without its dash ('FE1024', 'FE-1024'); null while the sale is not billed.
          sql<string>`venta.prefijo_factura_dian || venta.nro_factura_dian::text`,
          sql<string>`venta.prefijo_factura_dian || '-' || venta.nro_factura_dian::text`,
        ],
      },
      palabra,
    ),
  ]);
}

/**
 * The store's sales in the chosen state whose fecha_venta, as a calendar date in the business's zone, is within the
 * range (both days included). The bounds are computed once as instants, so the (codigo_tienda, estado_venta_id,
 * fecha_venta, id) index serves both the filter and the order.
 */
function ventasFiltradas(db: Db, filtros: FiltrosFacturas) {
  const palabras = filtros.query_params.split(/\s+/).filter((p) => p !== '');
  return db
    .selectFrom('venta')
    .where('venta.codigo_tienda', '=', filtros.codigoTienda)
    .where('venta.estado_venta_id', '=', filtros.estado_venta_id)
    .where('venta.fecha_venta', '>=', sql<Date>`(${filtros.fecha_inicial}::date)::timestamp at time zone ${filtros.zona}`)
    .where('venta.fecha_venta', '<', sql<Date>`(${filtros.fecha_final}::date + 1)::timestamp at time zone ${filtros.zona}`)
    .$if(palabras.length > 0, (consulta) => consulta.where((eb) => eb.and(palabras.map((palabra) => palabraEnVenta(eb, palabra)))));
}

/** The count and sums of every sale the filters select (the list's footer), not only a page. */
export function totalesFiltrados(db: Db, filtros: FiltrosFacturas) {
  return ventasFiltradas(db, filtros)
    .select((eb) => [
      eb.fn.countAll<string>().as('ventas'),
      sql<string>`coalesce(sum(venta.total_subtotal_venta), 0)`.as('total_subtotal_venta'),
      sql<string>`coalesce(sum(venta.total_descuento), 0)`.as('total_descuento'),
      sql<string>`coalesce(sum(venta.total_impuestos_venta), 0)`.as('total_impuestos'),
      sql<string>`coalesce(sum(venta.total_venta), 0)`.as('total_venta'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The rows of the list, newest first (the id breaks ties, so pages never repeat or skip a sale), `limite` rows from
 * `desde`, with the names the table shows. The joins run on the page's rows only.
 */
export function listFacturas(db: Db, filtros: FiltrosFacturas, desde: number, limite: number) {
  const pagina = ventasFiltradas(db, filtros)
    .select('venta.id')
    .orderBy('venta.fecha_venta', 'desc')
    .orderBy('venta.id', 'desc')
    .limit(limite)
    .offset(desde);
  return db
    .selectFrom(pagina.as('p'))
    .innerJoin('venta as v', 'v.id', 'p.id')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .innerJoin('usuario as u', 'u.id', 'v.vendedor_id')
    .innerJoin('estado_venta as e', 'e.id', 'v.estado_venta_id')
    .innerJoin('tipo_pago as tp', 'tp.id', 'v.tipo_pago_id')
    .select([
      'v.id',
      'v.codigo_tienda',
      'v.fecha_venta',
      't.numero_documento',
      't.nombres',
      't.apellidos',
      'u.name as nombre_vendedor',
      'v.total_subtotal_venta',
      'v.total_descuento',
      'v.total_impuestos_venta',
      'v.total_otros_impuestos_venta',
      'v.total_venta',
      'v.estado_venta_id',
      'e.nombre_estado_venta',
      'v.tipo_pago_id',
      'tp.nombre_tipo_pago',
      'v.tipo_documento',
      'v.prefijo_factura_dian',
      'v.nro_factura_dian',
      'v.fecha_factura',
      'v.fecha_factura_dian',
      'v.factura_code_siigo',
      'v.permite_fe',
      'v.modo_factura',
      'v.crear_factura_siigo',
      'v.valor_recibido_efectivo',
      'v.valor_venta_cambio_favor',
    ])
    .orderBy('v.fecha_venta', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
}
export type FilaFactura = Awaited<ReturnType<typeof listFacturas>>[number];

/** The payments of these sales with their method's name, by sale and in the order they were written. */
export function listFormasPagoDeVentas(db: Db, ventaIds: number[]) {
  if (ventaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('venta_forma_pago as vf')
    .innerJoin('forma_pago as f', 'f.id', 'vf.forma_pago_id')
    .select(['vf.id', 'vf.venta_id', 'vf.forma_pago_id', 'f.nombre_forma_pago', 'vf.valor_pagado', 'vf.codigo_comprobante_pago', 'vf.adjunto_comprobante_pago'])
    .where('vf.venta_id', '=', sql<number>`any(${ventaIds}::int[])`)
    .orderBy('vf.venta_id')
    .orderBy('vf.id')
    .execute();
}

/** The store of a sale (for the public document, whose signed link names the sale alone). */
export async function findTiendaDeVenta(db: Db, ventaId: number): Promise<string | null> {
  const fila = await db.selectFrom('venta').select('codigo_tienda').where('id', '=', ventaId).executeTakeFirst();
  return fila?.codigo_tienda ?? null;
}

/** The billing fields of one sale, with who billed it and who annulled it. */
export function findFacturacion(db: Db, ventaId: number) {
  return db
    .selectFrom('venta as v')
    .leftJoin('usuario as f', 'f.id', 'v.facturador_id')
    .leftJoin('usuario as a', 'a.id', 'v.anulador_id')
    .select([
      'v.tipo_documento',
      'v.prefijo_factura_dian',
      'v.nro_factura_dian',
      'v.fecha_factura',
      'v.fecha_factura_dian',
      'v.factura_code_siigo',
      'v.permite_fe',
      'v.modo_factura',
      'v.crear_factura_siigo',
      'v.valor_recibido_efectivo',
      'v.valor_venta_cambio_favor',
      'v.fecha_anulacion',
      'f.name as nombre_facturador',
      'a.name as nombre_anulador',
    ])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}
