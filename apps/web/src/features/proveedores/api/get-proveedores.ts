import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdenProveedor, Pagina, Proveedor } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesProveedores } from './claves';

/** A page of the list: page, size, search in the name and the NIT, sort. */
export type ProveedoresConsulta = ParametrosLista<OrdenProveedor>;

/** GET /api/maestros/proveedores?pagination=1&page&per_page&query&orden&direccion: one page of suppliers (spec 002 §7). */
export async function getProveedores(consulta: ProveedoresConsulta, signal?: AbortSignal): Promise<Pagina<Proveedor>> {
  const respuesta = await api.get<{ proveedores: Pagina<Proveedor> }>('maestros/proveedores', {
    query: { pagination: 1, ...consulta },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.proveedores;
}

export function proveedoresQueryOptions(consulta: ProveedoresConsulta) {
  return queryOptions({
    queryKey: clavesProveedores.lista(consulta),
    queryFn: ({ signal }) => getProveedores(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProveedores(consulta: ProveedoresConsulta) {
  return useQuery(proveedoresQueryOptions(consulta));
}
