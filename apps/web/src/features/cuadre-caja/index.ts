import { IconCashRegister } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/cuadre-caja (spec 002 §2.9, §2.10; docs/decisions-reportes-dinero.md), SuperAdministrador: the day's cash, expenses and income. */
export const pantallas: Pantallas = {
  cuadreCaja: { componente: perezosa(() => import('./pagina-cuadre-caja'), (m) => m.CuadreCajaPage), icono: IconCashRegister },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesCuadreCaja } from './api/claves';
