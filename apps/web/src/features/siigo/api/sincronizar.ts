import type { sincronizacionCategoriasSchema, sincronizacionProductosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesSiigo } from './claves';

/** POST /api/maestros/categorias-productos/sincronizar (spec 001 §7): Siigo's classifications and taxes; answers its summary message. */
export async function sincronizarCategorias(): Promise<string> {
  return (await api.post<z.infer<typeof sincronizacionCategoriasSchema>>('maestros/categorias-productos/sincronizar')).message ?? '';
}

/** POST /api/productos/sincronizar (spec 001 §7, empty body): our products into Siigo; answers its summary message. */
export async function sincronizarProductos(): Promise<string> {
  return (await api.post<z.infer<typeof sincronizacionProductosSchema>>('productos/sincronizar')).message ?? '';
}

// The lookups the categories and taxes forms offer come from the first sync.
export const useSincronizarCategorias = () => useGuardado(sincronizarCategorias, clavesSiigo.todas);
export const useSincronizarProductos = () => useGuardado(sincronizarProductos, clavesSiigo.todas);
