import type { inventarioActualizadoSchema, inventarioActualizarSchema } from '@tablero/domain';
import type { z } from 'zod';
import { useGuardado } from '@/lib/guardado';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesInventario } from './claves';

export type InventarioActualizarEntrada = z.input<typeof inventarioActualizarSchema>;

/** PUT /api/inventarios/actualizar: adds units and sets the store's unit price. */
export async function updateInventario(datos: InventarioActualizarEntrada): Promise<string> {
  const respuesta = await api.put<z.infer<typeof inventarioActualizadoSchema>>('inventarios/actualizar', datos);
  return respuesta.message ?? 'Inventario actualizado con éxito';
}

export const useUpdateInventario = () => useGuardado(updateInventario, clavesInventario.todas, raicesConsulta.productos);
