import { useQuery } from '@tanstack/react-query';
import type { OrdenTipoConcepto, Pagina, TipoConcepto } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesTiposConceptos } from './claves';

/** A page of the list: page, size, search in the name, sort. */
export type TiposConceptosConsulta = ParametrosLista<OrdenTipoConcepto>;

/** GET /api/maestros/tipos-conceptos?pagination=1&page&per_page&query&orden&direccion: one page of concept types (spec 002 §7). */
export function getTiposConceptos(consulta: TiposConceptosConsulta, signal?: AbortSignal): Promise<Pagina<TipoConcepto>> {
  return leerPagina<TipoConcepto>('maestros/tipos-conceptos', 'tipos_conceptos', { pagination: 1, ...consulta }, signal);
}

export function tiposConceptosQueryOptions(consulta: TiposConceptosConsulta) {
  return opcionesPagina(clavesTiposConceptos.lista(consulta), (signal) => getTiposConceptos(consulta, signal));
}

export function useTiposConceptos(consulta: TiposConceptosConsulta) {
  return useQuery(tiposConceptosQueryOptions(consulta));
}
