// The door of the tiendas module: its manifest and what other modules may call (its service, never its repository).
import { tiendasRoutes } from './tiendas.routes';
import { definirModulo } from '../modulo';
export type { TiendasTablas } from './tiendas.tablas';

export const modulo = definirModulo({ nombre: 'tiendas', rutas: tiendasRoutes, tablas: ['tienda'], dependeDe: ['usuarios'] });

export * from './tiendas.service';
