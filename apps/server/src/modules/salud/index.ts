// The door of the salud module: its manifest and what other modules may call (its service, never its repository).
import { saludRoutes } from './salud.routes';
import { definirModulo } from '../modulo';

export const modulo = definirModulo({ nombre: 'salud', rutas: saludRoutes });

export * from './salud.service';
