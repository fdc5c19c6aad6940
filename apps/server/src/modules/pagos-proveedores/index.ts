// The door of the pagos-proveedores module: its manifest and what other modules may call (its service, never its repository).
import { definirModulo } from '../modulo';
import { pagosProveedoresRoutes } from './pagos-proveedores.routes';
export type { PagosProveedoresTablas } from './pagos-proveedores.tablas';

export const modulo = definirModulo({
  nombre: 'pagos-proveedores',
  rutas: pagosProveedoresRoutes,
  tablas: ['pago_proveedor', 'pago_proveedor_forma_pago', 'pago_proveedor_historial'],
  dependeDe: ['periodos', 'tiendas'],
});

export * from './pagos-proveedores.service';
