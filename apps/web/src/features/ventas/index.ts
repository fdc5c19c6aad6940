import { IconChecklist } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/app/pantalla';

/** Selling's screens (spec 000): Pendientes, the store's open tasks (any logged-in user). */
export const pantallas: Pantallas = {
  pendientes: { componente: perezosa(() => import('./components/pendientes-list'), (m) => m.PendientesList), icono: IconChecklist },
};

/** What other features use: a sale's tasks dialog (billing list, order form) and the feature's query keys. */
export { TareasVentaModal } from './components/tareas-venta-modal';
/** Home's Retales: the offcut calculator, which opens the order form with the offcut line. */
export { RetalModal } from './components/retal-modal';
export { clavesVentas } from './api/claves';
