import { useQuery } from '@tanstack/react-query';
import type { EnJson, retalesVentaRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesProduccion } from './claves';

export type RetalesVenta = EnJson<z.infer<typeof retalesVentaRespuestaSchema>>;

/**
 * GET retales/venta/:id (docs/decisions-retales.md): the leftovers a sale's cut keeps (before the cut PREVISTO, after
 * it each kept offcut's state) and the store's kept offcuts its plans use. Quiet: without it the Corte card simply
 * shows no offcut section.
 */
export async function getRetalesVenta(ventaId: number, signal?: AbortSignal): Promise<RetalesVenta> {
  const respuesta = await api.get<RetalesVenta>(`retales/venta/${ventaId}`, { silencioso: true, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

/** Under production's root: finishing the stage (a save, or the store's live event) reads it again, now cut. */
export const claveRetalesVenta = (ventaId: number) => [...clavesProduccion.todas, 'retales-venta', ventaId] as const;

export const useRetalesVenta = (ventaId: number, habilitada: boolean) =>
  useQuery({
    queryKey: claveRetalesVenta(ventaId),
    queryFn: ({ signal }) => getRetalesVenta(ventaId, signal),
    enabled: habilitada,
    staleTime: 0,
  });
