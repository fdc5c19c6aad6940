import type { TiposConceptosConsulta } from './get-tipos-conceptos';

/** The query keys of tipos-conceptos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesTiposConceptos = {
  todas: ['tipos-conceptos'] as const,
  lista: (consulta: TiposConceptosConsulta) => [...clavesTiposConceptos.todas, 'lista', consulta] as const,
};
