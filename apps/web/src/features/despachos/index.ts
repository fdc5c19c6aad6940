import { IconDeviceTv, IconTruckDelivery } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/**
 * Dispatch (spec 001 "Dispatches screen", "Public dispatch board"; docs/decisions-despachos.md): Despachos,
 * where the store's staff call turns and dispatch sales with a messenger, and the public board on the shop's TV.
 */
export const pantallas: Pantallas = {
  despachos: { componente: perezosa(() => import('./pagina-despachos'), (m) => m.DespachosPage), icono: IconTruckDelivery },
  publicoDespachos: { componente: perezosa(() => import('./pagina-tablero-publico'), (m) => m.TableroPublicoPage), icono: IconDeviceTv },
};

/** The sale detail's dispatch buttons (spec 000 §2.7: 'Pasar a despacho', 'Despachar orden'). */
export { AccionesDespachoVenta } from './components/acciones-despacho-venta';
/** The feature's query keys, for whoever reads or invalidates its queries. */
export { clavesDespachos } from './api/claves';
