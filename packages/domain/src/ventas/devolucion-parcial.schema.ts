import { z } from 'zod';
import { idRequerido, numeroDesde, textoRequerido } from '../campos';
import { ENTERO_MAXIMO } from '../limites';
import { devolucionFormaSchema } from '../devoluciones/devoluciones.schema';
import { formatearNumero } from '../numeros';
import { DECIMALES_CANTIDAD_LINEA } from './totales';
import { MOTIVO_ANULACION_MAXIMO } from './facturacion.schema';
import { ESTADOS_DOCUMENTO_FE, type ConceptoNotaCredito } from './factura-electronica.schema';
import { camposValoresLinea } from './venta.schema';

/**
 * A partial return of a billed sale (docs/decisions-factura-electronica.md, "Devolución parcial"): some lines, or part
 * of a line's quantity, go back; the stock comes back, the credit balance or the money is given back, and a sale with
 * an electronic invoice gets a partial credit note (DIAN concept 1) of only what came back.
 */

/** DIAN's ConceptoNotaCredito of a partial return: 'Devolución parcial de los bienes y/o no aceptación parcial del servicio'. */
export const CONCEPTO_DEVOLUCION_PARCIAL: ConceptoNotaCredito = '1';

/** Lines one return may name (a sale has far fewer). */
export const LINEAS_DEVOLUCION_MAXIMAS = 200;

export const MENSAJES_DEVOLUCION_PARCIAL = {
  motivo: 'Debe ingresar el motivo de la devolución',
  motivoLargo: `El motivo de la devolución puede tener hasta ${formatearNumero(MOTIVO_ANULACION_MAXIMO, 0)} caracteres`,
  lineas: 'Debe indicar al menos una línea con la cantidad a devolver',
  lineasMaximas: `Una devolución admite hasta ${formatearNumero(LINEAS_DEVOLUCION_MAXIMAS, 0)} líneas`,
  linea: 'Debe seleccionar una línea de la venta',
  lineaRepetida: 'Cada línea de la venta puede ir una sola vez en la devolución',
  previas: 'El número de devoluciones anteriores no es válido. Abra de nuevo la devolución',
  cantidad: 'Debe ingresar una cantidad a devolver mayor que cero',
  cantidadDecimales: `La cantidad a devolver admite hasta ${DECIMALES_CANTIDAD_LINEA} decimales`,
  lineaAjena: (item: number | string) => `La línea ${item} no pertenece a la venta`,
  excede: (producto: string, disponible: number) =>
    `No se puede devolver más de lo facturado de ${producto}: quedan ${formatearNumero(disponible)} por devolver`,
  unidadesEnteras: (producto: string) => `${producto} se devuelve en unidades enteras`,
  registrada: (id: number) => `Devolución No. ${id} registrada con éxito`,
  // A POS sale's return is credited by a nota de ajuste of its POS document (docs/decisions-factura-electronica.md).
  notaEnCola: (numero: string, ajuste = false) => `La ${ajuste ? 'nota de ajuste' : 'nota crédito'} ${numero} se está enviando a la DIAN`,
  notaEspera: (numero: string, factura: string, ajuste = false) =>
    `La ${ajuste ? 'nota de ajuste' : 'nota crédito'} ${numero} se enviará a la DIAN cuando la DIAN acepte ${ajuste ? 'el documento equivalente POS' : 'la factura'} ${factura}`,
  credito: (valor: string) => `Se descuenta ${valor} del saldo de la cuenta crédito del cliente`,
  saldoFavor: (valor: string) => `Quedan ${valor} como saldo a favor del cliente, para usar como anticipo en sus próximas compras`,
  // An offcut line returned whole puts its kept offcut back on the rack (docs/decisions-retales.md).
  retales: (codigos: readonly string[]) =>
    codigos.length === 1 ? `El retal ${codigos[0]} vuelve al inventario de retales` : `Los retales ${codigos.join(', ')} vuelven al inventario de retales`,
} as const;

const cantidadDevolver = z.preprocess(
  numeroDesde,
  z
    .number({ error: MENSAJES_DEVOLUCION_PARCIAL.cantidad })
    .positive(MENSAJES_DEVOLUCION_PARCIAL.cantidad)
    .refine((n) => Number.isInteger(Math.round(n * 10 ** DECIMALES_CANTIDAD_LINEA * 1e6) / 1e6), MENSAJES_DEVOLUCION_PARCIAL.cantidadDecimales),
);

/** POST facturas/{venta_id}/devoluciones (and its preview): the sale lines and quantities that come back, and why. */
export const devolucionParcialSchema = z.object({
  motivo: textoRequerido(MENSAJES_DEVOLUCION_PARCIAL.motivo, MOTIVO_ANULACION_MAXIMO, MENSAJES_DEVOLUCION_PARCIAL.motivoLargo),
  lineas: z
    .array(z.object({ venta_detalle_id: idRequerido(MENSAJES_DEVOLUCION_PARCIAL.linea), cantidad: cantidadDevolver }), {
      error: MENSAJES_DEVOLUCION_PARCIAL.lineas,
    })
    .min(1, MENSAJES_DEVOLUCION_PARCIAL.lineas)
    .max(LINEAS_DEVOLUCION_MAXIMAS, MENSAJES_DEVOLUCION_PARCIAL.lineasMaximas)
    .refine((lineas) => new Set(lineas.map((l) => l.venta_detalle_id)).size === lineas.length, MENSAJES_DEVOLUCION_PARCIAL.lineaRepetida),
  /**
   * How many returns of the sale the dialog listed (optional, as billing's `version`): the same return sent twice
   * (Enter twice, a retry after a lost answer) finds one more and is refused with 409 instead of returning twice.
   */
  devoluciones_previas: z.preprocess(numeroDesde, z.number({ error: MENSAJES_DEVOLUCION_PARCIAL.previas }).int(MENSAJES_DEVOLUCION_PARCIAL.previas).min(0, MENSAJES_DEVOLUCION_PARCIAL.previas).max(ENTERO_MAXIMO, MENSAJES_DEVOLUCION_PARCIAL.previas).optional()),
});
export type DevolucionParcial = z.output<typeof devolucionParcialSchema>;

/** What a return gives back (the preview and the write answer the same): lines, totals, how, and the note. */
export const devolucionCalculadaSchema = z.object({
  venta_id: z.number().int(),
  /** The return's number (null in a preview). */
  id: z.number().int().nullable(),
  lineas: z.array(z.object({ venta_detalle_id: z.number().int(), item: z.number().int(), nombre_producto: z.string(), cantidad: z.number(), ...camposValoresLinea })),
  valor_subtotal: z.number(),
  valor_impuesto: z.number(),
  valor_otros_impuestos: z.number(),
  valor_total: z.number(),
  /** Taken off the sale's balance in its credit account. */
  valor_credito: z.number(),
  /** The money given back, by method (today, as money out of the cash). */
  formas: z.array(devolucionFormaSchema),
  /** What found no place in the credit nor in the money: credited to the customer's prepaid balance (saldo a favor). */
  valor_saldo_favor: z.number(),
  /** The sentences the dialog shows: the credit reduction, 'Devuelva al cliente …', the saldo a favor. */
  mensaje: z.string(),
  /** Whether the sale has an electronic invoice: the return then issues a credit note with concept 1. */
  con_nota_credito: z.boolean(),
  /** The note's number once written. */
  nota_credito: z.string().nullable(),
});
export type DevolucionCalculada = z.infer<typeof devolucionCalculadaSchema>;

/** GET facturas/{venta_id}/devoluciones: each line with what may still come back, and the returns made. */
export const devolucionesVentaSchema = z.object({
  venta_id: z.number().int(),
  con_nota_credito: z.boolean(),
  lineas: z.array(
    z.object({
      venta_detalle_id: z.number().int(),
      item: z.number().int(),
      referencia: z.string(),
      nombre_producto: z.string(),
      /** Whether the product counts whole units (a fraction is refused). */
      unidades_enteras: z.boolean(),
      precio_unitario: z.number(),
      cantidad_facturada: z.number(),
      cantidad_devuelta: z.number(),
      cantidad_disponible: z.number(),
      valor_total: z.number(),
    }),
  ),
  devoluciones: z.array(
    z.object({
      id: z.number().int(),
      fecha: z.string(),
      nombre_usuario: z.string().nullable(),
      motivo: z.string(),
      valor_total: z.number(),
      valor_credito: z.number(),
      valor_dinero: z.number(),
      valor_saldo_favor: z.number(),
      /** The money given back, by method. */
      formas: z.array(devolucionFormaSchema),
      nota_credito: z.string().nullable(),
      /** Its credit note's state at DIAN (null without a note). */
      estado_nota: z.enum(ESTADOS_DOCUMENTO_FE).nullable(),
      lineas: z.array(z.object({ venta_detalle_id: z.number().int(), item: z.number().int(), nombre_producto: z.string(), cantidad: z.number(), valor_total: z.number() })),
    }),
  ),
});
export type DevolucionesVenta = z.infer<typeof devolucionesVentaSchema>;

/** A line's stored amounts, in centavos. */
export interface ValoresLineaCentavos {
  bruto: number;
  descuento: number;
  impuesto: number;
  otros: number;
}

/**
 * The share of a line's stored amounts that `cantidad` more units carry after `previa` came back (docs/decisions-
 * factura-electronica.md, "Devolución parcial"): each amount is cut at the quantities returned so far and rounded to
 * the centavo there, so the returns of a line (and the annulment of the rest) add up to the line exactly. The subtotal
 * is the gross less the discount; the total adds both taxes.
 */
export function parteDevuelta(
  linea: ValoresLineaCentavos,
  facturada: number,
  previa: number,
  cantidad: number,
): ValoresLineaCentavos & { subtotal: number; total: number } {
  const corte = (valor: number, hasta: number) => (hasta >= facturada ? valor : Math.round((valor * hasta) / facturada));
  const parte = (valor: number) => corte(valor, previa + cantidad) - corte(valor, previa);
  const bruto = parte(linea.bruto);
  const descuento = parte(linea.descuento);
  const impuesto = parte(linea.impuesto);
  const otros = parte(linea.otros);
  return { bruto, descuento, impuesto, otros, subtotal: bruto - descuento, total: bruto - descuento + impuesto + otros };
}
