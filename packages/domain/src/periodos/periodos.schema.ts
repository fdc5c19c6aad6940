// Schemas and constants of periodos (the period lock, docs/decisions-periodos.md), shared by the server and the web.
import { z } from 'zod';

/** What happened to a month: closed, or reopened (with its reason). */
export const ACCIONES_PERIODO = ['cierre', 'reapertura'] as const;
export type AccionPeriodo = (typeof ACCIONES_PERIODO)[number];

/** The reason of a reopening: required, 3 to 200 characters (the column is varchar(200)). */
export const MOTIVO_REAPERTURA_MINIMO = 3;
export const MOTIVO_REAPERTURA_MAXIMO = 200;

/** One line of a month's history. */
export const eventoPeriodoSchema = z.object({
  accion: z.enum(ACCIONES_PERIODO),
  /** ISO timestamp. */
  fecha: z.string(),
  usuario_id: z.number().nullable(),
  /** The user's name, null for work done by the system. */
  usuario: z.string().nullable(),
  motivo: z.string().nullable(),
});
export type EventoPeriodo = z.infer<typeof eventoPeriodoSchema>;

/** A store's month as the period lock sees it (leerPeriodo): open or closed, the closing's summary, its history. */
export const periodoSchema = z.object({
  codigo_tienda: z.string(),
  anio: z.number(),
  mes: z.number(),
  cerrado: z.boolean(),
  /** When and by whom the month was closed; null while it is open. */
  fecha_cierre: z.string().nullable(),
  usuario_cierre_id: z.number().nullable(),
  usuario_cierre: z.string().nullable(),
  /** The figures shown at closing, kept as they were; null while the month is open. */
  resumen: z.unknown(),
  /** Oldest first. */
  historial: z.array(eventoPeriodoSchema),
});
export type Periodo = z.infer<typeof periodoSchema>;

/** 'yyyy-mm' of a year and month (1..12): how messages and keys name a month. */
export function nombreMes(anio: number, mes: number): string {
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}`;
}
