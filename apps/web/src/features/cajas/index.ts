import { IconCashRegister, IconDeviceDesktopDollar } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/caja (the cashier's shift and the store's shifts) and #/maestros/cajas (the registers); docs/decisions-cajas.md. */
export const pantallas: Pantallas = {
  caja: { componente: perezosa(() => import('./components/pagina-caja'), (m) => m.PaginaCaja), icono: IconCashRegister },
  cajas: { componente: perezosa(() => import('./components/cajas-list'), (m) => m.CajasList), icono: IconDeviceDesktopDollar },
};

/** What other features use: the billing dialog's notice (open a shift before taking cash) and the query keys. */
export { AvisoTurnoCaja } from './components/aviso-turno-caja';
export { clavesCajas } from './api/claves';
