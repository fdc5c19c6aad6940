// SQL of the production figures (beyond the spec; docs/decisions-produccion.md): the stages finished in a date range,
// grouped and averaged by PostgreSQL per operator, machine and service; the stops of the range by reason.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';

/** A store and two business dates ('YYYY-MM-DD', both included) read as business days. */
export interface RangoIndicadores {
  codigoTienda: string;
  desde: string;
  hasta: string;
}

/** One grouping of the finished stages: `nivel` says which ids name it (the others are null). */
export interface FilaAgregada {
  nivel: 'operario_servicio' | 'operario' | 'maquina_servicio' | 'maquina' | 'servicio' | 'total';
  operario_id: number | null;
  nombres_operario: string | null;
  apellidos_operario: string | null;
  maquina_id: number | null;
  referencia_maquina: string | null;
  nombre_maquina: string | null;
  grupo_servicio_id: number | null;
  nombre_grupo_servicio: string | null;
  etapas_finalizadas: number;
  promedio_trabajado_segundos: number;
  promedio_espera_segundos: number;
  tiempo_suspendido_segundos: number;
}

/**
 * The store's stages finished in the range (by their finish time) with the same per-stage times as the stage rows
 * (produccion.repository.ts listEtapasDonde: worked and suspended time from the transitions after the stage's last
 * annulment; waiting time from the moment it could be worked to its first start after that), but computed for the
 * whole set at once (one window over their events instead of a subquery per stage), then grouped by operator and
 * service, operator, machine and service, machine, service, and all of them, in one pass (GROUPING SETS).
 * The id bounds (`limites`) add nothing to the result: they let the planner read the events and the stages of those
 * OPs through their indexes, in the narrow id span of the range's stages (ids grow with time), instead of scanning
 * every event of the store's history to hash-join a few.
 * The stage's operator and machine are its last ones: whoever finished it, where.
 */
export async function agregadosEtapasFinalizadas(db: Db, r: RangoIndicadores): Promise<FilaAgregada[]> {
  const filas = await sql<FilaAgregada & { agrupacion: number }>`
    with etapas as (
      select e.id, e.produccion_venta_id, e.numero_etapa, e.grupo_servicio_id, e.operario_id, e.maquina_id,
             pv.fecha_material_preparado
        from produccion_venta_etapa e
        join produccion_venta pv on pv.id = e.produccion_venta_id
       where pv.codigo_tienda = ${r.codigoTienda}
         and e.estado_etapa = 'completado'
         and ${enDiasNegocio('e.fecha_finaliza_produccion', r)}
    ),
    limites as (
      select min(id) as etapa_min, max(id) as etapa_max, min(produccion_venta_id) as orden_min, max(produccion_venta_id) as orden_max from etapas
    ),
    eventos as (
      select ev.produccion_venta_etapa_id as etapa_id, ev.id, ev.evento, ev.estado_nuevo, ev.fecha,
             lead(ev.fecha) over (partition by ev.produccion_venta_etapa_id order by ev.id) as siguiente,
             coalesce(max(ev.id) filter (where ev.evento = 'anular') over (partition by ev.produccion_venta_etapa_id), 0) as ultima_anulacion
        from produccion_etapa_evento ev
       where ev.produccion_venta_etapa_id in (select id from etapas)
         and ev.produccion_venta_etapa_id between (select etapa_min from limites) and (select etapa_max from limites)
    ),
    tiempos as (
      select etapa_id,
             sum(date_part('epoch', coalesce(siguiente, clock_timestamp()) - fecha))
               filter (where estado_nuevo = 'en_proceso' and id > ultima_anulacion) as trabajado,
             sum(date_part('epoch', coalesce(siguiente, clock_timestamp()) - fecha))
               filter (where estado_nuevo = 'suspendido' and id > ultima_anulacion) as suspendido,
             min(fecha) filter (where evento = 'iniciar' and id > ultima_anulacion) as inicio,
             max(fecha) filter (where id = ultima_anulacion) as anulada
        from eventos
       group by etapa_id
    ),
    anteriores as (
      select p.id, lag(p.numero_etapa) over w as numero_anterior, lag(p.fecha_finaliza_produccion) over w as fin_anterior
        from produccion_venta_etapa p
       where p.produccion_venta_id in (select produccion_venta_id from etapas)
         and p.produccion_venta_id between (select orden_min from limites) and (select orden_max from limites)
      window w as (partition by p.produccion_venta_id order by p.numero_etapa)
    ),
    por_etapa as (
      select e.id, e.operario_id, e.maquina_id, e.grupo_servicio_id,
             coalesce(t.trabajado, 0) as trabajado,
             coalesce(t.suspendido, 0) as suspendido,
             coalesce(date_part('epoch',
               coalesce(t.inicio, clock_timestamp())
               - greatest(case when a.numero_anterior is null then e.fecha_material_preparado else a.fin_anterior end, t.anulada)
             ), 0) as espera
        from etapas e
        join anteriores a on a.id = e.id
        left join tiempos t on t.etapa_id = e.id
    ),
    agregados as (
      select grouping(operario_id, maquina_id, grupo_servicio_id) as agrupacion,
             operario_id, maquina_id, grupo_servicio_id,
             count(*)::int as etapas_finalizadas,
             round(avg(trabajado)::numeric)::float8 as promedio_trabajado_segundos,
             round(avg(espera)::numeric)::float8 as promedio_espera_segundos,
             round(sum(suspendido)::numeric)::float8 as tiempo_suspendido_segundos
        from por_etapa
       group by grouping sets ((operario_id, grupo_servicio_id), (operario_id), (maquina_id, grupo_servicio_id), (maquina_id), (grupo_servicio_id), ())
    )
    select a.*, o.nombres as nombres_operario, o.apellidos as apellidos_operario,
           q.referencia as referencia_maquina, q.nombre_maquina, g.nombre_grupo_servicio
      from agregados a
      left join tercero o on o.id = a.operario_id
      left join maquina q on q.id = a.maquina_id
      left join grupo_servicio g on g.id = a.grupo_servicio_id
  `.execute(db);
  // grouping() sets a bit (4 operator, 2 machine, 1 service) for each column left out of the row's grouping.
  const NIVELES: Record<number, FilaAgregada['nivel']> = {
    0b010: 'operario_servicio',
    0b011: 'operario',
    0b100: 'maquina_servicio',
    0b101: 'maquina',
    0b110: 'servicio',
    0b111: 'total',
  };
  return filas.rows.map(({ agrupacion, ...fila }) => ({ ...fila, nivel: NIVELES[agrupacion]! }));
}

export interface FilaSuspensionMotivo {
  motivo_suspension_id: number;
  nombre_tipo_motivo_suspension_produccion: string;
  suspensiones: number;
  en_curso: number;
  tiempo_suspendido_segundos: number;
}

/**
 * The store's stops ('parar' events) made in the range, by reason: how many, how many still stopped, and their total
 * time, each from the stop to the stage's next event (Continuar or Anular), or to now while it is still stopped.
 * Longest total first.
 */
export async function suspensionesPorMotivo(db: Db, r: RangoIndicadores): Promise<FilaSuspensionMotivo[]> {
  const filas = await sql<FilaSuspensionMotivo>`
    select m.id as motivo_suspension_id, m.nombre_tipo_motivo_suspension_produccion,
           count(*)::int as suspensiones,
           count(*) filter (where siguiente.fecha is null)::int as en_curso,
           round(sum(date_part('epoch', coalesce(siguiente.fecha, clock_timestamp()) - ev.fecha))::numeric)::float8 as tiempo_suspendido_segundos
      from produccion_etapa_evento ev
      join produccion_venta_etapa e on e.id = ev.produccion_venta_etapa_id
      join produccion_venta pv on pv.id = e.produccion_venta_id
      join tipo_motivo_suspension_produccion m on m.id = ev.motivo_suspension_id
      left join lateral (
        select n.fecha from produccion_etapa_evento n
         where n.produccion_venta_etapa_id = ev.produccion_venta_etapa_id and n.id > ev.id
         order by n.id limit 1
      ) siguiente on true
     where ev.evento = 'parar'
       and pv.codigo_tienda = ${r.codigoTienda}
       and ${enDiasNegocio('ev.fecha', r)}
     group by m.id, m.nombre_tipo_motivo_suspension_produccion
     order by tiempo_suspendido_segundos desc, m.id
  `.execute(db);
  return filas.rows;
}
