// The door of the inventario module: its manifest and what other modules may call (its service, never its repository).
import { inventarioRoutes } from './inventario.routes';
import { definirModulo } from '../modulo';
export type { InventarioTablas } from './inventario.tablas';

export const modulo = definirModulo({
  nombre: 'inventario',
  rutas: inventarioRoutes,
  tablas: ['inventario', 'inventario_movimiento'],
  dependeDe: ['periodos'],
});

export * from './inventario.service';
