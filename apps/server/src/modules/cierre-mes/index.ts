// The door of the cierre-mes module: its manifest and what other modules may call (its service, never its repository).
// It reads across the money tables (sales, payments, credit payments, advances, supplier payments) and writes none:
// closing and reopening a month go through periodos' door. cuadre-caja reads its report functions.
import { cierreMesRoutes } from './cierre-mes.routes';
import { definirModulo } from '../modulo';

export const modulo = definirModulo({ nombre: 'cierre-mes', rutas: cierreMesRoutes, dependeDe: ['periodos'] });

export * from './cierre-mes.service';
