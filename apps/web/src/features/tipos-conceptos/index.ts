import { IconListDetails } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/tipos-conceptos (spec 002 §2.14; SuperAdministrador only). */
export const pantallas: Pantallas = {
  tiposConceptos: { componente: perezosa(() => import('./components/tipos-conceptos-list'), (m) => m.TiposConceptosList), icono: IconListDetails },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesTiposConceptos } from './api/claves';
