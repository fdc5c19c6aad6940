import { z } from 'zod';
import { idOpcionalCoercido } from '../campos';
import { valorPesos } from '../dinero';
import { consultaListaSchema, paginaSchema } from '../paginacion';

/** spec 001 §5 Abono. */
export const MENSAJES_ABONO = {
  valor: 'Debe ingresar un valor de abono válido',
  tercero: 'El tercero no es válido',
  faltanCampos: 'Debe ingresar todos los campos',
  historialVacio: 'No se encontraron datos',
} as const;

/**
 * Movement types of the prepaid balance ledger (decisions-terceros): 1 abono (raises the balance,
 * annullable), 2 spent on a sale (lowers it, carries venta_id), 3 annulment of an abono (lowers it,
 * points to the abono it reverses), 4 a spend given back, 5 a sale's partial return credited to the balance (saldo a
 * favor: raises it, carries venta_id; docs/decisions-factura-electronica.md, "Devolución parcial").
 */
export const TIPOS_MOVIMIENTO_ABONO = { ABONO: 1, PAGO_VENTA: 2, ANULACION: 3, ANULACION_PAGO_VENTA: 4, DEVOLUCION_VENTA: 5 } as const;
export const NOMBRES_TIPO_MOVIMIENTO_ABONO: Record<number, string> = {
  1: 'Abono',
  2: 'Pago de venta',
  3: 'Anulación de abono',
  4: 'Anulación de pago de venta',
  5: 'Devolución de venta',
};

export const abonoCrearSchema = z.object({
  /** The third party; optional in the body, the path names it (spec 001 §7 sends both). */
  tercero_id: idOpcionalCoercido(MENSAJES_ABONO.tercero),
  /** Amount received, in pesos; thousands commas are stripped. */
  valor_abono: valorPesos(MENSAJES_ABONO.valor),
  /** Free text of the movement (beyond the spec); 'Abono' when empty. */
  descripcion_abono: z.string().trim().max(200, 'Admite hasta 200 caracteres').optional(),
});
export type AbonoCrear = z.output<typeof abonoCrearSchema>;
export type AbonoCrearEntrada = z.input<typeof abonoCrearSchema>;

/** POST terceros/{tercero_id}/abono: the third party's prepaid balance after the abono. */
export const abonoRegistradoSchema = z.object({ saldo_abono: z.number() });
export type AbonoRegistrado = z.infer<typeof abonoRegistradoSchema>;

/** A row of the abono history (spec 001 §3: fecha_inserta, descripcion_abono, valor_abono) and its ledger data. */
export const abonoMovimientoSchema = z.object({
  id: z.number().int(),
  tipo_movimiento_abono_id: z.number().int(),
  nombre_tipo_movimiento_abono: z.string(),
  fecha_inserta: z.string(),
  descripcion_abono: z.string(),
  /** Signed: positive raises the balance, negative lowers it. */
  valor_abono: z.number(),
  /** Balance right after this movement. */
  saldo_abono: z.number(),
  venta_id: z.number().int().nullable(),
  nombre_usuario: z.string().nullable(),
});
export type AbonoMovimiento = z.infer<typeof abonoMovimientoSchema>;

/** The columns the abono history sorts by (its own order, newest first, when none is chosen). */
export const ORDEN_ABONOS = ['fecha_inserta', 'descripcion_abono', 'valor_abono', 'saldo_abono'] as const;
export type OrdenAbono = (typeof ORDEN_ABONOS)[number];

/** GET terceros/{id}/abono/historial: page, size (per_page), sort (orden/direccion) and search text. */
export const abonosHistorialConsultaSchema = consultaListaSchema(ORDEN_ABONOS);

/** GET terceros/{id}/abono/historial: a page of the third party's ledger. */
export const abonosHistorialRespuestaSchema = z.object({ abonos_terceros: paginaSchema(abonoMovimientoSchema) });
