import { IconDiscount } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/app/pantalla';

/** #/descuentos-solicitados (spec 000 §2.15): the approver's list of the store's discount requests. */
export const pantallas: Pantallas = {
  descuentosSolicitados: { componente: perezosa(() => import('./components/descuentos-list'), (m) => m.DescuentosList), icono: IconDiscount },
};

/** What other features use: the discount request dialog of an order line (spec 000 §2.14) and the query keys. */
export { SolicitarDescuentoModal, type LineaDescuento } from './components/solicitar-descuento-modal';
export { clavesDescuentos } from './api/claves';
