import { IconPigMoney } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/anticipos (spec 002 §2.5–§2.7, SuperAdministrador): the customers' advances, which are their prepaid balance (docs/decisions-anticipos.md). */
export const pantallas: Pantallas = {
  anticipos: { componente: perezosa(() => import('./pagina-anticipos'), (m) => m.AnticiposPage), icono: IconPigMoney },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesAbonos } from './api/claves';

/** What the customers' list opens on a customer (spec 001 Customers screen): Abonar and the abono history. */
export { AbonoFormModal } from './components/abono-form-modal';
export { AbonosHistorialModal } from './components/abonos-historial-modal';
