// spec 002 §2.5–§2.7, §3 Advance, Advance movement, Advance request, §4 Advance, §5 Advance, §7 Advances.
// An advance IS the customer's prepaid balance (tercero.saldo_abono and its ledger abono_tercero): docs/decisions-anticipos.md.
import { z } from 'zod';
import { idRequerido, numeroDesde } from '../campos';
import { dePesos, leerPesos, MENSAJES_DINERO, VALOR_MAXIMO_PESOS } from '../dinero';
import { esFechaValida, hoyNegocio } from '../fechas/fechas';
import { formaPermitida } from '../formas-pago/filas-pago';
import { ID_MAXIMO, paginaConsultaSchema } from '../limites';
import { paginaSchema, tamanoPaginaSchema } from '../paginacion';

/** spec 002 §5 Advance, §4 Advance and the server's own refusals of those writes. */
export const MENSAJES_ANTICIPOS = {
  // §5 Advance, exactly as the spec writes them.
  cliente: 'Debe seleccionar un cliente',
  fecha: 'Debe seleccionar una fecha',
  valor: 'Debe ingresar un valor',
  valorCero: 'Debe ingresar un valor distinto a cero',
  observacion: 'Debe ingresar una observación',
  faltanCampos: 'Faltan campos por ingresar',
  // Beyond the spec's texts: limits and what the server checks.
  fechaFutura: 'La fecha del anticipo no puede ser posterior a hoy',
  observacionLarga: 'La observación admite hasta 200 caracteres',
  formaPago: 'Debe seleccionar una forma de pago',
  /** 6 Crédito, 8 Anticipo, an inactive or unknown method. */
  formaNoPermitida: 'La forma de pago no está disponible para anticipos',
  comprobante: 'Debe ingresar el código de comprobante de la forma de pago',
  comprobanteLargo: 'El código de comprobante admite hasta 60 caracteres',
  soloClientes: 'Solo se registran anticipos a clientes',
  clienteFiltro: 'Debe seleccionar un cliente válido',
  // Answers.
  anticipoRegistrado: 'Anticipo registrado con éxito',
  anticipoAnulado: 'Anticipo anulado',
  // 404 / 409 of Anular anticipo.
  noEncontrado: 'No se encontró el movimiento de anticipo',
  noAnulable: 'Solo se pueden anular los movimientos de tipo anticipo',
  yaAnulado: 'El anticipo ya fue anulado',
  /** The balance no longer holds the advance: part of it was spent. */
  saldoInsuficiente: (saldo: string, valor: string) =>
    `No se puede anular el anticipo: el saldo de anticipos del cliente (${saldo}) es menor que su valor (${valor}); ya se usó en ventas`,
  sinDatos: 'No se encontraron datos',
} as const;

/** spec 002 §4: the confirmation before annulling (its title is the spec's; the text follows Anular abono's). */
export const CONFIRMACION_ANULAR_ANTICIPO = {
  titulo: 'Anular anticipo',
  texto: 'Se anulará el anticipo seleccionado. ¿Desea continuar?',
} as const;

/**
 * Movement types of an advance (= of the prepaid balance ledger, TIPOS_MOVIMIENTO_ABONO): 1 Anticipo (money received,
 * the only cancellable one), 2 spent on a sale (venta_id), 3 annulment of an advance, 4 a spend given back.
 */
export const TIPO_MOVIMIENTO_ANTICIPO_ANULABLE = 1;

/** Default payment method of an advance: 1 Efectivo. */
export const FORMA_PAGO_ANTICIPO_POR_DEFECTO = 1;

export const OBSERVACION_ANTICIPO_MAXIMA = 200;
export const COMPROBANTE_ANTICIPO_MAXIMO = 60;

/** A filter id where 0, blank or absent means Todos; answers 0 for Todos. */
function idFiltro(mensaje: string) {
  return z.preprocess(
    (valor) => numeroDesde(valor) ?? 0,
    z.number({ error: mensaje }).max(ID_MAXIMO, { error: mensaje, abort: true }).int(mensaje).min(0, mensaje),
  );
}

// ---------------------------------------------------------------- GET /anticipos

export const anticiposConsultaSchema = z.object({
  page: paginaConsultaSchema,
  per_page: tamanoPaginaSchema,
  /** 0 or absent: every customer (Todos). */
  cliente_id: idFiltro(MENSAJES_ANTICIPOS.clienteFiltro).default(0),
});
export type AnticiposConsulta = z.output<typeof anticiposConsultaSchema>;

/** spec 002 §3 Advance: a customer's prepaid balance. */
export const anticipoSchema = z.object({
  /** The customer's id (an advance is the customer's balance). */
  id: z.number().int(),
  cliente_id: z.number().int(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  /** The customer's advance balance now (tercero.saldo_abono). */
  total_anticipo: z.number(),
});
export type Anticipo = z.infer<typeof anticipoSchema>;

export const anticiposRespuestaSchema = z.object({
  anticipos: paginaSchema(anticipoSchema),
  /** The balance of every customer matching the filter (not only this page). */
  total_anticipos: z.number(),
});
export type AnticiposRespuesta = z.infer<typeof anticiposRespuestaSchema>;

// ---------------------------------------------------------------- GET /anticipos/saldo

export const saldoAnticipoConsultaSchema = z.object({ cliente_id: idRequerido(MENSAJES_ANTICIPOS.cliente) });
export type SaldoAnticipoConsulta = z.output<typeof saldoAnticipoConsultaSchema>;

export const saldoAnticipoSchema = z.object({ total_anticipo: z.number() });
export type SaldoAnticipo = z.infer<typeof saldoAnticipoSchema>;

// ---------------------------------------------------------------- GET /anticipos/{id}/movimientos

export const movimientosAnticipoConsultaSchema = z.object({
  page: paginaConsultaSchema,
  per_page: tamanoPaginaSchema,
});
export type MovimientosAnticipoConsulta = z.output<typeof movimientosAnticipoConsultaSchema>;

/** spec 002 §3 Advance movement, with what the history shows. */
export const movimientoAnticipoSchema = z.object({
  id: z.number().int(),
  /** Type 1 only: the advance's consecutive (one sequence for the business); null for other types. */
  consecutivo_anticipo: z.number().int().nullable(),
  /** The movement's business date, 'YYYY-MM-DD'. */
  fecha_anticipo: z.string(),
  /** When it was recorded (ISO timestamp). */
  fecha_inserta: z.string(),
  /** 1 Anticipo (cancellable), 2 Pago de venta, 3 Anulación de anticipo, 4 Anulación de pago de venta. */
  tipo_movimiento_anticipo_id: z.number().int(),
  nombre_tipo_movimiento_anticipo: z.string(),
  descripcion_movimiento: z.string(),
  /** Signed: positive raises the balance, negative lowers it. */
  valor_movimiento: z.number(),
  /** The balance right after this movement. */
  saldo_anticipo: z.number(),
  /** Who recorded it (the user's name). */
  usuario_inserta: z.string().nullable(),
  venta_id: z.number().int().nullable(),
  /** Type 1: a type 3 annulled it; type 2: a type 4 gave it back. */
  anulado: z.boolean(),
  /** Type 1: how the money came in. */
  nombre_forma_pago: z.string().nullable(),
  codigo_comprobante: z.string().nullable(),
  /** Type 1: the advance receipt's signed link (public/anticipo/{token}); null otherwise (rows with venta_id open the sale). */
  enlace_documento: z.string().nullable(),
});
export type MovimientoAnticipo = z.infer<typeof movimientoAnticipoSchema>;

export const movimientosAnticipoRespuestaSchema = z.object({ anticipos_movimientos: paginaSchema(movimientoAnticipoSchema) });
export type MovimientosAnticipoRespuesta = z.infer<typeof movimientosAnticipoRespuestaSchema>;

// ---------------------------------------------------------------- POST /anticipos/guardar

/**
 * The advance's value: 'Debe ingresar un valor' when missing or unreadable, 'Debe ingresar un valor distinto a cero'
 * when 0 or negative, at most 2 decimals and VALOR_MAXIMO_PESOS. Thousands commas are stripped. Answers pesos.
 */
const valorAnticipoSchema = z
  .union([z.number({ error: MENSAJES_ANTICIPOS.valor }), z.string({ error: MENSAJES_ANTICIPOS.valor })], { error: MENSAJES_ANTICIPOS.valor })
  .nullish()
  .transform((valor, ctx) => {
    const refusar = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (valor === null || valor === undefined || (typeof valor === 'string' && valor.trim() === '')) return refusar(MENSAJES_ANTICIPOS.valor);
    const centavos = leerPesos(valor);
    if (centavos === null) return refusar(MENSAJES_ANTICIPOS.valor);
    if (centavos === 'decimales') return refusar(MENSAJES_DINERO.decimales);
    if (centavos <= 0) return refusar(MENSAJES_ANTICIPOS.valorCero);
    if (centavos > VALOR_MAXIMO_PESOS * 100) return refusar(MENSAJES_DINERO.maximo);
    return dePesos(centavos);
  });

/** spec 002 §3 Advance request (plus its payment method, decisions-anticipos). */
export const anticipoCrearSchema = z.object({
  cliente_id: idRequerido(MENSAJES_ANTICIPOS.cliente),
  /** Not after today in the business's zone. */
  fecha_anticipo: z
    .string({ error: MENSAJES_ANTICIPOS.fecha })
    .trim()
    .min(1, { error: MENSAJES_ANTICIPOS.fecha, abort: true })
    .refine(esFechaValida, { error: MENSAJES_ANTICIPOS.fecha, abort: true })
    .refine((fecha) => fecha <= hoyNegocio(), MENSAJES_ANTICIPOS.fechaFutura),
  valor_anticipo: valorAnticipoSchema,
  observacion_anticipo: z
    .string({ error: MENSAJES_ANTICIPOS.observacion })
    .trim()
    .min(1, MENSAJES_ANTICIPOS.observacion)
    .max(OBSERVACION_ANTICIPO_MAXIMA, MENSAJES_ANTICIPOS.observacionLarga),
  /** How the money came in; 1 Efectivo when absent or blank; never 6 (Crédito) nor 8 (Anticipo). */
  forma_pago_id: z
    .preprocess(
      (valor) => numeroDesde(valor) ?? FORMA_PAGO_ANTICIPO_POR_DEFECTO,
      z.number({ error: MENSAJES_ANTICIPOS.formaPago }).max(ID_MAXIMO, { error: MENSAJES_ANTICIPOS.formaPago, abort: true }).int(MENSAJES_ANTICIPOS.formaPago).positive(MENSAJES_ANTICIPOS.formaPago),
    )
    // spec 002 §5 / §9: not 6 Crédito nor 8 Anticipo itself (the payment rows rule knows them by id too).
    .refine((id) => formaPermitida('anticipo', { id }), MENSAJES_ANTICIPOS.formaNoPermitida),
  /** The voucher or deposit code; required when the method requires one (forma_pago.requiere_codigo_comprobante, checked by the server). */
  codigo_comprobante: z
    .string()
    .trim()
    .max(COMPROBANTE_ANTICIPO_MAXIMO, MENSAJES_ANTICIPOS.comprobanteLargo)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AnticipoCrear = z.output<typeof anticipoCrearSchema>;
export type AnticipoCrearEntrada = z.input<typeof anticipoCrearSchema>;

/** The required fields of an advance: when two or more are missing the server answers 'Faltan campos por ingresar'. */
const CAMPOS_REQUERIDOS_ANTICIPO = [
  ['cliente_id', MENSAJES_ANTICIPOS.cliente],
  ['fecha_anticipo', MENSAJES_ANTICIPOS.fecha],
  ['valor_anticipo', MENSAJES_ANTICIPOS.valor],
  ['observacion_anticipo', MENSAJES_ANTICIPOS.observacion],
] as const;

/**
 * The body POST /anticipos/guardar reads: anticipoCrearSchema, but a body that is no object, or that lacks two or
 * more required fields, is refused with the spec's form message 'Faltan campos por ingresar' (each missing field
 * still named in `errors`). One missing field answers its own message. The web's form uses anticipoCrearSchema.
 */
export const anticipoGuardarSchema = z.preprocess((cuerpo, ctx) => {
  if (typeof cuerpo !== 'object' || cuerpo === null || Array.isArray(cuerpo)) {
    ctx.addIssue({ code: 'custom', message: MENSAJES_ANTICIPOS.faltanCampos, input: cuerpo });
    return cuerpo;
  }
  const campos = cuerpo as Record<string, unknown>;
  const faltan = CAMPOS_REQUERIDOS_ANTICIPO.filter(([campo]) => {
    const valor = campos[campo];
    return valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');
  });
  if (faltan.length >= 2) {
    ctx.addIssue({ code: 'custom', message: MENSAJES_ANTICIPOS.faltanCampos, input: cuerpo });
    for (const [campo, mensaje] of faltan) ctx.addIssue({ code: 'custom', message: mensaje, path: [campo], input: campos[campo] });
  }
  return cuerpo;
}, anticipoCrearSchema);

export const anticipoRegistradoSchema = z.object({
  /** The advance's movement id (abono_tercero, type 1). */
  id: z.number().int(),
  consecutivo_anticipo: z.number().int(),
  /** The customer's advance balance after it. */
  total_anticipo: z.number(),
  /** The advance receipt's signed link (public/anticipo/{token}, 30 days). */
  enlace_documento: z.string(),
});
export type AnticipoRegistrado = z.infer<typeof anticipoRegistradoSchema>;

// ---------------------------------------------------------------- PUT /anticipos/movimientos/{id}/anular

export const anticipoAnuladoSchema = z.object({
  /** The annulment's movement id (type 3). */
  id: z.number().int(),
  /** The customer's advance balance after it. */
  total_anticipo: z.number(),
});
export type AnticipoAnulado = z.infer<typeof anticipoAnuladoSchema>;
