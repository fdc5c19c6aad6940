// The door of the siigo module: its manifest and what other modules may call (its service and its API client, never
// its repository).
import { siigoRoutes } from './siigo.routes';
import { definirModulo } from '../modulo';
export type { SiigoTablas } from './siigo.tablas';

export const modulo = definirModulo({
  nombre: 'siigo',
  rutas: siigoRoutes,
  tablas: ['siigo_clasificacion_inventario', 'siigo_impuesto', 'siigo_sesion', 'siigo_limite_solicitudes', 'siigo_producto'],
});

export * from './siigo.service';
export {
  crearClienteSiigo,
  ErrorSiigo,
  ErrorTransitorioSiigo,
  SOLICITUDES_POR_MINUTO_SIIGO,
  URL_SIIGO,
  type ClienteSiigo,
  type ConIntercambio,
  type Intercambio,
  type OpcionesClienteSiigo,
} from './siigo.cliente';
export type * from './siigo.tipos';
