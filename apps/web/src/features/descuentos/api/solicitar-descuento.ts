import type { Descuento, DescuentoSolicitar, descuentoRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesDescuentos } from './claves';

/**
 * POST /api/descuentos/solicitar/guardar (spec 000 §7): the request of a line's discount. Answers the message and the
 * saved request, whose id the order form keeps to apply the decision to its line.
 */
export async function solicitarDescuento(datos: DescuentoSolicitar): Promise<{ mensaje: string; descuento: Descuento }> {
  const respuesta = await api.post<z.infer<typeof descuentoRespuestaSchema>>('descuentos/solicitar/guardar', datos);
  return { mensaje: respuesta.message ?? 'Descuento solicitado con éxito', descuento: respuesta.data.descuento };
}

export const useSolicitarDescuento = () => useGuardado(solicitarDescuento, clavesDescuentos.todas);
