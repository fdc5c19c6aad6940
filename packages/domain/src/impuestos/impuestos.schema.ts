import { z } from 'zod';
import { idOpcional, numeroRequerido, textoRequerido } from '../campos';

/** spec 001 §5 Tax; §9 tax percentage 0–100, step 0.1. */
export const MENSAJES_IMPUESTO = {
  nombre: 'Debe ingresar un nombre de impuesto',
  nombreLargo: 'El nombre del impuesto admite hasta 100 caracteres',
  porcentaje: 'Debe ingresar un porcentaje de impuesto',
  porcentajeRango: 'El porcentaje de impuesto debe estar entre 0 y 100',
  porcentajePaso: 'El porcentaje de impuesto admite un solo decimal',
  siigoNoExiste: 'El impuesto del sistema contable no existe o no está activo',
} as const;

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
});
export type ImpuestoGuardar = z.output<typeof impuestoGuardarSchema>;

/** spec 001 §3 Impuesto (and 000 §3 Tax: id, porcentaje_impuesto, name, active). */
export const impuestoSchema = z.object({
  id: z.number().int(),
  nombre_impuesto: z.string(),
  porcentaje_impuesto: z.number(),
  siigo_impuesto_id: z.number().int().nullable(),
  activo: z.boolean(),
});
export type Impuesto = z.infer<typeof impuestoSchema>;

/** GET impuestos. */
export const impuestosRespuestaSchema = z.object({ impuestos: z.array(impuestoSchema) });
