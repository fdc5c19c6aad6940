import { z } from 'zod';
import { enteroRequerido, idRequerido, textoOpcional, textoRequerido } from '../campos';
import { listaCerrada } from '../listas';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { instanteSchema } from '../respuestas';

/**
 * The offcut inventory (docs/decisions-retales.md): every reusable leftover a plan leaves becomes a kept offcut of its
 * store, with a code on a label, until a later plan or an offcut sale consumes it or someone discards it. Every change
 * of an offcut is a row of its ledger (`retal_movimiento`).
 */
export const MENSAJES_RETALES = {
  producto: 'Debe seleccionar el material del retal',
  noEsTablero: 'El material del retal debe ser un tablero con medidas',
  medidas: 'Debe ingresar la base y la altura del retal en milímetros enteros',
  ubicacionLarga: 'La ubicación admite hasta 60 caracteres',
  observacionLarga: 'La observación admite hasta 500 caracteres',
  motivo: 'Debe escribir el motivo del descarte',
  motivoLargo: 'El motivo admite hasta 500 caracteres',
  motivoEdicion: 'Debe escribir el motivo del cambio de medidas',
  etiquetas: 'Debe seleccionar al menos un retal para imprimir',
  etiquetasMaximo: 'Se imprimen hasta 200 etiquetas a la vez',
  mes: 'Debe ingresar un mes válido (AAAA-MM)',
  rangoMeses: 'El mes inicial debe ser anterior o igual al final, y el rango de máximo 24 meses',
  retalCreado: 'Retal registrado con éxito',
  retalActualizado: 'Retal actualizado con éxito',
  retalDescartado: 'Retal descartado',
} as const;

/**
 * The smallest offcut kept, mm, on each side (the plan's leftovers and a hand-added offcut alike). The migration
 * writes 200; a missing or unreadable parameter means the same.
 */
export const PARAMETRO_RETAL_LADO_MINIMO = 'RETAL_LADO_MINIMO';
export const RETAL_LADO_MINIMO_POR_DEFECTO = 200;

/** Largest side of an offcut, mm: no board is larger (the product's measures stop at 100 m; an offcut at 10 m). */
export const RETAL_LADO_MAXIMO = 10_000;

/**
 * DISPONIBLE on the rack; RESERVADO for a billed sale whose plan uses it (not yet cut); CONSUMIDO once cut or sold;
 * DESCARTADO with a reason (damaged, thrown away).
 */
export const { claves: ESTADOS_RETAL, nombres: NOMBRES_ESTADO_RETAL } =
  listaCerrada({ DISPONIBLE: 'Disponible', RESERVADO: 'Reservado', CONSUMIDO: 'Consumido', DESCARTADO: 'Descartado' });
export type EstadoRetal = (typeof ESTADOS_RETAL)[number];

/** CORTE: left by a sale's plan when it was cut; MANUAL: added by hand in Bodega. */
export const ORIGENES_RETAL = ['CORTE', 'MANUAL'] as const;
export type OrigenRetal = (typeof ORIGENES_RETAL)[number];

/** The kinds of ledger rows: each moves the offcut from one state (or none, for an ALTA) to the next. */
export const { claves: TIPOS_MOVIMIENTO_RETAL, nombres: NOMBRES_MOVIMIENTO_RETAL } = listaCerrada({
  ALTA_CORTE: 'Guardado del corte',
  ALTA_MANUAL: 'Registrado a mano',
  EDICION: 'Medidas cambiadas',
  RESERVA: 'Reservado por una venta',
  LIBERACION: 'Liberado',
  CONSUMO: 'Consumido',
  DEVOLUCION: 'Devuelto por anulación',
  DESCARTE: 'Descartado',
});
export type TipoMovimientoRetal = (typeof TIPOS_MOVIMIENTO_RETAL)[number];

/**
 * The code on an offcut's label. A plan's leftover has its code before it is cut, so the plan's labels can print it:
 * 'R{plan}-{board}{letter}' (the plan's id, the board's number in the plan, 1-based over every board, and A, B, …
 * for the board's leftovers in the plan's order). A hand-added offcut is 'RM{id}'.
 */
export function codigoRetalDePlan(optimizacionId: number, numeroTablero: number, indice: number): string {
  let letras = '';
  let resto = indice;
  do {
    letras = String.fromCharCode(65 + (resto % 26)) + letras;
    resto = Math.floor(resto / 26) - 1;
  } while (resto >= 0);
  return `R${optimizacionId}-${numeroTablero}${letras}`;
}
export function codigoRetalManual(id: number): string {
  return `RM${id}`;
}

/**
 * Whether a product can be an offcut's material: a board (its group in LISTA_GRUPOS_TABLEROS) with both measures. The
 * Bodega picker and the calculator's 'Desde un retal guardado' offer only these (MENSAJES_RETALES.noEsTablero).
 */
export function esMaterialRetal(
  producto: { grupo_id: number; medida_largo: number | null; medida_ancho: number | null },
  gruposTableros: readonly number[],
): boolean {
  return gruposTableros.includes(producto.grupo_id) && (producto.medida_largo ?? 0) > 0 && (producto.medida_ancho ?? 0) > 0;
}

/** Board area, m², from millimetres. */
export function areaM2(base: number, altura: number): number {
  return (base * altura) / 1_000_000;
}

const lado = enteroRequerido(MENSAJES_RETALES.medidas, { minimo: 1, maximo: RETAL_LADO_MAXIMO });

// ─── Rows ────────────────────────────────────────────────────────────────────────────────────────────────────

export const retalSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  codigo_tienda: z.string(),
  /** The board product it is made of (its material). */
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  base: z.number().int(),
  altura: z.number().int(),
  area_m2: z.number(),
  /** At the material's price per m² (the board's price over its area), pesos. */
  valor: z.number(),
  estado: z.enum(ESTADOS_RETAL),
  origen: z.enum(ORIGENES_RETAL),
  /** The sale whose plan left it (origen CORTE), and the board's number in that plan. */
  venta_origen_id: z.number().int().nullable(),
  numero_tablero: z.number().int().nullable(),
  /** The sale that holds it (RESERVADO) or consumed it (CONSUMIDO). */
  venta_uso_id: z.number().int().nullable(),
  /** Where it lies in the shop ('Estante 3'), free text. */
  ubicacion: z.string().nullable(),
  observacion: z.string().nullable(),
  creado_en: instanteSchema,
  /** Whole days since it was kept. */
  dias: z.number().int(),
});
export type Retal = z.infer<typeof retalSchema>;

export const retalMovimientoSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_MOVIMIENTO_RETAL),
  estado_anterior: z.enum(ESTADOS_RETAL).nullable(),
  estado_nuevo: z.enum(ESTADOS_RETAL),
  base: z.number().int(),
  altura: z.number().int(),
  venta_id: z.number().int().nullable(),
  motivo: z.string().nullable(),
  usuario: z.string(),
  fecha: instanteSchema,
});
export type RetalMovimiento = z.infer<typeof retalMovimientoSchema>;

// ─── GET retales (Bodega → Retales) ──────────────────────────────────────────────────────────────────────────

export const ORDEN_RETALES = ['codigo', 'nombre_producto', 'base', 'altura', 'area_m2', 'valor', 'creado_en'] as const;
export type OrdenRetal = (typeof ORDEN_RETALES)[number];

/**
 * `query` searches the code and the material (reference and name, without accents or case); `base_minima` and
 * `altura_minima` keep offcuts that hold a piece of that size either way round; `estado` defaults to DISPONIBLE
 * (TODOS lists every state). Default order: largest area first.
 */
export const retalesConsultaSchema = consultaListaSchema(ORDEN_RETALES).extend({
  producto_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  base_minima: z.coerce.number({ error: MENSAJES_RETALES.medidas }).int(MENSAJES_RETALES.medidas).min(0, MENSAJES_RETALES.medidas).max(RETAL_LADO_MAXIMO, MENSAJES_RETALES.medidas).optional(),
  altura_minima: z.coerce.number({ error: MENSAJES_RETALES.medidas }).int(MENSAJES_RETALES.medidas).min(0, MENSAJES_RETALES.medidas).max(RETAL_LADO_MAXIMO, MENSAJES_RETALES.medidas).optional(),
  estado: z.enum([...ESTADOS_RETAL, 'TODOS'], { error: 'El estado no es válido' }).default('DISPONIBLE'),
});
export type RetalesConsulta = z.output<typeof retalesConsultaSchema>;
export const retalesRespuestaSchema = z.object({
  retales: paginaSchema(retalSchema),
  /** Over every row the filters match (not only the page): how many, their m² and their value. */
  totales: z.object({ cantidad: z.number().int(), area_m2: z.number(), valor: z.number() }),
  /** RETAL_LADO_MINIMO, for the form's hint. */
  lado_minimo: z.number().int(),
});

/** GET retales/:id → the offcut and its ledger, newest first. */
export const retalDetalleRespuestaSchema = z.object({ retal: retalSchema, movimientos: z.array(retalMovimientoSchema) });

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────────────────────

/** POST retales: an offcut added by hand (Bodega); each side at least RETAL_LADO_MINIMO (422 on base/altura). */
export const retalCrearSchema = z.object({
  producto_id: idRequerido(MENSAJES_RETALES.producto),
  base: lado,
  altura: lado,
  ubicacion: textoOpcional(60, MENSAJES_RETALES.ubicacionLarga).default(null),
  observacion: textoOpcional(500, MENSAJES_RETALES.observacionLarga).default(null),
});
export type RetalCrear = z.output<typeof retalCrearSchema>;
export type RetalCrearEntrada = z.input<typeof retalCrearSchema>;

/** PUT retales/:id: new measures after a re-cut (each side at least the minimum) and where it lies; only a DISPONIBLE one. */
export const retalEditarSchema = z.object({
  base: lado,
  altura: lado,
  ubicacion: textoOpcional(60, MENSAJES_RETALES.ubicacionLarga).default(null),
  motivo: textoRequerido(MENSAJES_RETALES.motivoEdicion, 500, MENSAJES_RETALES.motivoLargo),
});
export type RetalEditar = z.output<typeof retalEditarSchema>;
export type RetalEditarEntrada = z.input<typeof retalEditarSchema>;

/** POST retales/:id/descartar: only a DISPONIBLE one, with its reason. */
export const retalDescartarSchema = z.object({
  motivo: textoRequerido(MENSAJES_RETALES.motivo, 500, MENSAJES_RETALES.motivoLargo),
});
export type RetalDescartar = z.output<typeof retalDescartarSchema>;

/** POST retales/etiquetas {ids} → a signed link to the labels PDF (one label per offcut: code as a QR, material, size). */
export const retalesEtiquetasSchema = z.object({
  ids: z
    .array(idRequerido(MENSAJES_RETALES.etiquetas), { error: MENSAJES_RETALES.etiquetas })
    .min(1, MENSAJES_RETALES.etiquetas)
    .max(200, MENSAJES_RETALES.etiquetasMaximo),
});
export const retalesEtiquetasRespuestaSchema = z.object({ url: z.string() });

// ─── The cutting dialog: the store's offcuts of a material ──────────────────────────────────────────────────

/**
 * GET retales/disponibles?producto_id=&venta_id=: the store's DISPONIBLE offcuts of the board material, largest area
 * first (at most 200), plus the ones the sale being edited already holds. The dialog sends the chosen ones as the
 * plan's `retales` rows with their `retal_id`.
 */
export const retalesDisponiblesConsultaSchema = z.object({
  producto_id: z.coerce.number({ error: MENSAJES_RETALES.producto }).int(MENSAJES_RETALES.producto).positive(MENSAJES_RETALES.producto).max(2_147_483_647, MENSAJES_RETALES.producto),
  venta_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const retalesDisponiblesRespuestaSchema = z.object({ retales: z.array(retalSchema) });

/** An inventory offcut a plan uses (the plan's answer and the sale's documents name them). */
export const retalUsadoSchema = z.object({ retal_id: z.number().int(), codigo: z.string(), base: z.number().int(), altura: z.number().int() });
export type RetalUsado = z.infer<typeof retalUsadoSchema>;

// ─── The cut stage: the offcuts a sale's cut leaves ─────────────────────────────────────────────────────────

/**
 * A leftover a sale's plan leaves, as the cut stage lists it. `clave` names it across calls ('{plan}:{board}:{index}');
 * before the cut `retal_id` is null and `estado` PREVISTO; after, the kept offcut's id and state (or DESCARTADO).
 */
export const retalPrevistoSchema = z.object({
  clave: z.string(),
  codigo: z.string(),
  producto_id: z.number().int(),
  nombre_producto: z.string(),
  base: z.number().int(),
  altura: z.number().int(),
  numero_tablero: z.number().int(),
  retal_id: z.number().int().nullable(),
  estado: z.enum(['PREVISTO', ...ESTADOS_RETAL]),
});
export type RetalPrevisto = z.infer<typeof retalPrevistoSchema>;

/** GET retales/venta/:id: what the sale's cut keeps and what it uses. */
export const retalesVentaRespuestaSchema = z.object({
  /** The sale's plans were cut (its Corte stage finished, or it was billed without an OP). */
  cortada: z.boolean(),
  retales: z.array(retalPrevistoSchema),
  /** The inventory offcuts its plans use (RESERVADO before the cut, CONSUMIDO after). */
  usados: z.array(retalSchema),
});

/** The claves the operator discards when finishing the Corte stage (the parar-finalizar-etapa body's `retales_descartados`). */
export const retalesDescartadosSchema = z.array(z.string().trim().min(1).max(40)).max(500).optional();

// ─── Savings report ──────────────────────────────────────────────────────────────────────────────────────────

const mes = z.string({ error: MENSAJES_RETALES.mes }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MENSAJES_RETALES.mes);

/** GET retales/ahorro?desde=AAAA-MM&hasta=AAAA-MM (at most 24 months). */
export const retalesAhorroConsultaSchema = z
  .object({ desde: mes, hasta: mes })
  .refine((d) => {
    const [a1, m1] = d.desde.split('-').map(Number) as [number, number];
    const [a2, m2] = d.hasta.split('-').map(Number) as [number, number];
    const meses = (a2 - a1) * 12 + (m2 - m1);
    return meses >= 0 && meses < 24;
  }, { message: MENSAJES_RETALES.rangoMeses, path: ['hasta'] });
export type RetalesAhorroConsulta = z.output<typeof retalesAhorroConsultaSchema>;

/**
 * One month of what kept offcuts saved, counted when the plans that used them were cut: plans, offcuts used, their
 * m², the new boards those plans did not need (boards the same cut list needs without the offcuts, minus the boards
 * it used) and those boards' value at the material's price.
 */
export const ahorroMesSchema = z.object({
  mes: z.string(),
  planes: z.number().int(),
  retales_usados: z.number().int(),
  area_m2: z.number(),
  tableros_ahorrados: z.number().int(),
  valor: z.number(),
});
export const retalesAhorroRespuestaSchema = z.object({
  meses: z.array(ahorroMesSchema),
  total: ahorroMesSchema.omit({ mes: true }),
});
