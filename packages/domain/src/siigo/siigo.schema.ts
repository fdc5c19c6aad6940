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

/** GET siigo/clasificacion-inventario. */
export const clasificacionesInventarioRespuestaSchema = z.object({ grupos_clasificacion_inventario: z.array(clasificacionInventarioSchema) });

/** GET siigo/impuesto. */
export const siigoImpuestosRespuestaSchema = z.object({ impuestos: z.array(siigoImpuestoSchema) });

/** POST productos/sincronizar: what the run did with the catalog, and the products it skipped with the reason. */
export const sincronizacionProductosSchema = z.object({
  total: z.number().int(),
  creados: z.number().int(),
  actualizados: z.number().int(),
  sin_cambios: z.number().int(),
  omitidos: z.array(z.object({ referencia: z.string(), motivo: z.string() })),
  pendientes: z.number().int(),
});

/** POST maestros/categorias-productos/sincronizar: classifications and taxes brought from Siigo, and those deactivated. */
export const sincronizacionCategoriasSchema = z.object({
  clasificaciones: z.number().int(),
  clasificaciones_desactivadas: z.number().int(),
  impuestos: z.number().int(),
  impuestos_desactivados: z.number().int(),
});
