import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of tiendas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiendas = {
  todas: raicesConsulta.tiendas,
  usuario: (userId: number) => [...clavesTiendas.todas, userId] as const,
};
