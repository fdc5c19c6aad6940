import { IconListNumbers } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/numeracion (docs/decisions.md; SuperAdministrador only): the stores' numbering ranges. */
export const pantallas: Pantallas = {
  numeracion: { componente: perezosa(() => import('./components/rangos-list'), (m) => m.RangosList), icono: IconListNumbers },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesNumeracion } from './api/claves';
/**
 * The frame's notice of ranges near their end (SuperAdministrador), loaded on its own the first time it mounts so the
 * login page never downloads it: `<AvisosNumeracion />` beside AvisosDescuentos.
 */
export const AvisosNumeracion = perezosa(() => import('./components/avisos-numeracion'), (m) => m.AvisosNumeracion);
