import { z } from 'zod';
import { ID_MAXIMO } from '../limites';

/**
 * Stock reservations of saved orders (docs/decisions-reservas.md): derived from the orders not yet billed, never
 * stored. Figures are in the product's unit, the one billing takes out of stock.
 */

/** The parameter with the days an order's reservation lasts after its last save; DIAS_RESERVA_DEFECTO when missing or invalid. */
export const PARAMETRO_DIAS_RESERVA = 'DIAS_RESERVA_PEDIDO';
export const DIAS_RESERVA_DEFECTO = 7;
/** Most products one figures request names (a page of the catalog is at most 100). */
export const PRODUCTOS_RESERVA_MAXIMOS = 200;

export const MENSAJES_RESERVAS = {
  productos: 'Debe indicar entre 1 y 200 productos válidos',
  venta: 'El pedido indicado no es válido',
  /** The 409 of a save or bill that would take stock other orders hold. */
  ocupada: 'Parte de las cantidades está reservada por otros pedidos. Confirme para venderla de todos modos',
  /** One line of the 409 per holding order. */
  reservadoPor: (producto: string, ventaId: number, cliente: string, cantidad: number, esCotizacion = false) =>
    `${producto} está reservado por ${esCotizacion ? 'la cotización aceptada' : 'el pedido'} No. ${ventaId} de ${cliente} (${formatearCantidad(cantidad)})`,
  /** The figures of the product the 409 names. */
  disponible: (producto: string, disponible: number, pedida: number) =>
    `${producto}: disponible ${formatearCantidad(disponible)}, el pedido lleva ${formatearCantidad(pedida)}`,
} as const;

/** A quantity as the screens print it: Colombian decimals, no trailing zeros (2,5 · 12). */
export function formatearCantidad(cantidad: number): string {
  return cantidad.toLocaleString('es-CO', { maximumFractionDigits: 2 });
}

/**
 * What is available of a product for an order: its stock less what other orders reserve, never below zero
 * (docs/decisions-reservas.md, "Disponible").
 */
export function disponibleDe(stock: number, reservado: number): number {
  return Math.max(Math.round((stock - reservado) * 100) / 100, 0);
}

/**
 * Whether selling `pedida` takes stock that other orders hold: more than is available while some of the stock on the
 * shelf is reserved. Selling without stock at all (stock 0 or below) keeps the old rule (billing may go below zero,
 * docs/decisions.md "Facturación") and asks nothing: there is no board of another customer to take.
 */
export function tomaStockReservado(stock: number, reservado: number, pedida: number): boolean {
  const disponible = disponibleDe(stock, reservado);
  return pedida > disponible && stock > disponible;
}

const idsProductos = z.preprocess(
  (valor) => (typeof valor === 'string' ? valor.split(',').filter((v) => v.trim() !== '').map((v) => Number(v)) : valor),
  z
    .array(z.number({ error: MENSAJES_RESERVAS.productos }).int(MENSAJES_RESERVAS.productos).positive(MENSAJES_RESERVAS.productos).max(ID_MAXIMO, MENSAJES_RESERVAS.productos), { error: MENSAJES_RESERVAS.productos })
    .min(1, MENSAJES_RESERVAS.productos)
    .max(PRODUCTOS_RESERVA_MAXIMOS, MENSAJES_RESERVAS.productos),
);

/** GET reservas: the figures of some products, optionally for an order being edited (its own lines do not count). */
export const reservasConsultaSchema = z.object({
  /** The products, comma-separated ids (1,2,3). */
  producto_ids: idsProductos,
  /** The order being edited: its own reservation does not count against it. */
  venta_id: z.coerce.number({ error: MENSAJES_RESERVAS.venta }).int(MENSAJES_RESERVAS.venta).positive(MENSAJES_RESERVAS.venta).max(ID_MAXIMO, MENSAJES_RESERVAS.venta).optional(),
});
export type ReservasConsulta = z.infer<typeof reservasConsultaSchema>;

/** One product's stock figures in the store. */
export const existenciaReservaSchema = z.object({
  producto_id: z.number().int(),
  /** Physical stock (inventario.cantidad). */
  cantidad: z.number(),
  /** Held by saved orders not yet billed (other than the one being edited). */
  reservado: z.number(),
  /** cantidad − reservado, never below zero. */
  disponible: z.number(),
});
export type ExistenciaReserva = z.infer<typeof existenciaReservaSchema>;
export const reservasRespuestaSchema = z.object({ reservas: z.array(existenciaReservaSchema) });

/** An order holding a product (the kardex's 'Reservas' tab). */
export const reservaPedidoSchema = z.object({
  venta_id: z.number().int(),
  estado_venta_id: z.number().int(),
  nombre_cliente: z.string(),
  nombre_vendedor: z.string().nullable(),
  cantidad: z.number(),
  /** The order's last save, when the reservation started to count. */
  desde: z.string(),
  /** When it lapses if the order is neither billed nor saved again. */
  vence: z.string(),
});
export type ReservaPedido = z.infer<typeof reservaPedidoSchema>;
export const reservasProductoRespuestaSchema = z.object({
  existencia: existenciaReservaSchema,
  dias_reserva: z.number().int(),
  pedidos: z.array(reservaPedidoSchema),
});
export type ReservasProducto = z.infer<typeof reservasProductoRespuestaSchema>;
