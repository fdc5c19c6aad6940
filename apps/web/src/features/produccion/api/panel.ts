import { useQuery } from '@tanstack/react-query';
import { MENSAJES_PRODUCCION, type EnJson, type etapaCambiadaSchema, type PanelProduccion } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { cuerpoPanel, type FiltrosPanel } from '../panel.logica';
import { clavesProduccion } from './claves';

/**
 * Panel control producción (spec 002 §2.17, §7; docs/decisions-produccion.md): POST produccion/panel-control (not
 * paged: a day's floor, with the five counters), prioridad and anular-etapa. The key starts with
 * `clavesProduccion.todas`, so a save on any production screen refreshes it.
 */
export const clavesPanel = {
  todas: [...clavesProduccion.todas, 'panel'] as const,
  /** The panel of these filters (the customer by its id). */
  panel: (filtros: FiltrosPanel) => [...clavesPanel.todas, cuerpoPanel(filtros)] as const,
};

export async function getPanel(filtros: FiltrosPanel, signal?: AbortSignal): Promise<PanelProduccion> {
  const respuesta = await api.post<PanelProduccion>('produccion/panel-control', cuerpoPanel(filtros), signal ? { signal } : {});
  return respuesta.data;
}

export const usePanel = (filtros: FiltrosPanel, habilitada: boolean) =>
  useQuery({ queryKey: clavesPanel.panel(filtros), queryFn: ({ signal }) => getPanel(filtros, signal), enabled: habilitada, staleTime: 0 });

/** POST produccion/prioridad {id}: not reversible; answers the server's message. */
export async function establecerPrioridad(ordenId: number): Promise<string> {
  return (await api.post<SoloMensaje>('produccion/prioridad', { id: ordenId })).message ?? MENSAJES_PRODUCCION.prioridadEstablecida;
}

/** POST produccion/anular-etapa {produccion_etapa_id}: the stage goes back to pending; answers the server's message. */
export async function anularEtapa(etapaId: number): Promise<string> {
  return (await api.post<EnJson<z.infer<typeof etapaCambiadaSchema>>>('produccion/anular-etapa', { produccion_etapa_id: etapaId })).message ?? MENSAJES_PRODUCCION.etapaAnulada;
}

// An OP changed: every production list (the panel's, the stage screen's, the preparation's) reads again.
export const useEstablecerPrioridad = () => useGuardado(establecerPrioridad, clavesProduccion.todas);
export const useAnularEtapa = () => useGuardado(anularEtapa, clavesProduccion.todas);
