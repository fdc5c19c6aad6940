import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database';

export interface DescuentoPrueba {
  id: number;
  codigo_tienda: string;
}

/**
 * A discount request written straight to the table: pending unless an approver is given (then approved or rejected
 * by `aprobado`). Quantity 2 × price 1000 with 10 % unless told.
 */
export async function crearDescuento(
  db: Kysely<Database>,
  datos: {
    codigo_tienda: string;
    tercero_id: number;
    producto_id: number;
    user_id: number;
    cantidad_solicitada?: number;
    precio_unitario?: number;
    porcentaje_descuento?: number;
    aprobador_id?: number;
    aprobado?: boolean;
    fecha_creacion?: Date;
  },
): Promise<DescuentoPrueba> {
  const cantidad = datos.cantidad_solicitada ?? 2;
  const precio = datos.precio_unitario ?? 1000;
  const { id } = await db
    .insertInto('descuento_solicitado')
    .values({
      codigo_tienda: datos.codigo_tienda,
      tercero_id: datos.tercero_id,
      producto_id: datos.producto_id,
      user_id: datos.user_id,
      cantidad_solicitada: cantidad,
      precio_unitario: precio,
      sub_total: Math.round(cantidad * precio * 100) / 100,
      porcentaje_descuento: datos.porcentaje_descuento ?? 10,
      ...(datos.aprobador_id ? { aprobador_id: datos.aprobador_id, aprobado: datos.aprobado ?? false, fecha_decision: new Date() } : {}),
      ...(datos.fecha_creacion ? { fecha_creacion: datos.fecha_creacion } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, codigo_tienda: datos.codigo_tienda };
}
