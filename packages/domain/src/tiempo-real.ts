import { z } from 'zod';
import type { EtapaProduccion, OrdenProduccionPanel, ProductoVentaProduccion } from './produccion/produccion.schema';

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

/**
 * `notification-orden-produccion-{codigo_tienda}`: an OP of the store or one of its stages changed (generated,
 * prepared, a stage started or continued, stopped, finished or annulled, made priority). The screen replaces the OP
 * with this one, or inserts it; `accion` says what happened.
 */
export interface OrdenProduccionNotificada {
  codigo_tienda: string;
  /** iniciar also when a suspended stage is continued. */
  accion: 'generar' | 'preparar' | 'iniciar' | 'parar' | 'finalizar' | 'anular' | 'prioridad';
  /** The OP, its sale's lines and its stages as POST produccion/panel-control answers them. */
  orden_produccion: OrdenProduccionPanel;
  productos_ventas: ProductoVentaProduccion[];
  ordenes_produccion_etapas: EtapaProduccion[];
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

