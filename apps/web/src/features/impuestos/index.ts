/** Taxes (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { ImpuestosModal } from './components/impuestos-modal';
export { useImpuestos, impuestosQueryOptions } from './api/get-impuestos';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesImpuestos } from './api/claves';
