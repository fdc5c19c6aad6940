// SQL of the production figures (issue 19 item 7, beyond the spec): stages finished in a date range and stops by reason.
import { sql } from 'kysely';
import { ZONA_NEGOCIO } from '@tablero/domain';
import type { Db } from '../../db/database';
import { listEtapasDonde, type FilaEtapa } from './produccion.repository';

/** The store's stages finished between two business dates (inclusive), by finish time. */
export function listEtapasFinalizadas(db: Db, codigoTienda: string, fechaInicial: string, fechaFinal: string): Promise<FilaEtapa[]> {
  return listEtapasDonde(
    db,
    sql`pv.codigo_tienda = ${codigoTienda} and e.estado_etapa = 'completado'
        and (e.fecha_finaliza_produccion at time zone ${ZONA_NEGOCIO})::date between ${fechaInicial}::date and ${fechaFinal}::date`,
    sql`e.fecha_finaliza_produccion, e.id`,
  );
}

/** How many times the store's stages were stopped for each reason between two business dates (inclusive). */
export async function contarSuspensionesPorMotivo(db: Db, codigoTienda: string, fechaInicial: string, fechaFinal: string) {
  const filas = await sql<{ motivo_suspension_id: number; nombre_tipo_motivo_suspension_produccion: string; suspensiones: number }>`
    select m.id as motivo_suspension_id, m.nombre_tipo_motivo_suspension_produccion, count(*)::int as suspensiones
    from produccion_etapa_evento ev
    join produccion_venta_etapa e on e.id = ev.produccion_venta_etapa_id
    join produccion_venta pv on pv.id = e.produccion_venta_id
    join tipo_motivo_suspension_produccion m on m.id = ev.motivo_suspension_id
    where ev.evento = 'parar' and pv.codigo_tienda = ${codigoTienda}
      and (ev.fecha at time zone ${ZONA_NEGOCIO})::date between ${fechaInicial}::date and ${fechaFinal}::date
    group by m.id, m.nombre_tipo_motivo_suspension_produccion
    order by m.id
  `.execute(db);
  return filas.rows;
}
