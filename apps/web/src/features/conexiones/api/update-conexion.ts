import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConexionEditar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesConexiones } from './claves';

export interface UpdateConexionDatos extends ConexionEditar {
  id: number;
}

/** PUT /api/conexiones/{id}/editar {id, name_connection}: renames a connection; answers the success message. */
export async function updateConexion({ id, name_connection }: UpdateConexionDatos): Promise<string> {
  const respuesta = await api.put<null>(`conexiones/${id}/editar`, { id, name_connection });
  return respuesta.message ?? 'Conexión actualizada con éxito';
}

export function useUpdateConexion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConexion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clavesConexiones.todas }),
  });
}
