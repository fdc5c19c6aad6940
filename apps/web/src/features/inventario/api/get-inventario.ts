import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, ProductoInventario } from '@tablero/domain';
import { api } from '@/lib/api-client';

/** GET /api/inventarios?page&query: a page of the selected store's inventory (spec 001 §7). */
export async function getInventario(consulta: { page: number; query?: string }, signal?: AbortSignal): Promise<Pagina<ProductoInventario>> {
  const respuesta = await api.get<{ productos: Pagina<ProductoInventario> }>('inventarios', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.productos;
}

export function inventarioQueryOptions(consulta: { page: number; query?: string }) {
  return queryOptions({ queryKey: ['inventario', 'lista', consulta], queryFn: ({ signal }) => getInventario(consulta, signal), placeholderData: keepPreviousData, staleTime: 0 });
}

export const useInventario = (consulta: { page: number; query?: string }) => useQuery(inventarioQueryOptions(consulta));
