import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdenProducto, Pagina, Producto } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** A page of the list: page, size, search in reference and name (without accents or case), sort. */
export interface ProductosConsulta extends Partial<ParametrosLista<OrdenProducto>> {
  page: number;
  /** Only this product group (edge bands: 2). */
  grupo_id?: number;
}

/** GET /api/productos?page&per_page&query&orden&direccion&grupo_id: a page of the selected store's products (spec 001 §7). */
export async function getProductos(consulta: ProductosConsulta, signal?: AbortSignal): Promise<Pagina<Producto>> {
  const respuesta = await api.get<{ productos: Pagina<Producto> }>('productos', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.productos;
}

export function productosQueryOptions(consulta: ProductosConsulta) {
  return queryOptions({
    queryKey: clavesProductos.lista(consulta),
    queryFn: ({ signal }) => getProductos(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProductos(consulta: ProductosConsulta) {
  return useQuery(productosQueryOptions(consulta));
}
