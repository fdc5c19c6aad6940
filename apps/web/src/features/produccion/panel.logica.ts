import {
  estadoOrdenProduccion,
  hoyNegocio,
  type EtapaProduccion,
  type OrdenProduccionNotificada,
  type OrdenProduccionPanel,
  type PanelProduccion,
  type Tercero,
  type TotalesPanel,
  panelControlSchema,
} from '@tablero/domain';
import { acotarFechas, rangoYCliente } from '@/components/filtros-lista.logica';
import { escribirEnDireccion, leerDeDireccion, sinCliente, type ConClienteId } from '@/lib/filtros-en-direccion';

/** The filters of Panel control producción as the screen holds them (spec 002 §2.17). */
export interface FiltrosPanel {
  venta_id: number | null;
  produccion_id: number | null;
  /** 'YYYY-MM-DD', both included; the OP's creation day in the business zone. */
  fecha_inicial: string | null;
  fecha_final: string | null;
  cliente: Tercero | null;
}

/** spec 002 §2.17, §9: start = end = today. */
export function filtrosPanelIniciales(hoy: string): FiltrosPanel {
  return { venta_id: null, produccion_id: null, fecha_inicial: hoy, fecha_final: hoy, cliente: null };
}

/** The filters' names in the address. */
const PARAMETROS_PANEL = { venta_id: 'venta', produccion_id: 'op', fecha_inicial: 'desde', fecha_final: 'hasta', cliente_id: 'cliente' } as const;

const panelInicialEnDireccion = (hoy: string): ConClienteId<FiltrosPanel> => sinCliente({ ...filtrosPanelIniciales(hoy), cliente: null });

/**
 * The filters an address holds (lib/filtros-en-direccion), checked by the route's own rule (panelControlSchema) and
 * kept up to today as the bar keeps them: a missing value is its default (a date is today), an empty date is none, and
 * an address the route would refuse (an edited one) is the screen's opening filters, never an error.
 */
export function leerFiltrosPanel(parametros: URLSearchParams, hoy: string): ConClienteId<FiltrosPanel> {
  const iniciales = panelInicialEnDireccion(hoy);
  const leido = panelControlSchema.safeParse(leerDeDireccion(parametros, PARAMETROS_PANEL, iniciales));
  if (!leido.success) return iniciales;
  const { venta_id, produccion_id, fecha_inicial, fecha_final, cliente_id } = leido.data;
  return acotarFechas({ venta_id, produccion_id, fecha_inicial, fecha_final, cliente_id }, hoy);
}

/** Writes the filters into the address, leaving out what equals the opening filters. */
export function escribirFiltrosPanel(parametros: URLSearchParams, filtros: ConClienteId<FiltrosPanel>, hoy: string): URLSearchParams {
  return escribirEnDireccion(parametros, PARAMETROS_PANEL, filtros, panelInicialEnDireccion(hoy));
}

/** The body of POST produccion/panel-control. */
export function cuerpoPanel(filtros: FiltrosPanel) {
  return {
    venta_id: filtros.venta_id,
    produccion_id: filtros.produccion_id,
    ...rangoYCliente(filtros),
  };
}

/** The five counters of the OPs listed (the server's rule: one OP per sale, status by estadoOrdenProduccion). */
export function totalesDe(ordenes: readonly OrdenProduccionPanel[]): TotalesPanel {
  const estados = ordenes.map((o) => estadoOrdenProduccion(o));
  return {
    total_op: ordenes.length,
    total_ov: new Set(ordenes.map((o) => o.venta_id)).size,
    total_pendientes: estados.filter((e) => e === 'Pendiente').length,
    total_proceso: estados.filter((e) => e === 'En proceso').length,
    total_finalizados: estados.filter((e) => e === 'Finalizado').length,
  };
}

/** Whether an OP belongs to the list of these filters (the server's: sale, OP, customer, creation day in Bogotá). */
export function ordenCumpleFiltros(orden: OrdenProduccionPanel, filtros: FiltrosPanel): boolean {
  if (filtros.venta_id !== null && orden.venta_id !== filtros.venta_id) return false;
  if (filtros.produccion_id !== null && orden.id !== filtros.produccion_id) return false;
  if (filtros.cliente !== null && orden.cliente_id !== filtros.cliente.id) return false;
  const dia = hoyNegocio(new Date(orden.fecha_inserta));
  if (filtros.fecha_inicial !== null && dia < filtros.fecha_inicial) return false;
  if (filtros.fecha_final !== null && dia > filtros.fecha_final) return false;
  return true;
}

/** The server's order: priority first, then newest (id desc). */
function ordenar(a: OrdenProduccionPanel, b: OrdenProduccionPanel) {
  return Number(b.prioritario) - Number(a.prioritario) || b.id - a.id;
}

/**
 * The live event on a loaded panel: the OP (with its sale's lines and its stages) replaces the one it was, or is
 * inserted when it now matches the filters; an OP listed that no longer matches leaves. The counters are counted
 * again. Answers the same panel when the event changes nothing in this list.
 */
export function aplicarOrdenNotificada(panel: PanelProduccion, evento: OrdenProduccionNotificada, filtros: FiltrosPanel): PanelProduccion {
  const orden = { ...evento.orden_produccion, estado_orden: estadoOrdenProduccion(evento.orden_produccion) };
  const estaba = panel.ordenes_produccion.some((o) => o.id === orden.id);
  const cumple = ordenCumpleFiltros(orden, filtros);
  if (!estaba && !cumple) return panel;
  const otras = panel.ordenes_produccion.filter((o) => o.id !== orden.id);
  const ordenes = (cumple ? [...otras, orden] : otras).sort(ordenar);
  // The sale's lines: this OP's sale is one OP's alone (one OP per sale), so its lines are replaced wholesale.
  const productos = panel.productos_ventas.filter((p) => p.venta_id !== orden.venta_id);
  const etapas = panel.ordenes_produccion_etapas.filter((e) => e.produccion_venta_id !== orden.id);
  return {
    ordenes_produccion: ordenes,
    productos_ventas: cumple ? [...productos, ...evento.productos_ventas] : productos,
    ordenes_produccion_etapas: cumple ? [...etapas, ...evento.ordenes_produccion_etapas] : etapas,
    totales: totalesDe(ordenes),
  };
}

/** spec 002 §2.17: a stage started and not finished may be annulled. */
export function etapaAnulable(etapa: Pick<EtapaProduccion, 'estado_etapa'>): boolean {
  return etapa.estado_etapa === 'en_proceso' || etapa.estado_etapa === 'suspendido';
}

/** spec 002 §2.17, §4: priority only when not priority and not complete. */
export function puedePriorizar(orden: Pick<OrdenProduccionPanel, 'prioritario' | 'completado'>): boolean {
  return !orden.prioritario && !orden.completado;
}

/** spec 002 §2.17: the stage card's status (a pending stage reads Pendiente). */
export const ESTADO_ETAPA_TEXTO: Record<EtapaProduccion['estado_etapa'], { texto: string; color: string }> = {
  pendiente: { texto: 'Pendiente', color: 'gray' },
  en_proceso: { texto: 'En proceso', color: 'blue' },
  suspendido: { texto: 'Suspendido', color: 'orange' },
  completado: { texto: 'Completado', color: 'green' },
};

export const COLOR_ESTADO_ORDEN: Record<OrdenProduccionPanel['estado_orden'], string> = {
  Pendiente: 'yellow',
  'En proceso': 'blue',
  Finalizado: 'green',
};

export const CONFIRMACIONES_PANEL = {
  prioridad: (ordenId: number) => `Se va a establecer como prioritaria la OP No.${ordenId}. ¿Desea continuar?`,
  anular: (servicio: string, ordenId: number) => `Se va a anular el inicio de la etapa ${servicio} de la OP No.${ordenId}. ¿Desea continuar?`,
} as const;

/**
 * The seconds a stage has worked at `ahoraMs` (docs/decisions-produccion.md): a running stage counts up live from
 * its start less its suspensions (after its start a stage is only in process or suspended, and while it runs its
 * suspended time is closed), never below what the server read; any other stage keeps the server's figure.
 */
export function segundosTrabajados(
  etapa: Pick<EtapaProduccion, 'estado_etapa' | 'fecha_inicio_produccion' | 'tiempo_trabajado_segundos' | 'tiempo_suspendido_segundos'>,
  ahoraMs: number,
): number {
  if (etapa.estado_etapa !== 'en_proceso' || etapa.fecha_inicio_produccion === null) return etapa.tiempo_trabajado_segundos;
  const enVivo = (ahoraMs - Date.parse(etapa.fecha_inicio_produccion)) / 1000 - etapa.tiempo_suspendido_segundos;
  return Math.max(etapa.tiempo_trabajado_segundos, enVivo);
}
