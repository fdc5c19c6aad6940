import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MENSAJES_DESPACHOS,
  type despachoPasadoSchema,
  type DetalleDespacho,
  type TamanoPagina,
  type Tercero,
  type tercerosRespuestaSchema,
  type TurnosDespacho,
} from '@tablero/domain';
import type { z } from 'zod';
import { api, type ListaCompleta, type SoloMensaje } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { cuerpoTurnos, type FiltrosDespachos } from '../despachos.logica';
import { clavesDespachos } from './claves';

/** A page of the list with its filters. */
export interface ConsultaTurnos {
  filtros: FiltrosDespachos;
  page: number;
  per_page: TamanoPagina;
}

/** POST despachos/turnos?page&per_page (spec 001 §7): pending (waiting or called) or dispatched turns of the range. */
export async function getTurnos({ filtros, page, per_page }: ConsultaTurnos, signal?: AbortSignal): Promise<TurnosDespacho> {
  const respuesta = await api.post<TurnosDespacho>('despachos/turnos', cuerpoTurnos(filtros), { query: { page, per_page }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

export const useTurnos = <T>(consulta: ConsultaTurnos, select: (respuesta: TurnosDespacho) => T, habilitada: boolean) =>
  useQuery({
    queryKey: clavesDespachos.turnos({ ...consulta, filtros: { ...consulta.filtros, cliente: consulta.filtros.cliente?.id ?? null } }),
    queryFn: ({ signal }) => getTurnos(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
    select,
  });

/** GET despachos/venta/{id}: the dialog's read, which never calls the turn. */
export async function getVentaDespacho(ventaId: number, signal?: AbortSignal): Promise<DetalleDespacho> {
  return (await api.get<DetalleDespacho>(`despachos/venta/${ventaId}`, signal ? { signal } : {})).data;
}

export const useVentaDespacho = (ventaId: number) =>
  useQuery({ queryKey: clavesDespachos.venta(ventaId), queryFn: ({ signal }) => getVentaDespacho(ventaId, signal), staleTime: 0 });

/**
 * Llamar turno: GET despachos/turnos/{ventaId}/{userId}/venta (spec 001 §7) puts the turn in process with the user as
 * its dispatcher and answers the sale, which the dialog then shows without reading it again.
 */
export function useLlamarTurno() {
  const queryClient = useQueryClient();
  return useGuardado(async ({ ventaId, userId }: { ventaId: number; userId: number }) => {
    const detalle = (await api.get<DetalleDespacho>(`despachos/turnos/${ventaId}/${userId}/venta`)).data;
    queryClient.setQueryData(clavesDespachos.venta(ventaId), detalle);
    return detalle;
  }, clavesDespachos.todas);
}

/** POST despachos/guardar (spec 001 §7, §5 Dispatch): answers the server's message. */
export async function guardarDespacho(datos: { venta_id: number; usuario_id: number; mensajero_id: number; observacion_despacho: string }): Promise<string> {
  return (await api.post<SoloMensaje>('despachos/guardar', datos)).message ?? MENSAJES_DESPACHOS.despachada;
}

// The list and the dialog refresh; a sale detail elsewhere reads itself again (AccionesDespachoVenta's onCambio).
export const useGuardarDespacho = () => useGuardado(guardarDespacho, clavesDespachos.todas);

/** POST despachos/pasar ('Pasar a despacho', spec 000 §2.7): answers the server's message. */
export async function pasarADespacho(ventaId: number): Promise<string> {
  return (await api.post<z.infer<typeof despachoPasadoSchema>>('despachos/pasar', { venta_id: ventaId })).message ?? MENSAJES_DESPACHOS.pasada;
}

export const usePasarADespacho = () => useGuardado(pasarADespacho, clavesDespachos.todas);

/** GET terceros?role=Mensajero&no_page=1 (spec 001 §7): the active messengers, by name. */
export async function getMensajeros(signal?: AbortSignal): Promise<Tercero[]> {
  return (await api.get<ListaCompleta<z.infer<typeof tercerosRespuestaSchema>>>('terceros', { query: { role: 'Mensajero', no_page: 1 }, ...(signal ? { signal } : {}) })).data.terceros;
}

export const useMensajeros = () => useQuery({ queryKey: clavesDespachos.mensajeros(), queryFn: ({ signal }) => getMensajeros(signal), staleTime: 60_000 });
