import { useGuardado } from '@/lib/guardado';
import type { TerceroGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** PUT /api/terceros/{id}/editar; answers the success message. */
export async function updateTercero({ id, datos }: { id: number; datos: TerceroGuardar }): Promise<string> {
  const respuesta = await api.put<null>(`terceros/${id}/editar`, datos);
  return respuesta.message ?? 'Tercero actualizado con éxito';
}

export const useUpdateTercero = () => useGuardado(updateTercero, clavesTerceros.todas);
