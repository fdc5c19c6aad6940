import { z } from 'zod';
import { retalesDescartadosSchema } from '../retales/retales.schema';
import { idCoercidoOpcional, idCoercidoRequerido } from '../despachos/despachos.schema';
import { fechaOpcional, fechaRequerida } from '../fechas/fechas';
import { paginaSchema } from '../paginacion';
import { instanteSchema, type EnJson } from '../respuestas';
import { filaPagoRegistradaSchema } from '../ventas/facturacion.schema';
import { clienteVendedorFilaVentaSchema, estadoFilaVentaSchema, totalesFilaVentaSchema } from '../ventas/venta.schema';

/**
 * Production (spec 002 §2.15–2.18, §3, §4, §7 Production; docs/decisions-produccion.md): one production
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
  // spec 002 §2.16 repeats Crear OP's toast here; it told the operator an OP was generated when the material was
  // prepared (docs/decisions-produccion.md, "Los avisos de producción").
  materialPreparado: 'Material preparado',
  etapaIniciada: 'Etapa iniciada',
  /** Continuar on a suspended stage (the spec names no toast for it). */
  etapaReanudada: 'Etapa reanudada',
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

const bandera = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false);

/** Start no later than end (spec 002 §5 Production: start max = end). */
function conRango<T extends z.ZodType<{ fecha_inicial: string | null; fecha_final: string | null }>>(esquema: T) {
  return esquema.refine((d) => d.fecha_inicial === null || d.fecha_final === null || d.fecha_inicial <= d.fecha_final, {
    message: MENSAJES_PRODUCCION.rangoFechas,
    path: ['fecha_inicial'],
  });
}

/** POST produccion/generar-orden. */
export const generarOrdenSchema = z.object({ venta_id: idCoercidoRequerido(MENSAJES_PRODUCCION.venta) });

export const ordenEtapaFiltroSchema = conRango(
  z.object({
    venta_id: idCoercidoOpcional(MENSAJES_PRODUCCION.venta),
    fecha_inicial: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    fecha_final: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    etapa_inicial: bandera,
  }),
);
export type OrdenEtapaFiltro = z.output<typeof ordenEtapaFiltroSchema>;

/** POST produccion/ventas (spec 002 §7 Sales list): both dates required, start no later than end; the state 1 or 2. */
export const ventasProduccionSchema = conRango(
  z.object({
    venta_id: idCoercidoOpcional(MENSAJES_PRODUCCION.venta),
    fecha_inicial: fechaRequerida(MENSAJES_PRODUCCION.fecha),
    fecha_final: fechaRequerida(MENSAJES_PRODUCCION.fecha),
    estado_venta_id: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.union([z.literal(1), z.literal(2)], { error: 'Debe seleccionar un estado de venta' }),
    ),
    proceso_produccion: bandera,
    cliente_id: idCoercidoOpcional('Debe seleccionar un cliente'),
  }),
);
export type VentasProduccionFiltro = z.output<typeof ventasProduccionSchema>;

/** POST produccion/proceso-etapa-orden: Preparar material (no etapa_id: the first stage becomes the OP's current process). */
export const procesoEtapaOrdenSchema = z.object({
  orden_produccion_id: idCoercidoRequerido(MENSAJES_PRODUCCION.orden),
  etapa_id: idCoercidoOpcional(MENSAJES_PRODUCCION.etapa),
});

/** POST produccion/panel-control. */
export const panelControlSchema = conRango(
  z.object({
    venta_id: idCoercidoOpcional(MENSAJES_PRODUCCION.venta),
    produccion_id: idCoercidoOpcional(MENSAJES_PRODUCCION.orden),
    fecha_inicial: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    fecha_final: fechaOpcional(MENSAJES_PRODUCCION.fecha),
    cliente_id: idCoercidoOpcional('Debe seleccionar un cliente'),
  }),
);
export type PanelControlFiltro = z.output<typeof panelControlSchema>;

/** POST produccion/etapas-por-servicio: {maquina_id, servicio, etapas_pendientes: true} or {operario_id, etapas_proceso: true}. */
export const etapasPorServicioSchema = z
  .object({
    maquina_id: idCoercidoOpcional(MENSAJES_PRODUCCION.maquina),
    servicio: idCoercidoOpcional(MENSAJES_PRODUCCION.servicio),
    operario_id: idCoercidoOpcional(MENSAJES_PRODUCCION.operario),
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
  orden_etapa_id: idCoercidoRequerido(MENSAJES_PRODUCCION.etapa),
  maquina_id: idCoercidoRequerido(MENSAJES_PRODUCCION.maquina),
  operario_id: idCoercidoRequerido(MENSAJES_PRODUCCION.operario),
});
export type IniciarEtapa = z.output<typeof iniciarEtapaSchema>;

/**
 * POST produccion/parar-finalizar-etapa: with motivo_suspension_id it stops (Parar), without it finishes (Finalizar
 * etapa). `accion` ('parar' | 'finalizar', optional) says which explicitly: 'parar' without a reason is refused with
 * the spec's message.
 */
export const pararFinalizarEtapaSchema = z
  .object({
    produccion_etapa_id: idCoercidoRequerido(MENSAJES_PRODUCCION.etapa),
    motivo_suspension_id: idCoercidoOpcional(MENSAJES_PRODUCCION.motivo),
    accion: z.enum(['parar', 'finalizar']).optional(),
    /**
     * Finishing a Corte stage: the leftovers (their `clave`, GET retales/venta/:id) the operator does not keep because
     * they came out damaged; every other leftover of the sale's plans becomes a kept offcut (docs/decisions-retales.md).
     */
    retales_descartados: retalesDescartadosSchema,
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
export const prioridadSchema = z.object({ id: idCoercidoRequerido(MENSAJES_PRODUCCION.orden) });
/** POST produccion/anular-etapa. */
export const anularEtapaSchema = z.object({ produccion_etapa_id: idCoercidoRequerido(MENSAJES_PRODUCCION.etapa) });

export const tipoMotivoSuspensionSchema = z.object({ id: z.number().int(), nombre_tipo_motivo_suspension_produccion: z.string() });
export type TipoMotivoSuspension = z.output<typeof tipoMotivoSuspensionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers (docs/architecture.md §4): each schema lists its fields in the order the server answers them. The types
// named after them are what the JSON holds (EnJson: instants as ISO text), which the screens and the live event read.

/** One OP as a row of orden-etapa and panel-control (spec 002 §2.16, §2.17): the OP, its sale's customer and sold quantity. */
export const ordenProduccionSchema = z.object({
  id: z.number().int(),
  venta_id: z.number().int(),
  codigo_tienda: z.string(),
  cliente_id: z.number().int(),
  fecha_venta: instanteSchema,
  fecha_inserta: instanteSchema,
  fecha_actualiza: instanteSchema,
  fecha_material_preparado: instanteSchema.nullable(),
  fecha_inicio_produccion: instanteSchema.nullable(),
  fecha_finaliza_produccion: instanteSchema.nullable(),
  prioritario: z.boolean(),
  completado: z.boolean(),
  /** Whether one of its stages is suspended. */
  suspendido: z.boolean(),
  /** The stage the floor may work now: null until Preparar material, and once complete. */
  proceso_vigente: z.number().int().nullable(),
  /** The plan link of the sale's first line with a cut plan (its `url_planos`); null without one. */
  link_planos_lepton: z.string().nullable(),
  /** The quantity of the sale's product lines (not its services). */
  cantidad_vendida: z.number(),
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
});
export type OrdenProduccion = EnJson<z.infer<typeof ordenProduccionSchema>>;

/** One OP as a row of panel-control, with its status badge (spec 002 §2.17). */
export const ordenProduccionPanelSchema = ordenProduccionSchema.extend({ estado_orden: z.enum(['Pendiente', 'En proceso', 'Finalizado']) });
export type OrdenProduccionPanel = EnJson<z.infer<typeof ordenProduccionPanelSchema>>;

/** A line of the OP's sale (productos_ventas, lista_productos_servicios): its products and services. */
export const productoVentaProduccionSchema = z.object({
  venta_id: z.number().int(),
  item: z.number().int(),
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  cantidad: z.number(),
  grupo_servicio_id: z.number().int().nullable(),
  item_padre: z.number().int().nullable(),
  con_plano: z.boolean(),
  /** The line's cut plan link (`url_planos` of its plan, as the sale detail shows it); null without a plan. */
  link_planos_lepton: z.string().nullable(),
  /**
   * The product's measure type by name ('Lámina', 'Metro lineal', 'Servicio'), the unit of `cantidad`; null when the
   * product has none. Quantities are summed per unit, never across (docs/decisions-produccion.md, "Una unidad por cifra").
   */
  unidad: z.string().nullable(),
});
export type ProductoVentaProduccion = EnJson<z.infer<typeof productoVentaProduccionSchema>>;

/** A stage of an OP with every field of spec 002 §2.17 (panel-control, etapas-por-servicio, a transition's answer). */
export const etapaProduccionSchema = z.object({
  id: z.number().int(),
  produccion_venta_id: z.number().int(),
  venta_id: z.number().int(),
  numero_etapa: z.number().int(),
  grupo_servicio_id: z.number().int(),
  nombre_grupo_servicio: z.string(),
  estado_etapa: z.enum(ESTADOS_ETAPA),
  completado: z.boolean(),
  suspendido: z.boolean(),
  prioritario: z.boolean(),
  fecha_inicio_produccion: instanteSchema.nullable(),
  fecha_finaliza_produccion: instanteSchema.nullable(),
  fecha_actualiza: instanteSchema,
  fecha_suspension: instanteSchema.nullable(),
  motivo_suspension_id: z.number().int().nullable(),
  nombre_tipo_motivo_suspension_produccion: z.string().nullable(),
  operario_id: z.number().int().nullable(),
  nombres_operario: z.string().nullable(),
  apellidos_operario: z.string().nullable(),
  maquina_id: z.number().int().nullable(),
  referencia_maquina: z.string().nullable(),
  nombre_maquina: z.string().nullable(),
  /** Seconds in process since its last start after an annulment, without suspensions. */
  tiempo_trabajado_segundos: z.number(),
  /** Seconds in suspension, the same way. */
  tiempo_suspendido_segundos: z.number(),
  /**
   * Seconds the stage waited for an operator: from the moment it could be worked (material prepared for the first
   * stage, the previous stage finished for the others, or its last annulment) to its first start after that, or to
   * now while nobody has started it; 0 while it cannot be worked yet.
   */
  tiempo_espera_segundos: z.number(),
});
export type EtapaProduccion = EnJson<z.infer<typeof etapaProduccionSchema>>;

/** POST produccion/generar-orden: data.orden_produccion, the new OP's id. */
export const ordenGeneradaSchema = z.object({ orden_produccion: z.object({ id: z.number().int() }) });

/** POST produccion/orden-etapa: a page of OPs with the lines of their sales. */
export const ordenesEtapaSchema = z.object({
  ordenes_produccion: paginaSchema(ordenProduccionSchema),
  productos_ventas: z.array(productoVentaProduccionSchema),
});
export type OrdenesEtapa = EnJson<z.infer<typeof ordenesEtapaSchema>>;

/** One sale of POST produccion/ventas (spec 002 §3 Sale (production listing)), with whether it has its OP. */
export const ventaProduccionSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  cliente_id: z.number().int(),
  fecha_venta: instanteSchema,
  nombre_tienda: z.string(),
  ...clienteVendedorFilaVentaSchema.shape,
  fecha_factura_dian: instanteSchema.nullable(),
  permite_fe: z.boolean(),
  ...totalesFilaVentaSchema.shape,
  valor_venta_cambio_favor: z.number(),
  ...estadoFilaVentaSchema.shape,
  formas_pagos: z.array(filaPagoRegistradaSchema),
  tiene_orden_produccion: z.boolean(),
});
export type VentaProduccion = EnJson<z.infer<typeof ventaProduccionSchema>>;

/** POST produccion/ventas: data.ventas, a page of sales. */
export const ventasProduccionPaginaSchema = z.object({ ventas: paginaSchema(ventaProduccionSchema) });

/** The five counters of the panel (spec 002 §2.17). */
export const totalesPanelSchema = z.object({
  total_op: z.number().int(),
  total_ov: z.number().int(),
  total_pendientes: z.number().int(),
  total_proceso: z.number().int(),
  total_finalizados: z.number().int(),
});
export type TotalesPanel = z.infer<typeof totalesPanelSchema>;

/** POST produccion/panel-control: every OP of the filter with its sale's lines, its stages and the counters. */
export const panelProduccionSchema = z.object({
  ordenes_produccion: z.array(ordenProduccionPanelSchema),
  productos_ventas: z.array(productoVentaProduccionSchema),
  ordenes_produccion_etapas: z.array(etapaProduccionSchema),
  totales: totalesPanelSchema,
});
export type PanelProduccion = EnJson<z.infer<typeof panelProduccionSchema>>;

/**
 * A machine of the service that runs a stage now (any store: machines are shared), so the machine cards say which
 * stage holds it instead of "Disponible" (docs/decisions-produccion.md, "Máquinas ocupadas").
 */
export const maquinaOcupadaSchema = z.object({
  maquina_id: z.number().int(),
  produccion_etapa_id: z.number().int(),
  produccion_venta_id: z.number().int(),
  codigo_tienda: z.string(),
  nombre_grupo_servicio: z.string(),
  nombres_operario: z.string().nullable(),
  apellidos_operario: z.string().nullable(),
});
export type MaquinaOcupada = z.infer<typeof maquinaOcupadaSchema>;

/**
 * POST produccion/etapas-por-servicio: the stages with the lines of their sales; with etapas_pendientes, also the
 * service's machines busy now (empty for etapas_proceso).
 */
export const etapasPorServicioRespuestaSchema = z.object({
  ordenes_produccion_etapas: z.array(etapaProduccionSchema),
  lista_productos_servicios: z.array(productoVentaProduccionSchema),
  maquinas_ocupadas: z.array(maquinaOcupadaSchema),
});
export type EtapasPorServicio = EnJson<z.infer<typeof etapasPorServicioRespuestaSchema>>;

/** The answer of a stage's transition (iniciar, parar / finalizar, anular): data.orden_produccion_etapa. */
export const etapaCambiadaSchema = z.object({ orden_produccion_etapa: etapaProduccionSchema });

export * from './indicadores.schema';

/** GET produccion/tipos-motivos-suspension. */
export const tiposMotivosSuspensionRespuestaSchema = z.object({ tipos_motivos_suspension: z.array(tipoMotivoSuspensionSchema) });
