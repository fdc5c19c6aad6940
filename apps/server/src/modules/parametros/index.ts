// The door of the parametros module: its manifest and what other modules may call (its service, never its repository).
import { parametrosRoutes } from './parametros.routes';
import { definirModulo } from '../modulo';
export type { ParametrosTablas } from './parametros.tablas';

export const modulo = definirModulo({ nombre: 'parametros', rutas: parametrosRoutes, tablas: ['parametro', 'parametro_historial'] });

export * from './parametros.service';
