import type { DescuentoSolicitado, descuentoSolicitadoRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api, type OpcionesPeticion } from '@/lib/api-client';

/**
 * GET /api/descuentos/{id}: one request of the selected store with its state, for the seller who asked for it or an
 * approver of the store (404 for anyone else). A screen waiting for a decision reads it again after a reconnect.
 */
export async function getDescuento(id: number, opciones: Pick<OpcionesPeticion, 'signal' | 'silencioso'> = {}): Promise<DescuentoSolicitado> {
  const respuesta = await api.get<z.infer<typeof descuentoSolicitadoRespuestaSchema>>(`descuentos/${id}`, opciones);
  return respuesta.data.descuento;
}
