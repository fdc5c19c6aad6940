import type { Optimizacion, OptimizarEntrada, Producto, optimizacionRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { getProducto, getProductoPorReferencia } from '@/features/productos';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
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
