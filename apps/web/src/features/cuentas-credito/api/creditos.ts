import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  MENSAJES_CREDITOS,
  nombreArchivoCartera,
  type PagoCredito,
  type PagoCreditoRegistrado,
  type BaseCartera,
  type Cartera,
  type CreditosRespuesta,
  type MovimientoCredito,
  type MovimientosCreditoRespuesta,
  type SaldoAnticipo,
  type Pagina,
  type TamanoPagina,
  type VentaPendienteCredito,
  type VentasPendientesCredito,
} from '@tablero/domain';
import { api } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import { useGuardado } from '@/lib/guardado';
import { opcionesPagina } from '@/lib/pagina-lista';
import { clavesCuentasCredito } from './claves';

// spec 002 §7 Credits: the credits screen, a credit's movements and pending sales, payments, their
// annulment, the write-off and the aging view. A customer's credit is their credit account (docs/decisions-creditos.md).

/** GET /api/creditos?page&per_page&cliente_id (0: Todos). */
export interface ConsultaCreditos {
  page: number;
  per_page: TamanoPagina;
  cliente_id: number;
}

export async function getCreditos(consulta: ConsultaCreditos, signal?: AbortSignal): Promise<CreditosRespuesta> {
  const respuesta = await api.get<CreditosRespuesta>('creditos', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

/** The page and the total pending of the filtered set come in one answer: two views of one query. */
export function useCreditos<T>(consulta: ConsultaCreditos, elegir: (respuesta: CreditosRespuesta) => T) {
  return useQuery({
    queryKey: clavesCuentasCredito.creditos(consulta),
    queryFn: ({ signal }) => getCreditos(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    select: elegir,
  });
}

/** GET /api/creditos/{id}/movimientos?page&per_page&tipo_movimiento_credito_id&venta_id (0: every type, every sale). */
export interface ConsultaMovimientosCredito {
  page: number;
  per_page: TamanoPagina;
  tipo_movimiento_credito_id: number;
  venta_id: number;
}

export async function getMovimientosCredito(creditoId: number, consulta: ConsultaMovimientosCredito, signal?: AbortSignal): Promise<Pagina<MovimientoCredito>> {
  const respuesta = await api.get<MovimientosCreditoRespuesta>(`creditos/${creditoId}/movimientos`, {
    query: { ...consulta },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.creditos_movimientos;
}

export function useMovimientosCredito(creditoId: number, consulta: ConsultaMovimientosCredito) {
  return useQuery(
    opcionesPagina(clavesCuentasCredito.movimientos(creditoId, consulta), (signal) => getMovimientosCredito(creditoId, consulta, signal), { fresca: true }),
  );
}

/** GET /api/creditos/{id}/ventas-pendientes: the credit sales with a pending balance, oldest first. */
export async function getVentasPendientes(creditoId: number, signal?: AbortSignal): Promise<VentaPendienteCredito[]> {
  const respuesta = await api.get<VentasPendientesCredito>(`creditos/${creditoId}/ventas-pendientes`, signal ? { signal } : {});
  return respuesta.data.creditos_movimientos;
}

export function useVentasPendientes(creditoId: number) {
  return useQuery(
    queryOptions({
      queryKey: clavesCuentasCredito.ventasPendientes(creditoId),
      queryFn: ({ signal }) => getVentasPendientes(creditoId, signal),
      staleTime: 0,
    }),
  );
}

/** POST /api/creditos/abonos: one payment against one credit sale over its methods; answers the message and the receipt. */
export async function registrarPagoCredito(pago: PagoCredito): Promise<{ mensaje: string; abono: PagoCreditoRegistrado }> {
  const respuesta = await api.post<PagoCreditoRegistrado>('creditos/abonos', pago);
  return { mensaje: respuesta.message ?? MENSAJES_CREDITOS.abonoRegistrado, abono: respuesta.data };
}

/** PUT /api/creditos/abonos/{movimiento_id}/anular: writes the reversing movement; answers 'Abono anulado'. */
export async function anularPagoCredito(movimientoId: number): Promise<string> {
  const respuesta = await api.put<null>(`creditos/abonos/${movimientoId}/anular`);
  return respuesta.message ?? MENSAJES_CREDITOS.abonoAnulado;
}

/** PUT /api/creditos/{id}/eliminar {motivo}: writes off every pending sale of the credit; answers 'Crédito eliminado'. */
export async function eliminarCredito({ creditoId, motivo }: { creditoId: number; motivo: string }): Promise<string> {
  const respuesta = await api.put<null>(`creditos/${creditoId}/eliminar`, { motivo });
  return respuesta.message ?? MENSAJES_CREDITOS.creditoEliminado;
}

/**
 * A payment or its annulment moves the credit (its lists, movements, pending sales, aging) and, when the advance
 * method was used, the customer's advance balance, which the credit form reads under this feature's keys too.
 */
export const useRegistrarPagoCredito = () => useGuardado(registrarPagoCredito, clavesCuentasCredito.todas);
export const useAnularPagoCredito = () => useGuardado(anularPagoCredito, clavesCuentasCredito.todas);
export const useEliminarCredito = () => useGuardado(eliminarCredito, clavesCuentasCredito.todas);

/** GET /api/creditos/cartera?fecha_corte&cliente_id: the aging of the pending credit, per customer and in total. */
export interface ConsultaCartera {
  fecha_corte: string;
  cliente_id: number;
  /** What the days are counted from: the invoice date or the due date. */
  base: BaseCartera;
}

export async function getCartera(consulta: ConsultaCartera, signal?: AbortSignal): Promise<Cartera> {
  const respuesta = await api.get<Cartera>('creditos/cartera', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

export function useCartera(consulta: ConsultaCartera) {
  return useQuery(
    queryOptions({
      queryKey: clavesCuentasCredito.cartera(consulta),
      queryFn: ({ signal }) => getCartera(consulta, signal),
      staleTime: 0,
    }),
  );
}

/** GET /api/anticipos/saldo?cliente_id: the customer's advance balance (spec 002 §2.3 "the advance balance is loaded"). */
export async function getSaldoAnticipo(clienteId: number, signal?: AbortSignal): Promise<number> {
  const respuesta = await api.get<SaldoAnticipo>('anticipos/saldo', { query: { cliente_id: clienteId }, ...(signal ? { signal } : {}) });
  return respuesta.data.total_anticipo;
}

export function useSaldoAnticipo(clienteId: number) {
  return useQuery(
    queryOptions({
      queryKey: clavesCuentasCredito.saldoAnticipo(clienteId),
      queryFn: ({ signal }) => getSaldoAnticipo(clienteId, signal),
      staleTime: 0,
    }),
  );
}

/**
 * GET /api/creditos/cartera/exportar?fecha_corte&cliente_id&base: the aging as a real .xlsx, saved as the server names it
 * ('Cartera por edades {fecha}.xlsx'). The api client reads JSON answers only, so the file is fetched here with the
 * same token and store header; a refusal shows the server's message (a 401/403 ends the session, as everywhere).
 */
export async function exportarCartera(consulta: ConsultaCartera): Promise<void> {
  const parametros = new URLSearchParams({ fecha_corte: consulta.fecha_corte, cliente_id: String(consulta.cliente_id), base: consulta.base });
  await descargarExportacion({ ruta: `creditos/cartera/exportar?${parametros.toString()}`, nombre: nombreArchivoCartera(consulta.fecha_corte), mensajeError: 'No se pudo exportar la cartera' });
}
