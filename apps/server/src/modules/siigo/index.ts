// The door of the siigo module: its manifest and what other modules may call (its service, never its repository).
import { siigoRoutes } from './siigo.routes';
import { definirModulo } from '../modulo';
export type { SiigoTablas } from './siigo.tablas';

export const modulo = definirModulo({
  nombre: 'siigo',
  rutas: siigoRoutes,
  tablas: ['siigo_clasificacion_inventario', 'siigo_impuesto'],
});

export * from './siigo.service';
