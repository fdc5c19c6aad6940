// The door of the devoluciones module: its manifest and what other modules may call (its service, never its repository).
// It owns the refunds an annulment writes (devolucion_dinero); ventas, cuentas-credito and abonos call it inside their
// annulments; cierre-mes and cuadre-caja read the rows (docs/decisions-reportes-dinero.md "Devoluciones").
import { definirModulo } from '../modulo';
export type { DevolucionesTablas } from './devoluciones.tablas';

export const modulo = definirModulo({ nombre: 'devoluciones', tablas: ['devolucion_dinero'], dependeDe: ['cajas'] });

export * from './devoluciones.service';
