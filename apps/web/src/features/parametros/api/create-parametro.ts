import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParametroCrear } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesParametros } from './claves';

/** POST /api/parametros/crear; answers the success message (409 when the code exists, 422 per field). */
export async function createParametro(datos: ParametroCrear): Promise<string> {
  const respuesta = await api.post<null>('parametros/crear', datos);
  return respuesta.message ?? 'Parámetro creado con éxito';
}

export function useCreateParametro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParametro,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clavesParametros.todas }),
  });
}
