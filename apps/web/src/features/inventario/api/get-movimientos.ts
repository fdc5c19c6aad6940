import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MovimientoInventario, Pagina } from '@tablero/domain';
import { api } from '@/lib/api-client';

interface Kardex {
  producto: { id: number; referencia: string; nombre_producto: string };
  movimientos: Pagina<MovimientoInventario>;
}

/** GET /api/inventarios/{producto_id}/movimientos?page: the product's stock history in the store. */
export async function getMovimientos(productoId: number, page: number): Promise<Kardex> {
  return (await api.get<Kardex>(`inventarios/${productoId}/movimientos`, { query: { page } })).data;
}

export function useMovimientos(productoId: number | null, page: number) {
  return useQuery({
    queryKey: ['inventario', 'movimientos', productoId, page],
    queryFn: () => getMovimientos(productoId!, page),
    enabled: productoId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
