import { IconDiscount } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/descuentos-solicitados (spec 000 §2.15): the approver's list of the store's discount requests. */
export const pantallas: Pantallas = {
  descuentosSolicitados: {
    componente: perezosa(() => import('./components/descuentos-list'), (m) => m.DescuentosList),
    icono: IconDiscount,
    // The approver's count of pending requests beside the menu entry.
    insignia: perezosa(() => import('./components/insignia-pendientes'), (m) => m.InsigniaPendientes),
  },
};

/** What other features use: the discount request dialog of an order line (spec 000 §2.14) and the query keys. */
export { SolicitarDescuentoModal, type LineaDescuento } from './components/solicitar-descuento-modal';
export { clavesDescuentos } from './api/claves';
/** Realtime: the hook of the order form (one of my requests was decided), the read of one request, the frame's notices. */
export { useDescuentoDecidido } from './tiempo-real';
export { getDescuento } from './api/get-descuento';
export { AvisosDescuentos } from './components/avisos-descuentos';
