import { useGuardado } from '@/lib/guardado';
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

export const useUpdateConexion = () => useGuardado(updateConexion, clavesConexiones.todas);
