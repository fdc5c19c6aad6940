import { queryOptions, useQuery } from '@tanstack/react-query';
import { leerListaEnteros, MENSAJES_FACTURACION, type DocumentosAdmitidos, type FacturaDetalle, type VentaFacturada, type parametroRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { clavesParametros } from '@/features/parametros';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import type { SolicitudFacturar } from '../facturacion/facturar.logica';
import { clavesVentas } from './claves';

/** GET /api/facturas/{id}: the sale with its billing fields, lines and payments (spec 000 §7; the bill dialog reads its total and version). */
export async function getFactura(ventaId: number, signal?: AbortSignal): Promise<FacturaDetalle> {
  const respuesta = await api.get<FacturaDetalle>(`facturas/${ventaId}`, signal ? { signal } : {});
  return respuesta.data;
}

export function facturaQueryOptions(ventaId: number) {
  // Always read again: the dialog must bill the sale as it is now (its version), not as it was.
  return queryOptions({ queryKey: clavesVentas.factura(ventaId), queryFn: ({ signal }) => getFactura(ventaId, signal), staleTime: 0 });
}

export const useFactura = (ventaId: number | null) => useQuery({ ...facturaQueryOptions(ventaId ?? 0), enabled: ventaId !== null });

/**
 * GET /api/facturas/{id}/documentos: the kinds the bill dialog offers (docs/decisions-factura-electronica.md, "Documento
 * equivalente POS"), read when the dialog opens: whether the POS document applies, or why not.
 */
export async function getDocumentosAdmitidos(ventaId: number, signal?: AbortSignal): Promise<DocumentosAdmitidos> {
  const respuesta = await api.get<DocumentosAdmitidos>(`facturas/${ventaId}/documentos`, signal ? { signal } : {});
  return respuesta.data;
}

export const useDocumentosAdmitidos = (ventaId: number) =>
  useQuery({ queryKey: clavesVentas.documentosAdmitidos(ventaId), queryFn: ({ signal }) => getDocumentosAdmitidos(ventaId, signal), staleTime: 0 });

/** The stores whose bills go to Siigo as electronic invoices: parameter LISTA_TIENDA_FACTURA_SIIGO (none when missing). */
export async function getTiendasFacturaSiigo(): Promise<number[]> {
  try {
    const respuesta = await api.get<z.infer<typeof parametroRespuestaSchema>>('parametros/LISTA_TIENDA_FACTURA_SIIGO', { silencioso: true });
    return leerListaEnteros(respuesta.data.parametro.valor_parametro);
  } catch {
    return [];
  }
}

export const useTiendasFacturaSiigo = () =>
  useQuery({ queryKey: clavesParametros.codigo('LISTA_TIENDA_FACTURA_SIIGO'), queryFn: getTiendasFacturaSiigo, staleTime: 5 * 60_000 });

/** The answer of a bill: the server's message and the document it got. */
export interface ResultadoFacturar {
  mensaje: string;
  venta: VentaFacturada;
}

/**
 * A bill refused because it takes stock other saved orders hold (docs/decisions-reservas.md): one line per holding
 * order. An answer the dialog handles with a confirmation, not a failure the query client shows as a toast.
 */
export interface StockReservado {
  mensaje: string;
  reservas: string[];
}

/** POST /api/facturas/{venta_id}/forma-pago (spec 000 §7): bills the sale; answers the message and the document. */
export async function facturarVenta(solicitud: SolicitudFacturar): Promise<ResultadoFacturar | StockReservado> {
  try {
    const respuesta = await api.post<VentaFacturada>(`facturas/${solicitud.venta_id}/forma-pago`, solicitud);
    return { mensaje: respuesta.message ?? MENSAJES_FACTURACION.facturada, venta: respuesta.data };
  } catch (error) {
    if (error instanceof ApiError && !error.notificado && error.code === 'STOCK_RESERVADO') {
      return { mensaje: error.message, reservas: error.errors['reservas'] ?? [error.message] };
    }
    throw error;
  }
}

// A bill changes the billing list and the detail, and moves stock, the customer's credit account and prepaid balance.
export const useFacturarVenta = () =>
  useGuardado(facturarVenta, clavesVentas.todas, raicesConsulta.inventario, raicesConsulta.cuentasCredito, raicesConsulta.terceros);
