import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExistenciaReserva, ReservasProducto } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/**
 * Stock reservations of saved orders (docs/decisions-reservas.md). The server's ventas serves them; the hooks live here,
 * in productos, because every screen that shows stock (product search, Productos, Inventario, the order form) reads
 * products through this feature.
 */

/** GET /api/reservas?producto_ids&venta_id: stock, reserved and available per product; the order being edited does not count. */
export async function getReservas(productoIds: readonly number[], ventaId: number | null, signal?: AbortSignal): Promise<ExistenciaReserva[]> {
  const query: Record<string, string | number> = { producto_ids: [...productoIds].join(',') };
  if (ventaId !== null) query.venta_id = ventaId;
  return (await api.get<{ reservas: ExistenciaReserva[] }>('reservas', { query, ...(signal ? { signal } : {}) })).data.reservas;
}

/**
 * The figures of the products shown (a page of a list, the order's lines), by product id. Never kept: another seller's
 * save changes them, so each screen that opens reads them again.
 */
export function useReservas(productoIds: readonly number[], ventaId: number | null = null) {
  const ids = [...new Set(productoIds)].sort((a, b) => a - b);
  const consulta = useQuery({
    queryKey: clavesProductos.reservas(ids, ventaId),
    queryFn: ({ signal }) => getReservas(ids, ventaId, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const { data } = consulta;
  return useMemo(() => new Map((data ?? []).map((fila) => [fila.producto_id, fila])), [data]);
}

/** GET /api/reservas/producto/{id}: the orders holding the product in the store (the kardex's 'Reservas' tab). */
export async function getReservasProducto(productoId: number, signal?: AbortSignal): Promise<ReservasProducto> {
  return (await api.get<ReservasProducto>(`reservas/producto/${productoId}`, signal ? { signal } : {})).data;
}

export function useReservasProducto(productoId: number) {
  return useQuery(queryOptions({ queryKey: clavesProductos.reservasProducto(productoId), queryFn: ({ signal }) => getReservasProducto(productoId, signal), staleTime: 0 }));
}
