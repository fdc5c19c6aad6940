/** Siigo's lists (spec 001): inventory classifications for categories and Siigo taxes for taxes. */
export { useClasificacionesInventario, useSiigoImpuestos } from './api/get-siigo';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesSiigo } from './api/claves';

/** The syncs with Siigo, for the e-invoicing settings screen. */
export { SincronizacionSiigo } from './sincronizacion-siigo';
