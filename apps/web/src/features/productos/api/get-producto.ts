import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Producto, productoRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** How a product read tells its failure: `silencioso`, no toast (the caller gathers the missing ones itself). */
interface OpcionesLectura {
  silencioso?: boolean;
}

/** GET /api/productos/{id}: one product with the selected store's price, quantity and cost. */
export async function getProducto(id: number, { silencioso = false }: OpcionesLectura = {}): Promise<Producto> {
  const respuesta = await api.get<z.infer<typeof productoRespuestaSchema>>(`productos/${id}`, { silencioso });
  return respuesta.data.producto;
}

/**
 * GET /api/productos/codigo/{referencia} (spec 000 §7 "product by id or code"): the product of a typed reference, with
 * the store's price and stock. An unknown reference is the server's 404, shown by the interceptor unless silencioso.
 */
export async function getProductoPorReferencia(referencia: string, { silencioso = false }: OpcionesLectura = {}): Promise<Producto> {
  const respuesta = await api.get<z.infer<typeof productoRespuestaSchema>>(`productos/codigo/${encodeURIComponent(referencia)}`, { silencioso });
  return respuesta.data.producto;
}

export function productoQueryOptions(id: number) {
  return queryOptions({ queryKey: clavesProductos.detalle(id), queryFn: () => getProducto(id), staleTime: 0 });
}

export function useProducto(id: number | null) {
  return useQuery({ ...productoQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
