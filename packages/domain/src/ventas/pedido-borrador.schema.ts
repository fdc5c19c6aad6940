import { z } from 'zod';
import { idRequerido } from '../campos';
import { ID_MAXIMO } from '../limites';
import { MENSAJES_VENTA } from './venta.schema';

/**
 * The order being built, kept as a draft so it is never lost (docs/decisions.md "Borrador del pedido"): the order form
 * keeps it in the browser at every change and, once it has a customer, on the server, one per user, store and order
 * (a new one: venta_id null). The body is the form's own state, opaque to the server; it is bounded in bytes.
 */

/** The largest draft the server keeps: an order with several cut plans (their boards' SVGs) weighs a few hundred KB. */
export const BORRADOR_PEDIDO_MAXIMO_BYTES = 2 * 1024 * 1024;

export const MENSAJES_BORRADOR_PEDIDO = {
  guardado: 'Borrador guardado',
  descartado: 'Borrador descartado',
  venta: 'El pedido del borrador no es válido',
  contenido: 'El borrador del pedido no es válido',
} as const;

/** Which draft: a new order's (no venta_id) or the one of the order being edited. */
export const borradorPedidoConsultaSchema = z.object({
  venta_id: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.coerce.number({ error: MENSAJES_BORRADOR_PEDIDO.venta }).int(MENSAJES_BORRADOR_PEDIDO.venta).min(1, MENSAJES_BORRADOR_PEDIDO.venta).max(ID_MAXIMO, MENSAJES_BORRADOR_PEDIDO.venta).optional(),
  ),
});
export type BorradorPedidoConsulta = z.infer<typeof borradorPedidoConsultaSchema>;

/** PUT ventas/borrador: the draft of an order that has a customer (tercero_id), with the form's state as it is. */
export const borradorPedidoGuardarSchema = z.object({
  venta_id: z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z.number({ error: MENSAJES_BORRADOR_PEDIDO.venta }).int(MENSAJES_BORRADOR_PEDIDO.venta).min(1, MENSAJES_BORRADOR_PEDIDO.venta).max(ID_MAXIMO, MENSAJES_BORRADOR_PEDIDO.venta).nullable(),
  ),
  tercero_id: idRequerido(MENSAJES_VENTA.cliente),
  contenido: z.record(z.string(), z.unknown(), { error: MENSAJES_BORRADOR_PEDIDO.contenido }),
});
export type BorradorPedidoGuardar = z.infer<typeof borradorPedidoGuardarSchema>;

/** A kept draft: its order (null for a new one), customer, the form's state and when it was last written. */
export const borradorPedidoSchema = z.object({
  venta_id: z.number().int().nullable(),
  tercero_id: z.number().int(),
  contenido: z.record(z.string(), z.unknown()),
  fecha_actualiza: z.string(),
});
export type BorradorPedido = z.infer<typeof borradorPedidoSchema>;

/** GET ventas/borrador: the draft, or null when there is none. */
export const borradorPedidoRespuestaSchema = z.object({ borrador: borradorPedidoSchema.nullable() });

/** DELETE ventas/borrador: how many drafts went (0 when there was none). */
export const borradorPedidoDescartadoSchema = z.object({ borrados: z.number().int() });
