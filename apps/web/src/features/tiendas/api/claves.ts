/** The query keys of tiendas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiendas = {
  todas: ['tiendas-usuario'] as const,
  usuario: (userId: number) => [...clavesTiendas.todas, userId] as const,
};
