import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MENSAJES_NUMERACION, type Pagina, type RangoNumeracion, type RangoNumeracionGuardar, type rangosNumeracionRespuestaSchema, type alertasRespuestaSchema, type idCreadoDatosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { ParametrosLista } from '@/lib/estado-lista';
import { useGuardado } from '@/lib/guardado';
import { paginarEnCliente } from '@/lib/paginar-en-cliente';
import { clavesNumeracion } from './claves';

/** The columns the ranges list sorts by. */
export type OrdenRango = 'nombre_tienda' | 'prefijo' | 'porcentaje_usado';

/** GET /api/maestros/rangos-numeracion[?codigo_tienda]: the ranges with their use, state and warning today. */
export async function getRangos(codigoTienda: string, signal?: AbortSignal): Promise<RangoNumeracion[]> {
  const respuesta = await api.get<z.infer<typeof rangosNumeracionRespuestaSchema>>('maestros/rangos-numeracion', {
    query: { codigo_tienda: codigoTienda },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.rangos_numeracion;
}

export function rangosQueryOptions(codigoTienda: string) {
  return queryOptions({ queryKey: clavesNumeracion.rangos(codigoTienda), queryFn: ({ signal }) => getRangos(codigoTienda, signal), staleTime: 0 });
}

/**
 * The ranges screen's page: a store's ranges are a handful, answered whole, so the search, sort and paging are
 * the client's; `todos` keeps every row of the store for the warnings above the table.
 */
export function useRangosPagina(codigoTienda: string, consulta: ParametrosLista<OrdenRango>) {
  const { page, per_page, query, orden, direccion } = consulta;
  const seleccionar = useCallback(
    (todos: RangoNumeracion[]): Pagina<RangoNumeracion> & { todos: RangoNumeracion[] } => ({
      todos,
      ...paginarEnCliente(todos, { page, per_page, ...(query ? { query } : {}), ...(orden ? { orden, direccion: direccion ?? 'asc' } : {}) }, {
        textos: (rango) => [rango.prefijo, rango.nombre_tienda, rango.codigo_tienda, rango.resolucion_numero],
        columnas: {
          nombre_tienda: (rango) => rango.nombre_tienda,
          prefijo: (rango) => rango.prefijo,
          porcentaje_usado: (rango) => rango.porcentaje_usado,
        },
        desempate: (rango) => rango.id,
      }),
    }),
    [page, per_page, query, orden, direccion],
  );
  return useQuery({ ...rangosQueryOptions(codigoTienda), select: seleccionar });
}

/** GET /api/maestros/rangos-numeracion/alertas: the active ranges at 90 % or more, or about to expire. */
export async function getAlertasNumeracion(): Promise<string[]> {
  return (await api.get<z.infer<typeof alertasRespuestaSchema>>('maestros/rangos-numeracion/alertas', { silencioso: true })).data.alertas;
}

export const useAlertasNumeracion = (activo = true) =>
  useQuery({ queryKey: clavesNumeracion.alertas(), queryFn: getAlertasNumeracion, staleTime: 5 * 60_000, enabled: activo });

/** POST /api/maestros/rangos-numeracion: a new range; answers the server's message. */
export async function createRango(datos: RangoNumeracionGuardar): Promise<string> {
  return (await api.post<z.infer<typeof idCreadoDatosSchema>>('maestros/rangos-numeracion', datos)).message ?? MENSAJES_NUMERACION.guardado;
}

/** PUT /api/maestros/rangos-numeracion/{id}: edits a range; answers the server's message. */
export async function updateRango({ id, datos }: { id: number; datos: RangoNumeracionGuardar }): Promise<string> {
  return (await api.put<null>(`maestros/rangos-numeracion/${id}`, datos)).message ?? MENSAJES_NUMERACION.actualizado;
}

export const useCreateRango = () => useGuardado(createRango, clavesNumeracion.todas);
export const useUpdateRango = () => useGuardado(updateRango, clavesNumeracion.todas);
