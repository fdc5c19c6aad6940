import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MENSAJES_ANTICIPOS,
  type AnticipoCrear,
  type AnticipoAnulado,
  type AnticipoRegistrado,
  type AnticiposRespuesta,
  type FacturaDetalle,
  type MovimientoAnticipo,
  type MovimientosAnticipoRespuesta,
  type Pagina,
  type TamanoPagina,
} from '@tablero/domain';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import { opcionesPagina } from '@/lib/pagina-lista';
import { clavesAbonos } from './claves';

// spec 002 §7 Advances: an advance is the customer's prepaid balance (docs/decisions-anticipos.md).

/** GET /api/anticipos?page&per_page&cliente_id (0: Todos). */
export interface ConsultaAnticipos {
  page: number;
  per_page: TamanoPagina;
  cliente_id: number;
}

export async function getAnticipos(consulta: ConsultaAnticipos, signal?: AbortSignal): Promise<AnticiposRespuesta> {
  const respuesta = await api.get<AnticiposRespuesta>('anticipos', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

/** The page and the total balance of the filtered set come in one answer: two views of one query. */
export function useAnticipos<T>(consulta: ConsultaAnticipos, elegir: (respuesta: AnticiposRespuesta) => T) {
  return useQuery({
    queryKey: clavesAbonos.anticipos(consulta),
    queryFn: ({ signal }) => getAnticipos(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    select: elegir,
  });
}

/** GET /api/anticipos/{id}/movimientos?page&per_page: the customer's advance movements, newest first. */
export interface ConsultaMovimientosAnticipo {
  page: number;
  per_page: TamanoPagina;
}

export async function getMovimientosAnticipo(clienteId: number, consulta: ConsultaMovimientosAnticipo, signal?: AbortSignal): Promise<Pagina<MovimientoAnticipo>> {
  const respuesta = await api.get<MovimientosAnticipoRespuesta>(`anticipos/${clienteId}/movimientos`, {
    query: { ...consulta },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.anticipos_movimientos;
}

export function useMovimientosAnticipo(clienteId: number, consulta: ConsultaMovimientosAnticipo) {
  return useQuery(
    opcionesPagina(clavesAbonos.movimientos(clienteId, consulta), (signal) => getMovimientosAnticipo(clienteId, consulta, signal), { fresca: true }),
  );
}

/** POST /api/anticipos/guardar: records the advance; answers the message and the advance (with its receipt's link). */
export async function guardarAnticipo(anticipo: AnticipoCrear): Promise<{ mensaje: string; anticipo: AnticipoRegistrado }> {
  const respuesta = await api.post<AnticipoRegistrado>('anticipos/guardar', anticipo);
  return { mensaje: respuesta.message ?? MENSAJES_ANTICIPOS.anticipoRegistrado, anticipo: respuesta.data };
}

/** PUT /api/anticipos/movimientos/{id}/anular: writes the reversing movement; answers 'Anticipo anulado'. */
export async function anularAnticipo(movimientoId: number): Promise<string> {
  const respuesta = await api.put<AnticipoAnulado>(`anticipos/movimientos/${movimientoId}/anular`);
  return respuesta.message ?? MENSAJES_ANTICIPOS.anticipoAnulado;
}

/**
 * An advance or its annulment moves the customer's prepaid balance: the advances lists, the balance the credit payment
 * form reads (cuentas-credito) and the customers' list (terceros) show it.
 */
export const useGuardarAnticipo = () => useGuardado(guardarAnticipo, clavesAbonos.todas, raicesConsulta.cuentasCredito, raicesConsulta.terceros);
export const useAnularAnticipo = () => useGuardado(anularAnticipo, clavesAbonos.todas, raicesConsulta.cuentasCredito, raicesConsulta.terceros);

/** GET /api/facturas/{venta_id}: the sale's invoice link (`url_factura`), for a history row spent on that sale. */
export async function enlaceFacturaVenta(ventaId: number): Promise<string> {
  const respuesta = await api.get<FacturaDetalle>(`facturas/${ventaId}`);
  return respuesta.data.ventas_encabezado.url_factura;
}
