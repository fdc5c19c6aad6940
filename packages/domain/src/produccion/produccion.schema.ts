import { z } from 'zod';
import { fechaOpcional } from '../fechas/fechas';
import { ID_MAXIMO, paginaConsultaSchema } from '../limites';
import { tamanoPaginaSchema } from '../paginacion';

/**
 * Production (spec 002 §2.15–2.18, §3, §4, §7 Production; issue 19; docs/decisions-produccion.md): one production
 * order (OP) per sale, its stages derived from the sale's lines, and every transition of a stage as a row.
 */

/** spec 002 §5 Production and §8: the texts the production screens and the server share. */
export const MENSAJES_PRODUCCION = {
  venta: 'Debe seleccionar una venta',
  orden: 'Debe seleccionar una orden de producción',
  etapa: 'Debe seleccionar una etapa',
  operario: 'Debe seleccionar un operario',
  maquina: 'Debe seleccionar una máquina',
  servicio: 'Debe seleccionar un servicio',
  motivo: 'Debe seleccionar un motivo de la suspensión',
  fecha: 'Debe ingresar una fecha válida',
  rangoFechas: 'La fecha inicial no puede ser mayor que la fecha final',
  prioritaria: 'Hay una OP prioritaria, debe seleccionarla primero',
  ordenGenerada: 'Orden de producción generado',
  materialPreparado: 'Orden de producción generado',
  etapaIniciada: 'Etapa iniciada',
  etapaSuspendida: 'Etapa suspendida',
  etapaFinalizada: 'Etapa finalizada',
  etapaAnulada: 'Etapa anulada',
  prioridadEstablecida: 'Orden de producción establecida como prioritaria',
} as const;

/** spec 002 §9: the production stages are the service groups 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque, in this order. */
export const ORDEN_ETAPAS_PRODUCCION = [1, 2, 3, 6] as const;

/** A stage's state (column estado_etapa). `pendiente` also after an annulment, which cancels the start. */
export const ESTADOS_ETAPA = ['pendiente', 'en_proceso', 'suspendido', 'completado'] as const;
export type EstadoEtapa = (typeof ESTADOS_ETAPA)[number];

/** Every transition of a stage, one row each in produccion_etapa_evento (with user and time). */
export const EVENTOS_ETAPA = ['iniciar', 'parar', 'continuar', 'finalizar', 'anular'] as const;
export type EventoEtapa = (typeof EVENTOS_ETAPA)[number];

/**
 * The stage life cycle (spec 002 §4): the state a transition leads to from each state, or absent when refused.
 * `continuar` is Iniciar etapa on a suspended stage (the button reads Continuar).
 */
export const TRANSICIONES_ETAPA: Record<EstadoEtapa, Partial<Record<EventoEtapa, EstadoEtapa>>> = {
  pendiente: { iniciar: 'en_proceso' },
  en_proceso: { parar: 'suspendido', finalizar: 'completado', anular: 'pendiente' },
  suspendido: { continuar: 'en_proceso', anular: 'pendiente' },
  completado: {},
};

/** The state after `evento` from `estado`, or null when the life cycle refuses it. */
export function transicionEtapa(estado: EstadoEtapa, evento: EventoEtapa): EstadoEtapa | null {
  return TRANSICIONES_ETAPA[estado][evento] ?? null;
}

/** spec 002 §2.17: the OP's status badge. */
export type EstadoOrdenProduccion = 'Pendiente' | 'En proceso' | 'Finalizado';
export function estadoOrdenProduccion(op: { completado: boolean; fecha_inicio_produccion: Date | string | null }): EstadoOrdenProduccion {
  if (op.completado) return 'Finalizado';
  return op.fecha_inicio_produccion === null ? 'Pendiente' : 'En proceso';
}

/** A required id in a body: a positive integer (number or its text), with the field's message. */
function idRequerido(mensaje: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje));
}
function idOpcional(mensaje: string) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje).nullable(),
  );
}
const bandera = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false);

/** Start no later than end (spec 002 §5 Production: start max = end). */
function conRango<T extends z.ZodType<{ fecha_inicial: string | null; fecha_final: string | null }>>(esquema: T) {
  return esquema.refine((d) => d.fecha_inicial === null || d.fecha_final === null || d.fecha_inicial <= d.fecha_final, {
    message: MENSAJES_PRODUCCION.rangoFechas,
    path: ['fecha_inicial'],
  });
}

/** POST produccion/generar-orden. */
export const generarOrdenSchema = z.object({ venta_id: idRequerido(MENSAJES_PRODUCCION.venta) });

/** POST produccion/orden-etapa?page (the preparation list): etapa_inicial true keeps the OPs whose material is not prepared. */
export const ordenEtapaConsultaSchema = z.object({ page: paginaConsultaSchema, per_page: tamanoPaginaSchema });
export const ordenEtapaFiltroSchema = conRango(
  z.object({
    venta_id: idOpcional(MENSAJES_PRODUCCION.venta),
    fecha_inicial: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    fecha_final: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    etapa_inicial: bandera,
  }),
);
export type OrdenEtapaFiltro = z.output<typeof ordenEtapaFiltroSchema>;

/** POST produccion/proceso-etapa-orden: Preparar material (no etapa_id: the first stage becomes the OP's current process). */
export const procesoEtapaOrdenSchema = z.object({
  orden_produccion_id: idRequerido(MENSAJES_PRODUCCION.orden),
  etapa_id: idOpcional(MENSAJES_PRODUCCION.etapa),
});

/** POST produccion/panel-control. */
export const panelControlSchema = conRango(
  z.object({
    venta_id: idOpcional(MENSAJES_PRODUCCION.venta),
    produccion_id: idOpcional(MENSAJES_PRODUCCION.orden),
    fecha_inicial: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    fecha_final: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    cliente_id: idOpcional('Debe seleccionar un cliente'),
  }),
);
export type PanelControlFiltro = z.output<typeof panelControlSchema>;

/** POST produccion/etapas-por-servicio: {maquina_id, servicio, etapas_pendientes: true} or {operario_id, etapas_proceso: true}. */
export const etapasPorServicioSchema = z
  .object({
    maquina_id: idOpcional(MENSAJES_PRODUCCION.maquina),
    servicio: idOpcional(MENSAJES_PRODUCCION.servicio),
    operario_id: idOpcional(MENSAJES_PRODUCCION.operario),
    etapas_pendientes: bandera,
    etapas_proceso: bandera,
  })
  .superRefine((d, ctx) => {
    if (d.etapas_proceso) {
      if (d.operario_id === null) ctx.addIssue({ code: 'custom', path: ['operario_id'], message: MENSAJES_PRODUCCION.operario });
    } else if (d.servicio === null) {
      ctx.addIssue({ code: 'custom', path: ['servicio'], message: MENSAJES_PRODUCCION.servicio });
    }
  });
export type EtapasPorServicioFiltro = z.output<typeof etapasPorServicioSchema>;

/** POST produccion/iniciar-etapa (also Continuar on a suspended stage). */
export const iniciarEtapaSchema = z.object({
  orden_etapa_id: idRequerido(MENSAJES_PRODUCCION.etapa),
  maquina_id: idRequerido(MENSAJES_PRODUCCION.maquina),
  operario_id: idRequerido(MENSAJES_PRODUCCION.operario),
});
export type IniciarEtapa = z.output<typeof iniciarEtapaSchema>;

/**
 * POST produccion/parar-finalizar-etapa: with motivo_suspension_id it stops (Parar), without it finishes (Finalizar
 * etapa). `accion` ('parar' | 'finalizar', optional) says which explicitly: 'parar' without a reason is refused with
 * the spec's message.
 */
export const pararFinalizarEtapaSchema = z
  .object({
    produccion_etapa_id: idRequerido(MENSAJES_PRODUCCION.etapa),
    motivo_suspension_id: idOpcional(MENSAJES_PRODUCCION.motivo),
    accion: z.enum(['parar', 'finalizar']).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.accion === 'parar' && d.motivo_suspension_id === null) {
      ctx.addIssue({ code: 'custom', path: ['motivo_suspension_id'], message: MENSAJES_PRODUCCION.motivo });
    }
    if (d.accion === 'finalizar' && d.motivo_suspension_id !== null) {
      ctx.addIssue({ code: 'custom', path: ['motivo_suspension_id'], message: 'Una etapa que finaliza no lleva motivo de suspensión' });
    }
  });
export type PararFinalizarEtapa = z.output<typeof pararFinalizarEtapaSchema>;

/** POST produccion/prioridad. */
export const prioridadSchema = z.object({ id: idRequerido(MENSAJES_PRODUCCION.orden) });
/** POST produccion/anular-etapa. */
export const anularEtapaSchema = z.object({ produccion_etapa_id: idRequerido(MENSAJES_PRODUCCION.etapa) });

export const tipoMotivoSuspensionSchema = z.object({ id: z.number().int(), nombre_tipo_motivo_suspension_produccion: z.string() });
export type TipoMotivoSuspension = z.output<typeof tipoMotivoSuspensionSchema>;

export * from './indicadores.schema';
