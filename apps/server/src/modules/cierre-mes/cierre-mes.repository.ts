// Every SQL query of the month closing (spec 002 §2.8; docs/decisions-reportes-dinero.md), written over a set of stores
// and a range of calendar days so that the daily cash (cuadre-caja) reads the same figures through this module's door.
// Sales are the billed ones by billing date in the business's zone, and stay there when annulled later (state 3): the
// money an annulment gives back is a refund of its own day (devolucion_dinero), so no earlier day or month changes.
// Every total is added up here, in PostgreSQL (docs/decisions-reportes-dinero.md, "Devoluciones").
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { ESTADOS_VENTA, FORMAS_PAGO, TIPOS_MOVIMIENTO_ABONO, TIPOS_MOVIMIENTO_CREDITO } from '@tablero/domain';
import type { DireccionOrden, DocumentoFiscal, EstadoDocumentoFe, OrdenVentasMes, OrigenDevolucion, TipoDocumentoFE } from '@tablero/domain';
import type { Database, Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { enDiasNegocio } from '../../db/dias-negocio';
import { ordenarLista, paginarConsulta, sqlPagina } from '../../lib/paginacion';

/** Billed (2, 6), or billed and annulled afterwards (3): a sale counts on its billing day whatever its state today. */
const FACTURADAS = sql.join([ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio, ESTADOS_VENTA.anulado]);
const ANULADA = ESTADOS_VENTA.anulado;

/** Which documents a report adds up: some stores, business days [desde, hasta]. */
export interface Alcance {
  tiendas: readonly string[];
  desde: string;
  hasta: string;
}

/** A sale of the scope (alias v): one of its stores, billed within its days (two constant instants: the index's range). */
function ventaEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`v.codigo_tienda = any(${[...a.tiendas]}::varchar[]) and ${enDiasNegocio('v.fecha_factura', a)}`;
}

/** A method that brings money in (alias f): every one but Crédito and Anticipo. */
const INGRESA_DINERO = sql<boolean>`not (f.forma_credito or f.forma_abono)`;

/**
 * The sale's fiscal document (alias fe, joined laterally to v): its e-invoice or POS document's kind, number and state,
 * or nulls when it has none. Read through LEFT JOIN LATERAL so every sale keeps its row.
 */
const FACTURA_DE_VENTA = sql`left join lateral (
  select d.tipo, d.numero, d.estado from documento_fe d where d.venta_id = v.id and d.tipo in ('FACTURA', 'POS') order by d.id limit 1
) as fe on true`;

/**
 * What a billed sale (aliases v, fe) is as a fiscal document (DOCUMENTOS_FISCALES; docs/decisions-reportes-dinero.md
 * "Cierre de mes por documento fiscal"): its e-invoice or POS document's state when it has one; without one, accepted
 * when the sale carries DIAN's date or Siigo's code (sales sent before documento_fe existed), pending when it is an
 * invoice-type or POS-type sale still to be queued, and a remission otherwise (a sale annulled before its document was
 * ever queued issues no DIAN document: docs/decisions-factura-electronica.md "Anulación con nota crédito").
 */
const DOCUMENTO_FISCAL = sql<DocumentoFiscal>`(case
  when fe.tipo = 'POS' then (case fe.estado when 'ACEPTADA' then 'POS_ACEPTADO' when 'RECHAZADA' then 'POS_RECHAZADO' else 'POS_PENDIENTE' end)
  when fe.estado = 'ACEPTADA' then 'FE_ACEPTADA'
  when fe.estado = 'RECHAZADA' then 'FE_RECHAZADA'
  when fe.estado is not null then 'FE_PENDIENTE'
  when v.tipo_documento = 'POS' and v.fecha_factura_dian is not null then 'POS_ACEPTADO'
  when v.tipo_documento = 'POS' and v.estado_venta_id <> ${ANULADA} then 'POS_PENDIENTE'
  when v.fecha_factura_dian is not null or v.factura_code_siigo is not null then 'FE_ACEPTADA'
  when v.tipo_documento = 'FACTURA' and v.estado_venta_id <> ${ANULADA} then 'FE_PENDIENTE'
  else 'REMISION' end)`;

/**
 * A note of the scope (alias n, its sale v): every NOTA_CREDITO (of an e-invoice) and NOTA_AJUSTE (of a POS document)
 * row of documento_fe whose sale is of one of the scope's stores, on the business day it was issued (created_at: the
 * annulment's or the return's day, which a later build or send does not move), so the sale's month never changes.
 */
function notaEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`n.tipo in ('NOTA_CREDITO', 'NOTA_AJUSTE') and v.codigo_tienda = any(${[...a.tiendas]}::varchar[]) and ${enDiasNegocio('n.created_at', a)}`;
}

/** The state of a note (alias n) as the class of its kind: a credit note's FE_*, a nota de ajuste's POS_*. */
const CLASE_NOTA = sql<DocumentoFiscal>`(case when n.tipo = 'NOTA_AJUSTE'
  then (case n.estado when 'ACEPTADA' then 'POS_ACEPTADO' when 'RECHAZADA' then 'POS_RECHAZADO' else 'POS_PENDIENTE' end)
  else (case n.estado when 'ACEPTADA' then 'FE_ACEPTADA' when 'RECHAZADA' then 'FE_RECHAZADA' else 'FE_PENDIENTE' end) end)`;

/**
 * A partial return of a remission in the scope (alias r, its sale v joined with fe): made on one of the scope's days by
 * a sale of its stores that is a remission, with no DIAN note (a remission issues none). It subtracts from the
 * remissions of the month it happened, as a note subtracts from its month.
 */
function devolucionRemisionEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`v.codigo_tienda = any(${[...a.tiendas]}::varchar[]) and ${enDiasNegocio('r.created_at', a)}
    and ${DOCUMENTO_FISCAL} = 'REMISION'
    and not exists (select 1 from documento_fe n where n.devolucion_venta_id = r.id)`;
}

/**
 * A note's value before taxes and its taxes (docs/decisions-factura-electronica.md, "Devolución parcial"): a partial
 * return's note (concept 1) is its return's amounts; an annulment's (concept 2) is what the sale still held, its
 * total less every return made before it (a sale is never returned after its annulment).
 */
function valorNota(columnaVenta: 'total_subtotal_venta' | 'total_impuestos_venta', columnaDevolucion: 'valor_subtotal' | 'valor_impuesto') {
  return sql`case when n.devolucion_venta_id is not null
    then (select d.${sql.ref(columnaDevolucion)} from devolucion_venta d where d.id = n.devolucion_venta_id)
    else v.${sql.ref(columnaVenta)} - coalesce((select sum(d.${sql.ref(columnaDevolucion)}) from devolucion_venta d where d.venta_id = v.id), 0)
  end`;
}
const VENTAS_NOTA = valorNota('total_subtotal_venta', 'valor_subtotal');
const IVA_NOTA = valorNota('total_impuestos_venta', 'valor_impuesto');

export interface TarjetasVentas {
  cantidad_ventas: string;
  total_venta_bruta: string;
  anuladas: string;
  total_anuladas: string;
}

/**
 * The billed sales (annulled later or not) and what the customers paid for them; and the sales annulled within the
 * scope's days (by `fecha_anulacion`, whatever their billing day), said apart.
 */
export async function tarjetasVentas(db: Db, a: Alcance): Promise<TarjetasVentas> {
  const { rows } = await sql<TarjetasVentas>`
    select count(*) filter (where v.estado_venta_id in (${FACTURADAS})) as cantidad_ventas,
           coalesce(sum(v.total_venta) filter (where v.estado_venta_id in (${FACTURADAS})), 0) as total_venta_bruta,
           min(x.anuladas) as anuladas, min(x.total_anuladas) as total_anuladas
      from (
        select count(*) as anuladas, coalesce(sum(n.total_venta), 0) as total_anuladas
          from venta n
         where n.estado_venta_id = ${ANULADA} and n.codigo_tienda = any(${[...a.tiendas]}::varchar[]) and ${enDiasNegocio('n.fecha_anulacion', a)}
      ) as x
      left join venta v on ${ventaEnAlcance(a)}
  `.execute(db);
  return rows[0]!;
}

/** One kind of document in one state: the sales by fiscal document, the notes by their state, the remissions' returns. */
export interface FilaDocumentosFiscales {
  documento: 'VENTA' | 'NOTA' | 'DEVOLUCION_REMISION';
  /**
   * A DocumentoFiscal: for a sale its own; for a note its state as its kind's class (a credit note FE_*, a nota de
   * ajuste POS_*); REMISION for a remission's return.
   */
  clase: DocumentoFiscal;
  cantidad: string;
  ventas: string;
  iva: string;
  /**
   * Over every row: remissions + e-invoices + POS documents − notes − remissions' returns before taxes; the accepted
   * fiscal IVA net of accepted notes; the IVA waiting on DIAN.
   */
  ventas_total: string;
  iva_total: string;
  iva_por_aceptar: string;
}

/** The scope's billed sales by fiscal document, its notes by kind and state, its remissions' returns, and the net figures. */
export async function documentosFiscales(db: Db, a: Alcance): Promise<FilaDocumentosFiscales[]> {
  const { rows } = await sql<FilaDocumentosFiscales>`
    with por_clase as (
      select 'VENTA' as documento, ${DOCUMENTO_FISCAL} as clase, count(*) as cantidad,
             sum(v.total_subtotal_venta) as ventas, sum(v.total_impuestos_venta) as iva
        from venta v
        ${FACTURA_DE_VENTA}
       where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
       group by 2
      union all
      select 'NOTA', ${CLASE_NOTA}, count(*), sum(${VENTAS_NOTA}), sum(${IVA_NOTA})
        from documento_fe n
        join venta v on v.id = n.venta_id
       where ${notaEnAlcance(a)}
       group by 2
      union all
      select 'DEVOLUCION_REMISION', 'REMISION', count(*), sum(r.valor_subtotal), sum(r.valor_impuesto)
        from devolucion_venta r
        join venta v on v.id = r.venta_id
        ${FACTURA_DE_VENTA}
       where ${devolucionRemisionEnAlcance(a)}
      having count(*) > 0
    )
    select documento, clase, cantidad, ventas, iva,
           sum(case when documento = 'VENTA' then ventas else -ventas end) over () as ventas_total,
           coalesce(sum(case when documento = 'VENTA' then iva else -iva end) filter (where clase in ('FE_ACEPTADA', 'POS_ACEPTADO')) over (), 0) as iva_total,
           coalesce(sum(case when documento = 'VENTA' then iva else -iva end)
             filter (where clase in ('FE_PENDIENTE', 'FE_RECHAZADA', 'POS_PENDIENTE', 'POS_RECHAZADO')) over (), 0) as iva_por_aceptar
      from por_clase
     order by documento desc, clase
  `.execute(db);
  return rows;
}

export interface FilaDocumentoPorResolver {
  tipo: TipoDocumentoFE;
  numero: string;
  venta_id: number;
  fecha_factura: Date;
  fecha_venta: Date;
  estado_venta_id: number;
  estado: EstadoDocumentoFe | null;
}

/**
 * The scope's DIAN documents DIAN has not accepted: the e-invoices and POS documents of its billed sales pending to send
 * or rejected, and its notes (credit notes, notas de ajuste) not accepted; sales' documents by billing time, then notes
 * by issue time.
 */
export async function documentosPorResolver(db: Db, a: Alcance): Promise<FilaDocumentoPorResolver[]> {
  const { rows } = await sql<FilaDocumentoPorResolver>`
    select tipo, numero, venta_id, fecha_factura, fecha_venta, estado_venta_id, estado
      from (
        select case when ${DOCUMENTO_FISCAL} like 'POS%' then 'POS' else 'FACTURA' end as tipo,
               coalesce(fe.numero, concat(v.prefijo_factura_dian, v.nro_factura_dian)) as numero, v.id as venta_id,
               v.fecha_factura, v.fecha_venta, v.estado_venta_id, fe.estado, 1 as grupo, v.fecha_factura as momento
          from venta v
          ${FACTURA_DE_VENTA}
         where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
           and ${DOCUMENTO_FISCAL} in ('FE_PENDIENTE', 'FE_RECHAZADA', 'POS_PENDIENTE', 'POS_RECHAZADO')
        union all
        select n.tipo, n.numero, n.venta_id, v.fecha_factura, v.fecha_venta, v.estado_venta_id, n.estado, 2, n.created_at
          from documento_fe n
          join venta v on v.id = n.venta_id
         where ${notaEnAlcance(a)} and n.estado <> 'ACEPTADA'
      ) as d
     order by grupo, momento, venta_id
  `.execute(db);
  return rows;
}

export interface FilaFormaPagoVentas {
  codigo_tienda: string;
  nombre_tienda: string;
  forma_pago_id: number;
  nombre_forma_pago: string;
  ingresa_dinero: boolean;
  valor_pagado: string;
  cantidad_ventas: string;
  /** Over every row: what the methods that bring money add up to. */
  total_dinero: string;
}

/** The billed sales' payments by store and method (a sale paid in two methods counts in both), store and method order. */
export async function formasPagoVentas(db: Db, a: Alcance): Promise<FilaFormaPagoVentas[]> {
  const { rows } = await sql<FilaFormaPagoVentas>`
    select s.codigo_tienda, t.nombre_tienda, f.id as forma_pago_id, f.nombre_forma_pago, ${INGRESA_DINERO} as ingresa_dinero,
           s.valor_pagado, s.cantidad_ventas,
           coalesce(sum(s.valor_pagado) filter (where ${INGRESA_DINERO}) over (), 0) as total_dinero
      from (
        -- Per sale and method first (hashed, no sort for a distinct count), then per method: each row is one sale.
        select pv.codigo_tienda, pv.forma_pago_id, sum(pv.valor) as valor_pagado, count(*) as cantidad_ventas
          from (
            select v.codigo_tienda, p.forma_pago_id, v.id, sum(p.valor_pagado) as valor
              from venta v
              join venta_forma_pago p on p.venta_id = v.id
             where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
             group by v.codigo_tienda, p.forma_pago_id, v.id
          ) as pv
         group by pv.codigo_tienda, pv.forma_pago_id
      ) as s
      join forma_pago f on f.id = s.forma_pago_id
      join tienda t on t.codigo_tienda = s.codigo_tienda
     order by s.codigo_tienda, f.id
  `.execute(db);
  return rows;
}

export interface FilaTipoVenta {
  tipo_pago_id: number;
  nombre_tipo_pago: string;
  total_venta_neta: string;
  cantidad: string;
}

/** Billed sales before taxes by payment type (Contado, Crédito). */
export async function tiposVenta(db: Db, a: Alcance): Promise<FilaTipoVenta[]> {
  const { rows } = await sql<FilaTipoVenta>`
    select tp.id as tipo_pago_id, tp.nombre_tipo_pago, s.total_venta_neta, s.cantidad
      from (
        select v.tipo_pago_id, sum(v.total_subtotal_venta) as total_venta_neta, count(*) as cantidad
          from venta v
         where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
         group by v.tipo_pago_id
      ) as s
      join tipo_pago tp on tp.id = s.tipo_pago_id
     order by tp.id
  `.execute(db);
  return rows;
}

export interface FilaVentaMes {
  id: number;
  codigo_tienda: string;
  nombre_tienda: string;
  fecha_factura: Date;
  tipo_documento: string | null;
  prefijo_factura_dian: string | null;
  nro_factura_dian: number | null;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
  nombre_vendedor: string;
  total_venta_neta: string;
  total_venta_bruta: string;
  total_impuestos: string;
  total_descuento: string;
  total_otros_impuestos: string;
  estado_venta_id: number;
  nombre_estado_venta: string;
  tipo_pago_id: number;
  nombre_tipo_pago: string;
  fecha_factura_dian: Date | null;
  factura_code_siigo: string | null;
  documento_fiscal: DocumentoFiscal;
  formas_pago: FilaJson<ReturnType<typeof lineasPagoJson>>;
}

/** The rows a nested JSON array (jsonArrayFrom) holds. */
export type FilaJson<T> = T extends RawBuilder<infer F> ? F : never;

/** The columns a sale's payment line (spec 000 §3 Sale payment) and a supplier payment's method line share, alike. */
type LineaPago = Pick<Selectable<Database['venta_forma_pago']>, 'id' | 'forma_pago_id' | 'valor_pagado' | 'codigo_comprobante_pago' | 'adjunto_comprobante_pago'>;
/** The tables of payment lines the month reads, each with the column that names its movement. */
const MOVIMIENTO_DE_LINEA = { venta_forma_pago: 'venta_id', pago_proveedor_forma_pago: 'pago_proveedor_id' } as const;
// Both tables must keep those columns alike for lineasPagoJson to read them as one.
const lineasAlike: Pick<Selectable<Database['pago_proveedor_forma_pago']>, keyof LineaPago> extends LineaPago ? true : never = true;
void lineasAlike;

/**
 * The payment lines of one movement of the outer query (`movimiento`: `v.id` for a sale, `pp.id` for a supplier
 * payment) as nested JSON rows, each with its method's name, in the order they were written; amounts as JSON numbers.
 */
export function lineasPagoJson(db: Db, tabla: keyof typeof MOVIMIENTO_DE_LINEA, movimiento: 'v.id' | 'pp.id') {
  return jsonArrayFrom(
    db
      .selectFrom(sql<LineaPago>`${sql.table(tabla)}`.as('l'))
      .innerJoin('forma_pago as f', 'f.id', 'l.forma_pago_id')
      .select(['l.forma_pago_id', 'f.nombre_forma_pago', sql<number>`l.valor_pagado`.as('valor_pagado'), 'l.codigo_comprobante_pago', 'l.adjunto_comprobante_pago'])
      .where(sql<boolean>`${sql.ref(`l.${MOVIMIENTO_DE_LINEA[tabla]}`)} = ${sql.ref(movimiento)}`)
      .orderBy('l.id'),
  );
}

/**
 * The billed sales of the scope with their names and payments (spec 002 §3 Sale (month view)), by billing time; only
 * those of `ids` when given (a page), in that order.
 */
export async function ventasDelMes(db: Db, a: Alcance, ids?: readonly number[]): Promise<FilaVentaMes[]> {
  const soloIds = ids ? sql`and v.id = any(${[...ids]}::int[])` : sql``;
  const orden = ids ? sql`array_position(${[...ids]}::int[], v.id)` : sql`v.fecha_factura, v.id`;
  const { rows } = await sql<FilaVentaMes>`
    select v.id, v.codigo_tienda, ti.nombre_tienda, v.fecha_factura, v.tipo_documento, v.prefijo_factura_dian, v.nro_factura_dian,
           t.numero_documento as numero_documento_tercero, t.nombres as nombres_tercero, t.apellidos as apellidos_tercero,
           u.name as nombre_vendedor,
           v.total_subtotal_venta as total_venta_neta, v.total_venta as total_venta_bruta, v.total_impuestos_venta as total_impuestos,
           v.total_descuento, v.total_otros_impuestos_venta as total_otros_impuestos,
           v.estado_venta_id, e.nombre_estado_venta, v.tipo_pago_id, tp.nombre_tipo_pago, v.fecha_factura_dian, v.factura_code_siigo,
           ${DOCUMENTO_FISCAL} as documento_fiscal,
           ${lineasPagoJson(db, 'venta_forma_pago', 'v.id')} as formas_pago
      from venta v
      ${FACTURA_DE_VENTA}
      join tienda ti on ti.codigo_tienda = v.codigo_tienda
      join tercero t on t.id = v.cliente_id
      join usuario u on u.id = v.vendedor_id
      join estado_venta e on e.id = v.estado_venta_id
      join tipo_pago tp on tp.id = v.tipo_pago_id
     where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS}) ${soloIds}
     order by ${orden}
  `.execute(db);
  return rows;
}

/** The columns the month's sales sort by (ORDEN_VENTAS_MES → SQL): nothing else reaches ORDER BY. */
const COLUMNAS_ORDEN_VENTAS_MES: Record<OrdenVentasMes, string> = {
  id: 'v.id',
  fecha_factura: 'v.fecha_factura',
  cliente: 't.nombres',
  total_venta_bruta: 'v.total_venta',
};

/**
 * One page of the scope's billed sales, found by the term (sale number, document number, customer's names or document,
 * seller) and sorted as asked (by billing time by default): their ids and how many the term finds.
 */
export async function paginaVentasMes(
  db: Db,
  a: Alcance,
  consulta: { query?: string | undefined; orden?: OrdenVentasMes | undefined; direccion: DireccionOrden; page: number; perPage: number },
): Promise<{ ids: number[]; total: number }> {
  const termino = consulta.query?.trim() ?? '';
  const filtradas = db
    .selectFrom('venta as v')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .innerJoin('usuario as u', 'u.id', 'v.vendedor_id')
    .where(sql<boolean>`${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})`)
    .$if(termino !== '', (q) =>
      q.where((eb) =>
        buscarEn(
          eb,
          {
            texto: ['u.name'],
            textoSinAcentos: [
              't.texto_busqueda',
              sql<string>`lower(concat_ws(' ', v.id, v.prefijo_factura_dian || v.nro_factura_dian, v.prefijo_factura_dian || '-' || v.nro_factura_dian))`,
            ],
            documentos: ['t.numero_documento'],
          },
          termino,
        ),
      ),
    )
    .select('v.id');
  const ordenadas = ordenarLista(filtradas, COLUMNAS_ORDEN_VENTAS_MES, consulta, 'v.id', (q) => q.orderBy('v.fecha_factura').orderBy('v.id'));
  const { filas, total } = await paginarConsulta(ordenadas, { page: consulta.page, perPage: consulta.perPage });
  return { ids: filas.map((f) => f.id), total };
}

/** The scope's billed sales paid (partly) with one method: `and exists` keeps one row per sale. */
function ventasConForma(a: Alcance, formaPagoId: number) {
  return sql<boolean>`${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
    and exists (select 1 from venta_forma_pago x where x.venta_id = v.id and x.forma_pago_id = ${formaPagoId})`;
}

export async function contarVentasConForma(db: Db, a: Alcance, formaPagoId: number): Promise<number> {
  const { rows } = await sql<{ total: string }>`select count(*) as total from venta v where ${ventasConForma(a, formaPagoId)}`.execute(db);
  return Number(rows[0]!.total);
}

/** A sale of the month paid with one method: its number, document and customer as in FilaVentaMes, and what the method paid. */
export interface FilaVentaConForma
  extends Pick<
    FilaVentaMes,
    | 'id'
    | 'fecha_factura'
    | 'tipo_documento'
    | 'prefijo_factura_dian'
    | 'nro_factura_dian'
    | 'numero_documento_tercero'
    | 'nombres_tercero'
    | 'apellidos_tercero'
    | 'total_venta_bruta'
    | 'fecha_factura_dian'
    | 'factura_code_siigo'
    | 'documento_fiscal'
  > {
  valor_pagado: string;
  codigo_comprobante_pago: string | null;
}

/** One page of those sales, by billing time, with what the method paid of each and its voucher codes. */
export async function paginaVentasConForma(db: Db, a: Alcance, formaPagoId: number, pagina: { page: number; perPage: number }): Promise<FilaVentaConForma[]> {
  const { rows } = await sql<FilaVentaConForma>`
    select v.id, v.fecha_factura, v.tipo_documento, v.prefijo_factura_dian, v.nro_factura_dian,
           t.numero_documento as numero_documento_tercero, t.nombres as nombres_tercero, t.apellidos as apellidos_tercero,
           v.total_venta as total_venta_bruta, pf.valor_pagado, pf.codigo_comprobante_pago, v.fecha_factura_dian, v.factura_code_siigo,
           ${DOCUMENTO_FISCAL} as documento_fiscal
      from venta v
      join tercero t on t.id = v.cliente_id
      ${FACTURA_DE_VENTA}
      cross join lateral (
        select sum(x.valor_pagado) as valor_pagado, string_agg(x.codigo_comprobante_pago, ', ' order by x.id) as codigo_comprobante_pago
          from venta_forma_pago x
         where x.venta_id = v.id and x.forma_pago_id = ${formaPagoId}
      ) as pf
     where ${ventasConForma(a, formaPagoId)}
     order by v.fecha_factura, v.id
     ${sqlPagina(pagina)}
  `.execute(db);
  return rows;
}

/**
 * A credit payment of the scope (alias m): type 2 of one of its stores, dated within its days, annulled later or not
 * (its annulment's money out is a refund of the annulment's day).
 */
function pagoCreditoEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`m.tipo_movimiento_credito_id = ${TIPOS_MOVIMIENTO_CREDITO.PAGO}
    and m.codigo_tienda = any(${[...a.tiendas]}::varchar[])
    and m.fecha_movimiento between ${a.desde}::date and ${a.hasta}::date`;
}

export interface FilaPagoCredito {
  movimiento_id: number;
  venta_id: number | null;
  codigo_tienda: string | null;
  fecha_abono: string;
  numero_documento: string;
  nombres: string;
  apellidos: string;
  forma_pago_id: number;
  nombre_forma_pago: string;
  valor_pagado: string;
  codigo_comprobante: string | null;
  ingresa_dinero: boolean;
}

/** The credit payments' lines (one per method), by date and payment. */
export async function pagosCredito(db: Db, a: Alcance): Promise<FilaPagoCredito[]> {
  const { rows } = await sql<FilaPagoCredito>`
    select m.id as movimiento_id, m.venta_id, m.codigo_tienda, m.fecha_movimiento as fecha_abono,
           t.numero_documento, t.nombres, t.apellidos,
           f.id as forma_pago_id, f.nombre_forma_pago, fp.valor_pagado, fp.codigo_comprobante, ${INGRESA_DINERO} as ingresa_dinero
      from cuenta_credito_movimiento m
      join cuenta_credito c on c.id = m.cuenta_credito_id
      join tercero t on t.id = c.tercero_id
      join cuenta_credito_movimiento_forma_pago fp on fp.cuenta_credito_movimiento_id = m.id
      join forma_pago f on f.id = fp.forma_pago_id
     where ${pagoCreditoEnAlcance(a)}
     order by m.fecha_movimiento, m.id, fp.id
  `.execute(db);
  return rows;
}

export interface FilaFormaPagoTotal {
  forma_pago_id: number;
  nombre_forma_pago: string;
  ingresa_dinero: boolean;
  valor_pagado: string;
  /** Over every row: the sum of all methods, and of those that bring money. */
  total: string;
  total_dinero: string;
}

/**
 * Money received by method, with the totals of all methods and of those that bring money: `porForma` is a query of
 * (forma_pago_id, valor_pagado), one row per method.
 */
async function totalesPorForma(db: Db, porForma: RawBuilder<unknown>): Promise<FilaFormaPagoTotal[]> {
  const { rows } = await sql<FilaFormaPagoTotal>`
    select f.id as forma_pago_id, f.nombre_forma_pago, ${INGRESA_DINERO} as ingresa_dinero, s.valor_pagado,
           sum(s.valor_pagado) over () as total,
           coalesce(sum(s.valor_pagado) filter (where ${INGRESA_DINERO}) over (), 0) as total_dinero
      from (${porForma}) as s
      join forma_pago f on f.id = s.forma_pago_id
     order by f.id
  `.execute(db);
  return rows;
}

/** The credit payments by method. */
export function pagosCreditoPorForma(db: Db, a: Alcance): Promise<FilaFormaPagoTotal[]> {
  return totalesPorForma(
    db,
    sql`select fp.forma_pago_id, sum(fp.valor_pagado) as valor_pagado
          from cuenta_credito_movimiento m
          join cuenta_credito_movimiento_forma_pago fp on fp.cuenta_credito_movimiento_id = m.id
         where ${pagoCreditoEnAlcance(a)}
         group by fp.forma_pago_id`,
  );
}

/**
 * An advance received of the scope (alias an): abono_tercero type 1 of one of its stores, dated within its days,
 * annulled later or not (its annulment's money out is a refund of the annulment's day).
 */
function anticipoEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`an.tipo_movimiento_abono_id = ${TIPOS_MOVIMIENTO_ABONO.ABONO}
    and an.codigo_tienda = any(${[...a.tiendas]}::varchar[])
    and an.fecha_abono between ${a.desde}::date and ${a.hasta}::date`;
}

/** Advances received (abono_tercero type 1) of the scope, by method. */
export function anticiposPorForma(db: Db, a: Alcance): Promise<FilaFormaPagoTotal[]> {
  return totalesPorForma(
    db,
    sql`select an.forma_pago_id, sum(an.valor_abono) as valor_pagado
          from abono_tercero an
         where ${anticipoEnAlcance(a)}
         group by an.forma_pago_id`,
  );
}

export interface FilaDineroTienda {
  codigo_tienda: string;
  nombre_tienda: string;
  /** Received in methods that bring money: sales, credit payments and advances. */
  total_dia: string;
  /** Received in cash (method 1): sales, credit payments and advances. */
  efectivo: string;
  /** Over every store. */
  total_dia_tiendas: string;
  efectivo_tiendas: string;
}

/**
 * The money each store of the scope took in, net: billed sales' payments, credit payments and advances received, in
 * the methods that bring money (not Crédito, not Anticipo), less the refunds its annulments gave back within the
 * scope's days; and the cash part of it. Every store of the scope has a row, 0 when nothing moved.
 */
export async function dineroPorTienda(db: Db, a: Alcance): Promise<FilaDineroTienda[]> {
  const { rows } = await sql<FilaDineroTienda>`
    with entradas as (
      select v.codigo_tienda, p.forma_pago_id, p.valor_pagado as valor
        from venta v
        join venta_forma_pago p on p.venta_id = v.id
       where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
      union all
      select m.codigo_tienda, fp.forma_pago_id, fp.valor_pagado
        from cuenta_credito_movimiento m
        join cuenta_credito_movimiento_forma_pago fp on fp.cuenta_credito_movimiento_id = m.id
       where ${pagoCreditoEnAlcance(a)}
      union all
      select an.codigo_tienda, an.forma_pago_id, an.valor_abono
        from abono_tercero an
       where ${anticipoEnAlcance(a)}
      union all
      select d.codigo_tienda, d.forma_pago_id, -d.valor
        from devolucion_dinero d
       where ${devolucionEnAlcance(a)}
    ),
    por_tienda as (
      select e.codigo_tienda,
             sum(e.valor) filter (where ${INGRESA_DINERO}) as total_dia,
             sum(e.valor) filter (where f.id = ${FORMAS_PAGO.efectivo}) as efectivo
        from entradas e
        join forma_pago f on f.id = e.forma_pago_id
       group by e.codigo_tienda
    )
    select t.codigo_tienda, t.nombre_tienda, coalesce(s.total_dia, 0) as total_dia, coalesce(s.efectivo, 0) as efectivo,
           coalesce(sum(s.total_dia) over (), 0) as total_dia_tiendas, coalesce(sum(s.efectivo) over (), 0) as efectivo_tiendas
      from tienda t
      left join por_tienda s on s.codigo_tienda = t.codigo_tienda
     where t.codigo_tienda = any(${[...a.tiendas]}::varchar[])
     order by t.codigo_tienda
  `.execute(db);
  return rows;
}

/** A refund of the scope (alias d): given back in one of its stores within its days. */
function devolucionEnAlcance(a: Alcance): RawBuilder<boolean> {
  return sql<boolean>`d.fecha between ${a.desde}::date and ${a.hasta}::date and d.codigo_tienda = any(${[...a.tiendas]}::varchar[])`;
}

/** The refunds of the scope's days by method (money out: the annulments of sales, credit payments and advances). */
export function devolucionesPorForma(db: Db, a: Alcance): Promise<FilaFormaPagoTotal[]> {
  return totalesPorForma(
    db,
    sql`select d.forma_pago_id, sum(d.valor) as valor_pagado
          from devolucion_dinero d
         where ${devolucionEnAlcance(a)}
         group by d.forma_pago_id`,
  );
}

/**
 * The scope's refunds in two parts (pesos as text): what annulments gave back and what partial returns gave back
 * (devolucion_venta_id set). Their sum is devolucionesPorForma's total.
 */
export async function totalesDevoluciones(db: Db, a: Alcance): Promise<{ anulaciones: string; parciales: string }> {
  const { rows } = await sql<{ anulaciones: string; parciales: string }>`
    select coalesce(sum(d.valor) filter (where d.devolucion_venta_id is null), 0) as anulaciones,
           coalesce(sum(d.valor) filter (where d.devolucion_venta_id is not null), 0) as parciales
      from devolucion_dinero d
     where ${devolucionEnAlcance(a)}
  `.execute(db);
  return rows[0]!;
}

export interface FilaDevolucion {
  id: number;
  codigo_tienda: string;
  fecha: string;
  origen: OrigenDevolucion;
  origen_id: number;
  /** The sale a credit payment paid. */
  venta_id: number | null;
  /** The number of the sale annulled, returned or paid (formatearNumeroDocumento), when it was billed with one. */
  prefijo_factura_dian: string | null;
  nro_factura_dian: number | null;
  /** The advance's consecutive. */
  consecutivo_anticipo: number | null;
  /** The partial return that gave it back; null for an annulment's. */
  devolucion_venta_id: number | null;
  forma_pago_id: number;
  nombre_forma_pago: string;
  valor: string;
  usuario_id: number | null;
  nombre_usuario: string | null;
}

/** The refunds of the scope's days, one row per method, in the order they were written, with who gave them back. */
export async function devoluciones(db: Db, a: Alcance): Promise<FilaDevolucion[]> {
  const { rows } = await sql<FilaDevolucion>`
    select d.id, d.codigo_tienda, d.fecha, d.origen, d.origen_id,
           case when d.origen = 'pago_credito' then m.venta_id end as venta_id,
           case when d.origen = 'anticipo' then an.consecutivo_anticipo end as consecutivo_anticipo,
           v.prefijo_factura_dian, v.nro_factura_dian,
           d.devolucion_venta_id, d.forma_pago_id, f.nombre_forma_pago, d.valor, d.usuario_id, u.name as nombre_usuario
      from devolucion_dinero d
      join forma_pago f on f.id = d.forma_pago_id
      left join usuario u on u.id = d.usuario_id
      left join cuenta_credito_movimiento m on d.origen = 'pago_credito' and m.id = d.origen_id
      left join abono_tercero an on d.origen = 'anticipo' and an.id = d.origen_id
      left join venta v on v.id = case when d.origen = 'venta' then d.origen_id else m.venta_id end
     where ${devolucionEnAlcance(a)}
     order by d.fecha, d.id
  `.execute(db);
  return rows;
}

export interface FilaRedondeoEfectivo {
  efectivo_recibido: string;
  ajuste_redondeo: string;
  cantidad_ventas: string;
}

/**
 * The scope's billed sales' cash (method 1, what the drawer received, rounded) and their cash rounding, summed apart
 * (docs/decisions-redondeo-envios.md): the cash billed is their difference. `cantidad_ventas` counts the rounded ones.
 */
export async function redondeoEfectivo(db: Db, a: Alcance): Promise<FilaRedondeoEfectivo> {
  const { rows } = await sql<FilaRedondeoEfectivo>`
    select coalesce(sum((select sum(p.valor_pagado) from venta_forma_pago p where p.venta_id = v.id and p.forma_pago_id = ${FORMAS_PAGO.efectivo})), 0) as efectivo_recibido,
           coalesce(sum(v.ajuste_redondeo), 0) as ajuste_redondeo,
           count(*) filter (where v.ajuste_redondeo <> 0) as cantidad_ventas
      from venta v
     where ${ventaEnAlcance(a)} and v.estado_venta_id in (${FACTURADAS})
  `.execute(db);
  return rows[0]!;
}
