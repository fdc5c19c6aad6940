import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { movimientosInventarioRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesInventario } from './claves';

type Kardex = z.infer<typeof movimientosInventarioRespuestaSchema>;

type Consulta = Pick<ParametrosLista, 'page' | 'per_page'>;

/** GET /api/inventarios/{producto_id}/movimientos?page&per_page: the product's stock history in the store, newest first. */
export async function getMovimientos(productoId: number, consulta: Consulta, signal?: AbortSignal): Promise<Kardex> {
  return (await api.get<Kardex>(`inventarios/${productoId}/movimientos`, { query: { ...consulta }, ...(signal ? { signal } : {}) })).data;
}

function movimientosQueryOptions(productoId: number, consulta: Consulta) {
  return queryOptions({
    queryKey: clavesInventario.movimientos(productoId, consulta),
    queryFn: ({ signal }) => getMovimientos(productoId, consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The page of movements, for the paged table (one request shared with useProductoKardex). */
export const useMovimientos = (productoId: number, consulta: Consulta) =>
  useQuery({ ...movimientosQueryOptions(productoId, consulta), select: (kardex) => kardex.movimientos });

/** The product the kardex belongs to, from the same answer. */
export const useProductoKardex = (productoId: number, consulta: Consulta) =>
  useQuery({ ...movimientosQueryOptions(productoId, consulta), select: (kardex) => kardex.producto });
