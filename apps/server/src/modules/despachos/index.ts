// The door of the despachos module: its manifest and what other modules may call (its service and the after-commit
// notice, never its repository). It reads ventas' and produccion's tables by SQL only, so it comes before both; they
// call its enqueue and withdraw functions inside their transactions (docs/decisions-despachos.md).
import { despachosRoutes } from './despachos.routes';
import { definirModulo } from '../modulo';
export type { DespachosTablas } from './despachos.tablas';

export const modulo = definirModulo({
  nombre: 'despachos',
  rutas: despachosRoutes,
  tablas: ['despacho_turno', 'despacho_turno_evento', 'despacho_consecutivo'],
});

export * from './despachos.service';
export { avisarTurnoDeVenta } from './despachos.avisos';
