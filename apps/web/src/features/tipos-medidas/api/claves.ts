/** The query keys of tipos-medidas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiposMedidas = {
  todas: ['tipos-medidas'] as const,
  lista: () => [...clavesTiposMedidas.todas, 'lista'] as const,
};
