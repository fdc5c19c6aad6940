// The door of the tipos-conceptos module: its manifest and what other modules may call (its service, never its repository).
import { tiposConceptosRoutes } from './tipos-conceptos.routes';
import { definirModulo } from '../modulo';
export type { TiposConceptosTablas } from './tipos-conceptos.tablas';

export const modulo = definirModulo({ nombre: 'tipos-conceptos', rutas: tiposConceptosRoutes, tablas: ['tipo_concepto'] });

export * from './tipos-conceptos.service';
