import { z } from 'zod';
import { idOpcional, idRequerido, textoOpcional, textoRequerido } from '../campos';
import { aCentavos, dePesos, valorPesos } from '../dinero';
import { fechaOpcional } from '../fechas/fechas';
import { ENTERO_MAXIMO } from '../limites';
import { listaCerrada } from '../listas';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { instanteSchema } from '../respuestas';
import { ROLES, type Rol } from '../roles';

/**
 * Cash drawers (docs/decisions-cajas.md): a store's registers, the cashiers' shifts on them with their starting float,
 * the count at the close and the administrator's review. Spanish texts of the screens and the API.
 */
export const MENSAJES_CAJAS = {
  nombre: 'Debe ingresar el nombre de la caja',
  nombreLargo: 'El nombre de la caja admite hasta 60 caracteres',
  caja: 'Debe seleccionar una caja',
  base: 'Debe ingresar la base inicial (0 o más)',
  contado: 'Debe ingresar el efectivo contado (0 o más)',
  cantidad: 'La cantidad debe ser un número entero de 0 o más',
  denominacion: 'La denominación no es válida',
  denominacionRepetida: 'Cada denominación va una sola vez',
  observacionLarga: 'La observación admite hasta 500 caracteres',
  comentario: 'Debe escribir un comentario',
  comentarioLargo: 'El comentario admite hasta 500 caracteres',
  motivo: 'Debe escribir el motivo para reabrir el turno',
  motivoLargo: 'El motivo admite hasta 500 caracteres',
  estado: 'El estado debe ser ABIERTO o CERRADO',
  fecha: 'Debe ingresar una fecha válida',
  cajaCreada: 'Caja creada con éxito',
  cajaActualizada: 'Caja actualizada con éxito',
  turnoAbierto: 'Turno de caja abierto',
  turnoCerrado: 'Turno de caja cerrado',
  turnoAprobado: 'Cierre aprobado',
  turnoComentado: 'Comentario guardado',
  turnoReabierto: 'Turno de caja reabierto',
} as const;

/**
 * The parameter naming the roles that must open a shift before cash moves: a comma list of roles, or 'Ninguno' (the
 * value the migration writes: nobody must, until a shop decides; a missing parameter means the same).
 */
export const PARAMETRO_ROLES_TURNO_CAJA = 'ROLES_TURNO_CAJA';
export const NINGUN_ROL_TURNO_CAJA = 'Ninguno';
export const MENSAJE_ROLES_TURNO_CAJA = `Indique ${NINGUN_ROL_TURNO_CAJA} o roles separados por comas (${ROLES.join(', ')})`;

/** Why a value of ROLES_TURNO_CAJA is refused ('Ninguno', or roles each spelled as the application names them), or null. */
export function motivoRolesTurnoCaja(valor: string): string | null {
  if (valor.trim() === NINGUN_ROL_TURNO_CAJA) return null;
  const partes = valor.split(',').map((parte) => parte.trim());
  return partes.length > 0 && partes.every((parte) => (ROLES as readonly string[]).includes(parte)) ? null : MENSAJE_ROLES_TURNO_CAJA;
}

/** The roles a comma list names (unknown words, blanks and repeats dropped). */
export function leerRolesTurnoCaja(valor: string | null | undefined): Rol[] {
  if (!valor) return [];
  const roles = new Set(valor.split(',').map((parte) => parte.trim()));
  return ROLES.filter((rol) => roles.has(rol));
}

/** Colombian bills and coins a cashier counts (the 1000 comes as a bill and as a coin). */
export const DENOMINACIONES = [
  { clave: 'B100000', valor: 100_000, tipo: 'Billete' },
  { clave: 'B50000', valor: 50_000, tipo: 'Billete' },
  { clave: 'B20000', valor: 20_000, tipo: 'Billete' },
  { clave: 'B10000', valor: 10_000, tipo: 'Billete' },
  { clave: 'B5000', valor: 5_000, tipo: 'Billete' },
  { clave: 'B2000', valor: 2_000, tipo: 'Billete' },
  { clave: 'B1000', valor: 1_000, tipo: 'Billete' },
  { clave: 'M1000', valor: 1_000, tipo: 'Moneda' },
  { clave: 'M500', valor: 500, tipo: 'Moneda' },
  { clave: 'M200', valor: 200, tipo: 'Moneda' },
  { clave: 'M100', valor: 100, tipo: 'Moneda' },
  { clave: 'M50', valor: 50, tipo: 'Moneda' },
] as const;
export type ClaveDenominacion = (typeof DENOMINACIONES)[number]['clave'];
const CLAVES_DENOMINACION = DENOMINACIONES.map((d) => d.clave) as [ClaveDenominacion, ...ClaveDenominacion[]];

/** The most pieces of one denomination a count takes (keeps the product inside the money column). */
export const CANTIDAD_DENOMINACION_MAXIMA = 1_000_000;

export const conteoDenominacionSchema = z.object({
  /** B100000 … B1000 for bills, M1000 … M50 for coins. */
  denominacion: z.enum(CLAVES_DENOMINACION, { error: MENSAJES_CAJAS.denominacion }),
  /** How many pieces. */
  cantidad: z.coerce
    .number({ error: MENSAJES_CAJAS.cantidad })
    .int(MENSAJES_CAJAS.cantidad)
    .min(0, MENSAJES_CAJAS.cantidad)
    .max(Math.min(CANTIDAD_DENOMINACION_MAXIMA, ENTERO_MAXIMO), MENSAJES_CAJAS.cantidad),
});
export type ConteoDenominacion = z.output<typeof conteoDenominacionSchema>;

/** The pesos a count by denomination adds up to (in centavos, then pesos). */
export function totalConteo(conteo: readonly { denominacion: string; cantidad: number }[]): number {
  const valores = new Map<string, number>(DENOMINACIONES.map((d) => [d.clave, d.valor]));
  return dePesos(conteo.reduce((suma, fila) => suma + aCentavos(valores.get(fila.denominacion) ?? 0) * fila.cantidad, 0));
}

/** Sobrante (positive), faltante (negative) or cuadrado: counted minus expected, in pesos. */
export function diferenciaCaja(contado: number | string, esperado: number | string): number {
  return dePesos(aCentavos(contado) - aCentavos(esperado));
}

/** How the screens word a difference. */
export function textoDiferencia(diferencia: number): 'Sobrante' | 'Faltante' | 'Cuadrada' {
  return diferencia > 0 ? 'Sobrante' : diferencia < 0 ? 'Faltante' : 'Cuadrada';
}

// ─── Registers ───────────────────────────────────────────────────────────────────────────────────────────────

export const cajaGuardarSchema = z.object({
  /** The name the staff know it by, unique in the store without case, e.g. 'Caja 1'. */
  nombre_caja: textoRequerido(MENSAJES_CAJAS.nombre, 60, MENSAJES_CAJAS.nombreLargo),
  /** An inactive register keeps its shifts but no new one opens on it. */
  activa: z.boolean().default(true),
});
export type CajaGuardar = z.output<typeof cajaGuardarSchema>;
export type CajaGuardarEntrada = z.input<typeof cajaGuardarSchema>;

export const cajaSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  nombre_caja: z.string(),
  activa: z.boolean(),
  /** The cashier of its open shift, when one is open. */
  turno_abierto_por: z.string().nullable(),
});
export type Caja = z.infer<typeof cajaSchema>;

export const ORDEN_CAJAS = ['nombre_caja', 'activa'] as const;
export type OrdenCaja = (typeof ORDEN_CAJAS)[number];
export const cajasConsultaSchema = consultaListaSchema(ORDEN_CAJAS);
export const cajasRespuestaSchema = z.object({ cajas: paginaSchema(cajaSchema) });
export const cajasActivasRespuestaSchema = z.object({ cajas: z.array(cajaSchema) });

// ─── Shifts ──────────────────────────────────────────────────────────────────────────────────────────────────

export const ESTADOS_TURNO_CAJA = ['ABIERTO', 'CERRADO'] as const;
export type EstadoTurnoCaja = (typeof ESTADOS_TURNO_CAJA)[number];
export const ESTADOS_REVISION = ['APROBADO', 'COMENTADO'] as const;
export type EstadoRevision = (typeof ESTADOS_REVISION)[number];
export const { claves: EVENTOS_TURNO_CAJA, nombres: NOMBRES_EVENTO_TURNO_CAJA } =
  listaCerrada({ ABRIR: 'Apertura', CERRAR: 'Cierre', APROBAR: 'Aprobación', COMENTAR: 'Comentario', REABRIR: 'Reapertura' });
export type EventoTurnoCaja = (typeof EVENTOS_TURNO_CAJA)[number];

export const abrirTurnoSchema = z.object({
  caja_id: idRequerido(MENSAJES_CAJAS.caja),
  /** The starting float in the drawer (base inicial). */
  base_inicial: valorPesos(MENSAJES_CAJAS.base, 'cero'),
});
export type AbrirTurno = z.output<typeof abrirTurnoSchema>;

export const cerrarTurnoSchema = z
  .object({
    /** The count by denomination; null or absent when the cashier gives only the total. */
    conteo: z.array(conteoDenominacionSchema).max(DENOMINACIONES.length).nullish().transform((v) => v ?? null),
    /** The counted cash; with a count it must equal the count's total (the server recomputes it). */
    efectivo_contado: valorPesos(MENSAJES_CAJAS.contado, 'cero').nullish().transform((v) => v ?? null),
    observacion_cierre: textoOpcional(500, MENSAJES_CAJAS.observacionLarga),
  })
  .superRefine((cierre, ctx) => {
    if (cierre.conteo) {
      const claves = cierre.conteo.map((f) => f.denominacion);
      if (new Set(claves).size !== claves.length) ctx.addIssue({ code: 'custom', path: ['conteo'], message: MENSAJES_CAJAS.denominacionRepetida });
    } else if (cierre.efectivo_contado === null) {
      ctx.addIssue({ code: 'custom', path: ['efectivo_contado'], message: MENSAJES_CAJAS.contado });
    }
  });
export type CerrarTurno = z.output<typeof cerrarTurnoSchema>;
export type CerrarTurnoEntrada = z.input<typeof cerrarTurnoSchema>;

export const revisarTurnoSchema = z
  .object({
    /** true approves the close (a comment is optional); false only comments it (the comment is required). */
    aprobado: z.boolean({ error: 'Debe indicar si aprueba el cierre' }),
    comentario: textoOpcional(500, MENSAJES_CAJAS.comentarioLargo),
  })
  .superRefine((r, ctx) => {
    if (!r.aprobado && !r.comentario) ctx.addIssue({ code: 'custom', path: ['comentario'], message: MENSAJES_CAJAS.comentario });
  });
export type RevisarTurno = z.output<typeof revisarTurnoSchema>;

export const reabrirTurnoSchema = z.object({ motivo: textoRequerido(MENSAJES_CAJAS.motivo, 500, MENSAJES_CAJAS.motivoLargo) });
export type ReabrirTurno = z.output<typeof reabrirTurnoSchema>;

/** The cash of a shift by origin (pesos): what came in and what went out of the drawer. */
export const movimientosTurnoSchema = z.object({
  ventas: z.number(),
  abonos_credito: z.number(),
  anticipos: z.number(),
  ingresos: z.number(),
  devoluciones: z.number(),
  egresos: z.number(),
});
export type MovimientosTurno = z.infer<typeof movimientosTurnoSchema>;

export const turnoSchema = z.object({
  id: z.number().int(),
  caja_id: z.number().int(),
  nombre_caja: z.string(),
  codigo_tienda: z.string(),
  usuario_id: z.number().int(),
  nombre_usuario: z.string(),
  estado: z.enum(ESTADOS_TURNO_CAJA),
  base_inicial: z.number(),
  fecha_apertura: instanteSchema,
  fecha_cierre: instanteSchema.nullable(),
  /** Float + cash in − cash out; live while open, fixed at the close. */
  efectivo_esperado: z.number(),
  efectivo_contado: z.number().nullable(),
  diferencia: z.number().nullable(),
  conteo: z.array(z.object({ denominacion: z.string(), cantidad: z.number().int() })).nullable(),
  observacion_cierre: z.string().nullable(),
  estado_revision: z.enum(ESTADOS_REVISION).nullable(),
  comentario_revision: z.string().nullable(),
  nombre_revisor: z.string().nullable(),
  fecha_revision: instanteSchema.nullable(),
});
export type Turno = z.infer<typeof turnoSchema>;

export const eventoTurnoSchema = z.object({
  id: z.number().int(),
  evento: z.enum(EVENTOS_TURNO_CAJA),
  nombre_usuario: z.string().nullable(),
  detalle: z.string().nullable(),
  valor: z.number().nullable(),
  fecha: instanteSchema,
});
export type EventoTurnoFila = z.infer<typeof eventoTurnoSchema>;

export const turnoDetalleSchema = turnoSchema.extend({
  movimientos: movimientosTurnoSchema,
  eventos: z.array(eventoTurnoSchema),
  /** Signed links to the closing PDF (closed shifts only): letter and 80 mm. */
  enlace_pdf: z.string().nullable(),
  enlace_pdf_80mm: z.string().nullable(),
});
export type TurnoDetalle = z.infer<typeof turnoDetalleSchema>;

/** GET cajas/turno-actual: the cashier's open shift in the store (or null) and whether their role must open one. */
export const turnoActualSchema = z.object({
  turno: turnoDetalleSchema.nullable(),
  debe_abrir_turno: z.boolean(),
});
export type TurnoActual = z.infer<typeof turnoActualSchema>;

export const ORDEN_TURNOS = ['fecha_apertura', 'nombre_caja', 'estado', 'diferencia'] as const;
export type OrdenTurno = (typeof ORDEN_TURNOS)[number];
export const turnosConsultaSchema = consultaListaSchema(ORDEN_TURNOS).extend({
  fecha_desde: fechaOpcional(MENSAJES_CAJAS.fecha),
  fecha_hasta: fechaOpcional(MENSAJES_CAJAS.fecha),
  caja_id: idOpcional(MENSAJES_CAJAS.caja),
  estado: z.enum(ESTADOS_TURNO_CAJA, { error: MENSAJES_CAJAS.estado }).nullish().transform((v) => v ?? null),
});
export type TurnosConsulta = z.output<typeof turnosConsultaSchema>;
export const turnosRespuestaSchema = z.object({ turnos: paginaSchema(turnoSchema) });

/**
 * Cuadre de caja's per-drawer figures: one row per shift of the day, the shift's own fields without its count, notes
 * and reviewer (the shift's detail shows those). Picked, so a field added to the shift does not reach this answer.
 */
export const turnoCuadreSchema = turnoSchema.pick({
  id: true,
  caja_id: true,
  nombre_caja: true,
  codigo_tienda: true,
  nombre_usuario: true,
  estado: true,
  base_inicial: true,
  fecha_apertura: true,
  fecha_cierre: true,
  efectivo_esperado: true,
  efectivo_contado: true,
  diferencia: true,
  estado_revision: true,
});
export type TurnoCuadre = z.infer<typeof turnoCuadreSchema>;

/** Cuadre de caja's figures of one register: its day's shifts added up (counted and difference: closed ones only). */
export const cajaRegistradoraCuadreSchema = z.object({
  caja_id: z.number().int(),
  nombre_caja: z.string(),
  codigo_tienda: z.string(),
  turnos: z.number().int(),
  abiertos: z.number().int(),
  base_inicial: z.number(),
  efectivo_esperado: z.number(),
  efectivo_contado: z.number(),
  diferencia: z.number(),
});
export type CajaRegistradoraCuadre = z.infer<typeof cajaRegistradoraCuadreSchema>;

/** Adds up the day's shifts per register, in centavos, in the order the registers first appear. */
export function resumenPorCaja(
  turnos: readonly Pick<TurnoCuadre, 'caja_id' | 'nombre_caja' | 'codigo_tienda' | 'estado' | 'base_inicial' | 'efectivo_esperado' | 'efectivo_contado' | 'diferencia'>[],
): CajaRegistradoraCuadre[] {
  const porCaja = new Map<number, { fila: CajaRegistradoraCuadre; base: number; esperado: number; contado: number; diferencia: number }>();
  for (const t of turnos) {
    const actual = porCaja.get(t.caja_id) ?? {
      fila: { caja_id: t.caja_id, nombre_caja: t.nombre_caja, codigo_tienda: t.codigo_tienda, turnos: 0, abiertos: 0, base_inicial: 0, efectivo_esperado: 0, efectivo_contado: 0, diferencia: 0 },
      base: 0,
      esperado: 0,
      contado: 0,
      diferencia: 0,
    };
    actual.fila.turnos += 1;
    if (t.estado === 'ABIERTO') actual.fila.abiertos += 1;
    actual.base += aCentavos(t.base_inicial);
    actual.esperado += aCentavos(t.efectivo_esperado);
    actual.contado += aCentavos(t.efectivo_contado ?? 0);
    actual.diferencia += aCentavos(t.diferencia ?? 0);
    porCaja.set(t.caja_id, actual);
  }
  return [...porCaja.values()].map(({ fila, base, esperado, contado, diferencia }) => ({
    ...fila,
    base_inicial: dePesos(base),
    efectivo_esperado: dePesos(esperado),
    efectivo_contado: dePesos(contado),
    diferencia: dePesos(diferencia),
  }));
}
