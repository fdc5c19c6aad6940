import { InventarioList } from '@/features/inventario/components/inventario-list';

/** #/inventario (spec 001 Inventory screen; SuperAdministrador, Bodega). */
export function InventarioPage() {
  return <InventarioList />;
}
