import { IconCertificate } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/factura-electronica (docs/decisions-factura-electronica.md; SuperAdministrador only): the company and e-invoicing settings. */
export const pantallas: Pantallas = {
  facturaElectronica: { componente: perezosa(() => import('./pagina-factura-electronica'), (m) => m.PaginaFacturaElectronica), icono: IconCertificate },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesFacturaElectronica } from './api/claves';
/**
 * The frame's notice of the signing certificate near its end (SuperAdministrador), loaded on its own the first time
 * it mounts so the login page never downloads it: `<AvisosCertificado />` beside AvisosNumeracion.
 */
export const AvisosCertificado = perezosa(() => import('./components/avisos-certificado'), (m) => m.AvisosCertificado);
