// The door of the cuadre-caja module: its manifest and what other modules may call (its service, never its repository).
// It reads across the money tables and writes none; the month closing's figures come through cierre-mes' door.
import { cuadreCajaRoutes } from './cuadre-caja.routes';
import { definirModulo } from '../modulo';

export const modulo = definirModulo({
  nombre: 'cuadre-caja',
  rutas: cuadreCajaRoutes,
  dependeDe: ['parametros', 'cierre-mes', 'cajas'],
});

export * from './cuadre-caja.service';
