import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of tipos-medidas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiposMedidas = {
  todas: raicesConsulta.tiposMedidas,
  lista: () => [...clavesTiposMedidas.todas, 'lista'] as const,
};
