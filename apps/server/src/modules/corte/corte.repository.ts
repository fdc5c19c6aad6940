import type { ResultadoCorte } from '@tablero/cutting';
import type { Optimizar } from '@tablero/domain';
import type { Db } from '../../db/database';

export interface NuevaOptimizacion {
  token: string;
  origen: 'optimizador' | 'venta';
  codigo_tienda: string;
  user_id: number;
  entrada: Optimizar;
  resultado: ResultadoCorte;
}

/** Stores one optimizer result; its customer fields are copied out of the input for lists and search. */
export async function insertOptimizacion(db: Db, datos: NuevaOptimizacion): Promise<{ id: number; fecha: Date }> {
  return db
    .insertInto('optimizacion')
    .values({
      token: datos.token,
      origen: datos.origen,
      codigo_tienda: datos.codigo_tienda,
      user_id: datos.user_id,
      nombres: datos.entrada.nombres,
      apellidos: datos.entrada.apellidos,
      numero_documento: datos.entrada.numero_documento,
      referencia: datos.entrada.referencia,
      cant_placas: datos.resultado.cant_placas,
      ptje_aprov: datos.resultado.ptje_aprov,
      entrada: JSON.stringify(datos.entrada),
      resultado: JSON.stringify(datos.resultado),
    })
    .returning(['id', 'fecha'])
    .executeTakeFirstOrThrow();
}

/** A stored result by its link token (public documents: the token is the only key). */
export function getOptimizacionPorToken(db: Db, token: string) {
  return db
    .selectFrom('optimizacion')
    .select(['id', 'nombres', 'apellidos', 'numero_documento', 'referencia', 'entrada', 'resultado', 'fecha'])
    .where('token', '=', token)
    .executeTakeFirst();
}
