import { useGuardado } from '@/lib/guardado';
import type { ProductoGuardarEntrada } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesProductos } from './claves';

/** PUT /api/productos/{id}/editar; answers the success message. */
export async function updateProducto({ id, datos }: { id: number; datos: ProductoGuardarEntrada }): Promise<string> {
  const respuesta = await api.put<null>(`productos/${id}/editar`, datos);
  return respuesta.message ?? 'Producto actualizado con éxito';
}

export const useUpdateProducto = () => useGuardado(updateProducto, clavesProductos.todas, raicesConsulta.inventario);
