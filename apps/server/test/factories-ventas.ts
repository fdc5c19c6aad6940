import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database';

export interface VentaPrueba {
  id: number;
  codigo_tienda: string;
  cliente_id: number;
}

/** An order written straight to the table (no lines): what the tasks and, later, billing tests start from. */
export async function crearVenta(
  db: Kysely<Database>,
  datos: { codigo_tienda: string; cliente_id: number; vendedor_id: number; estado_venta_id?: number; fecha_venta?: Date },
): Promise<VentaPrueba> {
  const { id } = await db
    .insertInto('venta')
    .values({
      codigo_tienda: datos.codigo_tienda,
      cliente_id: datos.cliente_id,
      vendedor_id: datos.vendedor_id,
      estado_venta_id: datos.estado_venta_id ?? 1,
      ...(datos.fecha_venta ? { fecha_venta: datos.fecha_venta } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, codigo_tienda: datos.codigo_tienda, cliente_id: datos.cliente_id };
}

/** A task written straight to the table. */
export async function crearTarea(db: Kysely<Database>, ventaId: number, datos: { descripcion_tarea?: string; tarea_completada?: boolean } = {}) {
  return db
    .insertInto('venta_tarea')
    .values({ venta_id: ventaId, descripcion_tarea: datos.descripcion_tarea ?? 'Llamar al cliente', tarea_completada: datos.tarea_completada ?? false })
    .returning(['id', 'venta_id', 'descripcion_tarea', 'observacion_tarea', 'tarea_completada'])
    .executeTakeFirstOrThrow();
}
