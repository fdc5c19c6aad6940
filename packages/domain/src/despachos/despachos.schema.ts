import { z } from 'zod';
import { fechaOpcional } from '../fechas/fechas';
import { ID_MAXIMO, idRutaSchema, paginaConsultaSchema } from '../limites';
import { paginaSchema } from '../paginacion';
import { instanteSchema, type EnJson } from '../respuestas';

/**
 * Dispatch (spec 001 "Dispatches screen", "Public dispatch board", §4, §5, §7 despachos; docs/decisions-despachos.md;
 * docs/decisions-despachos.md): a ready sale gets a turn per store and day; a dispatcher calls it and dispatches it
 * with a messenger; the public board of the store shows the upcoming turns and those in process.
 */

/** spec 001 §5 Dispatch, §8 and the texts the server and the screens share. */
export const MENSAJES_DESPACHOS = {
  mensajeroObservacion: 'Debe seleccionar un mensajero y una observación',
  venta: 'Debe ingresar un número de venta válido',
  cliente: 'Debe seleccionar un cliente',
  fecha: 'Debe ingresar una fecha válida',
  rangoFechas: 'La fecha inicial no puede ser mayor a la fecha final',
  modo: 'Debe seleccionar pendientes o despachados',
  usuario: 'Debe indicar el usuario que despacha',
  tienda: 'Debe indicar el código de la tienda',
  observacionLarga: 'La observación no puede superar 500 caracteres',
  sinResultados: 'No se encontraron ventas con los filtros ingresados',
  despachada: 'Despacho realizado correctamente',
  pasada: 'La venta pasó a despacho',
} as const;

/** Longest dispatch observation kept (column varchar(500)). */
export const OBSERVACION_DESPACHO_MAXIMO = 500;
/** Turns per column of the public board (docs/decisions-despachos.md: no scrolling for up to 12 each). */
export const TURNOS_POR_PAGINA_PUBLICA = 12;

export const ESTADOS_TURNO = ['en_cola', 'en_proceso', 'despachado', 'retirado'] as const;
export type EstadoTurno = (typeof ESTADOS_TURNO)[number];
export const EVENTOS_TURNO = ['crear', 'llamar', 'despachar', 'retirar'] as const;
export type EventoTurno = (typeof EVENTOS_TURNO)[number];
/** How a sale reached the queue: billed without OP, its OP finished, or by hand ('Pasar a despacho'). */
export const ORIGENES_TURNO = ['facturacion', 'produccion', 'manual'] as const;
export type OrigenTurno = (typeof ORIGENES_TURNO)[number];

/**
 * A required id in a body (dispatch and production): a positive integer, or its text as Number() reads it; blank or
 * null is missing. With the field's message.
 */
export function idCoercidoRequerido(mensaje: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje));
}
/** An optional id in a body (dispatch and production): as idCoercidoRequerido; blank, null or absent is null. */
export function idCoercidoOpcional(mensaje: string) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje).nullable(),
  );
}

/**
 * POST despachos/turnos (spec 001 §7, §9): pendientes (turns waiting or in process, by turn date) or despachados (by
 * dispatch date); dates default to today in Bogotá (the server fills a missing one), start no later than end.
 */
export const despachosFiltroSchema = z
  .object({
    venta_id: idCoercidoOpcional(MENSAJES_DESPACHOS.venta),
    modo_consulta: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'pendientes' : v), z.enum(['pendientes', 'despachados'], { error: MENSAJES_DESPACHOS.modo })),
    fecha_inicial: fechaOpcional(MENSAJES_DESPACHOS.fecha),
    fecha_final: fechaOpcional(MENSAJES_DESPACHOS.fecha),
    cliente_id: idCoercidoOpcional(MENSAJES_DESPACHOS.cliente),
  })
  .refine((d) => d.fecha_inicial === null || d.fecha_final === null || d.fecha_inicial <= d.fecha_final, {
    message: MENSAJES_DESPACHOS.rangoFechas,
    path: ['fecha_inicial'],
  });
export type DespachosFiltro = z.output<typeof despachosFiltroSchema>;

/** GET despachos/turnos/{ventaId}/{userId}/venta: the path. */
export const llamarTurnoParamsSchema = z.object({ ventaId: idRutaSchema, userId: idRutaSchema });
/** GET despachos/venta/{ventaId}: the path. */
export const despachoVentaParamsSchema = z.object({ ventaId: idRutaSchema });

/** POST despachos/guardar (spec 001 §3 Dispatch save payload, §5 Dispatch: messenger and observation both required). */
export const guardarDespachoSchema = z.object({
  venta_id: idCoercidoRequerido(MENSAJES_DESPACHOS.venta),
  usuario_id: idCoercidoOpcional(MENSAJES_DESPACHOS.usuario),
  mensajero_id: idCoercidoRequerido(MENSAJES_DESPACHOS.mensajeroObservacion),
  observacion_despacho: z
    .string({ error: MENSAJES_DESPACHOS.mensajeroObservacion })
    .trim()
    .min(1, MENSAJES_DESPACHOS.mensajeroObservacion)
    .max(OBSERVACION_DESPACHO_MAXIMO, MENSAJES_DESPACHOS.observacionLarga),
});
export type GuardarDespacho = z.output<typeof guardarDespachoSchema>;

/** POST despachos/pasar ('Pasar a despacho', spec 000 §2.7). */
export const pasarDespachoSchema = z.object({ venta_id: idCoercidoRequerido(MENSAJES_DESPACHOS.venta) });

/** GET public/despachos/turnos?codigo_tienda&page&paginacion (no token). */
export const turnosPublicosConsultaSchema = z.object({
  codigo_tienda: z.string({ error: MENSAJES_DESPACHOS.tienda }).trim().min(1, MENSAJES_DESPACHOS.tienda).max(10, MENSAJES_DESPACHOS.tienda),
  page: paginaConsultaSchema,
  /** Accepted as the spec's client sends it; the board's page size is fixed (TURNOS_POR_PAGINA_PUBLICA). */
  paginacion: z.unknown().optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers (docs/architecture.md §4): each schema lists its fields in the order the server answers them; the types
// named after them are what the JSON holds (EnJson: instants as ISO text).

/** A row of POST despachos/turnos (spec 001 §3 Dispatch turn/sale, plus the turn's state and times). */
export const turnoDespachoSchema = z.object({
  /** The sale's id (the spec's "id" of a dispatch row is the sale number). */
  id: z.number().int(),
  turno_id: z.number().int(),
  numero_turno: z.number().int(),
  estado: z.enum(ESTADOS_TURNO),
  /** The business date of the turn, 'YYYY-MM-DD'. */
  fecha_turno: z.string(),
  fecha_creacion: instanteSchema,
  fecha_finaliza_produccion: instanteSchema.nullable(),
  fecha_llamado: instanteSchema.nullable(),
  fecha_despacho: instanteSchema.nullable(),
  nombre_despachador: z.string().nullable(),
  nombre_mensajero: z.string().nullable(),
  observacion_despacho: z.string().nullable(),
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
  nombre_vendedor: z.string(),
  /** From the turn's creation to its call (or to now while it waits). */
  tiempo_espera_segundos: z.number().int(),
});
export type TurnoDespacho = EnJson<z.infer<typeof turnoDespachoSchema>>;

/** POST despachos/turnos: the page and the store's average wait of the day (null when no turn was called today). */
export const turnosDespachoSchema = z.object({
  despachos_turnos: paginaSchema(turnoDespachoSchema),
  tiempo_espera_promedio_segundos: z.number().int().nullable(),
});
export type TurnosDespacho = EnJson<z.infer<typeof turnosDespachoSchema>>;

/** The sale as the dispatch dialog shows it (spec 001 §3 "Sale header for the detail"). */
export const ventaDespachoSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  fecha_venta: instanteSchema,
  estado_venta_id: z.number().int(),
  nombre_estado_venta: z.string(),
  tipo_pago_id: z.number().int(),
  nombre_tipo_pago: z.string(),
  /** numeric: its text, as PostgreSQL writes it ('125000.00'). */
  total_venta_bruta: z.string(),
  observacion_venta: z.string().nullable(),
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
  nombre_vendedor: z.string(),
});
export type VentaDespacho = EnJson<z.infer<typeof ventaDespachoSchema>>;

/** A line of the sale in the dispatch dialog: reference, name, quantity, total and the cut plan. */
export const lineaVentaDespachoSchema = z.object({
  item: z.number().int(),
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  /** numeric: its text. */
  cantidad_vendida: z.string(),
  /** numeric: its text. */
  valor_total: z.string(),
  /** The line's cut plan as Lepton answered it (any JSON), null without one. */
  response_lepton: z.unknown(),
});
export type LineaVentaDespacho = EnJson<z.infer<typeof lineaVentaDespachoSchema>>;

/** The sale's latest turn in the dispatch dialog: its state, who called it, which messenger took it. */
export const turnoDeVentaSchema = z.object({
  turno_id: z.number().int(),
  numero_turno: z.number().int(),
  estado: z.enum(ESTADOS_TURNO),
  fecha_creacion: instanteSchema,
  fecha_llamado: instanteSchema.nullable(),
  fecha_despacho: instanteSchema.nullable(),
  observacion_despacho: z.string().nullable(),
  nombre_despachador: z.string().nullable(),
  nombre_mensajero: z.string().nullable(),
});
export type TurnoDeVenta = EnJson<z.infer<typeof turnoDeVentaSchema>>;

/** GET despachos/venta/{id} and GET despachos/turnos/{ventaId}/{userId}/venta: the sale, its lines and its latest turn. */
export const detalleDespachoSchema = z.object({
  venta: ventaDespachoSchema,
  detalle_venta: z.array(lineaVentaDespachoSchema),
  turno: turnoDeVentaSchema.nullable(),
});
export type DetalleDespacho = EnJson<z.infer<typeof detalleDespachoSchema>>;

/** POST despachos/pasar: data.turno, the sale's new turn. */
export const despachoPasadoSchema = z.object({ turno: z.object({ turno_id: z.number().int(), numero_turno: z.number().int() }) });

/** A turn of the public board: only what a customer in the shop may see. */
export const turnoPublicoProximoSchema = z.object({
  numero_turno: z.number().int(),
  venta_id: z.number().int(),
  /** First name and the first surname's initial ('María G.'). */
  cliente: z.string(),
});
export type TurnoPublicoProximo = z.infer<typeof turnoPublicoProximoSchema>;
export const turnoPublicoEnProcesoSchema = turnoPublicoProximoSchema.extend({
  /** The dispatcher's first name. */
  despachador: z.string(),
});
export type TurnoPublicoEnProceso = z.infer<typeof turnoPublicoEnProcesoSchema>;

/** GET public/despachos/turnos: the store's name and one page of each column. */
export const tableroPublicoDespachosSchema = z.object({
  tienda: z.string(),
  proximos: z.array(turnoPublicoProximoSchema),
  en_proceso: z.array(turnoPublicoEnProcesoSchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type TableroPublicoDespachos = z.infer<typeof tableroPublicoDespachosSchema>;

/** 'María Fernanda', 'Gómez Ruiz' → 'María G.': the public board never shows a full name. */
export function nombreCorto(nombres: string | null | undefined, apellidos?: string | null): string {
  const nombre = (nombres ?? '').trim().split(/\s+/)[0] ?? '';
  const inicial = (apellidos ?? '').trim().charAt(0);
  return inicial ? `${nombre} ${inicial.toUpperCase()}.`.trim() : nombre;
}
