// The door of the retales module (docs/decisions-retales.md): its manifest and what other modules may call (its
// service, never its repository).
import { retalesRoutes } from './retales.routes';
import { definirModulo } from '../modulo';
export type { RetalesTablas } from './retales.tablas';

export const modulo = definirModulo({
  nombre: 'retales',
  rutas: retalesRoutes,
  tablas: ['retal', 'retal_movimiento', 'optimizacion_retal', 'retal_corte_venta', 'retal_etiquetas'],
  dependeDe: ['parametros', 'productos'],
});

export * from './retales.service';
