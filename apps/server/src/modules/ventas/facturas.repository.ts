import { sql, type AliasedExpression, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { EstadoDocumentoFe, FacturasConsulta, VentaFormaPago } from '@tablero/domain';
import { preparada, type Database, type Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';

/** The filters of the billing list as the repository reads them: the store, the state, the dates and the search. */
export interface FiltrosFacturas extends FacturasConsulta {
  codigoTienda: string;
  /** The business's time zone (config.zonaHoraria): the dates are calendar days there. */
  zona: string;
}

type EbVenta = ExpressionBuilder<Database, 'venta'>;

/**
 * One word of the search (buscarEn) in any of the columns the list shows: the customer's names and document, the
 * seller's name, the sale number and the invoice prefix+number (with or without its dash); a sale matches when each
 * word is in one of its columns. The customer's names are the sale's own copy of their unaccented text
 * (venta.cliente_texto_busqueda, kept by triggers), read from the list's covering index: a plain LIKE over the range,
 * however many customers share the word. The customers whose document holds the word, and the sellers whose name does,
 * are few: they are found in their own tables, once per request (`cliente_id in (…)`). The sale's own columns are
 * joined with spaces into one text (a word has no whitespace, so it is inside the joined text exactly when it is
 * inside one of them), all read from the list's index.
 */
function palabraEnVenta(eb: EbVenta, palabra: string): Expression<SqlBool> {
  const clientesPorDocumento = eb
    .selectFrom('tercero')
    .select('tercero.id')
    .where((t) => buscarEn(t, { texto: [], documentos: ['tercero.numero_documento'] }, palabra));
  const vendedores = eb.selectFrom('usuario').select('usuario.id').where((u) => buscarEn(u, { texto: ['usuario.name'] }, palabra));
  // Digits and the DIAN prefix (letters A–Z and digits): lower case is all the unaccenting they need.
  const propias = sql<string>`lower(concat_ws(' ', venta.id, venta.prefijo_factura_dian || venta.nro_factura_dian,
    venta.prefijo_factura_dian || '-' || venta.nro_factura_dian))`;
  return eb.or([
    buscarEn(eb, { texto: [], textoSinAcentos: ['venta.cliente_texto_busqueda'] }, palabra),
    eb('venta.cliente_id', 'in', clientesPorDocumento),
    eb('venta.vendedor_id', 'in', vendedores),
    buscarEn(eb, { texto: [], textoSinAcentos: [propias] }, palabra),
  ]);
}

/**
 * The store's sales in the chosen state whose fecha_venta, as a calendar date in the business's zone, is within the
 * range (both days included). The bounds are computed once as instants, so the (codigo_tienda, estado_venta_id,
 * fecha_venta, id) index serves both the filter and the order.
 */
function ventasFiltradas(db: Db, filtros: FiltrosFacturas) {
  const palabras = filtros.query_params.split(/\s+/).filter((palabra) => palabra !== '');
  return db
    .selectFrom('venta')
    .where('venta.codigo_tienda', '=', filtros.codigoTienda)
    .where('venta.estado_venta_id', '=', filtros.estado_venta_id)
    .where('venta.fecha_venta', '>=', sql<Date>`(${filtros.fecha_inicial}::date)::timestamp at time zone ${filtros.zona}`)
    .where('venta.fecha_venta', '<', sql<Date>`(${filtros.fecha_final}::date + 1)::timestamp at time zone ${filtros.zona}`)
    .$if(palabras.length > 0, (consulta) => consulta.where((eb) => eb.and(palabras.map((palabra) => palabraEnVenta(eb, palabra)))));
}

/** The footer's figures over `tabla` (the filtered sales): count and the four sums, 0 for an empty set. */
function sumasPie(tabla: 'venta' | 'f') {
  const suma = (columna: string) => sql<string>`coalesce(sum(${sql.ref(`${tabla}.${columna}`)}), 0)`;
  return [
    sql<string>`count(*)`.as('ventas'),
    suma('total_subtotal_venta').as('total_subtotal_venta'),
    suma('total_descuento').as('total_descuento'),
    suma('total_impuestos_venta').as('total_impuestos'),
    suma('total_venta').as('total_venta'),
  ];
}
export type SumasPie = { ventas: string; total_subtotal_venta: string; total_descuento: string; total_impuestos: string; total_venta: string };

/**
 * The count and sums of every sale the filters select (the list's footer), not only a page. Without a term the text
 * never changes, so it is a prepared statement (planned once per connection: the list is opened all day long).
 */
export async function totalesFiltrados(db: Db, filtros: FiltrosFacturas): Promise<SumasPie> {
  const consulta = ventasFiltradas(db, filtros).select(sumasPie('venta'));
  if (filtros.query_params !== '') return consulta.executeTakeFirstOrThrow();
  return (await preparada('facturas_pie', sql<SumasPie>`${consulta}`).execute(db)).rows[0]!;
}

/** The ids of one page of the filtered sales, newest first (the id breaks ties, so pages never repeat or skip a sale). */
function paginaDeIds(db: Db, filtros: FiltrosFacturas, desde: number, limite: number) {
  const ordenadas = ventasFiltradas(db, filtros).select('venta.id').orderBy('venta.fecha_venta', 'desc').orderBy('venta.id', 'desc');
  // The first page (what the list opens with, all day long) has its size written in the text and no offset: with
  // both as parameters PostgreSQL costs a generic plan for a tenth of the range's rows, keeps choosing a plan for
  // each call's values instead, and plans the statement again every time (4 ms, twice its execution).
  return desde === 0 ? ordenadas.limit(sql.lit(limite)) : ordenadas.limit(limite).offset(desde);
}

export async function idsPagina(db: Db, filtros: FiltrosFacturas, desde: number, limite: number): Promise<number[]> {
  return (await paginaDeIds(db, filtros, desde, limite).execute()).map((fila) => fila.id);
}

/**
 * The footer and one page's ids in one statement, the filters evaluated once (a CTE read twice is materialized):
 * what a search needs, whose condition is the costly part of the list. An empty page still answers the footer.
 */
export async function pieYPagina(db: Db, filtros: FiltrosFacturas, desde: number, limite: number): Promise<{ pie: SumasPie; ids: number[] }> {
  const filas = await db
    .with('f', () =>
      ventasFiltradas(db, filtros).select(['venta.id', 'venta.fecha_venta', 'venta.total_subtotal_venta', 'venta.total_descuento', 'venta.total_impuestos_venta', 'venta.total_venta']),
    )
    .with('t', (qc) => qc.selectFrom('f').select(sumasPie('f')))
    .selectFrom('t')
    .leftJoinLateral(
      (eb) => eb.selectFrom('f').select('f.id').orderBy('f.fecha_venta', 'desc').orderBy('f.id', 'desc').limit(limite).offset(desde).as('p'),
      (join) => join.onTrue(),
    )
    .select(['t.ventas', 't.total_subtotal_venta', 't.total_descuento', 't.total_impuestos', 't.total_venta', 'p.id'])
    .execute();
  const { id: _id, ...pie } = filas[0]!;
  return { pie, ids: filas.flatMap((fila) => (fila.id === null ? [] : [fila.id])) };
}

/**
 * The rows of the sales `origen` names (a subquery of ids), newest first, with the names the table shows and their
 * payments merged (one row per sale, payments as a JSON array in the order they were written). The names are scalar
 * subqueries, not joins: a join of six tables cost PostgreSQL 3 ms to plan for a page it reads in 0.6 ms.
 */
function filasDe(db: Db, origen: AliasedExpression<{ id: number }, 'p'>) {
  return db
    .selectFrom(origen)
    .innerJoin('venta as v', 'v.id', 'p.id')
    .select([
      'v.id',
      'v.codigo_tienda',
      'v.fecha_venta',
      sql<string>`(select t.numero_documento from tercero t where t.id = v.cliente_id)`.as('numero_documento'),
      sql<string>`(select t.nombres from tercero t where t.id = v.cliente_id)`.as('nombres'),
      sql<string>`(select t.apellidos from tercero t where t.id = v.cliente_id)`.as('apellidos'),
      sql<string>`(select u.name from usuario u where u.id = v.vendedor_id)`.as('nombre_vendedor'),
      'v.total_subtotal_venta',
      'v.total_descuento',
      'v.total_impuestos_venta',
      'v.total_otros_impuestos_venta',
      'v.total_venta',
      'v.estado_venta_id',
      sql<string>`(select e.nombre_estado_venta from estado_venta e where e.id = v.estado_venta_id)`.as('nombre_estado_venta'),
      'v.tipo_pago_id',
      sql<string>`(select tp.nombre_tipo_pago from tipo_pago tp where tp.id = v.tipo_pago_id)`.as('nombre_tipo_pago'),
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
      // The electronic invoice's state (issue 16), read through documento_fe's unique (venta_id, tipo) index.
      sql<EstadoDocumentoFe | null>`(select d.estado from documento_fe d where d.venta_id = v.id and d.tipo = 'FACTURA')`.as('estado_fe'),
      sql<Omit<VentaFormaPago, 'url_adjunto_comprobante'>[]>`coalesce((
        select json_agg(json_build_object(
                 'id', vf.id, 'forma_pago_id', vf.forma_pago_id, 'nombre_forma_pago', f.nombre_forma_pago, 'valor_pagado', vf.valor_pagado,
                 'codigo_comprobante_pago', vf.codigo_comprobante_pago, 'adjunto_comprobante_pago', vf.adjunto_comprobante_pago
               ) order by vf.id)
          from venta_forma_pago vf join forma_pago f on f.id = vf.forma_pago_id
         where vf.venta_id = v.id
      ), '[]'::json)`.as('formas_pagos'),
    ])
    .orderBy('v.fecha_venta', 'desc')
    .orderBy('v.id', 'desc');
}
export type FilaFactura = Awaited<ReturnType<ReturnType<typeof filasDe>['execute']>>[number];

/**
 * One page of the list without a term: its ids from the list's index and its rows, in one statement; the first page
 * of each page size is a prepared one (paginaDeIds).
 */
export async function paginaFacturas(db: Db, filtros: FiltrosFacturas, desde: number, limite: number): Promise<FilaFactura[]> {
  const consulta = filasDe(db, paginaDeIds(db, filtros, desde, limite).as('p'));
  if (filtros.query_params !== '' || desde !== 0) return consulta.execute();
  return (await preparada(`facturas_pagina_${limite}`, sql<FilaFactura>`${consulta}`).execute(db)).rows;
}

/** The rows of these sales (the page a search chose, or the export's), newest first. */
export async function listFacturasPorIds(db: Db, ids: number[]): Promise<FilaFactura[]> {
  if (ids.length === 0) return [];
  const origen = sql<{ id: number }>`(select unnest(${ids}::int[]) as id)`.as('p');
  return (await preparada('facturas_por_ids', sql<FilaFactura>`${filasDe(db, origen)}`).execute(db)).rows;
}

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
      sql<EstadoDocumentoFe | null>`(select d.estado from documento_fe d where d.venta_id = v.id and d.tipo = 'FACTURA')`.as('estado_fe'),
      'v.fecha_anulacion',
      'f.name as nombre_facturador',
      'a.name as nombre_anulador',
    ])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}
