// The door of the terceros module: its manifest and what other modules may call (its service, never its repository).
import { tercerosRoutes } from './terceros.routes';
import { definirModulo } from '../modulo';
export type { TercerosTablas } from './terceros.tablas';

export const modulo = definirModulo({
  nombre: 'terceros',
  rutas: tercerosRoutes,
  tablas: ['tercero', 'tipo_documento'],
  dependeDe: ['ubicaciones', 'usuarios'],
});

export * from './terceros.service';
