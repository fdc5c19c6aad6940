import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of cuadre-caja: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCuadreCaja = {
  todas: raicesConsulta.cuadreCaja,
  dia: (fecha: string) => [...clavesCuadreCaja.todas, 'dia', fecha] as const,
};
