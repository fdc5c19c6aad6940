// The door of the conexiones module: its manifest and what other modules may call (its service, never its repository).
import { conexionesRoutes } from './conexiones.routes';
import { definirModulo } from '../modulo';
export type { ConexionesTablas } from './conexiones.tablas';

export const modulo = definirModulo({ nombre: 'conexiones', rutas: conexionesRoutes, tablas: ['conexion'] });

export * from './conexiones.service';
