import { useQuery } from '@tanstack/react-query';
import type { AbonoMovimiento, OrdenAbono, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesAbonos } from './claves';

/** A page of one third party's history: page, size, search (description, type or value), sort. */
export interface HistorialConsulta extends ParametrosLista<OrdenAbono> {
  terceroId: number;
}

/** GET /api/terceros/{id}/abono/historial?page&per_page&query&orden&direccion: the movements, newest first by default. */
export function getAbonosHistorial({ terceroId, ...consulta }: HistorialConsulta, signal?: AbortSignal): Promise<Pagina<AbonoMovimiento>> {
  return leerPagina<AbonoMovimiento>(`terceros/${terceroId}/abono/historial`, 'abonos_terceros', consulta, signal);
}

export function abonosHistorialQueryOptions(consulta: HistorialConsulta) {
  return opcionesPagina(clavesAbonos.historial(consulta), (signal) => getAbonosHistorial(consulta, signal), { fresca: true });
}

export function useAbonosHistorial(consulta: HistorialConsulta) {
  return useQuery(abonosHistorialQueryOptions(consulta));
}
