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

/** Every event the server emits, by name, with its payload. */
export interface EventosTiempoReal {
  'descuento:decidido': DescuentoDecidido;
  'descuentos:pendientes': DescuentosPendientes;
}
export type EventoTiempoReal = keyof EventosTiempoReal;

