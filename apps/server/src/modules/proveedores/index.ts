// The door of the proveedores module: its manifest and what other modules may call (its service, never its repository).
import { proveedoresRoutes } from './proveedores.routes';
import { definirModulo } from '../modulo';
export type { ProveedoresTablas } from './proveedores.tablas';

export const modulo = definirModulo({ nombre: 'proveedores', rutas: proveedoresRoutes, tablas: ['proveedor'] });

export * from './proveedores.service';
