import { z } from 'zod';

/**
 * Realtime (Socket.IO, docs/architecture.md "Tiempo real"): the events the server pushes, their payloads and the rooms
 * they go to. An event only tells that something changed; the screens read the state through the API, and read it
 * again after a reconnect (events missed while offline are never replayed).
 */

/** The Socket.IO path on the app's HTTP server. */
export const RUTA_TIEMPO_REAL = '/socket.io';

/** The room of one user: every socket of their sessions. */
export const salaUsuario = (userId: number) => `usuario:${userId}`;

/** The room of the approvers (roles of the requested discounts screen) of one store. */
export const salaAprobadores = (codigoTienda: string) => `aprobadores:${codigoTienda}`;

/**
 * The production room of one store: the users of the store whose role may open a production screen (the panel, the
 * stage management or the preparation; spec 002 §2.15–2.18). Its event carries the store's customers' names, so no
 * other role joins it.
 */
export const salaProduccion = (codigoTienda: string) => `produccion:${codigoTienda}`;

/** The per-store production channel of spec 002 §2.15: `notification-orden-produccion-{codigo_tienda}`. */
export type EventoOrdenProduccion = `notification-orden-produccion-${string}`;
export const eventoOrdenProduccion = (codigoTienda: string): EventoOrdenProduccion => `notification-orden-produccion-${codigoTienda}`;

/** One OP as a row of produccion/panel-control (dates as ISO strings, as JSON carries them). */
export interface OrdenProduccionPanel {
  id: number;
  venta_id: number;
  codigo_tienda: string;
  cliente_id: number;
  fecha_venta: string;
  fecha_inserta: string;
  fecha_actualiza: string;
  fecha_material_preparado: string | null;
  fecha_inicio_produccion: string | null;
  fecha_finaliza_produccion: string | null;
  prioritario: boolean;
  completado: boolean;
  suspendido: boolean;
  proceso_vigente: number | null;
  /** The plan link of the sale's first line with a cut plan (its `url_planos`); null without one. */
  link_planos_lepton: string | null;
  cantidad_vendida: number;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
  estado_orden: 'Pendiente' | 'En proceso' | 'Finalizado';
}

/** A line of the OP's sale (productos_ventas of panel-control). */
export interface ProductoVentaProduccion {
  venta_id: number;
  item: number;
  producto_id: number;
  referencia: string;
  nombre_producto: string;
  cantidad: number;
  grupo_servicio_id: number | null;
  item_padre: number | null;
  con_plano: boolean;
  link_planos_lepton: string | null;
}

/** A stage of the OP (ordenes_produccion_etapas of panel-control). */
export interface EtapaProduccionPanel {
  id: number;
  produccion_venta_id: number;
  venta_id: number;
  numero_etapa: number;
  grupo_servicio_id: number;
  nombre_grupo_servicio: string;
  estado_etapa: 'pendiente' | 'en_proceso' | 'suspendido' | 'completado';
  completado: boolean;
  suspendido: boolean;
  prioritario: boolean;
  fecha_inicio_produccion: string | null;
  fecha_finaliza_produccion: string | null;
  fecha_actualiza: string;
  fecha_suspension: string | null;
  motivo_suspension_id: number | null;
  nombre_tipo_motivo_suspension_produccion: string | null;
  operario_id: number | null;
  nombres_operario: string | null;
  apellidos_operario: string | null;
  maquina_id: number | null;
  referencia_maquina: string | null;
  nombre_maquina: string | null;
  tiempo_trabajado_segundos: number;
  tiempo_suspendido_segundos: number;
  /** Seconds it waited for an operator once it could be worked (issue 19 item 7). */
  tiempo_espera_segundos: number;
}

/**
 * `notification-orden-produccion-{codigo_tienda}`: an OP of the store or one of its stages changed (generated,
 * prepared, a stage started or continued, stopped, finished or annulled, made priority). The screen replaces the OP
 * with this one, or inserts it; `accion` says what happened.
 */
export interface OrdenProduccionNotificada {
  codigo_tienda: string;
  /** iniciar also when a suspended stage is continued. */
  accion: 'generar' | 'preparar' | 'iniciar' | 'parar' | 'finalizar' | 'anular' | 'prioridad';
  orden_produccion: OrdenProduccionPanel;
  productos_ventas: ProductoVentaProduccion[];
  ordenes_produccion_etapas: EtapaProduccionPanel[];
}

/** `descuento:decidido`: one of the user's discount requests was approved or rejected (sent to the requester). */
export const descuentoDecididoSchema = z.object({
  id: z.number().int(),
  aprobado: z.boolean(),
  producto_id: z.number().int(),
  tercero_id: z.number().int(),
  porcentaje_descuento: z.number(),
  cantidad_solicitada: z.number(),
  precio_unitario: z.number(),
  codigo_tienda: z.string(),
  nombre_aprobador: z.string(),
});
export type DescuentoDecidido = z.infer<typeof descuentoDecididoSchema>;

/** `descuentos:pendientes`: how many requests of the store wait for a decision (sent to its approvers). */
export const descuentosPendientesSchema = z.object({
  codigo_tienda: z.string(),
  pendientes: z.number().int(),
});
export type DescuentosPendientes = z.infer<typeof descuentosPendientesSchema>;

/**
 * Dispatch, staff side: the room of one store's logged-in users (spec 001 §2: /despachos is open to any logged-in user
 * of the store). `notification-despacho-{codigo_tienda}` tells the Despachos screen that a turn changed.
 */
export const salaDespachos = (codigoTienda: string) => `despachos:${codigoTienda}`;
export type EventoDespacho = `notification-despacho-${string}`;
export const eventoDespacho = (codigoTienda: string): EventoDespacho => `notification-despacho-${codigoTienda}`;
export interface DespachoNotificado {
  codigo_tienda: string;
  accion: 'crear' | 'llamar' | 'despachar' | 'retirar';
  turno_id: number;
  venta_id: number;
  numero_turno: number;
  estado: 'en_cola' | 'en_proceso' | 'despachado' | 'retirado';
}

/**
 * Dispatch, public side (the board on the shop's TV, no login): the Socket.IO namespace NAMESPACE_PUBLICO, whose
 * handshake names only `auth.tienda`; the server joins the socket to `despachos-publico:{tienda}` and nothing else, and
 * listens to nothing the client sends. Its events carry only the board's fields.
 */
export const NAMESPACE_PUBLICO = '/publico';
export const salaDespachosPublico = (codigoTienda: string) => `despachos-publico:${codigoTienda}`;
/** A turn as the public board shows it (spec 001 §4 Dispatch events). */
export interface TurnoPublicoNotificado {
  codigo_tienda: string;
  numero_turno: number;
  venta_id: number;
  /** First name and initial only. */
  cliente: string;
  /** The dispatcher's first name, once called. */
  despachador: string | null;
}
/** new_dispatch adds to upcoming; assign_dispatch moves to in process; remove_dispatch removes it. */
export interface EventosDespachoPublico {
  new_dispatch: TurnoPublicoNotificado;
  assign_dispatch: TurnoPublicoNotificado;
  remove_dispatch: TurnoPublicoNotificado;
}
export type EventoDespachoPublico = keyof EventosDespachoPublico;

/** Every event the server emits, by name, with its payload. */
export interface EventosTiempoReal {
  'descuento:decidido': DescuentoDecidido;
  'descuentos:pendientes': DescuentosPendientes;
  [evento: EventoOrdenProduccion]: OrdenProduccionNotificada;
  [evento: EventoDespacho]: DespachoNotificado;
}
export type EventoTiempoReal = keyof EventosTiempoReal;

