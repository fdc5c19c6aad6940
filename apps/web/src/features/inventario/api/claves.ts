import type { ParametrosLista } from '@/lib/estado-lista';
import type { InventarioConsulta } from './get-inventario';

/** The query keys of inventario: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesInventario = {
  todas: ['inventario'] as const,
  lista: (consulta: InventarioConsulta) => [...clavesInventario.todas, 'lista', consulta] as const,
  movimientos: (productoId: number, consulta: Pick<ParametrosLista, 'page' | 'per_page'>) =>
    [...clavesInventario.todas, 'movimientos', productoId, consulta] as const,
};
