import { IconPlugConnected } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/conexiones (spec 001, Connections screen; SuperAdministrador only). */
export const pantallas: Pantallas = {
  conexiones: { componente: perezosa(() => import('./components/conexiones-list'), (m) => m.ConexionesList), icono: IconPlugConnected },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesConexiones } from './api/claves';
