import { IconAdjustments } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/parametros (spec 001, Parameters screen; SuperAdministrador only). */
export const pantallas: Pantallas = {
  parametros: { componente: perezosa(() => import('./components/parametros-list'), (m) => m.ParametrosList), icono: IconAdjustments },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesParametros } from './api/claves';
