// The door of the despachos module: its manifest and what other modules may call (its service and the after-commit
// notice, never its repository). It reads ventas' and produccion's tables by SQL only, so it comes before both; they
// call its enqueue and withdraw functions inside their transactions (docs/decisions-despachos.md).
import { puedeAcceder, RUTAS, salaDespachos, salaDespachosPublico } from '@tablero/domain';
import { despachosRoutes } from './despachos.routes';
import { tiendaDelTablero } from './despachos.service';
import { definirModulo } from '../modulo';
export type { DespachosTablas } from './despachos.tablas';

export const modulo = definirModulo({
  nombre: 'despachos',
  rutas: despachosRoutes,
  tablas: ['despacho_turno', 'despacho_turno_evento', 'despacho_consecutivo'],
  // The Despachos screen is open to every logged-in user (spec 001 §2); the public board on the shop's TV listens to
  // its store's public room, any active store.
  salas: [{ sala: salaDespachos, admite: (rol) => puedeAcceder(rol, RUTAS.despachos.acceso) }],
  canalPublico: { sala: salaDespachosPublico, admite: async (db, tienda) => (await tiendaDelTablero(db, tienda)) !== undefined },
});

export * from './despachos.service';
export { avisarTurnoDeVenta, emitirAvisoTurno } from './despachos.avisos';
