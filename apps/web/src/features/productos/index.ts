/** What other features and pages reuse from products (the sales form, the cutting dialog). */
export { ProductoBusquedaModal, type ProductoBusquedaModalProps } from './components/producto-busqueda-modal';
export { ProductoDetalleModal } from './components/producto-detalle-modal';
export { useProducto, getProducto } from './api/get-producto';
export { useProductos, getProductos } from './api/get-productos';
export { useServiciosEspeciales } from './api/get-servicios-especiales';
export { PaginadorAnteriorSiguiente } from './components/paginador-anterior-siguiente';
