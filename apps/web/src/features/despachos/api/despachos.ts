import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MENSAJES_DESPACHOS, type EstadoTurno, type Pagina, type TamanoPagina, type Tercero, type TurnoDespacho } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { cuerpoTurnos, type FiltrosDespachos } from '../despachos.logica';
import { clavesDespachos } from './claves';

/** A page of the list with its filters. */
export interface ConsultaTurnos {
  filtros: FiltrosDespachos;
  page: number;
  per_page: TamanoPagina;
}

/** POST despachos/turnos: the page and the store's average wait of the day (null when no turn was called today). */
export interface RespuestaTurnos {
  despachos_turnos: Pagina<TurnoDespacho>;
  tiempo_espera_promedio_segundos: number | null;
}

/** POST despachos/turnos?page&per_page (spec 001 §7): pending (waiting or called) or dispatched turns of the range. */
export async function getTurnos({ filtros, page, per_page }: ConsultaTurnos, signal?: AbortSignal): Promise<RespuestaTurnos> {
  const respuesta = await api.post<RespuestaTurnos>('despachos/turnos', cuerpoTurnos(filtros), { query: { page, per_page }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

export const useTurnos = <T>(consulta: ConsultaTurnos, select: (respuesta: RespuestaTurnos) => T, habilitada: boolean) =>
  useQuery({
    queryKey: clavesDespachos.turnos({ ...consulta, filtros: { ...consulta.filtros, cliente: consulta.filtros.cliente?.id ?? null } }),
    queryFn: ({ signal }) => getTurnos(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
    select,
  });

/** The sale as the dispatch dialog shows it (spec 001 §3 "Sale header for the detail"). */
export interface VentaDespacho {
  id: number;
  fecha_venta: string;
  estado_venta_id: number;
  nombre_estado_venta: string;
  tipo_pago_id: number;
  nombre_tipo_pago: string;
  total_venta_bruta: number;
  observacion_venta: string | null;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
  nombre_vendedor: string;
}

export interface LineaVentaDespacho {
  item: number;
  producto_id: number;
  referencia: string;
  nombre_producto: string;
  cantidad_vendida: number;
  valor_total: number;
  response_lepton: unknown;
}

/** The sale's latest turn: its state, who called it, which messenger took it. */
export interface TurnoDeVenta {
  turno_id: number;
  numero_turno: number;
  estado: EstadoTurno;
  fecha_creacion: string;
  fecha_llamado: string | null;
  fecha_despacho: string | null;
  observacion_despacho: string | null;
  nombre_despachador: string | null;
  nombre_mensajero: string | null;
}

export interface DetalleDespacho {
  venta: VentaDespacho;
  detalle_venta: LineaVentaDespacho[];
  turno: TurnoDeVenta | null;
}

/** GET despachos/venta/{id}: the dialog's read, which never calls the turn. */
export async function getVentaDespacho(ventaId: number, signal?: AbortSignal): Promise<DetalleDespacho> {
  return (await api.get<DetalleDespacho>(`despachos/venta/${ventaId}`, signal ? { signal } : {})).data;
}

export const useVentaDespacho = (ventaId: number) =>
  useQuery({ queryKey: clavesDespachos.venta(ventaId), queryFn: ({ signal }) => getVentaDespacho(ventaId, signal), staleTime: 0 });

/**
 * Llamar turno: GET despachos/turnos/{ventaId}/{userId}/venta (spec 001 §7) puts the turn in process with the user as
 * its dispatcher and answers the sale, which the dialog then shows without reading it again.
 */
export function useLlamarTurno() {
  const queryClient = useQueryClient();
  return useGuardado(async ({ ventaId, userId }: { ventaId: number; userId: number }) => {
    const detalle = (await api.get<DetalleDespacho>(`despachos/turnos/${ventaId}/${userId}/venta`)).data;
    queryClient.setQueryData(clavesDespachos.venta(ventaId), detalle);
    return detalle;
  }, clavesDespachos.todas);
}

/** POST despachos/guardar (spec 001 §7, §5 Dispatch): answers the server's message. */
export async function guardarDespacho(datos: { venta_id: number; usuario_id: number; mensajero_id: number; observacion_despacho: string }): Promise<string> {
  return (await api.post<unknown>('despachos/guardar', datos)).message ?? MENSAJES_DESPACHOS.despachada;
}

// The list and the dialog refresh; a sale detail elsewhere reads itself again (AccionesDespachoVenta's onCambio).
export const useGuardarDespacho = () => useGuardado(guardarDespacho, clavesDespachos.todas);

/** POST despachos/pasar ('Pasar a despacho', spec 000 §2.7): answers the server's message. */
export async function pasarADespacho(ventaId: number): Promise<string> {
  return (await api.post<unknown>('despachos/pasar', { venta_id: ventaId })).message ?? MENSAJES_DESPACHOS.pasada;
}

export const usePasarADespacho = () => useGuardado(pasarADespacho, clavesDespachos.todas);

/** GET terceros?role=Mensajero&no_page=1 (spec 001 §7): the active messengers, by name. */
export async function getMensajeros(signal?: AbortSignal): Promise<Tercero[]> {
  return (await api.get<{ terceros: Tercero[] }>('terceros', { query: { role: 'Mensajero', no_page: 1 }, ...(signal ? { signal } : {}) })).data.terceros;
}

export const useMensajeros = () => useQuery({ queryKey: clavesDespachos.mensajeros(), queryFn: ({ signal }) => getMensajeros(signal), staleTime: 60_000 });
