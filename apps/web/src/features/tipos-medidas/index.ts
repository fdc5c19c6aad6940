/** Measure types (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { TiposMedidasModal } from './components/tipos-medidas-modal';
export { useTiposMedidas, tiposMedidasQueryOptions } from './api/get-tipos-medidas';
