import { IconBuildingBank } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/**
 * #/pagos-proveedores (spec 002 §2.11, §2.12; docs/decisions-pagos-proveedores.md), SuperAdministrador: the invoices paid to suppliers,
 * with IVA, withholding and the payment methods with their voucher pictures.
 */
export const pantallas: Pantallas = {
  pagosProveedores: { componente: perezosa(() => import('./pagina-pagos-proveedores'), (m) => m.PagosProveedoresPage), icono: IconBuildingBank },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesPagosProveedores } from './api/claves';
