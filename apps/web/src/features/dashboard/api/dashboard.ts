import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ARCHIVO_EXPORTAR_PRODUCTOS, type DashboardRespuesta } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import type { RangoFechas } from '../dashboard.logica';
import { clavesDashboard } from './claves';

// spec 002 §7 Dashboard: every store's billed sales in the range, the end date's year by month and
// the products sold; the export of those products as .xlsx.

/** POST /api/dashboard/rango-fecha {fecha_inicial, fecha_final}. */
export async function getDashboard(rango: RangoFechas, signal?: AbortSignal): Promise<DashboardRespuesta> {
  const respuesta = await api.post<DashboardRespuesta>('dashboard/rango-fecha', rango, signal ? { signal } : {});
  return respuesta.data;
}

/** The range's figures; the previous range's stay on screen (dimmed) while a new one loads. */
export function useDashboard(rango: RangoFechas) {
  return useQuery({
    queryKey: clavesDashboard.rango(rango),
    queryFn: ({ signal }) => getDashboard(rango, signal),
    placeholderData: keepPreviousData,
    // Sales are billed all day: every visit asks again.
    staleTime: 0,
  });
}

/**
 * POST /api/dashboard/productos/exportar {fecha_inicial, fecha_final}: the products sold in the range as a real .xlsx.
 */
export const exportarProductos = (rango: RangoFechas): Promise<boolean> =>
  descargarExportacion({ ruta: 'dashboard/productos/exportar', cuerpo: rango, nombre: ARCHIVO_EXPORTAR_PRODUCTOS, mensajeError: 'No se pudo exportar los productos' });
