import { useQuery } from '@tanstack/react-query';
import {
  MENSAJES_COTIZACION,
  type ConversionCotizacion,
  type EstadoCotizacion,
  type FilaCotizacion,
  type Pagina,
  type PreciosConversion,
} from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { opcionesPagina } from '@/lib/pagina-lista';
import type { ParametrosLista } from '@/lib/estado-lista';
import { clavesVentas } from './claves';

// Quotations (docs/decisions-cotizaciones.md): the list, its actions and the conversion to an order.

/** GET /api/cotizaciones: the list's page, search and sort, and its filters. */
export interface ConsultaCotizaciones extends ParametrosLista {
  estado?: EstadoCotizacion;
  vendedor_id?: number;
  fecha_inicial?: string;
  fecha_final?: string;
}

export async function getCotizaciones(consulta: ConsultaCotizaciones, signal?: AbortSignal): Promise<Pagina<FilaCotizacion>> {
  const respuesta = await api.get<{ cotizaciones: Pagina<FilaCotizacion> }>('cotizaciones', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.cotizaciones;
}

export const useCotizaciones = (consulta: ConsultaCotizaciones) =>
  useQuery(opcionesPagina(clavesVentas.cotizaciones(consulta), (signal) => getCotizaciones(consulta, signal), { fresca: true }));

/** GET /api/cotizaciones/{id}/conversion: each line at the quoted and at today's price. */
export async function getConversion(id: number, signal?: AbortSignal): Promise<ConversionCotizacion> {
  return (await api.get<ConversionCotizacion>(`cotizaciones/${id}/conversion`, signal ? { signal } : {})).data;
}

export const useConversion = (id: number | null) =>
  useQuery({ queryKey: clavesVentas.conversion(id ?? 0), queryFn: ({ signal }) => getConversion(id!, signal), enabled: id !== null, staleTime: 0, gcTime: 0 });

/** POST /api/cotizaciones/{id}/aceptar: answers the message. */
export async function aceptarCotizacion(id: number): Promise<string> {
  return (await api.post<unknown>(`cotizaciones/${id}/aceptar`)).message ?? MENSAJES_COTIZACION.aceptada;
}

/** POST /api/cotizaciones/{id}/anular: answers the message. */
export async function anularCotizacion(id: number): Promise<string> {
  return (await api.post<unknown>(`cotizaciones/${id}/anular`)).message ?? MENSAJES_COTIZACION.anuladaOk;
}

/** POST /api/cotizaciones/{id}/convertir: the prices chosen and the total reviewed; answers the message and the order. */
export async function convertirCotizacion({ id, precios, total_venta }: { id: number; precios: PreciosConversion; total_venta: number }) {
  const respuesta = await api.post<{ venta_id: number; version: number }>(`cotizaciones/${id}/convertir`, { precios, total_venta });
  return { mensaje: respuesta.message ?? MENSAJES_COTIZACION.convertida(respuesta.data.venta_id), pedido: respuesta.data.venta_id };
}

/** Every action refreshes the feature's queries: the list, and Pendiente por facturar for a new order. */
export const useAceptarCotizacion = () => useGuardado(aceptarCotizacion, clavesVentas.todas);
export const useAnularCotizacion = () => useGuardado(anularCotizacion, clavesVentas.todas);
export const useConvertirCotizacion = () => useGuardado(convertirCotizacion, clavesVentas.todas);
