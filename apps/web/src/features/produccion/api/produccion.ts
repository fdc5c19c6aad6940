import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MENSAJES_PRODUCCION, type OrdenesEtapa, type Pagina, type TamanoPagina, type VentaProduccion, type EnJson, type ordenGeneradaSchema, type ventasProduccionPaginaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import { cuerpoVentasProduccion, type FiltrosGenerar, type FiltrosPreparar } from '../produccion.logica';
import { clavesProduccion } from './claves';

/** A page of a list with its filters. */
export interface Consulta<F> {
  filtros: F;
  page: number;
  per_page: TamanoPagina;
}

/**
 * The sales offered to Crear OP (spec 002 §2.15): POST produccion/ventas?page&per_page (spec 002 §7 Sales list), which
 * filters by the mode's state, the exact sale and customer, and in Pendientes producción keeps the sales without an OP.
 */
export async function getVentasProduccion({ filtros, page, per_page }: Consulta<FiltrosGenerar>, signal?: AbortSignal): Promise<Pagina<VentaProduccion>> {
  const respuesta = await api.post<EnJson<z.infer<typeof ventasProduccionPaginaSchema>>>('produccion/ventas', cuerpoVentasProduccion(filtros), {
    query: { page, per_page },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.ventas;
}

export const useVentasProduccion = (consulta: Consulta<FiltrosGenerar>, habilitada: boolean) =>
  useQuery({
    queryKey: clavesProduccion.ventas({ ...consulta, filtros: { ...consulta.filtros, cliente: consulta.filtros.cliente?.id ?? null } }),
    queryFn: ({ signal }) => getVentasProduccion(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST produccion/generar-orden {venta_id} (spec 002 §7): answers the server's message. */
export async function generarOrden(ventaId: number): Promise<string> {
  return (await api.post<z.infer<typeof ordenGeneradaSchema>>('produccion/generar-orden', { venta_id: ventaId })).message ?? MENSAJES_PRODUCCION.ordenGenerada;
}

// The sale now has its OP: the production lists and the sale's detail (its production badge) refresh.
export const useGenerarOrden = () => useGuardado(generarOrden, clavesProduccion.todas, raicesConsulta.ventas);

/** The preparation list's filters (spec 002 §2.16): dates and sale number, all optional. */

/** POST produccion/orden-etapa?page&per_page with etapa_inicial true (spec 002 §2.16): the OPs whose material is not prepared. */
export async function getOrdenesPorPreparar({ filtros, page, per_page }: Consulta<FiltrosPreparar>, signal?: AbortSignal): Promise<OrdenesEtapa> {
  const respuesta = await api.post<OrdenesEtapa>('produccion/orden-etapa', { ...filtros, etapa_inicial: true }, { query: { page, per_page }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

export const useOrdenesPorPreparar = <T>(consulta: Consulta<FiltrosPreparar>, select: (respuesta: OrdenesEtapa) => T, habilitada: boolean) =>
  useQuery({
    queryKey: clavesProduccion.ordenesEtapa(consulta),
    queryFn: ({ signal }) => getOrdenesPorPreparar(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
    select,
  });

/** POST produccion/proceso-etapa-orden {orden_produccion_id} (spec 002 §7): Preparar material; answers the server's message. */
export async function prepararMaterial(ordenId: number): Promise<string> {
  return (await api.post<SoloMensaje>('produccion/proceso-etapa-orden', { orden_produccion_id: ordenId })).message ?? MENSAJES_PRODUCCION.materialPreparado;
}

export const usePrepararMaterial = () => useGuardado(prepararMaterial, clavesProduccion.todas);
