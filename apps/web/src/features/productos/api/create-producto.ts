import { useGuardado } from '@/lib/guardado';
import type { ProductoGuardarEntrada, idCreadoDatosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** POST /api/productos/crear; answers the success message (409 for a taken reference, 422 per field). */
export async function createProducto(datos: ProductoGuardarEntrada): Promise<string> {
  const respuesta = await api.post<z.infer<typeof idCreadoDatosSchema>>('productos/crear', datos);
  return respuesta.message ?? 'Producto creado con éxito';
}

export const useCreateProducto = () => useGuardado(createProducto, clavesProductos.todas);
