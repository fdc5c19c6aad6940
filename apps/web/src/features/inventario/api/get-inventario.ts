import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdenInventario, Pagina, ProductoInventario } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesInventario } from './claves';

/** A page of the list: page, size, search in reference and name, sort. */
export type InventarioConsulta = ParametrosLista<OrdenInventario>;

/** GET /api/inventarios?page&per_page&query&orden&direccion: a page of the selected store's inventory (spec 001 §7). */
export async function getInventario(consulta: InventarioConsulta, signal?: AbortSignal): Promise<Pagina<ProductoInventario>> {
  const respuesta = await api.get<{ productos: Pagina<ProductoInventario> }>('inventarios', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.productos;
}

export function inventarioQueryOptions(consulta: InventarioConsulta) {
  return queryOptions({ queryKey: clavesInventario.lista(consulta), queryFn: ({ signal }) => getInventario(consulta, signal), placeholderData: keepPreviousData, staleTime: 0 });
}

export const useInventario = (consulta: InventarioConsulta) => useQuery(inventarioQueryOptions(consulta));
