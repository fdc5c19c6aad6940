// The door of the periodos module: its manifest and what other modules may call (its service, never its repository).
import { definirModulo } from '../modulo';
export type { PeriodosTablas } from './periodos.tablas';

export const modulo = definirModulo({ nombre: 'periodos', tablas: ['periodo_cerrado', 'periodo_evento'] });

export * from './periodos.service';
