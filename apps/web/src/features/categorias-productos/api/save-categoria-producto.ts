import { useGuardado } from '@/lib/guardado';
import type { idCreadoDatosSchema, CategoriaProductoGuardar } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { clavesCategoriasProductos } from './claves';

type Entrada = { [K in keyof CategoriaProductoGuardar]?: unknown };

/** POST …/crear or PUT …/{id}/editar of maestros/categorias-productos; answers the success message. */
export async function saveCategoriaProducto({ id, datos }: { id: number | null; datos: Entrada }): Promise<string> {
  const ruta = 'maestros/categorias-productos';
  const respuesta = id === null ? await api.post<z.infer<typeof idCreadoDatosSchema>>(`${ruta}/crear`, datos) : await api.put<SoloMensaje>(`${ruta}/${id}/editar`, datos);
  return respuesta.message ?? 'Datos guardados con éxito';
}

export const useSaveCategoriaProducto = () => useGuardado(saveCategoriaProducto, clavesCategoriasProductos.todas);
