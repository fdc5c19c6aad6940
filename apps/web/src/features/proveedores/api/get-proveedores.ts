import { useQuery } from '@tanstack/react-query';
import type { OrdenProveedor, Pagina, Proveedor } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesProveedores } from './claves';

/** A page of the list: page, size, search in the name and the NIT, sort. */
export type ProveedoresConsulta = ParametrosLista<OrdenProveedor>;

/** GET /api/maestros/proveedores?pagination=1&page&per_page&query&orden&direccion: one page of suppliers (spec 002 §7). */
export function getProveedores(consulta: ProveedoresConsulta, signal?: AbortSignal): Promise<Pagina<Proveedor>> {
  return leerPagina<Proveedor>('maestros/proveedores', 'proveedores', { pagination: 1, ...consulta }, signal);
}

export function proveedoresQueryOptions(consulta: ProveedoresConsulta) {
  return opcionesPagina(clavesProveedores.lista(consulta), (signal) => getProveedores(consulta, signal));
}

export function useProveedores(consulta: ProveedoresConsulta) {
  return useQuery(proveedoresQueryOptions(consulta));
}
