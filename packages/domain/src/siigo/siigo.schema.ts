import { z } from 'zod';

/** spec 001 §3 Lookups: the accounting system's inventory classifications and taxes (only active ones are used). */
export const clasificacionInventarioSchema = z.object({ id: z.number().int(), nombre: z.string(), activo: z.boolean() });
export const siigoImpuestoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  porcentaje_impuesto: z.number(),
  activo: z.boolean(),
});
export type ClasificacionInventario = z.infer<typeof clasificacionInventarioSchema>;
export type SiigoImpuesto = z.infer<typeof siigoImpuestoSchema>;
