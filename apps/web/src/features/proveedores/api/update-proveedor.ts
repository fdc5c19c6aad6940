import { useGuardado } from '@/lib/guardado';
import type { ProveedorGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesProveedores } from './claves';

export interface UpdateProveedorDatos {
  id: number;
  datos: ProveedorGuardar;
}

/** PUT /api/maestros/proveedores/{id}/actualizar with every field; answers the success message. */
export async function updateProveedor({ id, datos }: UpdateProveedorDatos): Promise<string> {
  const respuesta = await api.put<null>(`maestros/proveedores/${id}/actualizar`, datos);
  return respuesta.message ?? 'Proveedor actualizado con éxito';
}

export const useUpdateProveedor = () => useGuardado(updateProveedor, clavesProveedores.todas);
