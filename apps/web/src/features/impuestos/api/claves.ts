/** The query keys of impuestos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesImpuestos = {
  todas: ['impuestos'] as const,
  lista: () => [...clavesImpuestos.todas, 'lista'] as const,
};
