// The door of the ubicaciones module: its manifest and what other modules may call (its service, never its repository).
import { ubicacionesRoutes } from './ubicaciones.routes';
import { definirModulo } from '../modulo';
export type { UbicacionesTablas } from './ubicaciones.tablas';

export const modulo = definirModulo({ nombre: 'ubicaciones', rutas: ubicacionesRoutes, tablas: ['pais', 'departamento', 'ciudad'] });

export * from './ubicaciones.service';
