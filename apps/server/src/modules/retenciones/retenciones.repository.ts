import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Every query of the retenciones module. */

export function findTercero(db: Db, terceroId: number) {
  return db
    .selectFrom('tercero as t')
    .leftJoin('tercero_retencion as r', 'r.tercero_id', 't.id')
    .select(['t.id', 'r.agente_retencion', 'r.concepto_retefuente', 'r.aplica_reteiva', 'r.tarifa_reteica_por_mil'])
    .where('t.id', '=', terceroId)
    .executeTakeFirst();
}

export async function upsertConfiguracion(
  db: Db,
  fila: { tercero_id: number; agente_retencion: boolean; concepto_retefuente: string | null; aplica_reteiva: boolean; tarifa_reteica_por_mil: string | null; user_id: number | null },
): Promise<void> {
  await db
    .insertInto('tercero_retencion')
    .values(fila)
    .onConflict((oc) =>
      oc.column('tercero_id').doUpdateSet({
        agente_retencion: fila.agente_retencion,
        concepto_retefuente: fila.concepto_retefuente,
        aplica_reteiva: fila.aplica_reteiva,
        tarifa_reteica_por_mil: fila.tarifa_reteica_por_mil,
        user_id: fila.user_id,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** A sale's figures the withholdings are checked against, in its store. */
export function findVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('venta')
    .select(['id', 'codigo_tienda', 'cliente_id', 'estado_venta_id', 'total_subtotal_venta', 'total_impuestos_venta', 'total_venta'])
    .where('id', '=', ventaId)
    .executeTakeFirst();
}

export function listVigentes(db: Db, ventaId: number) {
  return db
    .selectFrom('retencion_venta')
    .select(['id', 'tipo', 'concepto', 'base', 'tarifa', 'valor', 'momento'])
    .where('venta_id', '=', ventaId)
    .where('anulada', '=', false)
    .orderBy('id')
    .execute();
}

export async function insertRetenciones(
  db: Db,
  filas: {
    venta_id: number;
    codigo_tienda: string;
    tipo: string;
    concepto: string | null;
    base: string;
    tarifa: string;
    valor: string;
    momento: 'FACTURA' | 'ABONO';
    cuenta_credito_movimiento_id: number | null;
    fecha: string;
    user_id: number | null;
  }[],
): Promise<void> {
  if (filas.length > 0) await db.insertInto('retencion_venta').values(filas).execute();
}

export async function anularDeVenta(db: Db, ventaId: number, userId: number | null): Promise<number> {
  const filas = await db
    .updateTable('retencion_venta')
    .set({ anulada: true, fecha_anula: sql`now()`, usuario_anula: userId })
    .where('venta_id', '=', ventaId)
    .where('anulada', '=', false)
    .returning('id')
    .execute();
  return filas.length;
}

/** The month's live withholdings of a store, per customer and type. */
export function listReporte(db: Db, codigoTienda: string, desde: string, hasta: string) {
  return db
    .selectFrom('retencion_venta as r')
    .innerJoin('venta as v', 'v.id', 'r.venta_id')
    .innerJoin('tercero as t', 't.id', 'v.cliente_id')
    .select([
      't.id as tercero_id',
      sql<string>`btrim(concat_ws(' ', t.nombres, t.apellidos))`.as('cliente'),
      't.numero_documento',
      'r.tipo',
      sql<string>`count(distinct r.venta_id)`.as('documentos'),
      sql<string>`sum(r.base)`.as('base'),
      sql<string>`sum(r.valor)`.as('valor'),
    ])
    .where('r.codigo_tienda', '=', codigoTienda)
    .where('r.anulada', '=', false)
    .where('r.fecha', '>=', desde)
    .where('r.fecha', '<', hasta)
    .groupBy(['t.id', 't.nombres', 't.apellidos', 't.numero_documento', 'r.tipo'])
    .orderBy('cliente')
    .orderBy('t.id')
    .orderBy('r.tipo')
    .execute();
}
