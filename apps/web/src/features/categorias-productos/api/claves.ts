/** The query keys of categorias-productos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCategoriasProductos = {
  todas: ['categorias-productos'] as const,
  lista: () => [...clavesCategoriasProductos.todas, 'lista'] as const,
};
