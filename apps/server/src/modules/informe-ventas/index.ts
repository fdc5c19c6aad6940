// The door of the informe-ventas module: its manifest and what other modules may call (its service, never its repository).
import { informeVentasRoutes } from './informe-ventas.routes';
import { definirModulo } from '../modulo';
export type { InformeVentasTablas } from './informe-ventas.tablas';

export const modulo = definirModulo({
  nombre: 'informe-ventas',
  rutas: informeVentasRoutes,
  // The sales it reports are read across ventas, productos, inventario and usuarios, as dashboard and cierre-mes do;
  // its closed days' summary is written only by its SQL function informe_ventas_resumir (migration 202612060610).
  tablas: ['comision_venta', 'informe_venta_dia', 'informe_venta_vendedor_dia', 'informe_producto_dia', 'informe_producto_mes', 'informe_resumen_estado'],
});

export * from './informe-ventas.service';
