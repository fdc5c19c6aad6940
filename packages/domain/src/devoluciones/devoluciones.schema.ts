// Money given back by an annulment (docs/decisions-reportes-dinero.md "Devoluciones"): what the annul dialogs of a
// sale, a credit payment and an advance say before confirming, and the refund rows the daily cash lists. Shared by the
// server and the web.
import { z } from 'zod';
import { aCentavos, dePesos, formatearPesos } from '../dinero';

/** What an annulment gives back: a sale, a credit payment, an advance. */
export const ORIGENES_DEVOLUCION = ['venta', 'pago_credito', 'anticipo'] as const;
export type OrigenDevolucion = (typeof ORIGENES_DEVOLUCION)[number];

/** One method of a refund: the money that goes back to the customer in it. */
export const devolucionFormaSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor: z.number(),
});
export type DevolucionForma = z.infer<typeof devolucionFormaSchema>;

/**
 * GET facturas/{id}/devolucion, creditos/abonos/{id}/devolucion, anticipos/movimientos/{id}/devolucion: what annulling
 * it now would give back, by method (the rows the annulment writes), its total and the sentence the dialog shows.
 */
export const devolucionPreviaSchema = z.object({
  origen: z.enum(ORIGENES_DEVOLUCION),
  origen_id: z.number().int(),
  formas: z.array(devolucionFormaSchema),
  total: z.number(),
  mensaje: z.string(),
});
export type DevolucionPrevia = z.infer<typeof devolucionPreviaSchema>;

export const MENSAJES_DEVOLUCION = {
  nada: 'No hay dinero que devolver al cliente',
} as const;

/** '$ 120,000 en Efectivo', and 'a, b y c' for several. */
function enumerar(partes: string[]): string {
  return partes.length <= 1 ? (partes[0] ?? '') : `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)}`;
}

/**
 * The sentence of an annul dialog (money in messages through formatearPesos, docs/decisions.md): 'Devuelva al cliente
 * $ 120,000 en Efectivo'; with several methods 'Devuelva al cliente $ 150,000: $ 120,000 en Efectivo y $ 30,000 en
 * Tarjeta'; with none, that nothing goes back.
 */
export function mensajeDevolucion(formas: readonly DevolucionForma[]): string {
  const conValor = formas.filter((f) => aCentavos(f.valor) > 0);
  if (conValor.length === 0) return MENSAJES_DEVOLUCION.nada;
  const partes = conValor.map((f) => `${formatearPesos(f.valor)} en ${f.nombre_forma_pago}`);
  if (partes.length === 1) return `Devuelva al cliente ${partes[0]}`;
  return `Devuelva al cliente ${formatearPesos(totalDevolucion(conValor))}: ${enumerar(partes)}`;
}

/** The pesos of a refund's methods, added in centavos. */
export function totalDevolucion(formas: readonly DevolucionForma[]): number {
  return dePesos(formas.reduce((suma, f) => suma + aCentavos(f.valor), 0));
}

/** A refund of the day, as the daily cash lists it: who gave back what, in which method, and what was annulled. */
export const devolucionDiaSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  fecha: z.string(),
  origen: z.enum(ORIGENES_DEVOLUCION),
  origen_id: z.number().int(),
  /**
   * The partial return that gave it back (docs/decisions-factura-electronica.md, "Devolución parcial"); null for the
   * money an annulment gave back. The daily cash shows each apart.
   */
  devolucion_venta_id: z.number().int().nullable(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  usuario_id: z.number().int().nullable(),
  nombre_usuario: z.string().nullable(),
  /**
   * 'Anulación de FE12 · Venta No. 45', 'Abono No. 40 de FE12 · Venta No. 45', 'Anticipo No. 7', 'Devolución No. 3 de
   * FE12 · Venta No. 45' (a sale without a number: 'la venta No. 45').
   */
  descripcion: z.string(),
  valor: z.number(),
});
export type DevolucionDia = z.infer<typeof devolucionDiaSchema>;
