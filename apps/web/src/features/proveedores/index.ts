import { IconUsers } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/app/pantalla';

/** #/maestros/proveedores (spec 002 §2.13; SuperAdministrador only). */
export const pantallas: Pantallas = {
  proveedores: { componente: perezosa(() => import('./components/proveedores-list'), (m) => m.ProveedoresList), icono: IconUsers },
};
