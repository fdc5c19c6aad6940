import { IconChecklist, IconFileDescription, IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** Selling's screens (spec 000): Pendiente por facturar (billing), the sales order form (Pedidos) and Pendientes, the store's open tasks. */
export const pantallas: Pantallas = {
  facturacion: { componente: perezosa(() => import('./facturacion/pagina-facturacion'), (m) => m.FacturacionPage), icono: IconReceipt },
  facturacionCrear: { componente: perezosa(() => import('./pedido/pagina-pedido'), (m) => m.PedidosPage), icono: IconShoppingCart },
  cotizaciones: { componente: perezosa(() => import('./cotizaciones/pagina-cotizaciones'), (m) => m.CotizacionesPage), icono: IconFileDescription },
  pendientes: { componente: perezosa(() => import('./components/pendientes-list'), (m) => m.PendientesList), icono: IconChecklist },
};

/** What other features use: a sale's tasks dialog (billing list, order form) and the feature's query keys. */
export { TareasVentaModal } from './components/tareas-venta-modal';
/**
 * The sale detail (spec 000 §2.7), loaded when first shown, for the frame's slot (components/ranura-detalle-venta.tsx):
 * billing opens the dialog itself; credits, advances, month closing, cash and production open it through the slot.
 */
export const DetalleVentaPerezoso = perezosa(() => import('./components/detalle-venta-modal'), (m) => m.DetalleVentaModal);
/** Home's Retales: the offcut calculator, which opens the order form with the offcut line. */
export { RetalModal } from './components/retal-modal';
export { clavesVentas } from './api/claves';
