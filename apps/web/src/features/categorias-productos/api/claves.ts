import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of categorias-productos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCategoriasProductos = {
  todas: raicesConsulta.categoriasProductos,
  lista: () => [...clavesCategoriasProductos.todas, 'lista'] as const,
};
