import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Conexion, OrdenConexion, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesConexiones } from './claves';

/** A page of the list: page, size, search in the connection name, e-mail and user name, sort. */
export type ConexionesConsulta = ParametrosLista<OrdenConexion>;

/** GET /api/conexiones?page&per_page&query&orden&direccion: one page of connections, newest first unless sorted (the server pages). */
export async function getConexiones(consulta: ConexionesConsulta, signal?: AbortSignal): Promise<Pagina<Conexion>> {
  const respuesta = await api.get<{ conexiones: Pagina<Conexion> }>('conexiones', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.conexiones;
}

export function conexionesQueryOptions(consulta: ConexionesConsulta) {
  return queryOptions({
    queryKey: clavesConexiones.lista(consulta),
    queryFn: ({ signal }) => getConexiones(consulta, signal),
    // Keep the rows of the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useConexiones(consulta: ConexionesConsulta) {
  return useQuery(conexionesQueryOptions(consulta));
}
