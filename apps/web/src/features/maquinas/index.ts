import { IconTool } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/maquinas (spec 002 §2.19; SuperAdministrador only). */
export const pantallas: Pantallas = {
  maquinas: { componente: perezosa(() => import('./components/maquinas-list'), (m) => m.MaquinasList), icono: IconTool },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesMaquinas } from './api/claves';
