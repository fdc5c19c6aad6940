import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of numeracion: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesNumeracion = {
  todas: raicesConsulta.numeracion,
  /** The ranges of one store ('' for every store). */
  rangos: (codigoTienda: string) => [...clavesNumeracion.todas, 'rangos', codigoTienda] as const,
  alertas: () => [...clavesNumeracion.todas, 'alertas'] as const,
};
