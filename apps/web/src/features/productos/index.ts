import { IconBox } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** The products screens (spec 001 Products list and form; SuperAdministrador, Bodega). */
export const pantallas: Pantallas = {
  productos: { componente: perezosa(() => import('./components/productos-list'), (m) => m.ProductosList), icono: IconBox },
  productosCrear: { componente: perezosa(() => import('./pagina-producto-formulario'), (m) => m.ProductosCrearPage) },
  productosEditar: { componente: perezosa(() => import('./pagina-producto-formulario'), (m) => m.ProductosEditarPage) },
};

/** What other features and pages reuse from products (inventory, the sales form, the cutting dialog). */
export { ProductoBusquedaModal, type ProductoBusquedaModalProps } from './components/producto-busqueda-modal';
export { ProductoDetalleModal } from './components/producto-detalle-modal';
export { columnaCantidad, columnasReferenciaYNombre, conReservas } from './components/columnas-producto';
export { useReservas, useReservasProducto } from './api/get-reservas';
export { useProducto, getProducto, getProductoPorReferencia } from './api/get-producto';
export { useProductos, getProductos } from './api/get-productos';
export { useServiciosEspeciales } from './api/get-servicios-especiales';
export { useGrupos, useLineas, useGruposTableros } from './api/get-listas';

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesProductos } from './api/claves';
