// The door of the abonos module: its manifest and what other modules may call (its service, never its repository).
import { abonosRoutes } from './abonos.routes';
import { definirModulo } from '../modulo';
export type { AbonosTablas } from './abonos.tablas';

export const modulo = definirModulo({
  nombre: 'abonos',
  rutas: abonosRoutes,
  tablas: ['abono_tercero', 'tipo_movimiento_abono'],
  escribeEn: { tercero: ['saldo_abono'] },
  dependeDe: ['terceros', 'parametros', 'periodos', 'devoluciones', 'cajas'],
});

export * from './abonos.service';
export * from './anticipos.service';
