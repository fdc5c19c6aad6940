// The door of the produccion module: its manifest and what other modules may call (its service, never its repository).
import { puedeAcceder, RUTAS, salaProduccion } from '@tablero/domain';
import { produccionRoutes } from './produccion.routes';
import { definirModulo } from '../modulo';

/** Roles that may open a production screen (panel, stage management, preparation): they hear of every OP's change. */
const ACCESOS_PRODUCCION = [RUTAS.produccion.acceso, RUTAS.produccionGestionEtapa.acceso, RUTAS.produccionPreparar.acceso];
export type { ProduccionTablas } from './produccion.tablas';

export const modulo = definirModulo({
  nombre: 'produccion',
  rutas: produccionRoutes,
  tablas: ['produccion_venta', 'produccion_venta_etapa', 'produccion_etapa_evento', 'tipo_motivo_suspension_produccion'],
  dependeDe: ['despachos', 'retales'],
  salas: [{ sala: salaProduccion, admite: (rol) => ACCESOS_PRODUCCION.some((acceso) => puedeAcceder(rol, acceso)) }],
});

export * from './produccion.service';
