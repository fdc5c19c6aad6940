// The door of the numeracion module: its manifest and what other modules may call (its service, never its repository).
import { numeracionRoutes } from './numeracion.routes';
import { definirModulo } from '../modulo';
export type { NumeracionTablas } from './numeracion.tablas';

export const modulo = definirModulo({ nombre: 'numeracion', rutas: numeracionRoutes, tablas: ['rango_numeracion'] });

export * from './numeracion.service';
