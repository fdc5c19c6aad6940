import { useQuery } from '@tanstack/react-query';
import { MENSAJES_PRODUCCION, type EnJson, type etapaCambiadaSchema, type EtapasPorServicio, type IniciarEtapa, type PararFinalizarEtapa, type Maquina, type Tercero, type tercerosRespuestaSchema, type TipoMotivoSuspension, type maquinasProduccionRespuestaSchema, type tiposMotivosSuspensionRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api, type ListaCompleta } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import { clavesProduccion } from './claves';

/**
 * Gestionar orden producción (spec 002 §2.18, §7; docs/decisions-produccion.md): the operators, the machines of a
 * service, the stages waiting for a service or in process with an operator, the suspension reasons, and the stage's
 * transitions (iniciar / continuar, parar, finalizar). Every key but the operators' starts with `clavesProduccion.todas`,
 * so a save (or the store's live production event) refreshes them all.
 */
export const clavesGestionEtapa = {
  todas: [...clavesProduccion.todas, 'gestion-etapa'] as const,
  // Under the third parties' root, not production's: a stage's change (a save, the live event) does not change who
  // the operators are, so the picker is not read again under the operator's finger.
  operarios: () => [...raicesConsulta.terceros, 'operarios-produccion'] as const,
  maquinas: (servicio: number | null) => [...clavesGestionEtapa.todas, 'maquinas', servicio] as const,
  pendientes: (servicio: number | null) => [...clavesGestionEtapa.todas, 'pendientes', servicio] as const,
  enProceso: (operarioId: number | null) => [...clavesGestionEtapa.todas, 'en-proceso', operarioId] as const,
  motivos: () => [...clavesGestionEtapa.todas, 'motivos'] as const,
};

/** GET terceros?role=Operario&no_page=1 (spec 002 §7): the active operators, by name. */
export async function getOperarios(signal?: AbortSignal): Promise<Tercero[]> {
  const respuesta = await api.get<ListaCompleta<z.infer<typeof tercerosRespuestaSchema>>>('terceros', { query: { role: 'Operario', no_page: 1 }, ...(signal ? { signal } : {}) });
  return respuesta.data.terceros;
}

export const useOperarios = (habilitada: boolean) =>
  useQuery({ queryKey: clavesGestionEtapa.operarios(), queryFn: ({ signal }) => getOperarios(signal), enabled: habilitada, staleTime: 60_000 });

/** POST maquinas/produccion {servicio} (spec 002 §7): the service's machines in every state. */
export async function getMaquinasServicio(servicio: number, signal?: AbortSignal): Promise<Maquina[]> {
  const respuesta = await api.post<z.infer<typeof maquinasProduccionRespuestaSchema>>('maquinas/produccion', { servicio }, signal ? { signal } : {});
  return respuesta.data.maquinas;
}

export const useMaquinasServicio = (servicio: number | null) =>
  useQuery({
    queryKey: clavesGestionEtapa.maquinas(servicio),
    queryFn: ({ signal }) => getMaquinasServicio(servicio!, signal),
    enabled: servicio !== null,
    staleTime: 0,
  });

/** POST produccion/etapas-por-servicio {servicio, etapas_pendientes: true}: the stages waiting for the service, priority first. */
export async function getEtapasPendientes(servicio: number, signal?: AbortSignal): Promise<EtapasPorServicio> {
  const respuesta = await api.post<EtapasPorServicio>('produccion/etapas-por-servicio', { servicio, etapas_pendientes: true }, signal ? { signal } : {});
  return respuesta.data;
}

export const useEtapasPendientes = (servicio: number | null, habilitada: boolean) =>
  useQuery({
    queryKey: clavesGestionEtapa.pendientes(servicio),
    queryFn: ({ signal }) => getEtapasPendientes(servicio!, signal),
    enabled: habilitada && servicio !== null,
    staleTime: 0,
  });

/** POST produccion/etapas-por-servicio {operario_id, etapas_proceso: true}: the operator's stages in process or suspended. */
export async function getEtapasEnProceso(operarioId: number, signal?: AbortSignal): Promise<EtapasPorServicio> {
  const respuesta = await api.post<EtapasPorServicio>('produccion/etapas-por-servicio', { operario_id: operarioId, etapas_proceso: true }, signal ? { signal } : {});
  return respuesta.data;
}

export const useEtapasEnProceso = (operarioId: number | null, habilitada: boolean) =>
  useQuery({
    queryKey: clavesGestionEtapa.enProceso(operarioId),
    queryFn: ({ signal }) => getEtapasEnProceso(operarioId!, signal),
    enabled: habilitada && operarioId !== null,
    staleTime: 0,
  });

/** GET produccion/tipos-motivos-suspension: the active suspension reasons. */
export async function getMotivosSuspension(signal?: AbortSignal): Promise<TipoMotivoSuspension[]> {
  const respuesta = await api.get<z.infer<typeof tiposMotivosSuspensionRespuestaSchema>>('produccion/tipos-motivos-suspension', signal ? { signal } : {});
  return respuesta.data.tipos_motivos_suspension;
}

export const useMotivosSuspension = (habilitada: boolean) =>
  useQuery({ queryKey: clavesGestionEtapa.motivos(), queryFn: ({ signal }) => getMotivosSuspension(signal), enabled: habilitada, staleTime: 5 * 60_000 });

/** POST produccion/iniciar-etapa (also Continuar on a suspended stage): answers the server's message. */
export async function iniciarEtapa(datos: IniciarEtapa & { continuar?: boolean }): Promise<string> {
  const { continuar, ...cuerpo } = datos;
  const porDefecto = continuar ? MENSAJES_PRODUCCION.etapaReanudada : MENSAJES_PRODUCCION.etapaIniciada;
  return (await api.post<EnJson<z.infer<typeof etapaCambiadaSchema>>>('produccion/iniciar-etapa', cuerpo)).message ?? porDefecto;
}

/** The schema's body as the screen sends it: Parar always with its reason, Finalizar without one (the schema's rule). */
export type DatosPararFinalizar = Pick<PararFinalizarEtapa, 'produccion_etapa_id'> &
  (
    | { accion: 'finalizar'; retales_descartados?: string[] }
    | { accion: 'parar'; motivo_suspension_id: NonNullable<PararFinalizarEtapa['motivo_suspension_id']> }
  );

/** POST produccion/parar-finalizar-etapa: Parar (with the reason) or Finalizar etapa; answers the server's message. */
export async function pararFinalizarEtapa(datos: DatosPararFinalizar): Promise<string> {
  const porDefecto = datos.accion === 'parar' ? MENSAJES_PRODUCCION.etapaSuspendida : MENSAJES_PRODUCCION.etapaFinalizada;
  return (await api.post<EnJson<z.infer<typeof etapaCambiadaSchema>>>('produccion/parar-finalizar-etapa', datos)).message ?? porDefecto;
}

// A stage changed: every production list (this screen's, the panel's, the preparation's) reads again.
export const useIniciarEtapa = () => useGuardado(iniciarEtapa, clavesProduccion.todas);
export const usePararFinalizarEtapa = () => useGuardado(pararFinalizarEtapa, clavesProduccion.todas);
