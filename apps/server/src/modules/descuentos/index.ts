// The door of the descuentos module: its manifest and what other modules may call (its service, never its repository).
import { puedeAcceder, RUTAS, salaAprobadores } from '@tablero/domain';
import { descuentosRoutes } from './descuentos.routes';
import { definirModulo } from '../modulo';
export type { DescuentosTablas } from './descuentos.tablas';

export const modulo = definirModulo({
  nombre: 'descuentos',
  rutas: descuentosRoutes,
  tablas: ['descuento_solicitado'],
  dependeDe: ['productos', 'terceros'],
  // The approvers of a store (whoever may open Descuentos solicitados) hear of its pending requests.
  salas: [{ sala: salaAprobadores, admite: (rol) => puedeAcceder(rol, RUTAS.descuentosSolicitados.acceso) }],
});

export * from './descuentos.service';
export * from './descuentos-venta.service';
