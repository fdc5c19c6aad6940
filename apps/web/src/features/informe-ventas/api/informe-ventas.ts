import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  archivoInformeVentas,
  type ComisionesRespuesta,
  type GuardarComisionEntrada,
  type InformeVentasFiltro,
  type InformeVentasRespuesta,
} from '@tablero/domain';
import { api, peticion } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import { useGuardado } from '@/lib/guardado';
import { clavesInformeVentas } from './claves';

// docs/decisions-informe-ventas.md: the report of one grouping, its .xlsx, and the commission rates.

/** POST /api/informe-ventas {fecha_inicial, fecha_final, codigo_tienda, agrupar_por}. */
export async function getInformeVentas(filtro: InformeVentasFiltro, signal?: AbortSignal): Promise<InformeVentasRespuesta> {
  return (await api.post<InformeVentasRespuesta>('informe-ventas', filtro, signal ? { signal } : {})).data;
}

/** The report; the previous one stays on screen (dimmed) while another grouping or range loads. */
export function useInformeVentas(filtro: InformeVentasFiltro) {
  return useQuery({
    queryKey: clavesInformeVentas.informe(filtro),
    queryFn: ({ signal }) => getInformeVentas(filtro, signal),
    placeholderData: keepPreviousData,
    // Sales are billed all day: every visit asks again.
    staleTime: 0,
  });
}

/** POST /api/informe-ventas/exportar: the grouping as a real .xlsx. */
export const exportarInformeVentas = (filtro: InformeVentasFiltro): Promise<boolean> =>
  descargarExportacion({ ruta: 'informe-ventas/exportar', cuerpo: filtro, nombre: archivoInformeVentas(filtro.agrupar_por), mensajeError: 'No se pudo exportar el informe de ventas' });

/** GET /api/informe-ventas/comisiones: the rates, the sellers and the categories. */
export function useComisiones() {
  return useQuery({
    queryKey: clavesInformeVentas.comisiones(),
    queryFn: async ({ signal }) => (await api.get<ComisionesRespuesta>('informe-ventas/comisiones', { signal })).data,
  });
}

/** POST /api/informe-ventas/comisiones; the report and the list refresh (a rate changes the commissions). */
export function useGuardarComision() {
  return useGuardado((datos: GuardarComisionEntrada) => api.post<{ id: number }>('informe-ventas/comisiones', datos), clavesInformeVentas.todas);
}

/** DELETE /api/informe-ventas/comisiones/{id}. */
export function useEliminarComision() {
  return useGuardado((id: number) => peticion('DELETE', `informe-ventas/comisiones/${id}`), clavesInformeVentas.todas);
}
