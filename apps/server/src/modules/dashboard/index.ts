// The door of the dashboard module: its manifest and what other modules may call (its service, never its repository).
import { dashboardRoutes } from './dashboard.routes';
import { definirModulo } from '../modulo';
export type { DashboardTablas } from './dashboard.tablas';

export const modulo = definirModulo({
  nombre: 'dashboard',
  rutas: dashboardRoutes,
  // Kept by triggers on venta and venta_detalle (no module writes them).
  tablas: ['resumen_venta_dia', 'resumen_producto_dia'],
});

export * from './dashboard.service';
