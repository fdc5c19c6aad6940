import { sql, type RawBuilder } from 'kysely';
import type { CotizacionesConsulta, EstadoCotizacion } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { enDiasNegocio } from '../../db/dias-negocio';
import type { Trx } from '../../db/transaccion';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

/**
 * A quotation's state computed from its columns (docs/decisions-cotizaciones.md), the one place it is written: annulled,
 * converted, expired (validity before `hoy`, the business's today) or open.
 */
function estadoCotizacion(hoy: string): RawBuilder<EstadoCotizacion> {
  return sql<EstadoCotizacion>`case when v.estado_venta_id = 3 then 'anulada' when v.convertida_en is not null then 'convertida'
    when v.fecha_validez < ${hoy}::date then 'vencida' else 'abierta' end`;
}

/** The quotation of this store, locked (lock order step 6, `venta`), with what accepting, annulling and converting check. */
export function lockCotizacion(trx: Trx, id: number, codigoTienda: string) {
  return trx
    .selectFrom('venta')
    .select([
      'id',
      'estado_venta_id',
      'version',
      'fecha_validez',
      'aceptada_en',
      'convertida_en',
      'cliente_id',
      'vendedor_id',
      'tipo_pago_id',
      'impuesto_adicional_id',
      'porcentaje_impuesto_adicional',
      'observacion_venta',
    ])
    .where('id', '=', id)
    .where('codigo_tienda', '=', codigoTienda)
    .forUpdate()
    .executeTakeFirst();
}
export type CotizacionBloqueada = NonNullable<Awaited<ReturnType<typeof lockCotizacion>>>;

/** The order made from a quotation (the unique venta.cotizacion_id), if any. */
export async function findPedidoDeCotizacion(db: Db, cotizacionId: number): Promise<number | null> {
  const fila = await db.selectFrom('venta').select('id').where('cotizacion_id', '=', cotizacionId).executeTakeFirst();
  return fila?.id ?? null;
}

const COLUMNAS_ORDEN = { id: 'v.id', fecha_venta: 'v.fecha_venta', fecha_validez: 'v.fecha_validez', total_venta: 'v.total_venta' } as const;

/** A page of the store's quotations (every sale born one: fecha_validez set), newest first unless sorted. */
export function listCotizaciones(db: Db, codigoTienda: string, filtros: CotizacionesConsulta, hoy: string) {
  const estado = estadoCotizacion(hoy);
  const termino = filtros.query?.trim() ?? '';
  const consulta = db
    .selectFrom('venta as v')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .innerJoin('usuario as u', 'u.id', 'v.vendedor_id')
    .leftJoin('venta as p', 'p.cotizacion_id', 'v.id')
    .where('v.codigo_tienda', '=', codigoTienda)
    .where('v.fecha_validez', 'is not', null)
    .$if(filtros.vendedor_id !== undefined, (c) => c.where('v.vendedor_id', '=', filtros.vendedor_id!))
    .$if(filtros.fecha_inicial !== null || filtros.fecha_final !== null, (c) =>
      c.where(enDiasNegocio('v.fecha_venta', { desde: filtros.fecha_inicial ?? '1900-01-01', hasta: filtros.fecha_final ?? '9999-12-30' })),
    )
    .$if(filtros.estado !== undefined, (c) => c.where(sql<boolean>`${estado} = ${filtros.estado!}`))
    // The customer's names (the sale's own unaccented copy), their document, or the quotation's number.
    .$if(termino !== '', (c) =>
      c.where((eb) =>
        eb.or([
          buscarEn(eb, { texto: [], textoSinAcentos: ['v.cliente_texto_busqueda'], documentos: ['t.numero_documento'] }, termino),
          eb(sql<string>`v.id::text`, '=', termino),
        ]),
      ),
    )
    .select([
      'v.id',
      'v.fecha_venta',
      sql<string>`v.fecha_validez::text`.as('fecha_validez'),
      'v.aceptada_en',
      'v.convertida_en',
      'p.id as pedido_id',
      'v.cliente_id',
      sql<string>`trim(t.nombres || ' ' || t.apellidos)`.as('nombre_cliente'),
      't.numero_documento',
      'v.vendedor_id',
      'u.name as nombre_vendedor',
      'v.total_venta',
      estado.as('estado'),
    ]);
  const ordenada = ordenarLista(consulta, COLUMNAS_ORDEN, filtros, 'v.id', (c) => c.orderBy('v.fecha_venta', 'desc').orderBy('v.id', 'desc'));
  return paginarConsulta(ordenada, { page: filtros.page, perPage: filtros.per_page });
}

/** Marks the quotation accepted (the first time only) and moves its version; answers when. */
export async function updateAceptada(trx: Trx, id: number): Promise<Date> {
  const fila = await trx
    .updateTable('venta')
    .set({ aceptada_en: sql<Date>`coalesce(aceptada_en, now())`, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning('aceptada_en')
    .executeTakeFirstOrThrow();
  return fila.aceptada_en!;
}

/** Marks the quotation converted (its order names it by cotizacion_id) and moves its version. */
export async function updateConvertida(trx: Trx, id: number): Promise<void> {
  await trx
    .updateTable('venta')
    .set({ convertida_en: sql<Date>`now()`, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Links the new order to its quotation. */
export async function updateCotizacionDePedido(trx: Trx, pedidoId: number, cotizacionId: number): Promise<void> {
  await trx.updateTable('venta').set({ cotizacion_id: cotizacionId }).where('id', '=', pedidoId).execute();
}

/**
 * Frees the quotation's approved discount requests (venta_detalle.descuento_solicitado_id is unique): the order made
 * from it carries them from now on.
 */
export async function liberarDescuentos(trx: Trx, cotizacionId: number): Promise<void> {
  await trx
    .updateTable('venta_detalle')
    .set({ descuento_solicitado_id: null })
    .where('venta_id', '=', cotizacionId)
    .where('descuento_solicitado_id', 'is not', null)
    .execute();
}
