// spec 002 §2.11, §2.12, §3 Supplier payment, §5 Supplier payment, §7 Supplier payments, §9; docs/decisions-pagos-proveedores.md.
// Shared by the server (it validates the same body again and checks what only it knows: the methods that need a voucher
// code, the supplier and concept that exist) and the web's form. Decisions: docs/decisions-pagos-proveedores.md.
import { z } from 'zod';
import { idRequerido, numeroDesde } from '../campos';
import { aCentavos, formatearPesos, valorPesos } from '../dinero';
import { ADJUNTO_MAXIMO_BASE64, EXTENSIONES_ADJUNTO, MENSAJES_ADJUNTO, nombreTempAdjuntoSchema } from '../adjuntos';
import { esFechaValida, hoyNegocio } from '../fechas/fechas';
import { MAXIMO_FORMAS_PAGO_PROVEEDOR, sumaFilas } from '../formas-pago/filas-pago';
import { paginaSchema, BUSQUEDA_MAXIMA, MENSAJE_BUSQUEDA_LARGA } from '../paginacion';
import { filaPagoRegistradaSchema } from '../ventas/facturacion.schema';
import { calcularCifrasPagoProveedor, DECIMALES_PORCENTAJE_PAGO_PROVEEDOR } from './cifras';

export { calcularCifrasPagoProveedor, DECIMALES_PORCENTAJE_PAGO_PROVEEDOR, type CifrasPagoProveedor } from './cifras';

/** spec 002 §5 Supplier payment, exactly as the spec writes them, and the server's own refusals. */
export const MENSAJES_PAGO_PROVEEDOR = {
  // §5 field messages.
  seleccionarValor: 'Debe seleccionar un valor',
  codigoFactura: 'Debe ingresar un código de factura',
  fecha: 'Debe ingresar una fecha',
  valorTotal: 'Debe ingresar una valor con iva',
  iva: 'Debe ingresar una porcentaje de IVA',
  retefuente: 'Debe ingresar una porcentaje de Retefuente',
  observaciones: 'Debe seleccionar una descripción',
  /** §5 generic failure: a body that is no form, or two or more required fields missing. */
  camposSolicitados: 'Debe ingresar todos los campos solicitados',
  // §5 adding a method.
  camposAntesDeAgregar: 'Debe ingresar todos los campos antes de agregar otra forma de pago',
  seleccionarForma: 'Debe seleccionar una forma de pago a agregar',
  // §5 submit.
  valoresVacios: 'No pueden existir valores vacíos o en cero. Todos los campos son requeridos',
  alMenosUnaForma: 'Debe agregar al menos una forma de pago',
  sumatoria: (total: string) => `La sumatoria de las formas de pago deben ser igual a ${total}`,
  totalCero: 'El valor total debe ser superior a cero',
  // Ours (the spec gives the rule, not a server text).
  maximoFormas: 'Un pago admite hasta 5 formas de pago',
  codigoFacturaLargo: 'El código de factura admite hasta 60 caracteres',
  observacionesLargas: 'Las observaciones admiten hasta 500 caracteres',
  comprobanteLargo: 'El código de comprobante admite hasta 60 caracteres',
  fechaPagoFutura: 'La fecha de pago no puede ser posterior a hoy',
  porcentajeRango: 'El porcentaje debe estar entre 0 y 100',
  porcentajeDecimales: `Máximo ${DECIMALES_PORCENTAJE_PAGO_PROVEEDOR} decimales`,
  formaNoPermitida: 'La forma de pago no está disponible para pagos a proveedores',
  formaRepetida: 'Cada forma de pago solo puede ir una vez en el pago',
  proveedor: 'El proveedor seleccionado no existe',
  tipoConcepto: 'El tipo de concepto seleccionado no existe',
  adjuntoConservado: 'El comprobante adjunto no pertenece a este pago',
  /** A payment already made (not in gestion mode) cannot go back to gestion de factura. */
  gestionPagoRealizado: 'Un pago realizado no puede volver a gestión de factura',
  // Answers.
  registrado: 'Pago registrado con éxito',
  actualizado: 'Pago actualizado con éxito',
  eliminado: 'Pago eliminado con éxito',
  // Period filter.
  periodo: 'Debe seleccionar un periodo válido',
  periodoFuturo: 'El año del periodo no puede ser posterior al año actual',
} as const;

/** spec 002 §2.11 delete confirmation. */
export const CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR = {
  titulo: 'Eliminar pago',
  texto: '¿Desea eliminar el ítem seleccionado?',
  confirmar: 'Eliminar datos',
  cancelar: 'Cancelar acción',
} as const;

export const CODIGO_FACTURA_PAGO_PROVEEDOR_MAXIMO = 60;
export const OBSERVACIONES_PAGO_MAXIMO = 500;
export const COMPROBANTE_PAGO_PROVEEDOR_MAXIMO = 60;

// ---------------------------------------------------------------- shared field builders

/**
 * A percentage (pj_iva, pj_retefuente): a number or its text, from 0 to 100 with at most DECIMALES_PORCENTAJE_PAGO_PROVEEDOR
 * decimals. Missing or blank is null (required only outside gestion mode, checked below); unreadable gives `mensaje`.
 */
function porcentaje(mensaje: string) {
  return z
    .unknown()
    .optional()
    .transform((valor, ctx): number | null => {
      if (valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '')) return null;
      const numero = numeroDesde(valor);
      if (typeof numero !== 'number' || !Number.isFinite(numero)) {
        ctx.addIssue({ code: 'custom', message: mensaje });
        return z.NEVER;
      }
      if (numero < 0 || numero > 100) {
        ctx.addIssue({ code: 'custom', message: MENSAJES_PAGO_PROVEEDOR.porcentajeRango });
        return z.NEVER;
      }
      const escala = 10 ** DECIMALES_PORCENTAJE_PAGO_PROVEEDOR;
      if (Math.round(numero * escala) / escala !== numero) {
        ctx.addIssue({ code: 'custom', message: MENSAJES_PAGO_PROVEEDOR.porcentajeDecimales });
        return z.NEVER;
      }
      return numero;
    });
}

/** An optional text: trimmed, blank is null. */
function textoOpcional(maximo: number, mensajeLargo: string) {
  return z
    .string()
    .trim()
    .max(maximo, mensajeLargo)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional calendar date 'YYYY-MM-DD' (blank is null); `mensaje` when it is no date. */
function fechaOpcional(mensaje: string) {
  return z
    .string({ error: mensaje })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || esFechaValida(v), { error: mensaje, abort: true });
}

/**
 * spec 002 §3 adjunto_comprobante {nombre_temp, extension_archivo, adjunto, url}. Two shapes:
 * - a new picture: `adjunto` (base64 of a JPEG, PNG or WebP — the server reads the type from the bytes) with its
 *   `extension_archivo`;
 * - a picture kept on edit: only `url`, the url_adjunto_comprobante the payment's GET answered (the server keeps the
 *   file that link names, if it belongs to this payment).
 * An object with neither (all blank) means no picture.
 */
export const adjuntoPagoProveedorSchema = z
  .object({
    nombre_temp: nombreTempAdjuntoSchema,
    extension_archivo: z
      .enum(EXTENSIONES_ADJUNTO, { error: MENSAJES_ADJUNTO.noCumple })
      .nullish()
      .transform((v) => v ?? null),
    adjunto: z
      .string({ error: MENSAJES_ADJUNTO.archivo })
      .max(ADJUNTO_MAXIMO_BASE64, MENSAJES_ADJUNTO.grande)
      .regex(/^([A-Za-z0-9+/]+={0,2})?$/, MENSAJES_ADJUNTO.noCumple)
      // Whole groups of four: a shorter last group is a file cut in transit.
      .refine((texto) => texto.length % 4 === 0, MENSAJES_ADJUNTO.noCumple)
      .nullish()
      .transform((v) => v || null),
    url: z
      .string()
      .trim()
      .max(2000, MENSAJES_ADJUNTO.noCumple)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((adjunto, ctx) => {
    if (adjunto.adjunto !== null && adjunto.extension_archivo === null) {
      ctx.addIssue({ code: 'custom', path: ['extension_archivo'], message: MENSAJES_ADJUNTO.noCumple });
    }
  });
export type AdjuntoPagoProveedor = z.output<typeof adjuntoPagoProveedorSchema>;

/** spec 002 §3 one of lista_formas_pagadas_form. The name and requiere_codigo_comprobante are echoed; the server reads forma_pago. */
export const formaPagadaProveedorSchema = z
  .object({
    id_forma_pago: idRequerido(MENSAJES_PAGO_PROVEEDOR.seleccionarForma),
    nombre_forma_pago: z.string().max(60).nullish(),
    /** The voucher code; required when the method requires one (forma_pago.requiere_codigo_comprobante). */
    comprobante_id: textoOpcional(COMPROBANTE_PAGO_PROVEEDOR_MAXIMO, MENSAJES_PAGO_PROVEEDOR.comprobanteLargo),
    adjunto_comprobante: adjuntoPagoProveedorSchema
      .nullish()
      .transform((v) => (v && (v.adjunto !== null || v.url !== null) ? v : null)),
    requiere_codigo_comprobante: z.unknown().optional(),
    valor_pagado: valorPesos(MENSAJES_PAGO_PROVEEDOR.valoresVacios),
  })
  .superRefine((linea, ctx) => {
    const requiere = linea.requiere_codigo_comprobante;
    if ((requiere === true || requiere === 1 || requiere === '1' || requiere === 'true') && !linea.comprobante_id) {
      ctx.addIssue({ code: 'custom', path: ['comprobante_id'], message: MENSAJES_PAGO_PROVEEDOR.valoresVacios });
    }
  });
export type FormaPagadaProveedor = z.output<typeof formaPagadaProveedorSchema>;
export type FormaPagadaProveedorEntrada = z.input<typeof formaPagadaProveedorSchema>;

const booleano = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

// ---------------------------------------------------------------- POST /pagos-proveedores/guardar, PUT …/{id}/actualizar

const pagoProveedorBaseSchema = z.object({
  tipo_concepto_id: idRequerido(MENSAJES_PAGO_PROVEEDOR.seleccionarValor),
  proveedor_id: idRequerido(MENSAJES_PAGO_PROVEEDOR.seleccionarValor),
  /** Required outside gestion mode. */
  codigo_factura: textoOpcional(CODIGO_FACTURA_PAGO_PROVEEDOR_MAXIMO, MENSAJES_PAGO_PROVEEDOR.codigoFacturaLargo),
  /** 'Fecha a pagar factura' (it is the invoice date): any real date, always required. */
  fecha_factura: z
    .string({ error: MENSAJES_PAGO_PROVEEDOR.fecha })
    .trim()
    .refine(esFechaValida, MENSAJES_PAGO_PROVEEDOR.fecha),
  /** When it was paid: not after today; required outside gestion mode. */
  fecha_pago: fechaOpcional(MENSAJES_PAGO_PROVEEDOR.fecha).refine(
    (v) => v === null || v <= hoyNegocio(),
    MENSAJES_PAGO_PROVEEDOR.fechaPagoFutura,
  ),
  /** The invoice's total, IVA included ('valor con iva'). Zero passes here and is refused as 'El valor total debe ser superior a cero'. */
  valor_total: valorPesos(MENSAJES_PAGO_PROVEEDOR.valorTotal, 'cero'),
  /** Required outside gestion mode; 0 in gestion mode when absent. */
  pj_iva: porcentaje(MENSAJES_PAGO_PROVEEDOR.iva),
  pj_retefuente: porcentaje(MENSAJES_PAGO_PROVEEDOR.retefuente),
  observaciones: textoOpcional(OBSERVACIONES_PAGO_MAXIMO, MENSAJES_PAGO_PROVEEDOR.observacionesLargas),
  /** spec 002 §2.12 gestion_factura mode: an invoice recorded before it is paid (the payment fields are not required). */
  gestion_factura: booleano.default(false),
  lista_formas_pagadas_form: z
    .array(formaPagadaProveedorSchema, { error: MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma })
    .max(MAXIMO_FORMAS_PAGO_PROVEEDOR, MENSAJES_PAGO_PROVEEDOR.maximoFormas)
    .nullish()
    .transform((v) => v ?? []),
  /** Echoed by the original client; the server derives it (a payment outside gestion mode is made). */
  pago_realizado: z.unknown().optional(),
});

/** The rules that depend on the mode and on several fields; run even when another field failed, so every message shows at once. */
function reglasPagoProveedor(pago: z.output<typeof pagoProveedorBaseSchema>, ctx: z.RefinementCtx): void {
  const falta = (campo: string, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
  if (!pago.gestion_factura) {
    if (pago.codigo_factura === null) falta('codigo_factura', MENSAJES_PAGO_PROVEEDOR.codigoFactura);
    if (pago.fecha_pago === null) falta('fecha_pago', MENSAJES_PAGO_PROVEEDOR.fecha);
    if (pago.pj_iva === null) falta('pj_iva', MENSAJES_PAGO_PROVEEDOR.iva);
    if (pago.pj_retefuente === null) falta('pj_retefuente', MENSAJES_PAGO_PROVEEDOR.retefuente);
    if (pago.observaciones === null) falta('observaciones', MENSAJES_PAGO_PROVEEDOR.observaciones);
    if (Array.isArray(pago.lista_formas_pagadas_form) && pago.lista_formas_pagadas_form.length === 0) {
      falta('lista_formas_pagadas_form', MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma);
    }
  }
  // The figures need a readable total and percentages; a field that failed already has its message.
  if (typeof pago.valor_total !== 'number') return;
  const iva = typeof pago.pj_iva === 'number' ? pago.pj_iva : pago.gestion_factura ? 0 : null;
  const retencion = typeof pago.pj_retefuente === 'number' ? pago.pj_retefuente : pago.gestion_factura ? 0 : null;
  if (iva === null || retencion === null) return;
  const cifras = calcularCifrasPagoProveedor(pago.valor_total, iva, retencion);
  if (aCentavos(cifras.valor_total_pagar) <= 0) {
    falta('valor_total', MENSAJES_PAGO_PROVEEDOR.totalCero);
    return;
  }
  if (pago.gestion_factura || !Array.isArray(pago.lista_formas_pagadas_form) || pago.lista_formas_pagadas_form.length === 0) return;
  const lineas = pago.lista_formas_pagadas_form;
  if (lineas.some((l) => typeof l?.valor_pagado !== 'number')) return;
  if (aCentavos(sumaFilas(lineas.map((l) => ({ forma: null, valor: l.valor_pagado })))) !== aCentavos(cifras.valor_total_pagar)) {
    falta('lista_formas_pagadas_form', MENSAJES_PAGO_PROVEEDOR.sumatoria(formatearPesos(cifras.valor_total_pagar)));
  }
}

const siempre = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/**
 * The form's schema (spec 002 §3, §5): every field message, the gestion_factura relaxations, at most 5 methods, the
 * sum of the methods equal to the total to pay to the centavo, a total to pay above zero. After it the server
 * checks what needs the database: the methods' voucher codes, the supplier and concept that exist.
 */
export const pagoProveedorFormSchema = pagoProveedorBaseSchema.superRefine(reglasPagoProveedor, siempre);
export type PagoProveedorGuardar = z.output<typeof pagoProveedorFormSchema>;
export type PagoProveedorGuardarEntrada = z.input<typeof pagoProveedorFormSchema>;

/** The fields always required: when two or more are missing, the answer is the generic failure of §5. */
const CAMPOS_SIEMPRE_REQUERIDOS = ['tipo_concepto_id', 'proveedor_id', 'fecha_factura', 'valor_total'] as const;
const CAMPOS_REQUERIDOS_PAGO = ['codigo_factura', 'fecha_pago', 'pj_iva', 'pj_retefuente', 'observaciones'] as const;

function vacio(valor: unknown): boolean {
  return valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');
}

/**
 * The body the server reads: pagoProveedorFormSchema, but a body that is no object, or that lacks two or more
 * required fields, answers the spec's generic failure 'Debe ingresar todos los campos solicitados' first (each field
 * keeps its own message in `errors`).
 */
export const pagoProveedorGuardarSchema = z.preprocess((cuerpo, ctx) => {
  if (typeof cuerpo !== 'object' || cuerpo === null || Array.isArray(cuerpo)) {
    ctx.addIssue({ code: 'custom', message: MENSAJES_PAGO_PROVEEDOR.camposSolicitados, input: cuerpo });
    return cuerpo;
  }
  const campos = cuerpo as Record<string, unknown>;
  const gestion = campos.gestion_factura === true || campos.gestion_factura === 1 || campos.gestion_factura === '1' || campos.gestion_factura === 'true';
  const requeridos: readonly string[] = gestion ? CAMPOS_SIEMPRE_REQUERIDOS : [...CAMPOS_SIEMPRE_REQUERIDOS, ...CAMPOS_REQUERIDOS_PAGO];
  if (requeridos.filter((campo) => vacio(campos[campo])).length >= 2) {
    ctx.addIssue({ code: 'custom', message: MENSAJES_PAGO_PROVEEDOR.camposSolicitados, input: cuerpo });
    // An issue here stops the inner schema: its field messages are added by hand, so the form still shows each.
    for (const issue of pagoProveedorFormSchema.safeParse(cuerpo).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: undefined });
    }
  }
  return cuerpo;
}, pagoProveedorFormSchema);

// ---------------------------------------------------------------- POST /pagos-proveedores?page=n (the list)

const anioActual = () => Number(hoyNegocio().slice(0, 4));

/** spec 002 §2.11 period filter: month/year, year not after the current one. */
export const periodoPagosProveedoresSchema = z.object(
  {
    year: z.preprocess(
      numeroDesde,
      z
        .number({ error: MENSAJES_PAGO_PROVEEDOR.periodo })
        .int(MENSAJES_PAGO_PROVEEDOR.periodo)
        .min(2000, MENSAJES_PAGO_PROVEEDOR.periodo)
        .max(9999, { error: MENSAJES_PAGO_PROVEEDOR.periodo, abort: true })
        .refine((anio) => anio <= anioActual(), MENSAJES_PAGO_PROVEEDOR.periodoFuturo),
    ),
    month: z.preprocess(
      numeroDesde,
      z.number({ error: MENSAJES_PAGO_PROVEEDOR.periodo }).int(MENSAJES_PAGO_PROVEEDOR.periodo).min(1, MENSAJES_PAGO_PROVEEDOR.periodo).max(12, MENSAJES_PAGO_PROVEEDOR.periodo),
    ),
  },
  { error: MENSAJES_PAGO_PROVEEDOR.periodo },
);
export type PeriodoPagosProveedores = z.output<typeof periodoPagosProveedoresSchema>;

/** spec 002 §7 body of POST pagos-proveedores?page={n}. `pagos_proveedores` (sent by the original client) is ignored. */
export const pagosProveedoresConsultaSchema = z.object({
  query_search: z
    .string()
    .trim()
    .max(BUSQUEDA_MAXIMA, MENSAJE_BUSQUEDA_LARGA)
    .nullish()
    .transform((v) => v || null),
  periodo_consulta: periodoPagosProveedoresSchema,
  pagos_proveedores: z.unknown().optional(),
});
export type PagosProveedoresConsulta = z.output<typeof pagosProveedoresConsultaSchema>;
export type PagosProveedoresConsultaEntrada = z.input<typeof pagosProveedoresConsultaSchema>;

// ---------------------------------------------------------------- answers

/** A supplier payment's figures and notes, as its row and the month closing's report show them (in this order). */
export const cifrasPagoProveedorSchema = z.object({
  valor_total: z.number(),
  pj_iva: z.number(),
  valor_antes_iva: z.number(),
  valor_iva: z.number(),
  pj_retefuente: z.number(),
  valor_rte: z.number(),
  valor_total_pagar: z.number(),
  observaciones: z.string().nullable(),
  gestion_factura: z.boolean(),
});

/** One payment method of a supplier payment, as the list, the GET and the cash and closing screens show it. */
export const formaPagoProveedorSchema = filaPagoRegistradaSchema.extend({
  /** The voucher picture's key in the attachment store ('pagos-proveedores/{uuid}.png'), the `file` of the assets route. */
  adjunto_comprobante_pago: z.string().nullable(),
  /** The picture's name on the user's machine, when it had one. */
  nombre_adjunto_comprobante: z.string().nullable(),
  /** A signed, expiring link (GET /api/assets?file=…&firma=…) that opens the picture in a new tab; null without one. */
  url_adjunto_comprobante: z.string().nullable(),
});
export type FormaPagoProveedor = z.infer<typeof formaPagoProveedorSchema>;

/** spec 002 §3 Supplier payment as a list row (rows merged per payment) and as GET pagos-proveedores/{id}. */
export const pagoProveedorSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  tipo_concepto_id: z.number().int(),
  nombre_tipo_concepto: z.string(),
  proveedor_id: z.number().int(),
  nombre_proveedor: z.string(),
  codigo_factura: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  fecha_factura: z.string(),
  /** 'YYYY-MM-DD'; null for an invoice in gestion mode not yet paid. */
  fecha_pago: z.string().nullable(),
  ...cifrasPagoProveedorSchema.shape,
  pago_realizado: z.boolean(),
  usuario_responsable: z.number().int(),
  nombre_usuario: z.string(),
  /** When it was recorded and last changed (ISO timestamps). */
  fecha_inserta: z.string(),
  fecha_actualiza: z.string(),
  formas_pago: z.array(formaPagoProveedorSchema),
});
export type PagoProveedor = z.infer<typeof pagoProveedorSchema>;

export const pagosProveedoresRespuestaSchema = z.object({ pagos_proveedores: paginaSchema(pagoProveedorSchema) });
export type PagosProveedoresRespuesta = z.infer<typeof pagosProveedoresRespuestaSchema>;

export const pagoProveedorRespuestaSchema = z.object({ pago_proveedor: pagoProveedorSchema });
export type PagoProveedorRespuesta = z.infer<typeof pagoProveedorRespuestaSchema>;

/**
 * GET pagos-proveedores/comprobante: any value of the file key and of the signed link (firma); what is not a key is
 * a 404, never a 422 that would tell keys from non-keys.
 */
export const comprobanteConsultaSchema = z.object({ file: z.unknown().optional(), firma: z.unknown().optional() });
