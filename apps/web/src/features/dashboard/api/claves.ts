/** The query keys of dashboard: every query of the feature starts with `todas`. */
export const clavesDashboard = {
  todas: ['dashboard'] as const,
  rango: (rango: object) => [...clavesDashboard.todas, 'rango-fecha', rango] as const,
};
