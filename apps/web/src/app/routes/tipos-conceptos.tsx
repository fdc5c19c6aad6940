import { TiposConceptosList } from '@/features/tipos-conceptos/components/tipos-conceptos-list';

/** #/maestros/tipos-conceptos (spec 002 §2.14; SuperAdministrador only). */
export function TiposConceptosPage() {
  return <TiposConceptosList />;
}
