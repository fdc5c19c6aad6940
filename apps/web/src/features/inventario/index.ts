import { IconBuildingWarehouse } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/inventario (spec 001 Inventory screen; SuperAdministrador, Bodega). */
export const pantallas: Pantallas = {
  inventario: { componente: perezosa(() => import('./components/inventario-list'), (m) => m.InventarioList), icono: IconBuildingWarehouse },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesInventario } from './api/claves';
