import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, Proveedor } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface ProveedoresConsulta {
  page: number;
  /** Text searched in the name and the NIT. */
  query?: string;
}

/** GET /api/maestros/proveedores?pagination=1&page&query: one page of suppliers by name (spec 002 §7). */
export async function getProveedores({ page, query }: ProveedoresConsulta, signal?: AbortSignal): Promise<Pagina<Proveedor>> {
  const respuesta = await api.get<{ proveedores: Pagina<Proveedor> }>('maestros/proveedores', {
    query: { pagination: 1, page, query },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.proveedores;
}

export function proveedoresQueryOptions(consulta: ProveedoresConsulta) {
  return queryOptions({
    queryKey: ['proveedores', consulta],
    queryFn: ({ signal }) => getProveedores(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProveedores(consulta: ProveedoresConsulta) {
  return useQuery(proveedoresQueryOptions(consulta));
}
