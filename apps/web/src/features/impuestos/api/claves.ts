import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of impuestos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesImpuestos = {
  todas: raicesConsulta.impuestos,
  lista: () => [...clavesImpuestos.todas, 'lista'] as const,
};
