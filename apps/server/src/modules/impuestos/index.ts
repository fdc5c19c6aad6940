// The door of the impuestos module: its manifest and what other modules may call (its service, never its repository).
import { impuestosRoutes } from './impuestos.routes';
import { definirModulo } from '../modulo';
export type { ImpuestosTablas } from './impuestos.tablas';

export const modulo = definirModulo({ nombre: 'impuestos', rutas: impuestosRoutes, tablas: ['impuesto'] });

export * from './impuestos.service';
