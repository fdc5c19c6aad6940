import { useGuardado } from '@/lib/guardado';
import { api } from '@/lib/api-client';
import { clavesConexiones } from './claves';

/**
 * PUT /api/conexiones/{id}/revocar: closes a connection, its token is refused at once (beyond the
 * spec). Revoking the connection of this very session logs the user out on the next call.
 */
export async function revocarConexion(id: number): Promise<string> {
  const respuesta = await api.put<null>(`conexiones/${id}/revocar`, {});
  return respuesta.message ?? 'Conexión revocada con éxito';
}

export const useRevocarConexion = () => useGuardado(revocarConexion, clavesConexiones.todas);
