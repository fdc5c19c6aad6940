/** Taxes (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { ImpuestosModal } from './components/impuestos-modal';
export { useImpuestos, impuestosQueryOptions } from './api/get-impuestos';
