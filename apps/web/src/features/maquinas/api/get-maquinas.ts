import { useQuery } from '@tanstack/react-query';
import type { Maquina, OrdenMaquina, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesMaquinas } from './claves';

/** A page of the list: page, size, search in the reference and the name, sort. */
export type MaquinasConsulta = ParametrosLista<OrdenMaquina>;

/** GET /api/maestros/maquinas?page&per_page&query&orden&direccion: one page of machines, by id unless sorted (spec 002 §7, data.maquinas). */
export function getMaquinas(consulta: MaquinasConsulta, signal?: AbortSignal): Promise<Pagina<Maquina>> {
  return leerPagina<Maquina>('maestros/maquinas', 'maquinas', consulta, signal);
}

export function maquinasQueryOptions(consulta: MaquinasConsulta) {
  return opcionesPagina(clavesMaquinas.lista(consulta), (signal) => getMaquinas(consulta, signal));
}

export function useMaquinas(consulta: MaquinasConsulta) {
  return useQuery(maquinasQueryOptions(consulta));
}
