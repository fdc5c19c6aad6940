import { IconReceiptTax } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/reportes/retenciones: 'Retenciones que nos practicaron' by month (docs/decisions-retenciones.md; SuperAdministrador). */
export const pantallas: Pantallas = {
  retenciones: { componente: perezosa(() => import('./pagina-retenciones'), (m) => m.RetencionesPage), icono: IconReceiptTax },
};

/** The bill dialog's withholdings section and its state; the customer form's settings section. */
export { SeccionRetenciones, useRetencionesFactura } from './components/seccion-retenciones';
export { CamposRetencionTercero, useRetencionTercero } from './components/campos-retencion-tercero';
