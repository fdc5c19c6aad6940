/** The query keys of ventas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesVentas = {
  todas: ['ventas'] as const,
  tareas: (ventaId: number) => [...clavesVentas.todas, 'tareas', ventaId] as const,
  pendientes: () => [...clavesVentas.todas, 'pendientes'] as const,
};
