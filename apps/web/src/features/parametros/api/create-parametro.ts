import { useGuardado } from '@/lib/guardado';
import type { ParametroCrear } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesParametros } from './claves';

/** POST /api/parametros/crear; answers the success message (409 when the code exists, 422 per field). */
export async function createParametro(datos: ParametroCrear): Promise<string> {
  const respuesta = await api.post<null>('parametros/crear', datos);
  return respuesta.message ?? 'Parámetro creado con éxito';
}

export const useCreateParametro = () => useGuardado(createParametro, clavesParametros.todas);
