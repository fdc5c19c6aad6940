import { IconCalendarStats } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/cierre-mes (spec 002 §2.8; docs/decisions-reportes-dinero.md, docs/decisions-periodos.md), SuperAdministrador: the month's figures, its closing and reopening. */
export const pantallas: Pantallas = {
  cierreMes: { componente: perezosa(() => import('./pagina-cierre-mes'), (m) => m.CierreMesPage), icono: IconCalendarStats },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesCierreMes } from './api/claves';

/** What Cuadre de caja shares with the month closing: the cards, the report tables and the rows' shapes. */
export { TarjetaCifra } from './components/tarjeta-cifra';
export { Seccion } from './components/seccion';
export { TablaDatos } from './components/tabla-datos';
export { TablaPagosProveedores } from './components/tabla-pagos-proveedores';
export { PagosCreditoPorForma } from './components/pagos-credito-por-forma';
export { InsigniaSinDinero } from './components/insignia-sin-dinero';
export { TablaTotalesPorForma } from './components/columnas-forma-pago';
export { NotaAnuladas } from './components/nota-anuladas';
export { NotaRedondeo } from './components/nota-redondeo';
