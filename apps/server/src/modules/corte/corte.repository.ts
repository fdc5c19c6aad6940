import type { ResultadoCorte } from '@tablero/cutting';
import type { CantoPlan, Optimizar } from '@tablero/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface NuevaOptimizacion {
  origen: 'optimizador' | 'venta';
  codigo_tienda: string;
  user_id: number;
  entrada: Optimizar;
  resultado: ResultadoCorte;
  cantos: CantoPlan[];
  /** New boards without the inventory offcuts it uses; null when it uses none (docs/decisions-retales.md). */
  placas_sin_retales?: number | null;
}

/** Stores one optimizer result; its customer fields are copied out of the input for lists and search. */
export async function insertOptimizacion(db: Db, datos: NuevaOptimizacion): Promise<{ id: number; fecha: Date }> {
  return db
    .insertInto('optimizacion')
    .values({
      origen: datos.origen,
      codigo_tienda: datos.codigo_tienda,
      user_id: datos.user_id,
      nombres: datos.entrada.nombres,
      apellidos: datos.entrada.apellidos,
      numero_documento: datos.entrada.numero_documento,
      referencia: datos.entrada.referencia,
      cant_placas: datos.resultado.cant_placas,
      placas_sin_retales: datos.placas_sin_retales ?? null,
      ptje_aprov: datos.resultado.ptje_aprov,
      entrada: JSON.stringify(datos.entrada),
      resultado: JSON.stringify(datos.resultado),
      cantos: JSON.stringify(datos.cantos),
    })
    .returning(['id', 'fecha'])
    .executeTakeFirstOrThrow();
}

/**
 * A stored result by id (the public documents' signed link names it), its two large JSON columns as text: they
 * go to the documents worker as they are, and are parsed there, not on the request's thread.
 */
export function getOptimizacionDocumento(db: Db, id: number) {
  return db
    .selectFrom('optimizacion')
    .select(['id', 'nombres', 'apellidos', 'numero_documento', 'referencia', 'cantos', 'fecha'])
    .select([sql<string>`entrada::text`.as('entrada_json'), sql<string>`resultado::text`.as('resultado_json')])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The products named as edges of a cut list (read-only; the productos module owns the table): id, reference,
 * name and group, so the service can tell an unknown id from a product that is no edge band.
 */
export function findProductosCanto(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('producto').select(['id', 'referencia', 'nombre_producto', 'grupo_id']).where('id', 'in', ids).execute();
}
