import { IconReportMoney } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/**
 * #/informe-ventas (docs/decisions-informe-ventas.md; SuperAdministrador): money sold by seller, product, category and
 * store over a date range, with margins and commissions, its .xlsx, and the commission rates.
 */
export const pantallas: Pantallas = {
  informeVentas: { componente: perezosa(() => import('./pagina-informe-ventas'), (m) => m.InformeVentasPage), icono: IconReportMoney },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesInformeVentas } from './api/claves';
