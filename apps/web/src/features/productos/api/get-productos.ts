import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, Producto } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface ProductosConsulta {
  page: number;
  /** Searched in reference and name, without accents or case. */
  query?: string;
  /** Only this product group (edge bands: 2). */
  grupo_id?: number;
}

/** GET /api/productos?page&query&grupo_id: a page of the selected store's products (spec 001 §7). */
export async function getProductos(consulta: ProductosConsulta, signal?: AbortSignal): Promise<Pagina<Producto>> {
  const respuesta = await api.get<{ productos: Pagina<Producto> }>('productos', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.productos;
}

export function productosQueryOptions(consulta: ProductosConsulta) {
  return queryOptions({
    queryKey: ['productos', 'lista', consulta],
    queryFn: ({ signal }) => getProductos(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProductos(consulta: ProductosConsulta) {
  return useQuery(productosQueryOptions(consulta));
}
