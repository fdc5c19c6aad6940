import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type cierreMesPeriodoRespuestaSchema,
  ARCHIVOS_CIERRE_MES,
  type OrdenVentasMes,
  type Pagina,
  type Periodo,
  type SeccionCierreMes,
  type VentaFormaPagoMes,
  type VentaMesCierre,
  type VentasPlataforma,
  type ventasFormaPagoRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import type { ParametrosLista } from '@/lib/estado-lista';
import { useGuardado } from '@/lib/guardado';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { partesMes, type Mes } from '../cierre-mes.logica';
import { clavesCierreMes } from './claves';

// spec 002 §7 Dashboard, closing and cash and the period lock (docs/decisions-periodos.md).

/**
 * POST /api/cierre-mes/ventas-plataforma {anio, mes, codigo_tienda, incluir_ventas_mes: false}: the month's figures of
 * the selected store, without its sales one by one (thousands a month are megabytes): the sales table pages them with
 * GET cierre-mes/ventas-mes, and the section's count and total come from these figures.
 */
export async function getCierreMes(codigoTienda: string, mes: Mes, signal?: AbortSignal): Promise<VentasPlataforma> {
  const cuerpo = { ...partesMes(mes), codigo_tienda: codigoTienda, incluir_ventas_mes: false };
  const respuesta = await api.post<VentasPlataforma>('cierre-mes/ventas-plataforma', cuerpo, signal ? { signal } : {});
  return respuesta.data;
}

/** Asked again on every visit: billing, payments and closing change the figures. */
export function useCierreMes(codigoTienda: string, mes: Mes) {
  return useQuery({
    queryKey: clavesCierreMes.mes(codigoTienda, mes),
    queryFn: ({ signal }) => getCierreMes(codigoTienda, mes, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/cierre-mes/ventas-forma-pago?anio&mes&forma_pago_id&page: the sales a method paid, paged (an expanded row). */
export async function getVentasFormaPago(mes: Mes, formaPagoId: number, pagina: number, signal?: AbortSignal): Promise<Pagina<VentaFormaPagoMes>> {
  const respuesta = await api.get<z.infer<typeof ventasFormaPagoRespuestaSchema>>('cierre-mes/ventas-forma-pago', {
    query: { ...partesMes(mes), forma_pago_id: formaPagoId, page: pagina },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.ventas;
}

export function useVentasFormaPago(codigoTienda: string, mes: Mes, formaPagoId: number, pagina: number) {
  return useQuery({
    queryKey: clavesCierreMes.ventasFormaPago(codigoTienda, mes, formaPagoId, pagina),
    queryFn: ({ signal }) => getVentasFormaPago(mes, formaPagoId, pagina, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/cierre-mes/ventas-mes?anio&mes&page&per_page&query&orden&direccion: one page of the selected store's billed
 * sales of the month, searched (accent-insensitive) and sorted by the server.
 */
export function getVentasMes(mes: Mes, consulta: ParametrosLista<OrdenVentasMes>, signal?: AbortSignal): Promise<Pagina<VentaMesCierre>> {
  return leerPagina<VentaMesCierre>('cierre-mes/ventas-mes', 'ventas', { ...partesMes(mes), ...consulta }, signal);
}

/** Asked again on every visit, as the month's figures: the page keeps showing while the next one loads. */
export function useVentasMes(codigoTienda: string, mes: Mes, consulta: ParametrosLista<OrdenVentasMes>) {
  return useQuery(opcionesPagina(clavesCierreMes.ventasMes(codigoTienda, mes, consulta), (signal) => getVentasMes(mes, consulta, signal), { fresca: true }));
}

/**
 * POST /api/cierre-mes/exportar {anio, mes, codigo_tienda, seccion}: the section as a real .xlsx, saved as the server
 * names it ('Export ventas.xlsx'…). The api client reads JSON answers only, so the file is fetched here with the same
 * token and store header; a refusal shows the server's message (a 401/403 ends the session, as everywhere).
 */
export async function exportarSeccion({ codigoTienda, mes, seccion }: { codigoTienda: string; mes: Mes; seccion: SeccionCierreMes }): Promise<void> {
  await descargarExportacion({ ruta: 'cierre-mes/exportar', cuerpo: { ...partesMes(mes), codigo_tienda: codigoTienda, seccion }, nombre: ARCHIVOS_CIERRE_MES[seccion] });
}

/** POST /api/cierre-mes/cerrar {anio, mes} (the selected store): 'Mes cerrado', with the period and its summary. */
export async function cerrarMes(mes: Mes): Promise<{ mensaje: string; periodo: Periodo | undefined }> {
  const respuesta = await api.post<z.infer<typeof cierreMesPeriodoRespuestaSchema>>('cierre-mes/cerrar', { anio: partesMes(mes).anio, mes: partesMes(mes).mes });
  return { mensaje: respuesta.message ?? 'Mes cerrado', periodo: respuesta.data?.periodo };
}

/** POST /api/cierre-mes/reabrir {anio, mes, motivo}: 'Mes reabierto'. */
export async function reabrirMes({ mes, motivo }: { mes: Mes; motivo: string }): Promise<string> {
  const respuesta = await api.post<z.infer<typeof cierreMesPeriodoRespuestaSchema>>('cierre-mes/reabrir', { ...partesMes(mes), motivo });
  return respuesta.message ?? 'Mes reabierto';
}

// Closing or reopening changes the month's state (and every screen's figures are read again afterwards).
export const useCerrarMes = () => useGuardado(cerrarMes, clavesCierreMes.todas);
export const useReabrirMes = () => useGuardado(reabrirMes, clavesCierreMes.todas);
