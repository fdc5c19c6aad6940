// The door of the retenciones module (docs/decisions-retenciones.md): the withholdings customers practise on our sales,
// their settings per customer and the monthly report. Billing (ventas) and the credit payment (cuentas-credito) call
// its service inside their transactions; the e-invoice (factura-electronica) reads a sale's withholdings.
import { retencionesRoutes } from './retenciones.routes';
import { definirModulo } from '../modulo';
export type { RetencionesTablas } from './retenciones.tablas';

export const modulo = definirModulo({
  nombre: 'retenciones',
  rutas: retencionesRoutes,
  tablas: ['tercero_retencion', 'retencion_venta'],
  dependeDe: ['parametros'],
});

export * from './retenciones.service';
