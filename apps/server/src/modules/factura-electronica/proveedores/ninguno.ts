import type { ProveedorDocumentos } from './proveedor';

const SIN_PROVEEDOR = 'Sin proveedor de facturación electrónica configurado';

/**
 * No provider configured: documents are still built and signed and wait as 'Pendiente de envío'. The job never
 * calls this provider; if it did, failing loudly beats pretending a document went anywhere.
 */
export function crearProveedorNinguno(): ProveedorDocumentos {
  return {
    nombre: 'NINGUNO',
    enviar: () => Promise.reject(new Error(SIN_PROVEEDOR)),
    consultar: () => Promise.reject(new Error(SIN_PROVEEDOR)),
  };
}
