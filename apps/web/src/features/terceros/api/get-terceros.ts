import { useQuery } from '@tanstack/react-query';
import type { OrdenTercero, Pagina, Tercero } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesTerceros } from './claves';

/** A page of the Clientes list: page, size, search (document prefix, names or e-mail), sort. */
export type TercerosConsulta = ParametrosLista<OrdenTercero>;

/** GET /api/terceros?page&per_page&query&orden&direccion: one page of third parties (newest first by default). */
export function getTerceros(consulta: TercerosConsulta, signal?: AbortSignal): Promise<Pagina<Tercero>> {
  return leerPagina<Tercero>('terceros', 'terceros', consulta, signal);
}

export function tercerosQueryOptions(consulta: TercerosConsulta) {
  return opcionesPagina(clavesTerceros.lista(consulta), (signal) => getTerceros(consulta, signal), { fresca: true });
}

export function useTerceros(consulta: TercerosConsulta) {
  return useQuery(tercerosQueryOptions(consulta));
}
