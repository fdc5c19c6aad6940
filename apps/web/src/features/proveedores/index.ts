import { IconUsers } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/proveedores (spec 002 §2.13; SuperAdministrador only). */
export const pantallas: Pantallas = {
  proveedores: { componente: perezosa(() => import('./components/proveedores-list'), (m) => m.ProveedoresList), icono: IconUsers },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesProveedores } from './api/claves';
