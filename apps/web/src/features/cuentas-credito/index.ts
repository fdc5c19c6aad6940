import { IconCreditCard } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/app/pantalla';

/** The credit accounts list and one customer's account (spec 001; any logged-in user). */
export const pantallas: Pantallas = {
  cuentasCredito: { componente: perezosa(() => import('./components/cuentas-credito-list'), (m) => m.CuentasCreditoList), icono: IconCreditCard },
  cuentaCreditoDetalle: { componente: perezosa(() => import('./pagina-cuenta-credito-detalle'), (m) => m.CuentaCreditoDetallePage) },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesCuentasCredito } from './api/claves';

/** What the order form reuses: the customer typeahead and the save of a credit account (created in place, spec 000 §8). */
export { ClienteTypeahead } from './components/cliente-typeahead';
export { useSaveCuentaCredito } from './api/save-cuenta-credito';
