// spec 002 §2.1–§2.3, §3 Credit, Credit movement, Credit payment request, §4 Credit sale and Credit deletion, §5 Credit
// payment, §7 Credits. A customer's credit IS their credit account (cuenta_credito): docs/decisions-creditos.md.
import { z } from 'zod';
import { idRequerido, numeroDesde } from '../campos';
import { aCentavos, formatearPesos, valorPesos } from '../dinero';
import { esFechaValida, hoyNegocio } from '../fechas/fechas';
import { sumaFilas, type FallaFilas } from '../formas-pago/filas-pago';
import { ID_MAXIMO, idRutaSchema, paginaConsultaSchema } from '../limites';
import { paginaSchema, tamanoPaginaSchema } from '../paginacion';
import { retencionesEntradaSchema } from '../retenciones/retenciones.schema';

/** spec 002 §5 Credit payment, §4 Credit sale / Credit deletion, and the server's own refusals of those writes. */
export const MENSAJES_CREDITOS = {
  // §5 Credit payment, exactly as the spec writes them.
  valorCero: 'Debe ingresar un valor distinto a cero',
  valoresVacios: 'No pueden existir valores vacíos o en cero. Todos los campos son requeridos',
  faltanCampos: 'Faltan campos por ingresar',
  superaSaldo: (saldo: string) => `El abono no debe superar el saldo pendiente ${saldo}`,
  seleccionarForma: 'Debe seleccionar una forma de pago a agregar',
  camposAntesDeAgregar: 'Debe ingresar todos los campos antes de agregar otra forma de pago',
  // §5 "venta_id and fecha_abono are required; payment date max today; observation driven by validators".
  venta: 'Debe seleccionar una venta',
  fecha: 'Debe seleccionar una fecha',
  fechaFutura: 'La fecha del abono no puede ser posterior a hoy',
  /** A payment dated before the sale's invoice (the aging counts days from it). */
  fechaAnteriorFactura: (fecha: string) => `La fecha del abono no puede ser anterior a la fecha de la factura (${fecha})`,
  observacion: 'Debe ingresar una observación',
  observacionLarga: 'La observación admite hasta 200 caracteres',
  fechaConsignacion: 'Debe ingresar una fecha de consignación válida',
  fechaConsignacionFutura: 'La fecha de consignación no puede ser posterior a hoy',
  comprobanteLargo: 'El código de comprobante admite hasta 60 caracteres',
  /** valor_abono is the total of the methods (§5 "Total is the sum of the chosen methods' amounts"). */
  sumatoria: (total: string) => `La sumatoria de las formas de pago deben ser igual a ${total}`,
  formasPagoMaximas: 'Un abono admite hasta 10 formas de pago',
  formaRepetida: 'Cada forma de pago solo puede ir una vez en el abono',
  /** The server's refusal of a method that is not offered (ids 6 and 8, §5 / §9, or an inactive one). */
  formaNoPermitida: 'La forma de pago no está disponible para abonos a crédito',
  /** The advance method (FORMA_PAGO_ANTICIPO) used above the customer's advance balance. */
  anticipoInsuficiente: (saldo: string) => `El valor del anticipo no debe superar el saldo de anticipos del cliente ${saldo}`,
  ventaSinCredito: 'La venta no es una venta a crédito',
  // Answers. The keys of the spec's screen texts keep its word 'abono'; in code a payment toward a credit sale is a
  // 'pago de crédito' (docs/decisions-creditos.md).
  abonoRegistrado: 'Abono registrado con éxito',
  abonoAnulado: 'Abono anulado',
  creditoEliminado: 'Crédito eliminado',
  // 409s.
  pagoYaAnulado: 'El abono ya fue anulado',
  pagoVentaAnulada: 'La venta de este abono fue anulada; el abono ya no se puede anular',
  noEsPagoCredito: 'El movimiento no es un abono a una venta',
  sinSaldoPendiente: 'El crédito no tiene saldo pendiente',
  // Credit deletion: the reason (write-off) the confirmation asks for.
  motivo: 'Debe ingresar el motivo de la eliminación',
  motivoLongitud: 'El motivo debe tener entre 3 y 200 caracteres',
  // Filters.
  cliente: 'Debe seleccionar un cliente válido',
  tipoMovimiento: 'Debe seleccionar un tipo de movimiento válido',
  ventaFiltro: 'Debe ingresar un número de venta válido',
  fechaCorte: 'Debe ingresar una fecha de corte válida',
  baseCartera: 'Debe seleccionar si las edades se cuentan desde la fecha de factura o desde la de vencimiento',
  // Empty lists.
  sinCreditos: 'No se encontraron datos',
} as const;

/**
 * The credit payment's words for a failure of its payment rows (the domain's payment rows rule,
 * formas-pago/filas-pago.ts), and the field of POST creditos/abonos it belongs to: the form shows the message, the
 * server answers it on that field.
 */
export function fallaPagoCreditoEnCampo(falla: FallaFilas): { mensaje: string; campo: string } {
  const fila = (campo: string) => ('indice' in falla ? `lista_formas_pagadas_form.${falla.indice}.${campo}` : 'lista_formas_pagadas_form');
  switch (falla.falla) {
    case 'forma':
    case 'creditoSinModo':
    case 'creditoSinForma':
    case 'creditoUnaForma':
      return { mensaje: MENSAJES_CREDITOS.formaNoPermitida, campo: fila('id_forma_pago') };
    case 'formaRepetida':
      return { mensaje: MENSAJES_CREDITOS.formaRepetida, campo: 'lista_formas_pagadas_form' };
    case 'valor':
      return { mensaje: MENSAJES_CREDITOS.valoresVacios, campo: fila('valor_pagado') };
    case 'comprobante':
      return { mensaje: MENSAJES_CREDITOS.valoresVacios, campo: fila('codigo_comprobante') };
    case 'fecha_consignacion':
      return { mensaje: MENSAJES_CREDITOS.valoresVacios, campo: fila('fecha_consignacion') };
    case 'sinFilas':
      return { mensaje: MENSAJES_CREDITOS.seleccionarForma, campo: 'lista_formas_pagadas_form' };
    case 'maximoFilas':
      return { mensaje: MENSAJES_CREDITOS.formasPagoMaximas, campo: 'lista_formas_pagadas_form' };
    case 'suma':
      return { mensaje: MENSAJES_CREDITOS.sumatoria(formatearPesos(falla.total)), campo: 'valor_abono' };
    case 'superaMaximo':
      return { mensaje: MENSAJES_CREDITOS.superaSaldo(formatearPesos(Math.max(falla.maximo, 0))), campo: 'valor_abono' };
    case 'anticipoExcede':
      return { mensaje: MENSAJES_CREDITOS.anticipoInsuficiente(formatearPesos(falla.saldo)), campo: fila('valor_pagado') };
    case 'efectivoRecibido':
      return { mensaje: MENSAJES_CREDITOS.valoresVacios, campo: 'lista_formas_pagadas_form' };
  }
}

/** spec 002 §4 confirmations. */
export const CONFIRMACION_ANULAR_ABONO = {
  titulo: 'Anular abono',
  texto: 'Se anulará el abono seleccionado. ¿Desea continuar?',
} as const;

export const CONFIRMACION_ELIMINAR_CREDITO = {
  titulo: 'Eliminar crédito',
  texto: (nombre: string) => `Se eliminará el crédito de ${nombre}. ¿Desea continuar?`,
} as const;

/** Longest observation of a payment and reason of a write-off. */
export const OBSERVACION_ABONO_MAXIMA = 200;
export const MOTIVO_ELIMINACION_MINIMO = 3;
export const MOTIVO_ELIMINACION_MAXIMO = 200;

/** A filter id where 0, blank or absent means Todos (spec 002 §2.1 "All option (value 0)"); answers 0 for Todos. */
function idFiltro(mensaje: string) {
  return z.preprocess(
    (valor) => numeroDesde(valor) ?? 0,
    z.number({ error: mensaje }).max(ID_MAXIMO, { error: mensaje, abort: true }).int(mensaje).min(0, mensaje),
  );
}

// ---------------------------------------------------------------- GET /creditos

export const creditosConsultaSchema = z.object({
  page: paginaConsultaSchema,
  per_page: tamanoPaginaSchema,
  /** 0 or absent: every customer (Todos). */
  cliente_id: idFiltro(MENSAJES_CREDITOS.cliente).default(0),
});
export type CreditosConsulta = z.output<typeof creditosConsultaSchema>;

/** spec 002 §3 Credit: a customer's credit account seen from the credits screen. */
export const creditoSchema = z.object({
  /** The credit account's id (cuenta_credito.id). */
  id: z.number().int(),
  cliente_id: z.number().int(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  /** What the customer owes now. */
  total_credito: z.number(),
  /** How many credit sales still have a pending balance (the row is highlighted when > 0). */
  total_pendientes_abono: z.number().int(),
  /** Signed, expiring link to the account statement PDF (public/credito/{token}). */
  enlace_estado_cuenta: z.string(),
});
export type Credito = z.infer<typeof creditoSchema>;

export const creditosRespuestaSchema = z.object({
  creditos: paginaSchema(creditoSchema),
  /** What every account matching the filter owes (not only this page). */
  total_credito_pendiente: z.number(),
});
export type CreditosRespuesta = z.infer<typeof creditosRespuestaSchema>;

// ---------------------------------------------------------------- GET /creditos/{id}/ventas-pendientes

/** A credit sale with a pending balance (its charge movement, type 1). */
export const ventaPendienteCreditoSchema = z.object({
  /** The charge movement's id. */
  id: z.number().int(),
  venta_id: z.number().int(),
  /** The charge's date (the invoice date), 'YYYY-MM-DD'. */
  fecha_movimiento: z.string(),
  /** The sale's credit (what was charged). */
  valor_movimiento: z.number(),
  /** What is still owed on that sale. */
  valor_saldo_movimiento: z.number(),
  /** Signed link to the sale's credit receipt (public/abono/{token}). */
  enlace_recibo: z.string(),
});
export type VentaPendienteCredito = z.infer<typeof ventaPendienteCreditoSchema>;

export const ventasPendientesCreditoSchema = z.object({ creditos_movimientos: z.array(ventaPendienteCreditoSchema) });
export type VentasPendientesCredito = z.infer<typeof ventasPendientesCreditoSchema>;

// ---------------------------------------------------------------- GET /creditos/{id}/movimientos

export const movimientosCreditoConsultaSchema = z.object({
  page: paginaConsultaSchema,
  per_page: tamanoPaginaSchema,
  /** 0 or absent: every type. */
  tipo_movimiento_credito_id: idFiltro(MENSAJES_CREDITOS.tipoMovimiento)
    .refine((tipo) => tipo <= 5, MENSAJES_CREDITOS.tipoMovimiento)
    .default(0),
  /** 0 or absent: every sale. */
  venta_id: idFiltro(MENSAJES_CREDITOS.ventaFiltro).default(0),
});
export type MovimientosCreditoConsulta = z.output<typeof movimientosCreditoConsultaSchema>;

/** One payment method of a payment (type 2). */
export const formaPagoDePagoCreditoSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  codigo_comprobante: z.string().nullable(),
  fecha_consignacion: z.string().nullable(),
});
export type FormaPagoDePagoCredito = z.infer<typeof formaPagoDePagoCreditoSchema>;

/** spec 002 §3 Credit movement, with what the history shows. */
export const movimientoCreditoSchema = z.object({
  id: z.number().int(),
  venta_id: z.number().int().nullable(),
  tipo_movimiento_credito_id: z.number().int(),
  nombre_tipo_movimiento_credito: z.string(),
  descripcion_movimiento: z.string(),
  valor_movimiento: z.number(),
  /** Type 1: what the live payments (type 2 not annulled) add up to; null for other types. */
  valor_pagado: z.number().nullable(),
  /** Type 1: the sale's pending balance; null for other types. */
  valor_saldo_movimiento: z.number().nullable(),
  /** The movement's business date ('YYYY-MM-DD': the invoice date of a charge, the payment date of a payment). */
  fecha_movimiento: z.string(),
  /** When it was recorded (ISO timestamp). */
  fecha_inserta: z.string(),
  /** The payment's observation or the write-off's reason. */
  observacion: z.string().nullable(),
  /** Who recorded it. */
  nombre_usuario: z.string().nullable(),
  /** Type 2: a type 3 reversed it. */
  anulado: z.boolean(),
  /** Type 2: its payment methods (empty for other types). */
  formas_pago: z.array(formaPagoDePagoCreditoSchema),
  /** Types 1 and 2: the sale's credit receipt (public/abono/{token}); null otherwise. */
  enlace_recibo: z.string().nullable(),
});
export type MovimientoCredito = z.infer<typeof movimientoCreditoSchema>;

export const movimientosCreditoRespuestaSchema = z.object({ creditos_movimientos: paginaSchema(movimientoCreditoSchema) });
export type MovimientosCreditoRespuesta = z.infer<typeof movimientosCreditoRespuestaSchema>;

// ---------------------------------------------------------------- POST /creditos/abonos

/** A date 'YYYY-MM-DD' not after today in the business's zone (the check runs when the value is read). */
function fechaHastaHoy(mensaje: string, mensajeFutura: string) {
  return z
    .string({ error: mensaje })
    .trim()
    .min(1, mensaje)
    .refine(esFechaValida, { error: mensaje, abort: true })
    .refine((fecha) => fecha <= hoyNegocio(), mensajeFutura);
}

/** spec 002 §3 Credit payment request, one of lista_formas_pagadas_form. The name and flags are echoed; the server reads them. */
export const formaPagadaPagoCreditoSchema = z.object({
  id_forma_pago: idRequerido(MENSAJES_CREDITOS.seleccionarForma),
  nombre_forma_pago: z.string().max(60).nullish(),
  valor_pagado: valorPesos(MENSAJES_CREDITOS.valoresVacios),
  /** Required (with fecha_consignacion) when the method requires a voucher code (forma_pago.requiere_codigo_comprobante). */
  codigo_comprobante: z
    .string()
    .trim()
    .max(60, MENSAJES_CREDITOS.comprobanteLargo)
    .nullish()
    .transform((v) => (v ? v : null)),
  requiere_codigo_comprobante: z.unknown().optional(),
  fecha_consignacion: z
    .string({ error: MENSAJES_CREDITOS.fechaConsignacion })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || esFechaValida(v), { error: MENSAJES_CREDITOS.fechaConsignacion, abort: true })
    .refine((v) => v === null || v <= hoyNegocio(), MENSAJES_CREDITOS.fechaConsignacionFutura),
});
export type FormaPagadaPagoCredito = z.output<typeof formaPagadaPagoCreditoSchema>;
export type FormaPagadaPagoCreditoEntrada = z.input<typeof formaPagadaPagoCreditoSchema>;

/**
 * POST /creditos/abonos (spec 002 §3 Credit payment request, §5): a payment against ONE credit sale over one or more
 * methods. valor_abono must equal the sum of the methods; the advance method (FORMA_PAGO_ANTICIPO, 8) may appear once,
 * up to the customer's advance balance; 6 (Crédito) never. The balance check ('El abono no debe superar el saldo
 * pendiente …') runs on the server under the account's lock.
 */
export const pagoCreditoSchema = z
  .object(
    {
      venta_id: idRequerido(MENSAJES_CREDITOS.venta),
      fecha_abono: fechaHastaHoy(MENSAJES_CREDITOS.fecha, MENSAJES_CREDITOS.fechaFutura),
      observacion_abono: z
        .string({ error: MENSAJES_CREDITOS.observacion })
        .trim()
        .min(1, MENSAJES_CREDITOS.observacion)
        .max(OBSERVACION_ABONO_MAXIMA, MENSAJES_CREDITOS.observacionLarga),
      valor_abono: valorPesos(MENSAJES_CREDITOS.valorCero),
      lista_formas_pagadas_form: z
        .array(formaPagadaPagoCreditoSchema, { error: MENSAJES_CREDITOS.seleccionarForma })
        .min(1, MENSAJES_CREDITOS.seleccionarForma)
        .max(10, MENSAJES_CREDITOS.formasPagoMaximas),
      /** Withholdings the customer announces on the invoice it pays (docs/decisions-retenciones.md). */
      retenciones: retencionesEntradaSchema,
    },
    // A body that is no form at all (§5 "Form invalid").
    { error: MENSAJES_CREDITOS.faltanCampos },
  )
  .superRefine((pago, ctx) => {
    const ids = pago.lista_formas_pagadas_form.map((f) => f.id_forma_pago);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['lista_formas_pagadas_form'], message: MENSAJES_CREDITOS.formaRepetida });
    }
    const suma = sumaFilas(pago.lista_formas_pagadas_form.map((f) => ({ forma: null, valor: f.valor_pagado })));
    if (aCentavos(suma) !== aCentavos(pago.valor_abono)) {
      ctx.addIssue({ code: 'custom', path: ['valor_abono'], message: MENSAJES_CREDITOS.sumatoria(formatearPesos(pago.valor_abono)) });
    }
  });
export type PagoCredito = z.output<typeof pagoCreditoSchema>;
export type PagoCreditoEntrada = z.input<typeof pagoCreditoSchema>;

export const pagoCreditoRegistradoSchema = z.object({
  /** The payment movement (type 2). */
  movimiento_id: z.number().int(),
  /** The sale's pending balance after the payment. */
  valor_saldo_movimiento: z.number(),
  /** The sale's credit receipt. */
  enlace_recibo: z.string(),
});
export type PagoCreditoRegistrado = z.infer<typeof pagoCreditoRegistradoSchema>;

/** GET creditos/abonos/{movimiento_id}/devolucion and PUT creditos/abonos/{movimiento_id}/anular: the path, naming the payment movement. */
export const pagoCreditoParamsSchema = z.object({ movimiento_id: idRutaSchema });

/** PUT creditos/abonos/{movimiento_id}/anular: the sale whose payment was annulled. */
export const pagoCreditoAnuladoSchema = z.object({ venta_id: z.number().int() });

// ---------------------------------------------------------------- PUT /creditos/{id}/eliminar

export const eliminarCreditoSchema = z.object({
  motivo: z
    .string({ error: MENSAJES_CREDITOS.motivo })
    .trim()
    .min(1, { error: MENSAJES_CREDITOS.motivo, abort: true })
    .min(MOTIVO_ELIMINACION_MINIMO, MENSAJES_CREDITOS.motivoLongitud)
    .max(MOTIVO_ELIMINACION_MAXIMO, MENSAJES_CREDITOS.motivoLongitud),
});
export type EliminarCredito = z.output<typeof eliminarCreditoSchema>;

/** PUT creditos/{id}/eliminar: how many sales were written off and for how much. */
export const creditoEliminadoSchema = z.object({ ventas: z.number().int(), valor: z.number() });

// ---------------------------------------------------------------- GET /creditos/cartera (aging)

/** The dates the aging counts days from: each pending sale's invoice date or its due date. */
export const BASES_CARTERA = ['factura', 'vencimiento'] as const;
export type BaseCartera = (typeof BASES_CARTERA)[number];
/** The screen's and the export's names of each base. */
export const NOMBRES_BASE_CARTERA: Record<BaseCartera, string> = {
  factura: 'Por fecha de factura',
  vencimiento: 'Por fecha de vencimiento',
};

export const carteraConsultaSchema = z.object({
  /** The cut-off date (default today): movements after it are not counted, days are counted up to it. */
  fecha_corte: z
    .string({ error: MENSAJES_CREDITOS.fechaCorte })
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || esFechaValida(v), MENSAJES_CREDITOS.fechaCorte),
  cliente_id: idFiltro(MENSAJES_CREDITOS.cliente).default(0),
  /** What the days are counted from: the invoice date (the default) or the due date (docs/decisions-creditos.md 'Cartera por edades'). */
  base: z.enum(BASES_CARTERA, { error: MENSAJES_CREDITOS.baseCartera }).default('factura'),
});
export type CarteraConsulta = z.output<typeof carteraConsultaSchema>;

/** Aging buckets by days past the invoice date of each pending sale (0 days = corriente). */
export const bucketsCarteraSchema = z.object({
  corriente: z.number(),
  dias_1_30: z.number(),
  dias_31_60: z.number(),
  dias_61_90: z.number(),
  mas_90: z.number(),
  total: z.number(),
});
export type BucketsCartera = z.infer<typeof bucketsCarteraSchema>;

// The customer first, then the aging buckets: the order the route builds each row in.
export const carteraClienteSchema = z
  .object({
    cliente_id: z.number().int(),
    credito_id: z.number().int(),
    numero_documento: z.string(),
    nombres: z.string(),
    apellidos: z.string(),
  })
  .extend(bucketsCarteraSchema.shape);
export type CarteraCliente = z.infer<typeof carteraClienteSchema>;

export const carteraSchema = z.object({
  fecha_corte: z.string(),
  base: z.enum(BASES_CARTERA),
  clientes: z.array(carteraClienteSchema),
  totales: bucketsCarteraSchema,
});
export type Cartera = z.infer<typeof carteraSchema>;

/** Column titles of the aging view and its export. */
export const COLUMNAS_CARTERA = {
  corriente: 'Corriente',
  dias_1_30: '1 a 30 días',
  dias_31_60: '31 a 60 días',
  dias_61_90: '61 a 90 días',
  mas_90: 'Más de 90 días',
  total: 'Total',
} as const;

/** The .xlsx file's name. */
export const nombreArchivoCartera = (fecha: string) => `Cartera por edades ${fecha}.xlsx`;
