/** Product categories (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { CategoriasProductosModal } from './components/categorias-productos-modal';
export { useCategoriasProductos, categoriasProductosQueryOptions } from './api/get-categorias-productos';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesCategoriasProductos } from './api/claves';
