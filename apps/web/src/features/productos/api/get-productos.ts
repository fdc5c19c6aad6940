import { useQuery } from '@tanstack/react-query';
import type { OrdenProducto, Pagina, Producto } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesProductos } from './claves';

/** A page of the list: page, size, search in reference and name (without accents or case), sort. */
export interface ProductosConsulta extends Partial<ParametrosLista<OrdenProducto>> {
  page: number;
  /** Only this product group (edge bands: 2). */
  grupo_id?: number;
}

/** GET /api/productos?page&per_page&query&orden&direccion&grupo_id: a page of the selected store's products (spec 001 §7). */
export function getProductos(consulta: ProductosConsulta, signal?: AbortSignal): Promise<Pagina<Producto>> {
  return leerPagina<Producto>('productos', 'productos', consulta, signal);
}

export function productosQueryOptions(consulta: ProductosConsulta) {
  return opcionesPagina(clavesProductos.lista(consulta), (signal) => getProductos(consulta, signal), { fresca: true });
}

export function useProductos(consulta: ProductosConsulta) {
  return useQuery(productosQueryOptions(consulta));
}
