// The door of the cuentas-credito module: its manifest and what other modules may call (its services, never its
// repositories): accounts and quotas (cuentas-credito.service), the credit ledger's writers (libro-credito.service, the
// only writer of the ledger) and statements and aging (cartera.service). docs/decisions-creditos.md.
import { cuentasCreditoRoutes } from './cuentas-credito.routes';
import { definirModulo } from '../modulo';
export type { CuentasCreditoTablas } from './cuentas-credito.tablas';

export const modulo = definirModulo({
  nombre: 'cuentas-credito',
  rutas: cuentasCreditoRoutes,
  tablas: ['cuenta_credito', 'cuenta_credito_movimiento', 'tipo_movimiento_credito', 'cuenta_credito_movimiento_forma_pago'],
  dependeDe: ['terceros', 'abonos', 'parametros', 'periodos', 'devoluciones', 'cajas', 'retenciones'],
});

export * from './cuentas-credito.service';
export * from './libro-credito.service';
export * from './cartera.service';
export * from './libro-retencion.service';
// A sale's detail sends the customer's statement (docs/decisions-redondeo-envios.md, "Enviar desde la venta").
export { ENLACE_ESTADO_CUENTA } from './creditos-enlaces';
export { datosEstadoCuenta } from './cartera-documentos.service';
