// spec 002 §2.10, §3 Expense / Income, §5 Expense and income, §7 Expenses: the cash that leaves or
// enters a store outside sales, recorded from the daily cash screen. Shared by the server and the web's forms.
import { z } from 'zod';
import { numeroDesde } from '../campos';
import { dePesos, leerPesos, MENSAJES_DINERO, VALOR_MAXIMO_PESOS } from '../dinero';
import { esFechaValida, hoyNegocio } from '../fechas/fechas';
import { ID_MAXIMO } from '../limites';

/** spec 002 §5 Expense and income; the rest are ours (docs/decisions-pagos-proveedores.md). */
export const MENSAJES_EGRESOS_INGRESOS = {
  /** §5: any missing field. */
  camposSolicitados: 'Debe ingresar todos los campos solicitados',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  valorCero: 'El valor debe ser superior a cero',
  descripcionLarga: 'La descripción admite hasta 300 caracteres',
  formaPago: 'Debe seleccionar una forma de pago válida',
  /** Crédito (forma_credito) and Anticipo (forma_abono) move no money: they cannot pay an expense. */
  formaNoPermitida: 'La forma de pago no está disponible para egresos e ingresos',
  egresoRegistrado: 'Egreso registrado con éxito',
  egresoActualizado: 'Egreso actualizado con éxito',
  ingresoRegistrado: 'Ingreso registrado con éxito',
  ingresoActualizado: 'Ingreso actualizado con éxito',
} as const;

export const DESCRIPCION_EGRESO_INGRESO_MAXIMA = 300;

const M = MENSAJES_EGRESOS_INGRESOS;
const requerido = M.camposSolicitados;

function falta(valor: unknown): boolean {
  return valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');
}

/** A required date 'YYYY-MM-DD', not after today in the business's zone. */
const fechaHastaHoy = z
  .string({ error: requerido })
  .trim()
  .min(1, { error: requerido, abort: true })
  .refine(esFechaValida, { error: requerido, abort: true })
  .refine((fecha) => fecha <= hoyNegocio(), M.fechaFutura);

/** The method's id (forma_pago.id); the server checks that it exists and moves money. */
const formaPagoId = z.preprocess(
  (valor) => (falta(valor) ? undefined : numeroDesde(valor)),
  z
    .number({ error: (issue) => (issue.input === undefined ? requerido : M.formaPago) })
    .max(ID_MAXIMO, { error: M.formaPago, abort: true })
    .int(M.formaPago)
    .positive(M.formaPago),
);

/** A value above zero with at most 2 decimals; thousands commas are stripped (§5). Answers pesos. */
const valor = z.unknown().transform((entrada, ctx): number => {
  const refusar = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (falta(entrada)) return refusar(requerido);
  const centavos = leerPesos(entrada);
  if (centavos === null) return refusar(requerido);
  if (centavos === 'decimales') return refusar(MENSAJES_DINERO.decimales);
  if (centavos <= 0) return refusar(M.valorCero);
  if (centavos > VALOR_MAXIMO_PESOS * 100) return refusar(MENSAJES_DINERO.maximo);
  return dePesos(centavos);
});

const descripcion = z
  .string({ error: requerido })
  .trim()
  .min(1, requerido)
  .max(DESCRIPCION_EGRESO_INGRESO_MAXIMA, M.descripcionLarga);

/**
 * An expense and an income have the same fields, named after the movement (fecha_egreso / fecha_ingreso…; spec 002 §3
 * Expense / Income), in the answer's order: the date, the method, the value, the description.
 */
type Movimiento = 'egreso' | 'ingreso';
type CamposMovimiento<T extends Movimiento, Fecha, Medio, Valor, Descripcion> = Record<`fecha_${T}`, Fecha> &
  Medio &
  Record<`valor_${T}`, Valor> &
  Record<`descripcion_${T}`, Descripcion>;

function camposMovimiento<T extends Movimiento, Fecha, Medio extends object, Valor, Descripcion>(
  tipo: T,
  fecha: Fecha,
  medio: Medio,
  valor: Valor,
  descripcion: Descripcion,
): CamposMovimiento<T, Fecha, Medio, Valor, Descripcion> {
  return { [`fecha_${tipo}`]: fecha, ...medio, [`valor_${tipo}`]: valor, [`descripcion_${tipo}`]: descripcion } as CamposMovimiento<
    T,
    Fecha,
    Medio,
    Valor,
    Descripcion
  >;
}

/** POST egresos|ingresos/guardar and PUT egresos|ingresos/{id}/actualizar (the user is the one acting). */
function movimientoGuardarSchema<T extends Movimiento>(tipo: T) {
  return z.object(camposMovimiento(tipo, fechaHastaHoy, { forma_pago_id: formaPagoId }, valor, descripcion), { error: requerido });
}

export const egresoGuardarSchema = movimientoGuardarSchema('egreso');
export type EgresoGuardar = z.output<typeof egresoGuardarSchema>;
export type EgresoGuardarEntrada = z.input<typeof egresoGuardarSchema>;

export const ingresoGuardarSchema = movimientoGuardarSchema('ingreso');
export type IngresoGuardar = z.output<typeof ingresoGuardarSchema>;
export type IngresoGuardarEntrada = z.input<typeof ingresoGuardarSchema>;

/** The keys in the order the repository selects them (the answer's order): the row, its date, its method, its value. */
const fila = { id: z.number().int(), codigo_tienda: z.string() };
const formaPago = { forma_pago_id: z.number().int(), nombre_forma_pago: z.string() };
const registro = {
  /** The acting user's id when it was recorded (spec 002 §3 usuario_responsable). */
  usuario_responsable: z.number().int(),
  nombre_usuario: z.string(),
  /** When it was recorded and last changed (ISO timestamps). */
  fecha_inserta: z.string(),
  fecha_actualiza: z.string(),
};

/** An expense or an income as GET egresos|ingresos/{id} and the daily cash answer it; its date is 'YYYY-MM-DD'. */
function movimientoRegistroSchema<T extends Movimiento>(tipo: T) {
  return z.object({ ...fila, ...camposMovimiento(tipo, z.string(), formaPago, z.number(), z.string()), ...registro });
}

export const egresoRegistroSchema = movimientoRegistroSchema('egreso');
export type EgresoRegistro = z.infer<typeof egresoRegistroSchema>;

export const ingresoRegistroSchema = movimientoRegistroSchema('ingreso');
export type IngresoRegistro = z.infer<typeof ingresoRegistroSchema>;

export const egresoRespuestaSchema = z.object({ egreso: egresoRegistroSchema });
export const ingresoRespuestaSchema = z.object({ ingreso: ingresoRegistroSchema });
