import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of tipos-conceptos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiposConceptos = {
  todas: raicesConsulta.tiposConceptos,
  lista: (consulta: object) => [...clavesTiposConceptos.todas, 'lista', consulta] as const,
};
