import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EnJson, OrdenRetal, Retal, retalesRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { ParametrosLista } from '@/lib/estado-lista';
import type { consultaDeFiltros } from '../retales.logica';
import { clavesRetales } from './claves';

type RespuestaRetales = EnJson<z.infer<typeof retalesRespuestaSchema>>;
export type RetalJson = EnJson<Retal>;

/** The list's page, search and sort, and the screen's filters (material, minimum size, state). */
export type RetalesConsulta = ParametrosLista<OrdenRetal> & ReturnType<typeof consultaDeFiltros>;

/**
 * GET /api/retales?page&per_page&query&orden&direccion&producto_id&base_minima&altura_minima&estado: a page of the
 * store's offcuts, the totals of every row the filters match and the smallest side kept (docs/decisions-retales.md).
 */
export async function getRetales(consulta: RetalesConsulta, signal?: AbortSignal): Promise<RespuestaRetales> {
  return (await api.get<RespuestaRetales>('retales', { query: { ...consulta }, ...(signal ? { signal } : {}) })).data;
}

/** One request for the page, the totals and the minimum side; the offcuts change under the list (sales, cuts): fresh each visit. */
function retalesQueryOptions(consulta: RetalesConsulta) {
  return queryOptions({
    queryKey: clavesRetales.lista(consulta),
    queryFn: ({ signal }) => getRetales(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The page, for the paged table. */
export const useRetales = (consulta: RetalesConsulta) => useQuery({ ...retalesQueryOptions(consulta), select: (respuesta) => respuesta.retales });

/** The totals line and the form's hint, from the same answer. */
export const useResumenRetales = (consulta: RetalesConsulta) =>
  useQuery({ ...retalesQueryOptions(consulta), select: (respuesta) => ({ totales: respuesta.totales, lado_minimo: respuesta.lado_minimo }) });
