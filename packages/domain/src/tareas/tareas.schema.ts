import { z } from 'zod';
import { idRequerido, textoOpcional, textoRequerido } from '../campos';

/** spec 000 §3 Task and §5 Sale save: the description is required and holds up to 200 characters. */
export const DESCRIPCION_TAREA_MAXIMA = 200;
export const OBSERVACION_TAREA_MAXIMA = 500;

export const MENSAJES_TAREA = {
  descripcion: 'Debe ingresar una descripción en las tareas agregadas',
  descripcionLarga: `La descripción de la tarea admite hasta ${DESCRIPCION_TAREA_MAXIMA} caracteres`,
  observacionLarga: `La observación de la tarea admite hasta ${OBSERVACION_TAREA_MAXIMA} caracteres`,
  venta: 'Debe seleccionar una venta',
  completada: 'Debe indicar si la tarea está completada',
  guardada: 'Tarea guardada con éxito',
  actualizada: 'Cambios guardados',
} as const;

/** A sale's task (spec 000 §3 Task). */
export const tareaSchema = z.object({
  id: z.number().int(),
  venta_id: z.number().int(),
  descripcion_tarea: z.string(),
  observacion_tarea: z.string().nullable(),
  tarea_completada: z.boolean(),
});
export type Tarea = z.infer<typeof tareaSchema>;

/** A row of Pendientes (spec 000 §2.16): the open task with its order, the order's date and its customer. */
export const tareaPendienteSchema = tareaSchema.extend({
  fecha_venta: z.string(),
  nombres_cliente: z.string(),
  apellidos_cliente: z.string(),
});
export type TareaPendiente = z.infer<typeof tareaPendienteSchema>;

/** POST tareas: the tasks of one sale. */
export const tareasDeVentaSchema = z.object({ venta_id: idRequerido(MENSAJES_TAREA.venta) });

/** POST tareas/guardar: a new open task on a sale. */
export const tareaCrearSchema = z.object({
  venta_id: idRequerido(MENSAJES_TAREA.venta),
  descripcion_tarea: textoRequerido(MENSAJES_TAREA.descripcion, DESCRIPCION_TAREA_MAXIMA, MENSAJES_TAREA.descripcionLarga),
});
export type TareaCrear = z.infer<typeof tareaCrearSchema>;

/** 0/1 and 'true'/'false' as the spec's clients send the flag. */
const marca = z.preprocess((valor) => {
  if (valor === 1 || valor === '1' || valor === 'true') return true;
  if (valor === 0 || valor === '0' || valor === 'false') return false;
  return valor;
}, z.boolean({ error: MENSAJES_TAREA.completada }));

/** PUT tareas/{id}/actualizar: open or completed, with its observation (spec 000 §4.2: each change saves both). */
export const tareaActualizarSchema = z.object({
  tarea_completada: marca,
  observacion_tarea: textoOpcional(OBSERVACION_TAREA_MAXIMA, MENSAJES_TAREA.observacionLarga),
});
export type TareaActualizar = z.infer<typeof tareaActualizarSchema>;

/** GET tareas?tarea_completada=0: Pendientes lists the store's open tasks (1 lists the completed ones). */
export const tareasConsultaSchema = z.object({ tarea_completada: marca.default(false) });

/** POST tareas: the tasks of a sale. */
export const tareasRespuestaSchema = z.object({ tareas: z.array(tareaSchema) });

/** GET tareas: the open tasks of the store. */
export const tareasPendientesRespuestaSchema = z.object({ tareas: z.array(tareaPendienteSchema) });

/** POST tareas/guardar: the task as saved. */
export const tareaRespuestaSchema = z.object({ tarea: tareaSchema });
