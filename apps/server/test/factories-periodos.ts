// Test factories of the period lock (docs/decisions-periodos.md): rows straight into the tables, for tests that need them as a starting point.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database';

/**
 * A store's month closed straight in the tables (with its 'cierre' history line), as registrarCierre leaves it but
 * without its checks: any month may be closed this way, even one that has not ended.
 */
export async function crearPeriodoCerrado(
  db: Kysely<Database>,
  datos: { codigo_tienda: string; anio: number; mes: number; resumen?: unknown; usuario_id?: number | null },
): Promise<void> {
  const resumen = JSON.stringify(datos.resumen ?? { prueba: true });
  await db
    .insertInto('periodo_cerrado')
    .values({
      codigo_tienda: datos.codigo_tienda,
      anio: datos.anio,
      mes: datos.mes,
      cerrado: true,
      resumen,
      fecha_cierre: sql<Date>`now()`,
      usuario_cierre_id: datos.usuario_id ?? null,
    })
    .onConflict((oc) => oc.columns(['codigo_tienda', 'anio', 'mes']).doUpdateSet({ cerrado: true, resumen, fecha_cierre: sql<Date>`now()` }))
    .execute();
  await db
    .insertInto('periodo_evento')
    .values({ codigo_tienda: datos.codigo_tienda, anio: datos.anio, mes: datos.mes, accion: 'cierre', user_id: datos.usuario_id ?? null, resumen })
    .execute();
}
