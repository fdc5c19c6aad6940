import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export function useUpdateMaquina() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaquina,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clavesMaquinas.todas }),
  });
}
