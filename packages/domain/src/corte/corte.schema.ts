import { z } from 'zod';
import { ID_MAXIMO, MENSAJE_CARACTERES_NO_PERMITIDOS, tieneCaracteresNoPermitidos } from '../limites';
import { retalUsadoSchema } from '../retales/retales.schema';

/** spec 001 §5 "Optimizer" and spec 000 §5 "Cutting": the optimizer's Spanish messages. */
export const MENSAJES_CORTE = {
  valor: 'Debe ingresar un valor',
  pieza: 'Debe agregar al menos una pieza',
  medidas: 'Debe ingresar una cantidad, base y altura',
  /** A number typed against the rule (numeros.ts): its field shows the reader's message; the optimizer waits for it. */
  numeroMalEscrito: 'Corrija los números marcados antes de optimizar',
  retal: 'Debe agregar al menos un retal',
  todos: 'Debe ingresar todos los campos',
  pasoSierra: 'El desperdicio de sierra admite pasos de 0,1 mm',
  servicio: 'Debe seleccionar un lado y cantidad para el servicio',
  ultimoCorte: 'Último corte eliminado por falta de información',
  referenciaRepetida: 'La referencia ya se encuentra agregada',
  maximoCantos: 'El despiece admite máximo 6 cantos',
  canto: 'El canto seleccionado no existe',
  noEsCanto: 'El producto seleccionado no es un canto',
  caracteres: MENSAJE_CARACTERES_NO_PERMITIDOS,
  medidaMaxima: 'La medida supera el máximo de 100.000 mm',
  servicioMaximo: 'La cantidad del servicio supera el máximo de 1.000 por pieza',
  retalInventario: 'El retal seleccionado no existe en el inventario de la tienda',
} as const;

/**
 * Largest size or parameter of a cut list, mm (100 m): far beyond any board or offcut, and small enough that no
 * length, area or metre count of a plan overflows (1e308 mm turned them into Infinity and the answer into a 500).
 */
export const MEDIDA_MAXIMA_CORTE_MM = 100_000;

/** Most of one special service per piece: generous (hinges, drillings), and its line on the sale stays a sane number. */
export const SERVICIO_MAXIMO_POR_PIEZA = 1000;

/** spec 001 §5: the edge-banding table allows at most 6 edges. */
export const MAXIMO_CANTOS = 6;

/** spec 001 §9: optimizer defaults (mm). Labels mode fixed at 2. */
export const PARAMETROS_CORTE_POR_DEFECTO = {
  desp_sierra: 5,
  desp_tapacantos: 60,
  base: 2440,
  altura: 2150,
  refilado_x: 20,
  refilado_y: 20,
} as const;
export const MODO_ETIQUETAS = 2;

const vacio = (valor: unknown) => (valor === '' || valor === null ? undefined : valor);
const aNumero = (valor: unknown) => {
  const limpio = vacio(valor);
  return typeof limpio === 'string' ? Number(limpio.trim()) : limpio;
};

/** A required parameter, mm, at least 0 (spec 001 §3: "the same parameters must be at least 0"). */
const parametro = z.preprocess(
  aNumero,
  z.number({ error: MENSAJES_CORTE.valor }).finite(MENSAJES_CORTE.valor).min(0, MENSAJES_CORTE.valor).max(MEDIDA_MAXIMA_CORTE_MM, MENSAJES_CORTE.medidaMaxima),
);

/**
 * A quantity or size of a cut row: a whole number above 0 (0, empty or missing all read "falta"); sizes at most
 * MEDIDA_MAXIMA_CORTE_MM (quantities are bounded by the engine, which names the piece over its limit).
 */
const medida = (maximo?: number) => {
  const numero = z.number({ error: MENSAJES_CORTE.medidas }).finite(MENSAJES_CORTE.medidas).positive(MENSAJES_CORTE.medidas).int(MENSAJES_CORTE.medidas);
  return z.preprocess(aNumero, maximo === undefined ? numero : numero.max(maximo, MENSAJES_CORTE.medidaMaxima));
};

/** 0/1, '0'/'1' and 'true'/'false' as the web and CSV import send them. */
const booleano = (porDefecto: boolean) =>
  z.preprocess((valor) => {
    if (valor === undefined || valor === null || valor === '') return porDefecto;
    if (valor === 1 || valor === '1' || valor === 'true') return true;
    if (valor === 0 || valor === '0' || valor === 'false') return false;
    return valor;
  }, z.boolean({ error: MENSAJES_CORTE.todos }));

/**
 * An edge band side: the edge product's id (spec 000 §3 "Edge": id and name), as a number or as numeric
 * text; empty, null or missing is 'Sin canto' (whose id is empty). The server resolves the id to the
 * product: its reference names the material and picks the banding service.
 */
const canto = z.preprocess(
  (valor) => {
    if (valor === undefined || valor === null) return null;
    if (typeof valor !== 'string') return valor;
    const limpio = valor.trim();
    if (limpio === '') return null;
    // Only plain digits read as an id: '1e3', '0x10' or ' 12abc' are not product ids.
    return /^\d{1,10}$/.test(limpio) ? Number(limpio) : valor;
  },
  z.number({ error: MENSAJES_CORTE.canto }).int(MENSAJES_CORTE.canto).min(1, MENSAJES_CORTE.canto).max(ID_MAXIMO, MENSAJES_CORTE.canto).nullable(),
).default(null);

/**
 * Text PostgreSQL can store and the PDFs can print: no NUL (text and jsonb refuse it), no other control character
 * but tab and line breaks, no UTF-16 surrogate without its pair (it has no UTF-8 form).
 */
const sinControles = (texto: string) => !tieneCaracteresNoPermitidos(texto);

const textoOpcional = (largo: number) =>
  z.preprocess(
    (valor) => (valor === null || valor === undefined ? '' : typeof valor === 'number' ? String(valor) : valor),
    z
      .string({ error: MENSAJES_CORTE.todos })
      .trim()
      .max(largo, MENSAJES_CORTE.todos)
      .refine(sinControles, MENSAJES_CORTE.caracteres),
  );

/** spec 001 §3 "Piece", lista_servicios_especiales: a special service with its side (B/A/P) and quantity per piece. */
export const servicioEspecialSchema = z.object({
  /** The service's product reference (service group 8). */
  referencia: z
    .string({ error: MENSAJES_CORTE.servicio })
    .trim()
    .min(1, MENSAJES_CORTE.servicio)
    .max(30, MENSAJES_CORTE.servicio)
    .refine(sinControles, MENSAJES_CORTE.caracteres),
  /** B base, A altura, P pieza. */
  modo: z.enum(['B', 'A', 'P'], { error: MENSAJES_CORTE.servicio }),
  /** Base, Altura or Pieza: display text of the mode. */
  modo_text: z.string({ error: MENSAJES_CORTE.servicio }).max(20, MENSAJES_CORTE.servicio).refine(sinControles, MENSAJES_CORTE.caracteres).optional(),
  /** Quantity per piece. */
  cantidad: z.preprocess(
    aNumero,
    z.number({ error: MENSAJES_CORTE.servicio }).int(MENSAJES_CORTE.servicio).positive(MENSAJES_CORTE.servicio).max(SERVICIO_MAXIMO_POR_PIEZA, MENSAJES_CORTE.servicioMaximo),
  ),
});

/** spec 001 §3 "Piece": one row of the cut list. */
export const piezaCorteSchema = z.object({
  /** Copies of the piece, whole, at least 1. */
  cantidad: medida(),
  /** Horizontal size, mm (whole millimetres: cut numeric inputs step 1). */
  base: medida(MEDIDA_MAXIMA_CORTE_MM),
  /** Vertical size, mm. */
  altura: medida(MEDIDA_MAXIMA_CORTE_MM),
  /** True when the piece may turn 90° (no grain direction). */
  rotacion: booleano(false),
  descripcion: textoOpcional(100).default(''),
  /** Edge band product id on each side, or null (top/bottom run along the base, left/right along the altura). */
  canto_base_top: canto,
  canto_base_bottom: canto,
  canto_altura_left: canto,
  canto_altura_right: canto,
  lista_servicios_especiales: z
    .array(servicioEspecialSchema)
    .max(20, MENSAJES_CORTE.todos)
    .default([])
    .superRefine((servicios, ctx) => {
      // spec 001 §5: a service reference is added once per piece.
      servicios.forEach((servicio, index) => {
        if (servicios.findIndex((otro) => otro.referencia === servicio.referencia) < index) {
          ctx.addIssue({ code: 'custom', path: [index, 'referencia'], message: MENSAJES_CORTE.referenciaRepetida });
        }
      });
    }),
});
export type PiezaCorte = z.output<typeof piezaCorteSchema>;

/**
 * spec 001 §3 "Offcut". Read loosely: the rows only count (and are checked) with offcut mode on,
 * so leftover rows of a switched-off table never refuse a job.
 */
export const retalCorteSchema = z.object({
  /**
   * A kept offcut of the store's inventory (docs/decisions-retales.md): the server takes its measures from the
   * inventory (the row's cantidad must be 1) and the plan records which offcuts it uses. Null for a typed offcut.
   */
  retal_id: z.preprocess((valor) => (valor === undefined || valor === '' ? null : aNumero(valor)), z.number({ error: MENSAJES_CORTE.retalInventario }).int(MENSAJES_CORTE.retalInventario).positive(MENSAJES_CORTE.retalInventario).max(ID_MAXIMO, MENSAJES_CORTE.retalInventario).nullable()).default(null),
  cantidad: z.preprocess(aNumero, z.number().finite().optional()),
  base: z.preprocess(aNumero, z.number().finite().optional()),
  altura: z.preprocess(aNumero, z.number().finite().optional()),
  descripcion: textoOpcional(100).default(''),
});

/** The optimizer parameters (spec 001 "Optimizer form"), all required, mm, at least 0. */
export const parametrosCorteSchema = z.object(
  {
    /** Saw kerf, 0.1 mm steps. */
    desp_sierra: parametro.refine((valor) => Math.abs(valor * 10 - Math.round(valor * 10)) < 1e-9, MENSAJES_CORTE.pasoSierra),
    /** Extra edge band per banded side. */
    desp_tapacantos: parametro,
    base: parametro,
    altura: parametro,
    refilado_x: parametro,
    refilado_y: parametro,
  },
  { error: MENSAJES_CORTE.valor },
);

const CAMPOS_PARAMETROS = ['desp_sierra', 'desp_tapacantos', 'base', 'altura', 'refilado_x', 'refilado_y'] as const;
const LADOS_CANTO = ['canto_base_top', 'canto_base_bottom', 'canto_altura_left', 'canto_altura_right'] as const;

function esRegistro(valor: unknown): valor is Record<string, unknown> {
  return typeof valor === 'object' && valor !== null && !Array.isArray(valor);
}

/** A row lacking quantity, base or height (missing, empty or 0): what the form calls incomplete. */
function filaIncompleta(fila: unknown): boolean {
  if (!esRegistro(fila)) return false;
  return (['cantidad', 'base', 'altura'] as const).some((campo) => {
    const valor = aNumero(fila[campo]);
    return valor === undefined || valor === 0;
  });
}

/**
 * The optimizer form's own values (spec 001 "Optimizer form": listaDespiece, listaRetales, cobrar_canto,
 * rotacion_piezas and the parameters at the top) read as the call's fields, so the form can post
 * itself; and, as the form does on submit (spec 001 §5), a last incomplete cut row is dropped (the
 * form always keeps an empty row at the end) and a last incomplete offcut row with it.
 */
function desdeFormulario(valor: unknown): unknown {
  if (!esRegistro(valor)) return valor;
  const { listaDespiece, listaRetales, cobrar_canto, rotacion_piezas, ...datos } = valor;
  datos.piezas ??= listaDespiece;
  datos.retales ??= listaRetales;
  datos.canto ??= cobrar_canto;
  if (datos.parametros === undefined && CAMPOS_PARAMETROS.some((campo) => campo in datos)) {
    datos.parametros = Object.fromEntries(CAMPOS_PARAMETROS.map((campo) => [campo, datos[campo]]));
  }
  datos.ultimo_corte_eliminado = false;
  if (Array.isArray(datos.piezas)) {
    let piezas = datos.piezas;
    if (piezas.length > 0 && filaIncompleta(piezas.at(-1))) {
      piezas = piezas.slice(0, -1);
      datos.ultimo_corte_eliminado = true;
    }
    // rotacion_piezas: the form's switch, for the rows that do not say.
    if (rotacion_piezas !== undefined) {
      piezas = piezas.map((pieza) => (esRegistro(pieza) && (pieza.rotacion ?? '') === '' ? { ...pieza, rotacion: rotacion_piezas } : pieza));
    }
    datos.piezas = piezas;
  }
  if (Array.isArray(datos.retales) && datos.retales.length > 0 && filaIncompleta(datos.retales.at(-1))) {
    datos.retales = datos.retales.slice(0, -1);
  }
  return datos;
}

/**
 * The optimizer call (spec 001 §7 "POST optimizar/generar" and the sale-side call of spec 000 §7):
 * piezas, nombres, apellidos, despiece_retales, canto, modo_etiquetas (fixed 2), referencia,
 * numero_documento, parametros, plus the offcuts (retales) used as stock in offcut mode. The form's
 * own names are read too (see desdeFormulario).
 */
const llamadaOptimizarSchema = z
  .object({
    /** The cut list (listaDespiece on the form). */
    piezas: z.array(piezaCorteSchema, { error: MENSAJES_CORTE.pieza }).min(1, MENSAJES_CORTE.pieza).max(5000, MENSAJES_CORTE.todos),
    /** Offcuts as stock (listaRetales), used only with despiece_retales. */
    retales: z.array(retalCorteSchema).max(500, MENSAJES_CORTE.todos).default([]),
    /** Customer names, for the plans and labels. */
    nombres: textoOpcional(200).default(''),
    apellidos: textoOpcional(200).default(''),
    /** Customer document number. */
    numero_documento: textoOpcional(30).default(''),
    /** The board's product reference (material). */
    referencia: textoOpcional(60).default(''),
    /** Offcut mode: offcuts from stock are cut before new boards. */
    despiece_retales: booleano(false),
    /** cobrar_canto: banding is charged (the sale adds SERVIENC* lines); default true. */
    canto: booleano(true),
    /** Labels mode: fixed at 2 (one label per piece copy). */
    modo_etiquetas: z.preprocess(aNumero, z.literal(2, { error: MENSAJES_CORTE.todos })).default(2),
    parametros: parametrosCorteSchema,
    /** Set on reading, not sent: a last incomplete cut row was dropped (the answer says so). */
    ultimo_corte_eliminado: z.boolean().default(false),
  })
  .superRefine((datos, ctx) => {
    // spec 001 §5: the edge-banding table allows at most 6 edges.
    const cantos = new Set(datos.piezas.flatMap((pieza) => LADOS_CANTO.map((lado) => pieza[lado]).filter((codigo) => codigo !== null)));
    if (cantos.size > MAXIMO_CANTOS) ctx.addIssue({ code: 'custom', path: ['piezas'], message: MENSAJES_CORTE.maximoCantos });
    if (!datos.despiece_retales) return;
    const incompletos = datos.retales.flatMap((retal, index) => {
      const completo = [retal.cantidad, retal.base, retal.altura].every((valor) => valor !== undefined && valor > 0);
      return completo && Number.isInteger(retal.cantidad) ? [] : [index];
    });
    // spec 001 §5: with offcut mode on, at least one valid offcut is needed; said first, before the rows.
    if (incompletos.length === datos.retales.length) ctx.addIssue({ code: 'custom', path: ['retales'], message: MENSAJES_CORTE.retal });
    for (const index of incompletos) ctx.addIssue({ code: 'custom', path: ['retales', index], message: MENSAJES_CORTE.medidas });
    datos.retales.forEach((retal, index) => {
      for (const campo of ['base', 'altura'] as const) {
        const valor = retal[campo];
        if (valor !== undefined && valor > MEDIDA_MAXIMA_CORTE_MM) ctx.addIssue({ code: 'custom', path: ['retales', index, campo], message: MENSAJES_CORTE.medidaMaxima });
      }
    });
  });
export const optimizarSchema = z.preprocess(desdeFormulario, llamadaOptimizarSchema);
export type Optimizar = z.output<typeof optimizarSchema>;
/** The call's canonical fields (the form's own names are read too). */
export type OptimizarEntrada = z.input<typeof llamadaOptimizarSchema>;

export const tapacantoSchema = z.object({ codigo: z.string(), ml: z.number(), pegado: z.number() });

/** spec 001 §3 "Result plan (planilla)". */
export const planillaSchema = z.object({
  url_planos: z.string(),
  url_labels: z.string(),
  cant_placas: z.number().int(),
  /** Total length of saw cuts, m. */
  cant_desp_sierra: z.number(),
  /** Pieces' area over the boards' area, %. */
  ptje_aprov: z.number(),
  tapacantos: z.array(tapacantoSchema),
  despiece_retales: z.boolean(),
  cobrar_canto: z.boolean(),
});
export type Planilla = z.output<typeof planillaSchema>;

const rectanguloSchema = z.object({ x: z.number(), y: z.number(), base: z.number(), altura: z.number() });

/** One board pattern of the plan, with its count, layout and SVG picture (the cutting dialog shows it). */
export const tableroCorteSchema = z.object({
  origen: z.enum(['tablero', 'retal']),
  retal: z.number().int().optional(),
  base: z.number(),
  altura: z.number(),
  cantidad: z.number().int(),
  refilado_x: z.number(),
  refilado_y: z.number(),
  piezas: z.array(
    rectanguloSchema.extend({ pieza: z.number().int(), copias: z.array(z.number().int()), rotada: z.boolean() }),
  ),
  cortes: z.array(
    z.object({
      etapa: z.number().int(),
      direccion: z.enum(['vertical', 'horizontal']),
      posicion: z.number(),
      inicio: z.number(),
      longitud: z.number(),
    }),
  ),
  retales_aprovechables: z.array(rectanguloSchema),
  desperdicio_m2: z.number(),
  ptje_aprov: z.number(),
  svg: z.string(),
});

/** A service line the plan adds to the sale (SERVICOR1, SERVIENC*, special services). */
export const lineaServicioCorteSchema = z.object({
  referencia: z.string(),
  cantidad: z.number(),
  canto: z.string().optional(),
  modo: z.enum(['B', 'A', 'P']).optional(),
});

/** An edge product of a plan: its id, reference and name as they were when the plan was optimized. */
export const cantoPlanSchema = z.object({ id: z.number().int(), referencia: z.string(), nombre_producto: z.string() });
export type CantoPlan = z.output<typeof cantoPlanSchema>;

/** An edge band material line of the plan: the edge product (id, reference, name) and its metres. */
export const materialCantoSchema = z.object({
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  cantidad: z.number(),
});
export type MaterialCanto = z.output<typeof materialCantoSchema>;

/** The answer's data.optimizacion: the spec's planilla plus what the cutting dialog draws. */
export const optimizacionSchema = z.object({
  id: z.number().int(),
  planilla: planillaSchema,
  /** Offcuts from stock used (not counted in cant_placas). */
  cant_retales: z.number().int(),
  /** Number of saw cuts (trims excluded). */
  cant_cortes: z.number().int(),
  /** No plan can use fewer new boards than this. */
  limite_inferior: z.number().int(),
  servicios: z.array(lineaServicioCorteSchema),
  /** The edge band material the plan sells: per edge product, the roll metres plus one, rounded down. */
  materiales_canto: z.array(materialCantoSchema),
  tableros: z.array(tableroCorteSchema),
  /** Notes for the user, e.g. 'Último corte eliminado por falta de información'. */
  avisos: z.array(z.string()),
  /** The inventory offcuts the plan uses (rows sent with a retal_id that the plan cuts; docs/decisions-retales.md). */
  retales_usados: z.array(retalUsadoSchema),
  /** New boards the same cut list needs without the inventory offcuts; null when the plan uses none. */
  placas_sin_retales: z.number().int().nullable(),
});
export type Optimizacion = z.output<typeof optimizacionSchema>;

/** POST optimizar/generar and facturas/optimizar: the saved plan. */
export const optimizacionRespuestaSchema = z.object({ optimizacion: optimizacionSchema });
