import { ProductosList } from '@/features/productos/components/productos-list';

/** #/productos (spec 001 Products list; SuperAdministrador, Bodega). */
export function ProductosPage() {
  return <ProductosList />;
}
