// The door of the egresos-ingresos module: its manifest and what other modules may call (its service, never its repository).
import { definirModulo } from '../modulo';
import { egresosIngresosRoutes } from './egresos-ingresos.routes';
export type { EgresosIngresosTablas } from './egresos-ingresos.tablas';

export const modulo = definirModulo({
  nombre: 'egresos-ingresos',
  rutas: egresosIngresosRoutes,
  tablas: ['egreso', 'egreso_historial', 'ingreso', 'ingreso_historial'],
  dependeDe: ['periodos', 'tiendas', 'cajas'],
});

export * from './egresos-ingresos.service';
