import { IconUsers } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/app/pantalla';

/** #/terceros (spec 001, Customers screen 'Clientes'; SuperAdministrador and Vendedor). */
export const pantallas: Pantallas = {
  terceros: { componente: perezosa(() => import('./components/terceros-list'), (m) => m.TercerosList), icono: IconUsers },
};
