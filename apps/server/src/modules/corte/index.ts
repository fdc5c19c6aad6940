// The door of the corte module: its manifest and what other modules may call (its service, never its repository).
import { corteRoutes } from './corte.routes';
import { definirModulo } from '../modulo';
export type { CorteTablas } from './corte.tablas';

export const modulo = definirModulo({ nombre: 'corte', rutas: corteRoutes, tablas: ['optimizacion'], dependeDe: ['retales'] });

export * from './corte.service';
