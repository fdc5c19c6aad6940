import { sql, type Expression, type QueryCreator, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { ESTADOS_VENTA, type TipoDocumentoNumeracion } from '@tablero/domain';
import { filasPreparadas, preparada, type Database, type Db } from '../../db/database';
import type { TomaDeNumero } from '../numeracion';
import type { Trx } from '../../db/transaccion';

/** The sale of this store as billing and annulling read it first (no lock: the locks come in their order later). */
export async function findVentaParaFacturar(db: Db, ventaId: number, codigoTienda: string) {
  return (await filasPreparadas(db, 'venta_para_facturar', ventaParaFacturar(db, ventaId, codigoTienda)))[0];
}

function ventaParaFacturar(db: Db, ventaId: number, codigoTienda: string) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .select(['v.id', 'v.estado_venta_id', 'v.version', 'v.cliente_id', 'v.total_venta', 'v.total_subtotal_venta', 'v.fecha_factura_dian', 't.nombres', 't.apellidos'])
    .where('v.id', '=', ventaId)
    .where('v.codigo_tienda', '=', codigoTienda);
}

/**
 * What a bill reads before taking any lock, in one statement (docs/decisions.md, "Una factura en pocas sentencias"):
 * the sale as findVentaParaFacturar reads it, the payment methods its rows name (active or not: the service says which
 * are refused), and what each product of the sale takes out of stock: the exact sum of its lines, in the product's
 * unit (docs/decisions.md, Inventario: two sales of 0.5 m take 1 m, never a whole unit each), as numeric text, in
 * product id order. Services (grupo_servicio_id set) move no stock. Also the lines `lineasConRetales` selects (retales'
 * `lineasConRetalesDeFactura`, of the sale `v`). A line changed after this read changes the sale's version, which the
 * bill checks again under the sale's lock.
 */
export async function findFacturaPorHacer<L>(db: Db, ventaId: number, codigoTienda: string, formaPagoIds: number[], lineasConRetales: Expression<L>) {
  const consulta = ventaParaFacturar(db, ventaId, codigoTienda).select((eb) => [
    jsonArrayFrom(
      eb
        .selectFrom('forma_pago as f')
        .select(['f.id', 'f.nombre_forma_pago', 'f.requiere_codigo_comprobante', 'f.forma_abono', 'f.forma_credito', 'f.activo'])
        .where('f.id', '=', sql<number>`any(${sql.val(formaPagoIds)}::int[])`),
    ).as('formas'),
    jsonArrayFrom(
      eb
        .selectFrom('venta_detalle as d')
        .innerJoin('producto as p', 'p.id', 'd.producto_id')
        .select(['d.producto_id', sql<string>`sum(d.cantidad)::text`.as('cantidad')])
        .whereRef('d.venta_id', '=', 'v.id')
        .where('p.grupo_servicio_id', 'is', null)
        .groupBy('d.producto_id')
        .orderBy('d.producto_id'),
    ).as('cantidades'),
    // retales' lines (the offcuts the bill reserves or consumes), read with the sale: docs/decisions-retales.md.
    jsonArrayFrom(lineasConRetales).as('lineas_retales'),
  ]);
  return (await filasPreparadas(db, 'factura_por_hacer', consulta))[0];
}

/** The products of the sale's lines (the annulment reads their ledger movements). */
export async function listProductosDeVenta(db: Db, ventaId: number): Promise<number[]> {
  const filas = await db.selectFrom('venta_detalle').select('producto_id').distinct().where('venta_id', '=', ventaId).orderBy('producto_id').execute();
  return filas.map((fila) => fila.producto_id);
}

export interface PagoEscritura {
  forma_pago_id: number;
  valor_pagado: string;
  codigo_comprobante_pago: string | null;
  /** The voucher picture: its name, MIME type and bytes, all three or none. */
  adjunto: { nombre: string; tipo: string; contenido: Buffer } | null;
}

/**
 * The sale locked (lock order 6: a bill of the same sale that committed meanwhile is seen here) and its dispatch lock
 * (`candadoDespacho`, despachos', lock order 13), then, only if it is still pending in the `version` the bill read, the
 * bill's payments (lock order item 9) and its history row (1 → 2), in one statement: the bill holds its stock rows
 * until it commits, so every round trip saved is time other bills do not wait (docs/decisions.md, "Una factura en pocas
 * sentencias"). Answers the locked sale's state and version for the caller to refuse with (nothing was written then),
 * or undefined when the store has no such sale.
 */
export async function bloquearVentaYEscribirPagos(
  trx: Trx,
  venta: { id: number; codigoTienda: string; version: number },
  pagos: PagoEscritura[],
  userId: number | null,
  candadoDespacho: RawBuilder<void>,
): Promise<{ estado_venta_id: number; version: number } | undefined> {
  const { rows } = await preparada(
    'pagos_e_historial_factura',
    sql<{ estado_venta_id: number; version: number }>`
    with bloqueada as (
      select id, estado_venta_id, version from venta where id = ${venta.id} and codigo_tienda = ${venta.codigoTienda} for update
    ), despacho as (
      select ${candadoDespacho} from bloqueada
    ), pendiente as (
      select id from bloqueada where estado_venta_id = ${ESTADOS_VENTA.pendienteFacturar} and version = ${venta.version}
    ), pagos as (
      insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, codigo_comprobante_pago, adjunto_comprobante_pago, adjunto_tipo, adjunto_contenido, user_id)
      select pendiente.id, p.forma_pago_id, p.valor_pagado, p.codigo_comprobante_pago, p.adjunto_nombre, p.adjunto_tipo, p.adjunto_contenido, ${userId}::int
        from pendiente, unnest(
               ${pagos.map((p) => p.forma_pago_id)}::int[], ${pagos.map((p) => p.valor_pagado)}::numeric[], ${pagos.map((p) => p.codigo_comprobante_pago)}::varchar[],
               ${pagos.map((p) => p.adjunto?.nombre ?? null)}::varchar[], ${pagos.map((p) => p.adjunto?.tipo ?? null)}::varchar[],
               ${pagos.map((p) => p.adjunto?.contenido ?? null)}::bytea[]
             ) with ordinality as p(forma_pago_id, valor_pagado, codigo_comprobante_pago, adjunto_nombre, adjunto_tipo, adjunto_contenido, orden)
       order by p.orden
    ), historial as (
      insert into venta_estado_historial (venta_id, estado_anterior_id, estado_nuevo_id, user_id)
      select pendiente.id, ${ESTADOS_VENTA.pendienteFacturar}, ${ESTADOS_VENTA.facturado}, ${userId}::int from pendiente
    )
    select estado_venta_id, version from bloqueada, despacho
  `,
  ).execute(trx);
  return rows[0];
}

export interface FacturaEscritura {
  estado_venta_id: number;
  tipo_documento: TipoDocumentoNumeracion;
  facturador_id: number | null;
  modo_factura: 'C' | 'CR';
  /** The sale's payment type, from the bill (1 cash, 2 credit). */
  tipo_pago_id: number;
  /** A credit sale's due date ('YYYY-MM-DD'); null for a cash sale. */
  fecha_vencimiento: string | null;
  crear_factura_siigo: boolean;
  permite_fe: boolean;
  valor_recibido_efectivo: string | null;
  valor_venta_cambio_favor: string;
  ajuste_redondeo: string;
}

/**
 * Writes the bill on the sale in the statement that takes its number, opened by the number's CTE (`numero`, lock order
 * 8) and by the dispatch turn's CTEs (`turno`, a row only when the sale enters the dispatch queue): state, document and number, billing
 * date (now), mode, payment type and due date, change; the version moves by one. The store's other bills wait for
 * the numbering row from this statement to the commit, so it is one round trip instead of three (docs/decisions.md,
 * "Una factura en pocas sentencias"). No row when the range could not number (nothing written: the sale joins no
 * number); else the number taken and the turn created (null without one, or when the sale had one meanwhile).
 */
export async function updateVentaFacturada(
  trx: Trx,
  ventaId: number,
  factura: FacturaEscritura,
  toma: TomaDeNumero,
  turno: (qc: QueryCreator<Database>) => QueryCreator<Database>,
) {
  // Prepared: the same text for every bill.
  const { estado_venta_id, tipo_documento, facturador_id, modo_factura, tipo_pago_id } = factura;
  const { fecha_vencimiento, crear_factura_siigo, permite_fe, valor_recibido_efectivo, valor_venta_cambio_favor, ajuste_redondeo } = factura;
  const consulta = turno(trx)
    .with('numero', () => toma)
    .updateTable('venta')
    .from('numero')
    .set((eb) => ({
      estado_venta_id,
      tipo_documento,
      rango_numeracion_id: eb.ref('numero.id'),
      prefijo_factura_dian: eb.ref('numero.prefijo'),
      nro_factura_dian: eb.ref('numero.numero'),
      facturador_id,
      modo_factura,
      tipo_pago_id,
      fecha_vencimiento,
      crear_factura_siigo,
      permite_fe,
      valor_recibido_efectivo,
      valor_venta_cambio_favor,
      ajuste_redondeo,
      fecha_factura: sql<Date>`now()`,
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
    }))
    .where('venta.id', '=', ventaId)
    .returning([
      'numero.id',
      'numero.prefijo',
      'numero.numero_desde',
      'numero.numero_hasta',
      'numero.numero',
      sql<number | null>`(select id from turno)`.as('turno_id'),
      sql<number | null>`(select numero_turno from turno)`.as('numero_turno'),
    ]);
  const [fila] = await filasPreparadas(trx, 'venta_facturada_con_turno', consulta);
  if (!fila) return undefined;
  const { turno_id, numero_turno, ...numero } = fila;
  return { ...numero, turno: turno_id === null || numero_turno === null ? null : { id: turno_id, numero_turno } };
}

/** Annuls the sale: state 3, who and when; its document number stays (never handed out again). */
export async function updateVentaAnulada(trx: Trx, ventaId: number, anuladorId: number | null): Promise<void> {
  await trx
    .updateTable('venta')
    .set({
      estado_venta_id: 3,
      anulador_id: anuladorId,
      fecha_anulacion: sql<Date>`now()`,
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', ventaId)
    .execute();
}
