/** Measure types (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { TiposMedidasModal } from './components/tipos-medidas-modal';
export { useTiposMedidas, tiposMedidasQueryOptions } from './api/get-tipos-medidas';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesTiposMedidas } from './api/claves';
