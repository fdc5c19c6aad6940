import { useGuardado } from '@/lib/guardado';
import type { MaquinaGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

export interface UpdateMaquinaDatos {
  id: number;
  datos: MaquinaGuardar;
}

/** PUT /api/maestros/maquinas/{id}/actualizar with every field; answers the success message. */
export async function updateMaquina({ id, datos }: UpdateMaquinaDatos): Promise<string> {
  const respuesta = await api.put<null>(`maestros/maquinas/${id}/actualizar`, datos);
  return respuesta.message ?? 'Máquina actualizada con éxito';
}

export const useUpdateMaquina = () => useGuardado(updateMaquina, clavesMaquinas.todas);
