import { raicesConsulta } from '@/lib/claves-consulta';
import type { ParametrosLista } from '@/lib/estado-lista';

/** The query keys of inventario: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesInventario = {
  todas: raicesConsulta.inventario,
  lista: (consulta: object) => [...clavesInventario.todas, 'lista', consulta] as const,
  movimientos: (productoId: number, consulta: Pick<ParametrosLista, 'page' | 'per_page'>) =>
    [...clavesInventario.todas, 'movimientos', productoId, consulta] as const,
};
