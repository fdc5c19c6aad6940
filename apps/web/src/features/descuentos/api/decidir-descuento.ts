import type { DescuentoAprobar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesDescuentos } from './claves';

/** POST /api/descuentos/solicitados/aprobar: approves (true) or rejects (false) a pending request. */
export async function decidirDescuento(datos: DescuentoAprobar): Promise<string> {
  const respuesta = await api.post<null>('descuentos/solicitados/aprobar', datos);
  return respuesta.message ?? (datos.aprobado ? 'Descuento aprobado' : 'Descuento rechazado');
}

export const useDecidirDescuento = () => useGuardado(decidirDescuento, clavesDescuentos.todas);
