// The production figures (issue 19 item 7, beyond the spec): per operator and per machine for a date range.
import type { IndicadoresProduccionFiltro } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import * as repositorio from './indicadores.repository';
import type { FilaEtapa } from './produccion.repository';

export interface IndicadorServicio {
  grupo_servicio_id: number;
  nombre_grupo_servicio: string;
  etapas_finalizadas: number;
  promedio_trabajado_segundos: number;
}
export interface Indicadores {
  operarios: { operario_id: number; nombres_operario: string | null; apellidos_operario: string | null; etapas_finalizadas: number; por_servicio: IndicadorServicio[] }[];
  maquinas: { maquina_id: number; referencia_maquina: string | null; nombre_maquina: string | null; etapas_finalizadas: number; por_servicio: IndicadorServicio[] }[];
  suspensiones_por_motivo: { motivo_suspension_id: number; nombre_tipo_motivo_suspension_produccion: string; suspensiones: number }[];
}

/** Per service: how many stages and their average worked time (seconds, rounded). */
function porServicio(etapas: readonly FilaEtapa[]): IndicadorServicio[] {
  const grupos = new Map<number, FilaEtapa[]>();
  for (const e of etapas) grupos.set(e.grupo_servicio_id, [...(grupos.get(e.grupo_servicio_id) ?? []), e]);
  return [...grupos.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, filas]) => ({
      grupo_servicio_id: id,
      nombre_grupo_servicio: filas[0]!.nombre_grupo_servicio,
      etapas_finalizadas: filas.length,
      promedio_trabajado_segundos: Math.round(filas.reduce((suma, f) => suma + f.tiempo_trabajado_segundos, 0) / filas.length),
    }));
}

/**
 * POST produccion/indicadores (issue 19 item 7): per operator and per machine, the stages finished in the range and
 * their average worked time per service (the stage's last operator and machine count it); suspensions by reason.
 */
export async function indicadores(db: Db, filtro: IndicadoresProduccionFiltro, actor: Actor): Promise<Indicadores> {
  const tienda = tiendaDelActor(actor);
  const desde = filtro.fecha_inicial!;
  const hasta = filtro.fecha_final!;
  const [etapas, suspensiones] = await Promise.all([
    repositorio.listEtapasFinalizadas(db, tienda, desde, hasta),
    repositorio.contarSuspensionesPorMotivo(db, tienda, desde, hasta),
  ]);
  const agrupar = (clave: (e: FilaEtapa) => number | null) => {
    const grupos = new Map<number, FilaEtapa[]>();
    for (const e of etapas) {
      const k = clave(e);
      if (k !== null) grupos.set(k, [...(grupos.get(k) ?? []), e]);
    }
    return [...grupos.entries()].sort(([a], [b]) => a - b);
  };
  return {
    operarios: agrupar((e) => e.operario_id).map(([id, filas]) => ({
      operario_id: id,
      nombres_operario: filas[0]!.nombres_operario,
      apellidos_operario: filas[0]!.apellidos_operario,
      etapas_finalizadas: filas.length,
      por_servicio: porServicio(filas),
    })),
    maquinas: agrupar((e) => e.maquina_id).map(([id, filas]) => ({
      maquina_id: id,
      referencia_maquina: filas[0]!.referencia_maquina,
      nombre_maquina: filas[0]!.nombre_maquina,
      etapas_finalizadas: filas.length,
      por_servicio: porServicio(filas),
    })),
    suspensiones_por_motivo: suspensiones,
  };
}
