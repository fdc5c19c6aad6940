import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of dashboard: every query of the feature starts with `todas`. */
export const clavesDashboard = {
  todas: raicesConsulta.dashboard,
  rango: (rango: object) => [...clavesDashboard.todas, 'rango-fecha', rango] as const,
};
