import { z } from 'zod';
import { consultaListaSchema, paginaSchema } from '../paginacion';

/** spec 002 §5 Concept type: nombre_tipo_concepto required (texts ours, docs/decisions-maestros.md). */
export const MENSAJES_TIPO_CONCEPTO = {
  nombre: 'Debe ingresar el nombre del tipo de concepto',
  nombreLargo: 'El nombre admite hasta 100 caracteres',
} as const;

export const tipoConceptoGuardarSchema = z.object({
  /** Name of the concept a supplier payment is for, e.g. Compra de tableros; unique without case. */
  nombre_tipo_concepto: z
    .string({ error: MENSAJES_TIPO_CONCEPTO.nombre })
    .trim()
    .min(1, MENSAJES_TIPO_CONCEPTO.nombre)
    .max(100, MENSAJES_TIPO_CONCEPTO.nombreLargo),
});
export type TipoConceptoGuardar = z.infer<typeof tipoConceptoGuardarSchema>;

export const tipoConceptoSchema = z.object({
  id: z.number().int(),
  nombre_tipo_concepto: z.string(),
});
export type TipoConcepto = z.infer<typeof tipoConceptoSchema>;

/** The columns the concept types list sorts by. */
export const ORDEN_TIPOS_CONCEPTOS = ['nombre_tipo_concepto'] as const;
export type OrdenTipoConcepto = (typeof ORDEN_TIPOS_CONCEPTOS)[number];

/**
 * GET maestros/tipos-conceptos: paged with `pagination=1&page=n` (per_page, orden/direccion), otherwise all
 * (spec 002 §7); `query` searches the name (beyond the spec).
 */
export const tiposConceptosConsultaSchema = consultaListaSchema(ORDEN_TIPOS_CONCEPTOS).extend({
  pagination: z.coerce.number().int().min(0).max(1).optional(),
});

/** GET maestros/tipos-conceptos: a page with pagination=1, else every type. */
export const tiposConceptosRespuestaSchema = z.object({ tipos_conceptos: z.union([paginaSchema(tipoConceptoSchema), z.array(tipoConceptoSchema)]) });
