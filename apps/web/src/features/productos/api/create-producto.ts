import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductoGuardarEntrada } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** POST /api/productos/crear; answers the success message (409 for a taken reference, 422 per field). */
export async function createProducto(datos: ProductoGuardarEntrada): Promise<string> {
  const respuesta = await api.post<{ id: number }>('productos/crear', datos);
  return respuesta.message ?? 'Producto creado con éxito';
}

export function useCreateProducto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProducto, onSuccess: () => queryClient.invalidateQueries({ queryKey: clavesProductos.todas }) });
}
