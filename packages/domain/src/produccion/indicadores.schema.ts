// Indicadores producción (beyond the spec; docs/decisions-produccion.md): the figures of the stages finished in a date range, per
// operator and per machine, and the suspensions by reason. Shared by the server (route, export) and the web.
import { z } from 'zod';
import { diasDelRango } from '../dashboard/dashboard.schema';
import { esFechaValida } from '../fechas/fechas';

export const MENSAJES_INDICADORES = {
  fechaInicial: 'Debe ingresar una fecha inicial válida',
  fechaFinal: 'Debe ingresar una fecha final válida',
  fechaInicialMayor: 'La fecha inicial no puede ser mayor que la fecha final',
  fechaFinalFutura: 'La fecha final no puede ser posterior a hoy',
  rangoLargo: 'El rango de fechas no puede superar 366 días',
  sinEtapas: 'No hay etapas finalizadas en el rango',
} as const;

/** Longest range the figures cover (a year, leap day included), as the dashboard. */
export const DIAS_MAXIMOS_INDICADORES = 366;

/** The export's file name (Content-Disposition). */
export const ARCHIVO_INDICADORES_PRODUCCION = 'Indicadores producción.xlsx';

/** The export's sheets, in order. */
export const HOJAS_INDICADORES_PRODUCCION = ['Operarios', 'Máquinas', 'Motivos de suspensión'] as const;

const fecha = (mensaje: string) => z.string({ error: mensaje }).trim().refine(esFechaValida, mensaje);

/**
 * POST produccion/indicadores and produccion/indicadores/exportar: business dates (America/Bogota) 'YYYY-MM-DD', both
 * included and required; the start not after the end; at most DIAS_MAXIMOS_INDICADORES days. The server also refuses
 * an end after today (it needs its clock and zone): MENSAJES_INDICADORES.fechaFinalFutura.
 */
export const indicadoresRangoSchema = z
  .object({
    fecha_inicial: fecha(MENSAJES_INDICADORES.fechaInicial),
    fecha_final: fecha(MENSAJES_INDICADORES.fechaFinal),
  })
  .superRefine((rango, ctx) => {
    if (rango.fecha_inicial > rango.fecha_final) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_INDICADORES.fechaInicialMayor });
    } else if (diasDelRango(rango.fecha_inicial, rango.fecha_final) > DIAS_MAXIMOS_INDICADORES) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_INDICADORES.rangoLargo });
    }
  });
export type IndicadoresRango = z.output<typeof indicadoresRangoSchema>;

/**
 * Figures of a set of finished stages; each row names what it counts first, then these (the answer's key order). Times in whole seconds: worked time excludes suspensions; waiting time runs
 * from the moment the stage could be worked (material prepared, previous stage finished, or its last annulment) to
 * its first start after that; suspended time is the stages' total (not an average).
 */
const cifrasSchema = z.object({
  etapas_finalizadas: z.number().int(),
  promedio_trabajado_segundos: z.number(),
  promedio_espera_segundos: z.number(),
  tiempo_suspendido_segundos: z.number(),
});
export type CifrasIndicadores = z.infer<typeof cifrasSchema>;

/** One service (1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque) within a row. */
export const indicadorServicioSchema = z.object({
  grupo_servicio_id: z.number().int(),
  nombre_grupo_servicio: z.string(),
  ...cifrasSchema.shape,
});
export type IndicadorServicio = z.infer<typeof indicadorServicioSchema>;

/** An operator: the one who finished the stage (its last operator). */
export const indicadorOperarioSchema = z.object({
  operario_id: z.number().int(),
  nombres_operario: z.string(),
  apellidos_operario: z.string(),
  ...cifrasSchema.shape,
  por_servicio: z.array(indicadorServicioSchema),
});
export type IndicadorOperario = z.infer<typeof indicadorOperarioSchema>;

/** A machine: the one the stage finished on (its last machine). */
export const indicadorMaquinaSchema = z.object({
  maquina_id: z.number().int(),
  referencia_maquina: z.string(),
  nombre_maquina: z.string(),
  ...cifrasSchema.shape,
  por_servicio: z.array(indicadorServicioSchema),
});
export type IndicadorMaquina = z.infer<typeof indicadorMaquinaSchema>;

/**
 * The stops ('parar' events) made in the range for one reason; each lasts until the stage's next event (Continuar or
 * Anular), or until now while it is still stopped (`en_curso` counts those).
 */
export const suspensionMotivoSchema = z.object({
  motivo_suspension_id: z.number().int(),
  nombre_tipo_motivo_suspension_produccion: z.string(),
  suspensiones: z.number().int(),
  en_curso: z.number().int(),
  tiempo_suspendido_segundos: z.number(),
});
export type SuspensionMotivo = z.infer<typeof suspensionMotivoSchema>;

export const indicadoresProduccionRespuestaSchema = z.object({
  /** All the stages finished in the range, and every stop of the range. */
  resumen: cifrasSchema.extend({ suspensiones: z.number().int(), tiempo_suspensiones_segundos: z.number() }),
  /** Per service over the whole store, in stage order. */
  por_servicio: z.array(indicadorServicioSchema),
  /** Most stages finished first. */
  operarios: z.array(indicadorOperarioSchema),
  maquinas: z.array(indicadorMaquinaSchema),
  /** Longest total first. */
  suspensiones_por_motivo: z.array(suspensionMotivoSchema),
});
export type IndicadoresProduccion = z.infer<typeof indicadoresProduccionRespuestaSchema>;
