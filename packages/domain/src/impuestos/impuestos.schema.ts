import { z } from 'zod';
import { idOpcional, numeroRequerido, textoRequerido } from '../campos';

/** spec 001 §5 Tax; §9 tax percentage 0–100, step 0.1. */
export const MENSAJES_IMPUESTO = {
  nombre: 'Debe ingresar un nombre de impuesto',
  nombreLargo: 'El nombre del impuesto admite hasta 100 caracteres',
  porcentaje: 'Debe ingresar un porcentaje de impuesto',
  porcentajeRango: 'El porcentaje de impuesto debe estar entre 0 y 100',
  porcentajePaso: 'El porcentaje de impuesto admite un solo decimal',
  clase: 'Debe elegir la clase del impuesto (IVA u Otro impuesto)',
  siigoNoExiste: 'El impuesto del sistema contable no existe o no está activo',
} as const;

/**
 * The class of a tax (docs/decisions.md "Pedidos"): IVA (what products carry: the 19 %, the 5 %, excluded) or another
 * tax an order may add in 'Otros impuestos'. An order never adds a tax of a class its lines already carry.
 */
export const CLASES_IMPUESTO = ['IVA', 'OTRO'] as const;
export type ClaseImpuesto = (typeof CLASES_IMPUESTO)[number];
export const NOMBRES_CLASE_IMPUESTO: Record<ClaseImpuesto, string> = { IVA: 'IVA', OTRO: 'Otro impuesto' };

export const impuestoGuardarSchema = z.object({
  nombre_impuesto: textoRequerido(MENSAJES_IMPUESTO.nombre, 100, MENSAJES_IMPUESTO.nombreLargo),
  porcentaje_impuesto: numeroRequerido(MENSAJES_IMPUESTO.porcentaje).pipe(
    z
      .number()
      .min(0, MENSAJES_IMPUESTO.porcentajeRango)
      .max(100, MENSAJES_IMPUESTO.porcentajeRango)
      .refine((valor) => Math.abs(valor * 10 - Math.round(valor * 10)) < 1e-9, MENSAJES_IMPUESTO.porcentajePaso),
  ),
  /** Optional tax of the accounting system it maps to (only active ones are offered). */
  siigo_impuesto_id: idOpcional().optional().default(null),
  /** spec 000 §3 Tax: active flag. An inactive tax is not offered to products any more (they keep theirs). */
  activo: z.boolean().optional().default(true),
  clase_impuesto: z.enum(CLASES_IMPUESTO, { error: MENSAJES_IMPUESTO.clase }).optional().default('IVA'),
});
export type ImpuestoGuardar = z.output<typeof impuestoGuardarSchema>;

/** spec 001 §3 Impuesto (and 000 §3 Tax: id, porcentaje_impuesto, name, active). */
export const impuestoSchema = z.object({
  id: z.number().int(),
  nombre_impuesto: z.string(),
  porcentaje_impuesto: z.number(),
  siigo_impuesto_id: z.number().int().nullable(),
  activo: z.boolean(),
  clase_impuesto: z.enum(CLASES_IMPUESTO),
});
export type Impuesto = z.infer<typeof impuestoSchema>;

/** GET impuestos. */
export const impuestosRespuestaSchema = z.object({ impuestos: z.array(impuestoSchema) });
