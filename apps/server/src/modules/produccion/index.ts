// The door of the produccion module: its manifest and what other modules may call (its service, never its repository).
import { produccionRoutes } from './produccion.routes';
import { definirModulo } from '../modulo';
export type { ProduccionTablas } from './produccion.tablas';

export const modulo = definirModulo({
  nombre: 'produccion',
  rutas: produccionRoutes,
  tablas: ['produccion_venta', 'produccion_venta_etapa', 'produccion_etapa_evento', 'tipo_motivo_suspension_produccion'],
  dependeDe: ['despachos'],
});

export * from './produccion.service';
