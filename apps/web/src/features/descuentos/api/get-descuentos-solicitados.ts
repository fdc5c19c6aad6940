import { useQuery } from '@tanstack/react-query';
import type { DescuentoSolicitado, EstadoDescuento, OrdenDescuento, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { useTienda } from '@/lib/sesion';
import { clavesDescuentos } from './claves';

/** A page of the list: page, size, search, sort and the state filter (none: every state). */
export type DescuentosSolicitadosConsulta = ParametrosLista<OrdenDescuento> & { estado?: EstadoDescuento };

/** GET /api/descuentos/solicitados/{storeId}?page&per_page&query&orden&direccion&estado (spec 000 §7). */
export function getDescuentosSolicitados(codigoTienda: string, consulta: DescuentosSolicitadosConsulta, signal?: AbortSignal): Promise<Pagina<DescuentoSolicitado>> {
  return leerPagina<DescuentoSolicitado>(`descuentos/solicitados/${encodeURIComponent(codigoTienda)}`, 'descuentos_solicitados', consulta, signal);
}

/** The selected store's requests; decisions of other approvers show on every visit (fresh). */
export function useDescuentosSolicitados(consulta: DescuentosSolicitadosConsulta) {
  const codigoTienda = useTienda()?.codigo_tienda ?? '';
  return useQuery({
    ...opcionesPagina(clavesDescuentos.lista(codigoTienda, consulta), (signal) => getDescuentosSolicitados(codigoTienda, consulta, signal), { fresca: true }),
    enabled: codigoTienda !== '',
  });
}
