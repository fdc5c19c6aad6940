// The door of the maquinas module: its manifest and what other modules may call (its service, never its repository).
import { maquinasRoutes } from './maquinas.routes';
import { definirModulo } from '../modulo';
export type { MaquinasTablas } from './maquinas.tablas';

export const modulo = definirModulo({ nombre: 'maquinas', rutas: maquinasRoutes, tablas: ['maquina', 'estado_maquina', 'grupo_servicio'] });

export * from './maquinas.service';
