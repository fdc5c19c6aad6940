import { useGuardado } from '@/lib/guardado';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesInventario } from './claves';

export interface InventarioActualizarEntrada {
  producto_id: number;
  precio_unitario: number | string;
  costo_unitario?: number | string | null;
  cantidad_inventario: number | string;
  codigo_tienda?: string;
}

/** PUT /api/inventarios/actualizar: adds units and sets the store's unit price. */
export async function updateInventario(datos: InventarioActualizarEntrada): Promise<string> {
  const respuesta = await api.put<{ cantidad: number }>('inventarios/actualizar', datos);
  return respuesta.message ?? 'Inventario actualizado con éxito';
}

export const useUpdateInventario = () => useGuardado(updateInventario, clavesInventario.todas, raicesConsulta.productos);
