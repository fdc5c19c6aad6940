import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tercero, tercerosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api, type ListaPaginada } from './api-client';
import { raicesConsulta } from './claves-consulta';

/** GET /api/terceros?query&tipo_tercero=C: the typeahead's customers (first page, spec 002 §7 reads data.terceros.data). */
export async function buscarClientes(texto: string, signal?: AbortSignal): Promise<Tercero[]> {
  const respuesta = await api.get<ListaPaginada<z.infer<typeof tercerosRespuestaSchema>>>('terceros', {
    query: { query: texto, page: 1, tipo_tercero: 'C', activo: 1 },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.terceros.data;
}

/**
 * Keyed by the text: the same text again is answered from the cache, never asked twice. The key sits under the credit
 * accounts' root, so their saves (an account, a bill, an advance) refresh the search too.
 */
export function buscarClientesQueryOptions(texto: string) {
  return queryOptions({
    queryKey: [...raicesConsulta.cuentasCredito, 'clientes', texto],
    queryFn: ({ signal }) => buscarClientes(texto, signal),
    staleTime: 60_000,
  });
}

export function useBuscarClientes(texto: string) {
  return useQuery({ ...buscarClientesQueryOptions(texto), enabled: texto.length > 0 });
}
