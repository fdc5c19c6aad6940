/** Product categories (spec 001): the catalog modal the product form opens, and the list its select reads. */
export { CategoriasProductosModal } from './components/categorias-productos-modal';
export { useCategoriasProductos, categoriasProductosQueryOptions } from './api/get-categorias-productos';
