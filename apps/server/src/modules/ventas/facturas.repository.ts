import { sql, type AliasedExpression, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { ESTADO_FILTRO_TODOS, ESTADOS_VENTA, ID_MAXIMO, type EstadoDocumentoFe, type FacturasConsulta } from '@tablero/domain';
import { preparada, valorOpaco, type Database, type Db } from '../../db/database';
import { acotaCualquierPalabra, buscarEn, firmaBusqueda, palabrasDeBusqueda, patronBusqueda, type LigarTexto } from '../../db/busqueda';
import { PlantillasPreparadas, SIN_LIGAR, type Ligar } from '../../db/plantillas';
import { enDiasNegocio } from '../../db/dias-negocio';
import { NOMBRES_VENTA, TOTALES_VENTA } from '../../db/lectura-venta';

/** The filters of the billing list as the repository reads them: the store, the state, the dates and the search. */
export interface FiltrosFacturas extends FacturasConsulta {
  codigoTienda: string;
}

type EbVenta = ExpressionBuilder<Database, 'venta'>;

/**
 * What the list's statements are built from, and every value they send is computed from (db/plantillas.ts): the
 * filters, the search's words and the document a one-word search names exactly.
 */
interface EntradasLista {
  filtros: FiltrosFacturas;
  palabras: string[];
  documento: DocumentoExacto | null;
}
type LigarLista = Ligar<EntradasLista>;

/** The list's first pages, built once per statement name (db/plantillas.ts). */
const plantillasLista = new PlantillasPreparadas<EntradasLista>();

/** The filters' values as a statement sends them, each from its place in the inputs. */
function valoresFiltros(filtros: FiltrosFacturas, ligar: LigarLista) {
  return {
    tienda: ligar(filtros.codigoTienda, (e) => e.filtros.codigoTienda),
    estado: ligar(filtros.estado_venta_id, (e) => e.filtros.estado_venta_id),
    desde: ligar(filtros.fecha_inicial, (e) => e.filtros.fecha_inicial),
    hasta: ligar(filtros.fecha_final, (e) => e.filtros.fecha_final),
  };
}

/** `ligar` for the values derived from the search's word at `indice`. */
function ligarPalabra(ligar: LigarLista, indice: number): LigarTexto {
  return (valor, derivar) => ligar(valor, (e) => derivar(e.palabras[indice]!));
}

/**
 * One word of the search (buscarEn) in any of the columns the list shows: the customer's names and document, the
 * seller's name, the sale number and the invoice prefix+number (with or without its dash); a sale matches when each
 * word is in one of its columns. The customer's names are the sale's own copy of their unaccented text
 * (venta.cliente_texto_busqueda, kept by triggers), read from the list's covering index: a plain LIKE over the range,
 * however many customers share the word. The customers whose document holds the word, and the sellers whose name does,
 * are few: they are found in their own tables, once per request (`cliente_id in (…)`). The sale's own numbers are
 * numerosPropios's. Every pattern of a word the trigram indexes narrow is a scalar subquery (`patronesOpacos`), so the
 * plan of the list's prepared search is the same for every word of its shape and PostgreSQL keeps its generic plan.
 */
function palabraEnVenta(db: Db, eb: EbVenta, palabra: string, ligar: LigarTexto): Expression<SqlBool> {
  // The pattern of the sale's own columns (patronBusqueda's), opaque for every word, the short ones too: no index is
  // read with it, and under a generic plan a pattern written inline would be unaccented for every sale of the range
  // (docs/decisions.md, "Pendiente por facturar a 1.000.000 de ventas").
  const patron = valorOpaco(patronBusqueda(palabra, ligar));
  return eb.or([
    sql<SqlBool>`venta.cliente_texto_busqueda like ${patron}`,
    eb('venta.cliente_id', 'in', clientesPorDocumento(db, palabra, ligar)),
    eb('venta.vendedor_id', 'in', vendedoresDe(db, palabra, ligar)),
    numerosPropios(patron),
  ]);
}

/** The patterns of a word the trigram indexes narrow are scalar subqueries (buscarEn's `patronesOpacos`). */
function opcionesPalabra(palabra: string, ligar: LigarTexto) {
  // buscarEn is given the one word: its search is the word.
  return { patronesOpacos: acotaCualquierPalabra(palabra), ligar };
}

/** The customers whose document holds the word (few: found in their own table, once per statement). */
function clientesPorDocumento(db: Db, palabra: string, ligar: LigarTexto) {
  return db.selectFrom('tercero').select('tercero.id').where((t) => buscarEn(t, { texto: [], documentos: ['tercero.numero_documento'] }, palabra, opcionesPalabra(palabra, ligar)));
}

/** The sellers whose name holds the word. */
function vendedoresDe(db: Db, palabra: string, ligar: LigarTexto) {
  return db.selectFrom('usuario').select('usuario.id').where((u) => buscarEn(u, { texto: ['usuario.name'] }, palabra, opcionesPalabra(palabra, ligar)));
}

// A run of characters none of which is a digit, space or dash (what the id, the number and the separators are made
// of), nor a LIKE wildcard or the escape (`\\` is a backslash inside a bracket of a PostgreSQL regular expression).
const FUERA_DE_LOS_NUMEROS = '[^0-9 \\\\%_-]+';

/**
 * The word inside the sale's own numbers, `lower(concat_ws(' ', id, prefijo || nro, prefijo || '-' || nro))` like the
 * word's pattern (`patron`, patronBusqueda's), with the same answer for every sale, but without building that text for
 * each sale of the range where it cannot match (docs/decisions.md, "Pendiente por facturar a 1.000.000 de ventas"):
 * building it was two thirds of a search over the billed sales of two months. The id and the number are integers, so
 * their text is digits and '-'; the separators are ' ' and '-'. So:
 * - a sale without prefix or number has only its id's text: the id alone is compared;
 * - `resto`, the first run of the pattern's characters that are none of those nor a LIKE wildcard or escape, can only
 *   come from the prefix (a run never spans a digit, a dash or a space): a word with such a run is never in the id,
 *   and is in the joined text only if the run is in the lowered prefix (`strpos`, on a few letters); only then is the
 *   text built. A word of digits has no such run and is compared as before;
 * - a prefix with fewer characters than `resto` cannot hold it, and lowering a prefix keeps its length (the CHECK
 *   venta_prefijo_largo_estable, migration 202612090200), so `lower` runs only on prefixes as long as `resto` at
 *   least: with the usual two-to-four-letter prefixes a word of five letters lowers none (a third of a search over
 *   the billed sales of two months was lowering each sale's prefix);
 * - and before any of that, whether any prefix a sale has ever carried (venta_prefijo, migration 202612090300) is
 *   that long and holds `resto`: asked once per statement, so for a word of letters that no prefix holds ('gomez'),
 *   each sale of the range is asked one parameter instead of its prefix's length (a fifth of such a search).
 * `resto`, its length and that answer are scalar subqueries (valorOpaco): computed once per statement, also under a
 * generic plan.
 */
function numerosPropios(patron: RawBuilder<string>): RawBuilder<SqlBool> {
  const { resto, largoResto, algunPrefijoPuede } = partesDelPatron(patron);
  return sql<SqlBool>`((${resto} is null and venta.id::text like ${patron})
    or (${algunPrefijoPuede} and venta.prefijo_factura_dian is not null and venta.nro_factura_dian is not null
        and char_length(venta.prefijo_factura_dian) >= ${largoResto}
        and strpos(lower(venta.prefijo_factura_dian), coalesce(${resto}, '')) > 0
        and lower(concat_ws(' ', venta.id, venta.prefijo_factura_dian || venta.nro_factura_dian,
              venta.prefijo_factura_dian || '-' || venta.nro_factura_dian)) like ${patron}))`;
}

/** numerosPropios's parts of a pattern, each a scalar subquery (computed once per statement). */
function partesDelPatron(patron: RawBuilder<string>) {
  const resto = valorOpaco(sql<string | null>`substring(${patron} from ${FUERA_DE_LOS_NUMEROS})`);
  const largoResto = valorOpaco(sql<number>`char_length(coalesce(substring(${patron} from ${FUERA_DE_LOS_NUMEROS}), ''))`);
  // Asked once per statement, of every prefix a sale has carried (venta_prefijo, kept by venta's trigger): when none
  // can hold `resto`, no sale's prefix can, and each sale of the range stops at this one parameter.
  const algunPrefijoPuede = valorOpaco(
    sql<boolean>`exists (select from venta_prefijo p where char_length(p.prefijo) >= ${largoResto} and strpos(lower(p.prefijo), coalesce(${resto}, '')) > 0)`,
  );
  return { resto, largoResto, algunPrefijoPuede };
}

/** The search's words, as buscarEn splits them. */
function palabrasDe(filtros: FiltrosFacturas): string[] {
  return palabrasDeBusqueda(filtros.query_params);
}

/**
 * The store's sales in the chosen state whose fecha_venta, as a calendar date in the business's zone, is within the
 * range (both days included). The bounds are computed once as instants, so the (codigo_tienda, estado_venta_id,
 * fecha_venta, id) index serves both the filter and the order.
 */
function ventasFiltradas(db: Db, filtros: FiltrosFacturas, { sinIndiceDeLista = false, rangoOpaco = false } = {}, ligar: LigarLista = SIN_LIGAR) {
  const palabras = palabrasDe(filtros);
  const valores = valoresFiltros(filtros, ligar);
  // With `rangoOpaco`, the range's bounds are scalar subqueries (ventasPorFichas's document search).
  // With `sinIndiceDeLista`, the store, state and range are written `(…) is true`: the same answer, but no B-tree index
  // can serve them, for ventasPorFichas's branch that only the word index may lead (under a generic plan PostgreSQL
  // would rather skip-scan the list's index for the range and filter the word there, 30 times slower).
  const condicion = (expresion: RawBuilder<boolean>) => (sinIndiceDeLista ? sql<boolean>`(${expresion}) is true` : expresion);
  return db
    .selectFrom('venta')
    .where(condicion(sql<boolean>`venta.codigo_tienda = ${valores.tienda}`))
    // 'Todos' (ESTADO_FILTRO_TODOS) filters no state.
    .$if(filtros.estado_venta_id !== ESTADO_FILTRO_TODOS, (consulta) => consulta.where(condicion(sql<boolean>`venta.estado_venta_id = ${valores.estado}`)))
    // Quotations are not sales to bill (docs/decisions-cotizaciones.md): state 7 never shows, and an annulled one only
    // in its own list. Only 'Todos' and 'Anulado' can meet them, so the other states keep their index-only scan.
    .$if(filtros.estado_venta_id === ESTADO_FILTRO_TODOS, (consulta) =>
      consulta.where('venta.estado_venta_id', '<>', ESTADOS_VENTA.cotizacion).where((eb) => eb.or([eb('venta.estado_venta_id', '<>', ESTADOS_VENTA.anulado), eb('venta.fecha_validez', 'is', null)])),
    )
    .$if(filtros.estado_venta_id === ESTADOS_VENTA.anulado, (consulta) => consulta.where('venta.fecha_validez', 'is', null))
    .where(condicion(enDiasNegocio('venta.fecha_venta', { desde: valores.desde, hasta: valores.hasta, extremosOpacos: sinIndiceDeLista || rangoOpaco })))
    .$if(palabras.length > 0, (consulta) =>
      consulta.where((eb) => eb.and(palabras.map((palabra, indice) => palabraEnVenta(db, eb, palabra, ligarPalabra(ligar, indice))))),
    );
}

/**
 * The prepared statements' name suffix of the filters' SQL text: 'Todos' leaves the state out and keeps quotations out,
 * 'Anulado' keeps annulled quotations out (ventasFiltradas); every other state shares one text. A footer read from the
 * summary (pieDeResumen) is another text again.
 */
function sufijoTexto(filtros: FiltrosFacturas): string {
  if (filtros.estado_venta_id === ESTADO_FILTRO_TODOS) return '_todos';
  const estado = filtros.estado_venta_id === ESTADOS_VENTA.anulado ? '_anulado' : '';
  return pieDeResumen(filtros) ? `${estado}_resumen` : estado;
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

/** The states whose footer without a term is read from resumen_lista_facturas (migration 202612090400). */
const ESTADOS_RESUMIDOS: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.anulado];

/**
 * The footer without a term of the billed or the annulled sales: the sum of its days in resumen_lista_facturas,
 * which venta's triggers keep (about sixty rows for two months, where reading the sales was 37,890 of them in the
 * benchmark). The same figures as sumasPie over ventasFiltradas: the summary counts the same sales (an annulled
 * quotation is in neither), by the same calendar days in Bogotá; facturas.test.ts compares both.
 */
function pieResumido(db: Db, filtros: FiltrosFacturas, ligar: LigarLista) {
  const valores = valoresFiltros(filtros, ligar);
  const suma = (columna: string) => sql<string>`coalesce(sum(${sql.ref(`r.${columna}`)}), 0)`;
  return db
    .selectFrom('resumen_lista_facturas as r')
    .select([
      suma('ventas').as('ventas'),
      suma('total_subtotal_venta').as('total_subtotal_venta'),
      suma('total_descuento').as('total_descuento'),
      suma('total_impuestos_venta').as('total_impuestos'),
      suma('total_venta').as('total_venta'),
    ])
    .where('r.codigo_tienda', '=', valores.tienda)
    .where('r.estado_venta_id', '=', valores.estado)
    .where('r.dia', '>=', sql<string>`${valores.desde}::date`)
    .where('r.dia', '<=', sql<string>`${valores.hasta}::date`);
}

/** Whether the footer of these filters is read from the summary (no term, one of its states). */
function pieDeResumen(filtros: FiltrosFacturas): boolean {
  return filtros.query_params === '' && ESTADOS_RESUMIDOS.includes(filtros.estado_venta_id);
}

/** The footer's statement of these filters: from the summary when it holds them, else over the filtered sales. */
function consultaPie(db: Db, filtros: FiltrosFacturas, ligar: LigarLista = SIN_LIGAR) {
  return pieDeResumen(filtros) ? pieResumido(db, filtros, ligar) : ventasFiltradas(db, filtros, {}, ligar).select(sumasPie('venta'));
}

/**
 * The count and sums of every sale the filters select (the list's footer), not only a page. Without a term the text
 * never changes, so it is a prepared statement (planned once per connection: the list is opened all day long).
 */
export async function totalesFiltrados(db: Db, filtros: FiltrosFacturas): Promise<SumasPie> {
  const consulta = consultaPie(db, filtros);
  if (filtros.query_params !== '') return consulta.executeTakeFirstOrThrow();
  // Every state is another text, so another prepared statement.
  const nombre = `facturas_pie${sufijoTexto(filtros)}`;
  return (await preparada(nombre, sql<SumasPie>`${consulta}`).execute(db)).rows[0]!;
}

/** The ids of one page of the filtered sales, newest first (the id breaks ties, so pages never repeat or skip a sale). */
function paginaDeIds(db: Db, filtros: FiltrosFacturas, desde: number, limite: number, ligar: LigarLista = SIN_LIGAR) {
  const ordenadas = ventasFiltradas(db, filtros, {}, ligar).select('venta.id').orderBy('venta.fecha_venta', 'desc').orderBy('venta.id', 'desc');
  // The first page (what the list opens with, all day long) has its size written in the text and no offset: with
  // both as parameters PostgreSQL costs a generic plan for a tenth of the range's rows, keeps choosing a plan for
  // each call's values instead, and plans the statement again every time (4 ms, twice its execution).
  return desde === 0 ? ordenadas.limit(sql.lit(limite)) : ordenadas.limit(limite).offset(desde);
}

/**
 * A sale's billing fields over `venta as v`: its document and DIAN numbering, how it is invoiced, the cash received,
 * and its electronic invoice's state (read through documento_fe's unique (venta_id, tipo) index).
 */
const COLUMNAS_FACTURACION = [
  'v.tipo_documento',
  'v.prefijo_factura_dian',
  'v.nro_factura_dian',
  'v.fecha_factura',
  'v.fecha_factura_dian',
  'v.fecha_vencimiento',
  'v.factura_code_siigo',
  'v.permite_fe',
  'v.modo_factura',
  'v.crear_factura_siigo',
  'v.valor_recibido_efectivo',
  'v.valor_venta_cambio_favor',
  'v.ajuste_redondeo',
  sql<EstadoDocumentoFe | null>`(select d.estado from documento_fe d where d.venta_id = v.id and d.tipo in ('FACTURA', 'POS'))`.as('estado_fe'),
] as const;

/**
 * The rows of the sales `origen` names (a subquery of ids), newest first, with the names the table shows and their
 * payments merged (one row per sale, payments as a JSON array in the order they were written). The names are scalar
 * subqueries, not joins: a join of six tables cost PostgreSQL 3 ms to plan for a page it reads in 0.6 ms.
 */
function filasDe(db: Db, origen: AliasedExpression<{ id: number }, 'p'>) {
  return db
    .selectFrom(origen)
    .innerJoin('venta as v', 'v.id', 'p.id')
    .select((eb) => [
      'v.id',
      'v.codigo_tienda',
      'v.fecha_venta',
      NOMBRES_VENTA.documentoCliente.as('numero_documento'),
      NOMBRES_VENTA.nombresCliente.as('nombres'),
      NOMBRES_VENTA.apellidosCliente.as('apellidos'),
      NOMBRES_VENTA.vendedor.as('nombre_vendedor'),
      ...TOTALES_VENTA,
      'v.estado_venta_id',
      NOMBRES_VENTA.estado.as('nombre_estado_venta'),
      'v.tipo_pago_id',
      NOMBRES_VENTA.tipoPago.as('nombre_tipo_pago'),
      ...COLUMNAS_FACTURACION,
      jsonArrayFrom(
        eb
          .selectFrom('venta_forma_pago as vf')
          .innerJoin('forma_pago as f', 'f.id', 'vf.forma_pago_id')
          .select([
            'vf.id',
            'vf.forma_pago_id',
            'f.nombre_forma_pago',
            // In JSON a numeric is a number (not the text the driver gives for a column).
            sql<number>`vf.valor_pagado`.as('valor_pagado'),
            'vf.codigo_comprobante_pago',
            'vf.adjunto_comprobante_pago',
          ])
          .whereRef('vf.venta_id', '=', 'v.id')
          .orderBy('vf.id'),
      ).as('formas_pagos'),
    ])
    .orderBy('v.fecha_venta', 'desc')
    .orderBy('v.id', 'desc');
}
export type FilaFactura = Awaited<ReturnType<ReturnType<typeof filasDe>['execute']>>[number];

/** One row of the list's statement: a sale of the page, or only the footer (every sale column null) when the page is empty. */
type FilaPaginaConPie = PieConPrefijo & ({ [K in keyof FilaFactura]: FilaFactura[K] } | { [K in keyof FilaFactura]: null });
type PieConPrefijo = { [K in keyof SumasPie as `pie_${K}`]: SumasPie[K] };

/** How many words a search may have and still be a prepared statement (each shape of search is one statement). */
const PALABRAS_PREPARADAS = 3;

/**
 * One page of the list and its footer (count and sums of every sale the filters select) in one statement: one round
 * trip and one pooled connection per request, which under twenty cashiers at once matters more than the statement
 * itself. Without a term the footer and the page are two reads of the list's index; with one, the search (the costly
 * part) is evaluated once, in a materialized CTE both read. The first page is a prepared statement, one per page size
 * and shape of search (formaDeBusqueda: the text changes with each word's kind, never with its letters), so the list
 * opened all day long is planned once per connection. The footer comes in every row (and alone when the page is
 * empty); its columns are prefixed so they never clash with the sale's own totals.
 */
export async function paginaConPie(db: Db, filtros: FiltrosFacturas, desde: number, limite: number): Promise<{ pie: SumasPie; filas: FilaFactura[] }> {
  const palabras = palabrasDe(filtros);
  // A one-word search with a document's shape puts the sales whose document it is exactly first (docs/decisions.md,
  // "Un documento exacto primero"): another text, in the same statement.
  const documento = documentoExacto(palabras);
  // The first page has its size in the text and no offset: with both as parameters PostgreSQL costs a generic plan
  // for a tenth of the range's rows, keeps choosing a plan for each call's values instead, and plans every time.
  const primera = desde === 0;
  // The word that leads a search through the word index (ventasPorFichas), if any: another SQL text ('_f' and its place).
  const guia = palabraGuia(filtros, palabras);
  const construir = (ligar: LigarLista): RawBuilder<FilaPaginaConPie> => {
    const limitar = primera ? sql`limit ${sql.lit(limite)}` : sql`limit ${limite} offset ${desde}`;
    if (palabras.length === 0) {
      const totales = consultaPie(db, filtros, ligar);
      return sql`select ${columnasPie('t')}, r.* from (${totales}) as t left join (${filasDe(db, paginaDeIds(db, filtros, desde, limite, ligar).as('p'))}) as r on true
                  order by r.fecha_venta desc, r.id desc`;
    }
    // An invoice looked up in the billed sales is 'Ir a Facturación' of Cierre de mes (one day) as much as a number
    // typed over two months: its range is opaque (scalar subqueries), so PostgreSQL settles on the generic plan, the
    // same for any range, instead of planning a one-day range on every call (4 ms of planning for a statement that
    // runs in 1 ms; docs/decisions.md, "Un documento exacto primero").
    const filtradas = guia === null ? ventasFiltradas(db, filtros, {}, ligar).select(COLUMNAS_FILTRADAS) : ventasPorFichas(db, filtros, guia, documento !== null, ligar);
    // With a document, the exact sales (`e`, looked up by the document's own index) sort first, in the page and in
    // the rows' order; being in `f` is what makes them pass the filters, and the order is the same on every page.
    // (An array, not a subquery: `= any(subquery)` would compare each id with the whole array.)
    const exactas = documento === null ? null : sql`(select e.ids from e)::int[]`;
    const primeroExactas = (columna: string) => (exactas === null ? sql`` : sql`${sql.ref(columna)} = any(${exactas}) desc, `);
    const pagina = sql<{ id: number }>`(select f.id from f order by ${primeroExactas('f.id')}f.fecha_venta desc, f.id desc ${limitar})`.as('p');
    const conExactas = documento === null ? sql`` : sql`, e as (select array(${ventasDelDocumento(db, documento, ligar)}) as ids)`;
    return sql`with f as materialized (${filtradas})${conExactas}
               select ${columnasPie('t')}, r.* from (select ${sql.join(sumasPie('f'))} from f) as t left join (${filasDe(db, pagina)}) as r on true
               order by ${primeroExactas('r.id')}r.fecha_venta desc, r.id desc`;
  };
  // 'Todos' and 'Anulado' have texts of their own: other statement names; so has a search for a document.
  const todos = sufijoTexto(filtros);
  const busqueda = `${todos}${guia === null ? '' : `_f${guia}`}_${formaDeBusqueda(palabras)}${documento === null ? '' : `_exacta_${documento.tipo}`}_${limite}`;
  const nombre = !primera ? null : palabras.length === 0 ? `facturas_lista${todos}_${limite}` : palabras.length <= PALABRAS_PREPARADAS ? `facturas_busqueda${busqueda}` : null;
  // A prepared first page is built once per name (db/plantillas.ts); any other page is built for its own call.
  const { rows } = await (nombre === null ? construir(SIN_LIGAR).execute(db) : plantillasLista.ejecutar(db, nombre, { filtros, palabras, documento }, construir));
  const primeraFila = rows[0]!;
  return {
    pie: {
      ventas: primeraFila.pie_ventas,
      total_subtotal_venta: primeraFila.pie_total_subtotal_venta,
      total_descuento: primeraFila.pie_total_descuento,
      total_impuestos: primeraFila.pie_total_impuestos,
      total_venta: primeraFila.pie_total_venta,
    },
    filas: rows.flatMap((fila) => (fila.id === null ? [] : [fila as FilaFactura & PieConPrefijo])),
  };
}

/**
 * The sale a one-word search names exactly, if its word has a document's shape (docs/decisions.md, "Un documento exacto
 * primero"): all digits, written as an id is (no leading zero, within int4), is the sale number; letters and digits
 * ending in digits, with at most one dash before them and a letter before those digits, is an invoice's prefix+number,
 * with or without the dash. Prefixes are [A-Z0-9] (rango_numeracion's CHECK), so 'FE210' may be 'FE' 210 or 'FE2'
 * 10: `numeros` are the numbers it may end with (each suffix of its last run of digits written as an integer is),
 * which the lookup narrows by; the word itself decides. Null for any other word: no lookup.
 */
type DocumentoExacto = { tipo: 'venta'; id: number } | { tipo: 'factura'; palabra: string; numeros: number[] };

const COMO_NUMERO_VENTA = /^[1-9]\d{0,9}$/;
const COMO_FACTURA = /^[a-z0-9]*[a-z][a-z0-9]*?-?(\d+)$/i;

function documentoExacto(palabras: string[]): DocumentoExacto | null {
  if (palabras.length !== 1) return null;
  const palabra = palabras[0]!;
  if (COMO_NUMERO_VENTA.test(palabra)) return Number(palabra) <= ID_MAXIMO ? { tipo: 'venta', id: Number(palabra) } : null;
  const digitos = COMO_FACTURA.exec(palabra)?.[1];
  if (digitos === undefined) return null;
  // Each suffix of the last run of digits that an integer's text can be (no leading zero, within int4).
  const numeros = [...digitos].flatMap((_, desde) => {
    const texto = digitos.slice(desde);
    return (texto === '0' || COMO_NUMERO_VENTA.test(texto)) && Number(texto) <= ID_MAXIMO ? [Number(texto)] : [];
  });
  return numeros.length === 0 ? null : { tipo: 'factura', palabra, numeros };
}

/**
 * The sales whose document is exactly the word (documentoExacto), of any store or state: the statement keeps those of
 * its filtered set only. Read by the document's own index: venta_pkey for the sale number; for an invoice,
 * venta_documento_unico (rango_numeracion_id, nro_factura_dian), skipping over its few ranges (PostgreSQL 18's skip
 * scan) to each number the word may end with.
 */
function ventasDelDocumento(db: Db, documento: DocumentoExacto, ligar: LigarLista = SIN_LIGAR) {
  const ventas = db.selectFrom('venta').select('venta.id');
  // The inputs of a statement with a document hold one of the same kind: the statement's name says which.
  if (documento.tipo === 'venta') return ventas.where(sql<boolean>`venta.id = ${ligar(documento.id, (e) => (e.documento as typeof documento).id)}`);
  const numeros = ligar(documento.numeros, (e) => (e.documento as typeof documento).numeros);
  const palabra = ligar(documento.palabra, (e) => (e.documento as typeof documento).palabra);
  return ventas
    .where(sql<boolean>`venta.nro_factura_dian = any(${numeros}::int[])`)
    .where(sql<boolean>`lower(${palabra}) in (lower(venta.prefijo_factura_dian || venta.nro_factura_dian), lower(venta.prefijo_factura_dian || '-' || venta.nro_factura_dian))`);
}

/** What a search's materialized CTE keeps of each sale: the page's order and the footer's sums. */
const COLUMNAS_FILTRADAS = ['venta.id', 'venta.fecha_venta', 'venta.total_subtotal_venta', 'venta.total_descuento', 'venta.total_impuestos_venta', 'venta.total_venta'] as const;

/**
 * Which word of a search over billed or annulled sales leads it through venta_fichas_lista_idx (ventasPorFichas): the
 * longest word with three characters at least (a word, a document or a number), or null (another state, or only
 * shorter words: the walk over the list's index).
 */
function palabraGuia(filtros: FiltrosFacturas, palabras: string[]): number | null {
  if (!ESTADOS_RESUMIDOS.includes(filtros.estado_venta_id)) return null;
  let guia: number | null = null;
  palabras.forEach((palabra, indice) => {
    const conFichas = [...palabra].length >= 3;
    if (conFichas && (guia === null || [...palabra].length > [...palabras[guia]!].length)) guia = indice;
  });
  return guia;
}

/**
 * The billed or annulled sales the filters select, led by one word of the search (`guia`), without walking the range:
 * the same sales as ventasFiltradas, whose conditions (every word, every column) each branch below still applies. A
 * sale holds `guia` in one of four places (palabraEnVenta), and each has its own way in:
 * - its customer's text or its own numbers (the sale number, the invoice's prefix+number): the GIN index
 *   venta_fichas_lista_idx (migrations 202612090500 and 202612090700), month by month of the range, reads only the
 *   sales whose text and numbers hold every three-character piece of the word (for 'gomez', 3,379 of the range's
 *   37,956 in the benchmark; for an invoice 'FE1234', a handful);
 * - its customer's document: the few customers whose document holds it, then each one's sales
 *   (venta_cliente_estado_idx), less those the first branch already found;
 * - its seller's name: asked once per statement (vendedoresDe). When a seller's name holds it, only the last branch
 *   runs: the walk over the range.
 * The branches never share a sale, so they are appended without comparing rows. Each lateral subquery has `offset 0`,
 * so PostgreSQL plans it alone for each month or customer instead of joining the whole range first.
 */
function ventasPorFichas(db: Db, filtros: FiltrosFacturas, indiceGuia: number, rangoOpaco: boolean, ligar: LigarLista): RawBuilder<Record<string, unknown>> {
  const guia = palabrasDe(filtros)[indiceGuia]!;
  const ligarGuia = ligarPalabra(ligar, indiceGuia);
  const valores = valoresFiltros(filtros, ligar);
  const patron = valorOpaco(patronBusqueda(guia, ligarGuia));
  const enOtroLado = () => valorOpaco(sql<boolean>`exists (${vendedoresDe(db, guia, ligarGuia)})`);
  const enSuTextoONumeros = sql<boolean>`(venta.cliente_texto_busqueda like ${patron} or ${numerosPropios(patron)})`;
  const seleccion = ({ sinIndiceDeLista = false } = {}) => ventasFiltradas(db, filtros, { sinIndiceDeLista, rangoOpaco }, ligar).select(COLUMNAS_FILTRADAS);
  const fichasVenta = sql`fichas_lista_facturas(venta.codigo_tienda, venta.estado_venta_id, mes_negocio(venta.fecha_venta),
    texto_lista_facturas(venta.cliente_texto_busqueda, venta.id, venta.prefijo_factura_dian, venta.nro_factura_dian))`;
  const porTexto = seleccion({ sinIndiceDeLista: true })
    .where(sql<boolean>`not ${enOtroLado()}`)
    // The index's own predicate, written as constants so that it holds under a generic plan too.
    .where(sql<boolean>`venta.estado_venta_id in (${sql.lit(ESTADOS_VENTA.facturado)}, ${sql.lit(ESTADOS_VENTA.anulado)})`)
    .where(sql<boolean>`${fichasVenta} @> fichas_lista_facturas(${valores.tienda}, ${valores.estado}, mes.numero, sin_acentos(${ligarGuia(guia, (palabra) => palabra)}))`)
    .where(enSuTextoONumeros);
  const porDocumento = seleccion()
    .where(sql<boolean>`not ${enOtroLado()}`)
    .where('venta.cliente_id', '=', sql.ref<number>('c.id'))
    .where(sql<boolean>`${enSuTextoONumeros} is not true`);
  const porOtroLado = seleccion().where(enOtroLado());
  const dia = (fecha: string) => (rangoOpaco ? valorOpaco(sql`${fecha}::date`) : sql`${fecha}::date`);
  const meses = sql`select numero from meses_de_rango(${dia(valores.desde)}, ${dia(valores.hasta)}) as numero`;
  return sql`(select v.* from (${meses}) as mes cross join lateral (${porTexto} offset 0) as v)
             union all (select v.* from (${clientesPorDocumento(db, guia, ligarGuia)}) as c cross join lateral (${porDocumento} offset 0) as v)
             union all (${porOtroLado})`;
}

/**
 * The shape of a search's SQL, one letter per word (the name of its prepared statement): firmaBusqueda's 'd' or 't',
 * and 'c' for a text word too short for a trigram, whose patterns are written inline instead of as scalar subqueries
 * (palabraEnVenta), so that PostgreSQL plans it for its letters on every call.
 */
function formaDeBusqueda(palabras: string[]): string {
  return palabras.map((palabra) => (acotaCualquierPalabra(palabra) ? firmaBusqueda([palabra]) : 'c')).join('');
}

/** The footer's columns of the subquery `tabla`, renamed pie_…. */
function columnasPie(tabla: string) {
  return sql.join(['ventas', 'total_subtotal_venta', 'total_descuento', 'total_impuestos', 'total_venta'].map((columna) => sql`${sql.ref(`${tabla}.${columna}`)} as ${sql.ref(`pie_${columna}`)}`));
}

/** The ids of one page of the filtered sales, newest first: the export's. */
export async function idsPagina(db: Db, filtros: FiltrosFacturas, desde: number, limite: number): Promise<number[]> {
  return (await paginaDeIds(db, filtros, desde, limite).execute()).map((fila) => fila.id);
}

/**
 * The sales whose document the search names exactly (documentoExacto: one word with a document's shape), of any store
 * or state; none for any other search. The export puts those of its rows first, as the list does.
 */
export async function idsDocumentoExacto(db: Db, filtros: FiltrosFacturas): Promise<Set<number>> {
  const documento = documentoExacto(palabrasDe(filtros));
  if (documento === null) return new Set();
  return new Set((await ventasDelDocumento(db, documento).execute()).map((fila) => fila.id));
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
      ...COLUMNAS_FACTURACION,
      'v.fecha_anulacion',
      'f.name as nombre_facturador',
      'a.name as nombre_anulador',
    ])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}
