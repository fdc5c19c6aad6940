// The door of the informe-ventas module: its manifest and what other modules may call (its service, never its repository).
import { informeVentasRoutes } from './informe-ventas.routes';
import { definirModulo } from '../modulo';
export type { InformeVentasTablas } from './informe-ventas.tablas';

export const modulo = definirModulo({
  nombre: 'informe-ventas',
  rutas: informeVentasRoutes,
  // The sales it reports are read across ventas, productos, inventario and usuarios, as dashboard and cierre-mes do.
  tablas: ['comision_venta'],
});

export * from './informe-ventas.service';
