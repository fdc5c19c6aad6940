import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Producto } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** GET /api/productos/{id}: one product with the selected store's price, quantity and cost. */
export async function getProducto(id: number): Promise<Producto> {
  const respuesta = await api.get<{ producto: Producto }>(`productos/${id}`);
  return respuesta.data.producto;
}

export function productoQueryOptions(id: number) {
  return queryOptions({ queryKey: clavesProductos.detalle(id), queryFn: () => getProducto(id), staleTime: 0 });
}

export function useProducto(id: number | null) {
  return useQuery({ ...productoQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
