import { IconLayoutGrid } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/inventario/retales (docs/decisions-retales.md; SuperAdministrador, Bodega): the offcut inventory and its savings. */
export const pantallas: Pantallas = {
  retales: { componente: perezosa(() => import('./pagina-retales'), (m) => m.RetalesPage), icono: IconLayoutGrid },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesRetales } from './api/claves';
