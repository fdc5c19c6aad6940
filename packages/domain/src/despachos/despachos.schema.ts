import { z } from 'zod';
import { fechaOpcional } from '../fechas/fechas';
import { ID_MAXIMO, idRutaSchema, paginaConsultaSchema } from '../limites';
import { tamanoPaginaSchema } from '../paginacion';

/**
 * Dispatch (spec 001 "Dispatches screen", "Public dispatch board", §4, §5, §7 despachos; issue 20;
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
/** Turns per column of the public board (issue 20 item 3: no scrolling for up to 12 each). */
export const TURNOS_POR_PAGINA_PUBLICA = 12;

export const ESTADOS_TURNO = ['en_cola', 'en_proceso', 'despachado', 'retirado'] as const;
export type EstadoTurno = (typeof ESTADOS_TURNO)[number];
export const EVENTOS_TURNO = ['crear', 'llamar', 'despachar', 'retirar'] as const;
export type EventoTurno = (typeof EVENTOS_TURNO)[number];
/** How a sale reached the queue: billed without OP, its OP finished, or by hand ('Pasar a despacho'). */
export const ORIGENES_TURNO = ['facturacion', 'produccion', 'manual'] as const;
export type OrigenTurno = (typeof ORIGENES_TURNO)[number];

function idRequerido(mensaje: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje));
}
function idOpcional(mensaje: string) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje).nullable(),
  );
}

/** POST despachos/turnos?page&per_page: the query. */
export const despachosConsultaSchema = z.object({ page: paginaConsultaSchema, per_page: tamanoPaginaSchema });

/**
 * POST despachos/turnos (spec 001 §7, §9): pendientes (turns waiting or in process, by turn date) or despachados (by
 * dispatch date); dates default to today in Bogotá (the server fills a missing one), start no later than end.
 */
export const despachosFiltroSchema = z
  .object({
    venta_id: idOpcional(MENSAJES_DESPACHOS.venta),
    modo_consulta: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'pendientes' : v), z.enum(['pendientes', 'despachados'], { error: MENSAJES_DESPACHOS.modo })),
    fecha_inicial: fechaOpcional(MENSAJES_DESPACHOS.fecha),
    fecha_final: fechaOpcional(MENSAJES_DESPACHOS.fecha),
    cliente_id: idOpcional(MENSAJES_DESPACHOS.cliente),
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
  venta_id: idRequerido(MENSAJES_DESPACHOS.venta),
  usuario_id: idOpcional(MENSAJES_DESPACHOS.usuario),
  mensajero_id: idRequerido(MENSAJES_DESPACHOS.mensajeroObservacion),
  observacion_despacho: z
    .string({ error: MENSAJES_DESPACHOS.mensajeroObservacion })
    .trim()
    .min(1, MENSAJES_DESPACHOS.mensajeroObservacion)
    .max(OBSERVACION_DESPACHO_MAXIMO, MENSAJES_DESPACHOS.observacionLarga),
});
export type GuardarDespacho = z.output<typeof guardarDespachoSchema>;

/** POST despachos/pasar ('Pasar a despacho', spec 000 §2.7). */
export const pasarDespachoSchema = z.object({ venta_id: idRequerido(MENSAJES_DESPACHOS.venta) });

/** GET public/despachos/turnos?codigo_tienda&page&paginacion (no token). */
export const turnosPublicosConsultaSchema = z.object({
  codigo_tienda: z.string({ error: MENSAJES_DESPACHOS.tienda }).trim().min(1, MENSAJES_DESPACHOS.tienda).max(10, MENSAJES_DESPACHOS.tienda),
  page: paginaConsultaSchema,
  /** Accepted as the spec's client sends it; the board's page size is fixed (TURNOS_POR_PAGINA_PUBLICA). */
  paginacion: z.unknown().optional(),
});

/** A row of POST despachos/turnos (spec 001 §3 Dispatch turn/sale, plus the turn's state and times). */
export interface TurnoDespacho {
  /** The sale's id (the spec's "id" of a dispatch row is the sale number). */
  id: number;
  turno_id: number;
  numero_turno: number;
  estado: EstadoTurno;
  fecha_turno: string;
  fecha_creacion: string;
  fecha_finaliza_produccion: string | null;
  fecha_llamado: string | null;
  fecha_despacho: string | null;
  nombre_despachador: string | null;
  nombre_mensajero: string | null;
  observacion_despacho: string | null;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
  nombre_vendedor: string;
  /** From the turn's creation to its call (or to now while it waits). */
  tiempo_espera_segundos: number;
}

/** A turn of the public board: only what a customer in the shop may see. */
export interface TurnoPublicoProximo {
  numero_turno: number;
  venta_id: number;
  /** First name and the first surname's initial ('María G.'). */
  cliente: string;
}
export interface TurnoPublicoEnProceso {
  numero_turno: number;
  venta_id: number;
  cliente: string;
  /** The dispatcher's first name. */
  despachador: string;
}
export interface TableroPublicoDespachos {
  tienda: string;
  proximos: TurnoPublicoProximo[];
  en_proceso: TurnoPublicoEnProceso[];
  current_page: number;
  last_page: number;
}

/** 'María Fernanda', 'Gómez Ruiz' → 'María G.': the public board never shows a full name. */
export function nombreCorto(nombres: string | null | undefined, apellidos?: string | null): string {
  const nombre = (nombres ?? '').trim().split(/\s+/)[0] ?? '';
  const inicial = (apellidos ?? '').trim().charAt(0);
  return inicial ? `${nombre} ${inicial.toUpperCase()}.`.trim() : nombre;
}
