import type { DescuentoSolicitar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesDescuentos } from './claves';

/** POST /api/descuentos/solicitar/guardar (spec 000 §7): the request of a line's discount; answers the message. */
export async function solicitarDescuento(datos: DescuentoSolicitar): Promise<string> {
  const respuesta = await api.post<unknown>('descuentos/solicitar/guardar', datos);
  return respuesta.message ?? 'Descuento solicitado con éxito';
}

export const useSolicitarDescuento = () => useGuardado(solicitarDescuento, clavesDescuentos.todas);
