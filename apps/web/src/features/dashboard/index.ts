import { IconChartLine } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/dashboard (spec 002 §2.4; docs/decisions-reportes-dinero.md): sales figures over a date range, with charts and the products sold. */
export const pantallas: Pantallas = {
  dashboard: { componente: perezosa(() => import('./pagina-dashboard'), (m) => m.DashboardPage), icono: IconChartLine },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesDashboard } from './api/claves';
