import { useQuery } from '@tanstack/react-query';
import type { Optimizacion, OptimizarEntrada, Producto, Retal, optimizacionRespuestaSchema, retalesDisponiblesRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { getProducto, getProductoPorReferencia } from '@/features/productos';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clavesVentas } from '../../api/claves';
import type { BuscadoresProducto } from './corte.servicios';

/**
 * POST /api/facturas/optimizar (spec 000 §7 board optimisation): the plan of the dialog's cut list. The engine searches
 * for its budget (about a second) and a busy server queues the job, so the call may wait longer than a plain save.
 */
export async function optimizarCorte(cuerpo: OptimizarEntrada, signal?: AbortSignal): Promise<{ mensaje: string; optimizacion: Optimizacion }> {
  const respuesta = await api.post<z.infer<typeof optimizacionRespuestaSchema>>('facturas/optimizar', cuerpo, { esperaMs: 90_000, ...(signal ? { signal } : {}) });
  return { mensaje: respuesta.message ?? 'Despiece optimizado con éxito', optimizacion: respuesta.data.optimizacion };
}

/** A product lookup that answers null for a 404 (Agregar then names every missing reference at once). */
async function productoOpcional(leer: () => Promise<Producto>): Promise<Producto | null> {
  try {
    return await leer();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The products door's reads by reference and by id (spec 000 §7 product by id/code), with the store's price, quiet. */
export const buscadoresProducto: BuscadoresProducto = {
  porReferencia: (referencia) => productoOpcional(() => getProductoPorReferencia(referencia, { silencioso: true })),
  porId: (id) => productoOpcional(() => getProducto(id, { silencioso: true })),
};

/**
 * The store's kept offcuts of a board material (GET retales/disponibles, docs/decisions-retales.md), largest first,
 * plus those the sale being edited already holds. Quiet: without them (no offcuts, no access, an old server) the
 * dialog simply shows no section.
 */
export async function getRetalesDisponibles(productoId: number, ventaId: number | null, signal?: AbortSignal): Promise<Retal[]> {
  const query: Record<string, number> = { producto_id: productoId };
  if (ventaId !== null) query.venta_id = ventaId;
  const respuesta = await api.get<z.infer<typeof retalesDisponiblesRespuestaSchema>>('retales/disponibles', { query, silencioso: true, ...(signal ? { signal } : {}) });
  return respuesta.data?.retales ?? [];
}

/** Read every time the dialog opens, and again after a refused plan or save (RETAL_NO_DISPONIBLE). */
export const useRetalesDisponibles = (productoId: number | null, ventaId: number | null) =>
  useQuery({
    queryKey: clavesVentas.retalesDisponibles(productoId ?? 0, ventaId),
    queryFn: ({ signal }) => getRetalesDisponibles(productoId!, ventaId, signal),
    enabled: productoId !== null && productoId > 0,
    staleTime: 0,
  });
