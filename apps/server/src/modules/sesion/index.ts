// The door of the sesion module: its manifest and what other modules may call (its service, never its repository).
import { sesionRoutes } from './sesion.routes';
import { definirModulo } from '../modulo';
export type { SesionTablas } from './sesion.tablas';

export const modulo = definirModulo({ nombre: 'sesion', rutas: sesionRoutes, tablas: ['limite_ingreso'], dependeDe: ['conexiones', 'usuarios'] });

export * from './sesion.service';
