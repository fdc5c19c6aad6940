// The door of the cajas module (docs/decisions-cajas.md): its manifest and what other modules may call (its service,
// never its repository). Cash writers call `exigirTurnoAbierto` inside their transaction; cuadre-caja reads
// `turnosDelDia`. It reads the other modules' money tables and writes only its own, so it depends on parametros alone
// and comes before every cash writer in MODULOS (no cycle).
import { cajasRoutes } from './cajas.routes';
import { definirModulo } from '../modulo';
export type { CajasTablas } from './cajas.tablas';

export const modulo = definirModulo({ nombre: 'cajas', rutas: cajasRoutes, tablas: ['caja', 'turno_caja', 'turno_caja_evento'], dependeDe: ['parametros'] });

export * from './cajas.service';
