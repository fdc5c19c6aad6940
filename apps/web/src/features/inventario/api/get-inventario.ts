import { useQuery } from '@tanstack/react-query';
import type { OrdenInventario, Pagina, ProductoInventario } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesInventario } from './claves';

/** A page of the list: page, size, search in reference and name, sort. */
export type InventarioConsulta = ParametrosLista<OrdenInventario>;

/** GET /api/inventarios?page&per_page&query&orden&direccion: a page of the selected store's inventory (spec 001 §7). */
export function getInventario(consulta: InventarioConsulta, signal?: AbortSignal): Promise<Pagina<ProductoInventario>> {
  return leerPagina<ProductoInventario>('inventarios', 'productos', consulta, signal);
}

export function inventarioQueryOptions(consulta: InventarioConsulta) {
  return opcionesPagina(clavesInventario.lista(consulta), (signal) => getInventario(consulta, signal), { fresca: true });
}

export const useInventario = (consulta: InventarioConsulta) => useQuery(inventarioQueryOptions(consulta));
