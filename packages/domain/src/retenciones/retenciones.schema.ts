import { z } from 'zod';
import { numeroDesde } from '../campos';
import { valorPesos } from '../dinero';
import { hoyNegocio } from '../fechas/fechas';
import { CODIGOS_CONCEPTO_RETEFUENTE, MENSAJES_RETENCIONES, TIPOS_RETENCION } from './retenciones';

/** Contracts of the retenciones routes and the withholdings a bill or a credit payment carries (docs/decisions-retenciones.md). */

/** A percentage with up to 4 decimals, above 0 and at most 100. */
const tarifa = z.preprocess(
  numeroDesde,
  z
    .number({ error: MENSAJES_RETENCIONES.tarifa })
    .gt(0, MENSAJES_RETENCIONES.tarifa)
    .max(100, MENSAJES_RETENCIONES.tarifa)
    .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, MENSAJES_RETENCIONES.tarifa),
);

/** One withholding as the bill dialog or the credit payment sends it (the cashier may adjust the value or drop it). */
export const retencionEntradaSchema = z.object({
  tipo: z.enum(TIPOS_RETENCION, { error: MENSAJES_RETENCIONES.tipo }),
  concepto: z
    .enum(CODIGOS_CONCEPTO_RETEFUENTE, { error: MENSAJES_RETENCIONES.concepto })
    .nullish()
    .transform((v) => v ?? null),
  base: valorPesos(MENSAJES_RETENCIONES.base),
  tarifa,
  valor: valorPesos(MENSAJES_RETENCIONES.valor),
});
export type RetencionEntrada = z.output<typeof retencionEntradaSchema>;
export type RetencionEntradaForm = z.input<typeof retencionEntradaSchema>;

/** The optional list a bill or a payment carries. */
export const retencionesEntradaSchema = z
  .array(retencionEntradaSchema, { error: MENSAJES_RETENCIONES.tipo })
  .max(3, MENSAJES_RETENCIONES.maximo)
  .optional()
  .transform((v) => v ?? []);

/** A customer's settings (GET/PUT retenciones/terceros/{tercero_id}). */
export const configuracionRetencionSchema = z.object({
  agente_retencion: z.boolean({ error: 'Debe indicar si es agente de retención' }),
  concepto_retefuente: z
    .enum(CODIGOS_CONCEPTO_RETEFUENTE, { error: MENSAJES_RETENCIONES.concepto })
    .nullish()
    .transform((v) => v ?? null),
  aplica_reteiva: z.boolean({ error: 'Debe indicar si practica ReteIVA' }),
  tarifa_reteica_por_mil: z
    .preprocess(
      (v) => (v === '' ? null : numeroDesde(v)),
      z
        .number({ error: MENSAJES_RETENCIONES.reteica })
        .min(0, MENSAJES_RETENCIONES.reteica)
        .max(100, MENSAJES_RETENCIONES.reteica)
        .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, MENSAJES_RETENCIONES.reteica)
        .nullish(),
    )
    .transform((v) => (v === undefined || v === 0 ? null : v)),
});
export type ConfiguracionRetencionGuardar = z.output<typeof configuracionRetencionSchema>;
export type ConfiguracionRetencionForm = z.input<typeof configuracionRetencionSchema>;

/** The settings as answered. */
export const configuracionRetencionRespuestaSchema = z.object({
  agente_retencion: z.boolean(),
  concepto_retefuente: z.enum(CODIGOS_CONCEPTO_RETEFUENTE).nullable(),
  aplica_reteiva: z.boolean(),
  tarifa_reteica_por_mil: z.number().nullable(),
});
/** GET/PUT retenciones/terceros/{id} answer. */
export const retencionTerceroRespuestaSchema = z.object({ retencion: configuracionRetencionRespuestaSchema });

/** A withholding as answered (pesos). */
export const retencionSchema = z.object({
  tipo: z.enum(TIPOS_RETENCION),
  concepto: z.enum(CODIGOS_CONCEPTO_RETEFUENTE).nullable(),
  base: z.number(),
  tarifa: z.number(),
  valor: z.number(),
});
export type RetencionRespuesta = z.infer<typeof retencionSchema>;

/** GET retenciones/propuesta/{venta_id}: what the bill dialog proposes for a pending sale. */
export const propuestaRetencionesSchema = z.object({
  agente_retencion: z.boolean(),
  base: z.number(),
  iva: z.number(),
  total: z.number(),
  retenciones: z.array(retencionSchema),
});
export type PropuestaRetenciones = z.infer<typeof propuestaRetencionesSchema>;

/** The month of the report: the current one (business time) when not given. */
const MENSAJE_PERIODO = 'Debe seleccionar un periodo válido';
export const periodoRetencionesSchema = z.object({
  year: z.preprocess(
    (v) => (v === undefined ? Number(hoyNegocio().slice(0, 4)) : numeroDesde(v)),
    z
      .number({ error: MENSAJE_PERIODO })
      .int(MENSAJE_PERIODO)
      .min(2000, MENSAJE_PERIODO)
      .max(9999, MENSAJE_PERIODO)
      .refine((a) => a <= Number(hoyNegocio().slice(0, 4)), 'El periodo no puede ser futuro'),
  ),
  month: z.preprocess(
    (v) => (v === undefined ? Number(hoyNegocio().slice(5, 7)) : numeroDesde(v)),
    z.number({ error: MENSAJE_PERIODO }).int(MENSAJE_PERIODO).min(1, MENSAJE_PERIODO).max(12, MENSAJE_PERIODO),
  ),
});
export type PeriodoRetenciones = z.output<typeof periodoRetencionesSchema>;

/** One line of the report: a customer and a type in the month. */
export const filaReporteRetencionesSchema = z.object({
  tercero_id: z.number().int(),
  cliente: z.string(),
  numero_documento: z.string(),
  tipo: z.enum(TIPOS_RETENCION),
  documentos: z.number().int(),
  base: z.number(),
  valor: z.number(),
});
export type FilaReporteRetenciones = z.infer<typeof filaReporteRetencionesSchema>;

export const reporteRetencionesSchema = z.object({
  filas: z.array(filaReporteRetencionesSchema),
  totales: z.object({ RETEFUENTE: z.number(), RETEIVA: z.number(), RETEICA: z.number(), total: z.number() }),
});
export type ReporteRetenciones = z.infer<typeof reporteRetencionesSchema>;
