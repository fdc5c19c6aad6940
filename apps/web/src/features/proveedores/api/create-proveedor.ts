import { useGuardado } from '@/lib/guardado';
import type { ProveedorGuardar, idCreadoDatosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesProveedores } from './claves';

/** POST /api/maestros/proveedores/guardar; answers the success message (409 when the NIT exists, 422 per field). */
export async function createProveedor(datos: ProveedorGuardar): Promise<string> {
  const respuesta = await api.post<z.infer<typeof idCreadoDatosSchema>>('maestros/proveedores/guardar', datos);
  return respuesta.message ?? 'Proveedor creado con éxito';
}

export const useCreateProveedor = () => useGuardado(createProveedor, clavesProveedores.todas);
