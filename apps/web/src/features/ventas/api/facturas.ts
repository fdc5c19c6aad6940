import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MENSAJES_FACTURACION,
  type AnulacionFacturaElectronica,
  type DevolucionCalculada,
  type DevolucionesVenta,
  type DevolucionParcial,
  type FacturasPagina,
  type TamanoPagina,
  type enlaceDescargaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';

/** The billing list's filters as sent (spec 000 §7 POST facturas: fecha_inicial, fecha_final, query_params, estado_venta_id). */
export interface FiltrosFacturas {
  /** Calendar dates 'YYYY-MM-DD' in the business's zone, both included. */
  fecha_inicial: string;
  fecha_final: string;
  estado_venta_id: number;
  /** The term: sale number, invoice, customer's document or names, seller. */
  query_params: string;
}

/** A page of the billing list: its filters, page and size. */
export interface ConsultaFacturas {
  filtros: FiltrosFacturas;
  page: number;
  per_page: TamanoPagina;
}

/** POST /api/facturas?page&per_page (spec 000 §7): a page of the store's sales for the filters, and the totals of them all. */
export async function getFacturas({ filtros, page, per_page }: ConsultaFacturas, signal?: AbortSignal): Promise<FacturasPagina> {
  const respuesta = await api.post<FacturasPagina>('facturas', filtros, { query: { page, per_page }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

/**
 * The list's query: the rows stay on screen (dimmed) while the next page loads, and every visit asks again (a sale is
 * billed or annulled by other cashiers at any time). `select` takes the part a component shows (the page for the table,
 * the totals for the footer): both read the one answer of the same key. Without a store chosen it waits (the list is a
 * store's; choosing one reloads the page).
 */
export const useFacturas = <T>(
  consulta: ConsultaFacturas,
  select: (pagina: FacturasPagina) => T,
  habilitada = true,
  cadaCuanto: (pagina: FacturasPagina | undefined) => number | false = () => false,
) =>
  useQuery({
    refetchInterval: (q) => cadaCuanto(q.state.data),
    enabled: habilitada,
    queryKey: clavesVentas.facturas(consulta),
    queryFn: ({ signal }) => getFacturas(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    select,
  });

/**
 * PUT /api/facturas/{venta_id}/anular (spec 000 §7, §4.1): the billed sale becomes annulled; a sale with an electronic
 * invoice sends DIAN's concept and the reason of its credit note. Answers the server's message.
 */
export async function anularVenta({ ventaId, anulacion }: { ventaId: number; anulacion?: AnulacionFacturaElectronica }): Promise<string> {
  return (await api.put<null>(`facturas/${ventaId}/anular`, anulacion ?? {})).message ?? MENSAJES_FACTURACION.anulada;
}

// The annulled sale leaves the list and its detail changes: every sales query refreshes.
export const useAnularVenta = () => useGuardado(anularVenta, clavesVentas.todas);

/** GET /api/facturas/{venta_id}/devoluciones: the sale's lines with what may still come back, and its partial returns. */
export const useDevolucionesVenta = (ventaId: number) =>
  useQuery({
    queryKey: [...clavesVentas.todas, 'devoluciones', ventaId],
    queryFn: async ({ signal }) => (await api.get<DevolucionesVenta>(`facturas/${ventaId}/devoluciones`, { signal })).data,
    staleTime: 0,
  });

/** POST /api/facturas/{venta_id}/devoluciones/previa: what the return would give back now (nothing is written). */
export const useDevolucionPrevia = (ventaId: number, devolucion: DevolucionParcial | null) =>
  useQuery({
    queryKey: ['devolucion-previa', ventaId, devolucion],
    queryFn: async ({ signal }) => (await api.post<DevolucionCalculada>(`facturas/${ventaId}/devoluciones/previa`, devolucion, { signal })).data,
    enabled: devolucion !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * POST /api/facturas/{venta_id}/devoluciones (docs/decisions-factura-electronica.md, "Devolución parcial"): the stock,
 * credit or money back and, with an electronic invoice, the partial credit note. Answers the server's message.
 */
export async function devolverVenta({ ventaId, devolucion }: { ventaId: number; devolucion: DevolucionParcial }): Promise<string> {
  return (await api.post<DevolucionCalculada>(`facturas/${ventaId}/devoluciones`, devolucion)).message ?? '';
}

export const useDevolverVenta = () => useGuardado(devolverVenta, clavesVentas.todas);

/**
 * POST /api/facturas/exportar/enlace → a signed link that expires in minutes; the browser then downloads the .xlsx of
 * the whole filtered list from it (spec 000 §2.6 Exportar), as the inventory's export does.
 */
export async function crearEnlaceExportacionFacturas(filtros: FiltrosFacturas): Promise<string> {
  const respuesta = await api.post<z.infer<typeof enlaceDescargaSchema>>('facturas/exportar/enlace', filtros);
  return respuesta.data.url;
}
