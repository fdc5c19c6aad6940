import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ARCHIVO_EXPORTAR_PRODUCTOS, type DashboardRespuesta } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { descargar } from '@/lib/descargar';
import { notificarError } from '@/lib/notificaciones';
import { leerSesion, leerTienda, terminarSesion } from '@/lib/sesion';
import type { RangoFechas } from '../dashboard.logica';
import { clavesDashboard } from './claves';

// spec 002 §7 Dashboard (issue 18 point 1): every store's billed sales in the range, the end date's year by month and
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
 * The api client reads JSON answers only, so the file is fetched here with the same token and store header; a refusal
 * shows the server's message (a 401/403 ends the session, as everywhere).
 */
export async function exportarProductos(rango: RangoFechas): Promise<boolean> {
  const sesion = leerSesion();
  const tienda = leerTienda();
  const cabeceras: Record<string, string> = { 'Content-Type': 'application/json' };
  if (sesion) cabeceras.Authorization = `Bearer ${sesion.token}`;
  if (tienda) cabeceras['X-Codigo-Tienda'] = tienda.codigo_tienda;
  let respuesta: Response;
  try {
    respuesta = await fetch('/api/dashboard/productos/exportar', { method: 'POST', headers: cabeceras, body: JSON.stringify(rango) });
  } catch {
    notificarError('No se pudo conectar con el servidor. Revise su conexión e intente de nuevo');
    return false;
  }
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => null)) as { message?: unknown } | null;
    const mensaje = typeof cuerpo?.message === 'string' && cuerpo.message ? cuerpo.message : 'No se pudo exportar los productos';
    if (respuesta.status === 401 || respuesta.status === 403) terminarSesion(mensaje);
    else notificarError(mensaje);
    return false;
  }
  const url = URL.createObjectURL(await respuesta.blob());
  descargar(url, ARCHIVO_EXPORTAR_PRODUCTOS);
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
