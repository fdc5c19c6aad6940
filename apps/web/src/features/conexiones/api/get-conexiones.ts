import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Conexion, Pagina } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface ConexionesConsulta {
  page: number;
  /** Text searched in the connection name, e-mail and user name. */
  query?: string;
}

/** GET /api/conexiones?page&query: one page of connections, newest first (the server pages). */
export async function getConexiones({ page, query }: ConexionesConsulta, signal?: AbortSignal): Promise<Pagina<Conexion>> {
  const respuesta = await api.get<{ conexiones: Pagina<Conexion> }>('conexiones', { query: { page, query }, ...(signal ? { signal } : {}) });
  return respuesta.data.conexiones;
}

export function conexionesQueryOptions(consulta: ConexionesConsulta) {
  return queryOptions({
    queryKey: ['conexiones', consulta],
    queryFn: ({ signal }) => getConexiones(consulta, signal),
    // Keep the rows of the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useConexiones(consulta: ConexionesConsulta) {
  return useQuery(conexionesQueryOptions(consulta));
}
