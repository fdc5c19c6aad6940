import { IconUsers } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/terceros (spec 001, Customers screen 'Clientes'; SuperAdministrador and Vendedor). */
export const pantallas: Pantallas = {
  terceros: { componente: perezosa(() => import('./components/terceros-list'), (m) => m.TercerosList), icono: IconUsers },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesTerceros } from './api/claves';

/**
 * What the order form reuses: the third-party dialog to create a customer in place, and one third party by id (alone:
 * the list filters' customer read back from the address).
 */
export { TerceroFormModal } from './components/tercero-form-modal';
export { getTercero, getTerceroSolo } from './api/get-tercero';

/** The customer and supplier forms' invalid-submit toast (a wrong NIT check digit says so). */
export { avisarFormularioInvalido } from './aviso-formulario';

/** The DANE place lists and their field, also the electronic invoice issuer's department and municipality. */
export { useCiudades, useDepartamentos } from './api/get-listas';
export { CampoLugar } from './components/campo-lugar';
