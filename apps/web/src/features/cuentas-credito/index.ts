import { IconCreditCard, IconReportMoney } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/**
 * The credit accounts list and one customer's account (spec 001; any logged-in user), and the same accounts as spec
 * 002's Créditos (SuperAdministrador): balances, movement history, payments over several methods, write-offs,
 * statements and the aging view (docs/decisions-creditos.md).
 */
export const pantallas: Pantallas = {
  cuentasCredito: { componente: perezosa(() => import('./components/cuentas-credito-list'), (m) => m.CuentasCreditoList), icono: IconCreditCard },
  cuentaCreditoDetalle: { componente: perezosa(() => import('./pagina-cuenta-credito-detalle'), (m) => m.CuentaCreditoDetallePage) },
  creditos: { componente: perezosa(() => import('./pagina-creditos'), (m) => m.CreditosPage), icono: IconReportMoney },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesCuentasCredito } from './api/claves';

/**
 * What the order form reuses to create a credit account in place (spec 000 §8): the full save for the roles that
 * manage credit, the seller's create up to CUPO_MAXIMO_VENDEDOR for the others.
 */
export { useSaveCuentaCredito } from './api/save-cuenta-credito';
export { useCrearCuentaCreditoPedido, useCupoMaximoVendedor } from './api/cuenta-credito-pedido';
export { CampoPlazo } from './components/campo-plazo';

