import { z } from 'zod';
import { adjuntoComprobanteSchema } from '../adjuntos';
import { idRequerido, numeroDesde, textoRequerido } from '../campos';
import { formatearPesos, valorPesos } from '../dinero';
import { ERRORES } from '../errores';
import type { FallaFilas } from '../formas-pago/filas-pago';
import { CONCEPTOS_ANULACION, ESTADOS_DOCUMENTO_FE } from './factura-electronica.schema';
import { esFechaValida } from '../fechas/fechas';
import { ID_MAXIMO, idRutaSchema } from '../limites';
import { formatearNumero } from '../numeros';
import { TIPOS_DOCUMENTO_NUMERACION, type TipoDocumentoNumeracion } from '../numeracion/numeracion.schema';
import { MENSAJES_POS } from './documento-pos';
import { BUSQUEDA_MAXIMA, MENSAJE_BUSQUEDA_LARGA, paginaSchema } from '../paginacion';
import { ESTADOS_VENTA, NOMBRES_ESTADO_VENTA, ventaDetalleSchema, ventaEncabezadoSchema } from './venta.schema';
import { retencionesEntradaSchema } from '../retenciones/retenciones.schema';

/**
 * Billing (spec 000 §2.6–2.8, §4.1, §5 Bill dialog, §7 facturas*): the pending-to-bill list, the sale
 * detail, the bill (payments, change, document number) and the annulment.
 */

/** spec 000 §4.1: the states the billing filter offers (1 is the default); 3 lets the annulled ones be found. */
export const ESTADOS_FILTRO_FACTURACION = [
  { id: ESTADOS_VENTA.pendienteFacturar, nombre: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.pendienteFacturar] },
  { id: ESTADOS_VENTA.enEdicion, nombre: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.enEdicion] },
  { id: ESTADOS_VENTA.facturado, nombre: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.facturado] },
  { id: ESTADOS_VENTA.anulado, nombre: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.anulado] },
] as const;

/**
 * 'Todos' of the billing filter: estado_venta_id 0 selects the sales of every state (docs/decisions.md, "Pendiente por
 * facturar: Todos"); the list still opens on 1.
 */
export const ESTADO_FILTRO_TODOS = 0;

/** The billing filter's options, 'Todos' first, then the states of ESTADOS_FILTRO_FACTURACION. */
export const OPCIONES_ESTADO_FACTURACION = [{ id: ESTADO_FILTRO_TODOS, nombre: 'Todos' }, ...ESTADOS_FILTRO_FACTURACION] as const;

/** spec 000 §3 invoice mode. */
export const MODOS_FACTURA = { contado: 'C', credito: 'CR' } as const;

/** spec 000 §9: the default range of the billing filters is the last two months to today. */
export const MESES_RANGO_FACTURACION = 2;

/** The export answers at most this many rows (a larger set must be narrowed with the filters). */
export const FILAS_MAXIMAS_EXPORTACION_FACTURAS = 50_000;

/** The longest annulment reason (documento_fe.motivo, venta_estado_historial.motivo). */
export const MOTIVO_ANULACION_MAXIMO = 250;

export const MENSAJES_FACTURACION = {
  sinResultados: 'No se encontraron ventas con los filtros ingresados',
  fechaInicial: 'Debe ingresar una fecha inicial válida',
  fechaFinal: 'Debe ingresar una fecha final válida',
  fechaInicialMayor: 'La fecha inicial no puede ser posterior a la fecha final',
  fechaFinalFutura: 'La fecha final no puede ser posterior a hoy',
  estado: 'Debe seleccionar un estado de la venta',
  exportacionMaxima: (ventas: number) =>
    `La exportación admite hasta ${formatearNumero(FILAS_MAXIMAS_EXPORTACION_FACTURAS, 0)} ventas y los filtros seleccionan ${formatearNumero(ventas, 0)}. Acorte el rango de fechas o agregue un término de búsqueda`,
  // spec 000 §5 Bill dialog.
  seleccionarForma: 'Debe seleccionar una forma de pago a agregar',
  camposAntesDeAgregar: 'Debe ingresar todos los campos antes de agregar otra forma de pago',
  valoresVacios: 'No pueden existir valores vacíos o en cero. Todos los campos son requeridos',
  sumatoria: (total: string) => `La sumatoria de las formas de pago deben ser igual a ${total}`,
  // The server's refusals of a bill.
  formaPago: 'La forma de pago no existe o está inactiva',
  formasPagoMaximas: 'Una venta admite hasta 10 formas de pago',
  comprobanteLargo: 'El código de comprobante admite hasta 60 caracteres',
  creditoSinModo: 'La forma de pago Crédito solo se usa en una factura a crédito',
  creditoSinForma: 'Una factura a crédito debe llevar la forma de pago Crédito',
  creditoUnaForma: 'La forma de pago Crédito solo puede ir una vez',
  modoNoCoincide: 'El modo de factura no corresponde a la casilla de factura a crédito',
  /** docs/decisions-factura-electronica.md, "Venta a crédito": a credit sale is always an electronic invoice. */
  creditoSinFactura: 'Una factura a crédito debe ser factura electrónica: la remisión solo se admite en ventas de contado',
  tipoDocumento: 'El tipo de documento debe ser factura electrónica, documento equivalente POS o remisión',
  tipoDocumentoNoCoincide: 'El tipo de documento no corresponde a la casilla de factura electrónica: la remisión va con la casilla apagada',
  efectivoRecibido: (efectivo: string) => `El efectivo recibido no puede ser menor que el valor en efectivo (${efectivo})`,
  noPendiente: (ventaId: number) => `La venta No. ${ventaId} ya no está pendiente por facturar`,
  versionCambio: (ventaId: number) => `La venta No. ${ventaId} cambió mientras se facturaba. Ábrala de nuevo y revise sus valores`,
  facturada: 'Venta facturada con éxito',
  // spec 000 §2.10, §4.1 Anular.
  anulada: 'Venta anulada con éxito',
  anularNoFacturada: 'Solo se puede anular una venta facturada',
  conceptoAnulacion: 'Debe seleccionar el concepto de la nota crédito',
  conceptoNoAnula: 'La anulación de toda la venta lleva el concepto 2 - Anulación de factura electrónica',
  motivoAnulacion: 'Debe ingresar el motivo de la anulación',
  motivoAnulacionLargo: `El motivo de la anulación puede tener hasta ${formatearNumero(MOTIVO_ANULACION_MAXIMO)} caracteres`,
} as const;

/**
 * The bill's words for a failure of its payment rows (the domain's payment rows rule, formas-pago/filas-pago.ts), and
 * the field of POST facturas/{venta_id}/forma-pago it belongs to: the dialog shows the message, the server answers it
 * on that field.
 */
export function fallaFacturaEnCampo(falla: FallaFilas): { mensaje: string; campo: string } {
  const fila = (campo: string) => ('indice' in falla ? `formaPagoList.${falla.indice}.${campo}` : 'formaPagoList');
  switch (falla.falla) {
    case 'forma':
    case 'formaRepetida':
      return { mensaje: MENSAJES_FACTURACION.formaPago, campo: fila('id_forma_pago') };
    case 'valor':
      return { mensaje: MENSAJES_FACTURACION.valoresVacios, campo: fila('valor_pagado') };
    case 'comprobante':
    case 'fecha_consignacion':
      return { mensaje: MENSAJES_FACTURACION.valoresVacios, campo: fila('comprobante_id') };
    case 'sinFilas':
      return { mensaje: MENSAJES_FACTURACION.valoresVacios, campo: 'formaPagoList' };
    case 'maximoFilas':
      return { mensaje: MENSAJES_FACTURACION.formasPagoMaximas, campo: 'formaPagoList' };
    case 'creditoSinModo':
    case 'creditoSinForma':
    case 'creditoUnaForma':
      return { mensaje: MENSAJES_FACTURACION[falla.falla], campo: 'formaPagoList' };
    case 'suma':
      return { mensaje: MENSAJES_FACTURACION.sumatoria(formatearPesos(falla.total)), campo: 'formaPagoList' };
    case 'superaMaximo':
      return { mensaje: MENSAJES_FACTURACION.sumatoria(formatearPesos(falla.maximo)), campo: 'formaPagoList' };
    case 'anticipoExcede':
      return { mensaje: ERRORES.SALDO_ABONO_INSUFICIENTE.mensaje, campo: 'formaPagoList' };
    case 'efectivoRecibido':
      return { mensaje: MENSAJES_FACTURACION.efectivoRecibido(formatearPesos(falla.efectivo)), campo: 'valor_recibido' };
  }
}

export const mensajeFallaFactura = (falla: FallaFilas) => fallaFacturaEnCampo(falla).mensaje;

/** spec 000 §2.10 confirmations. */
export const CONFIRMACION_ANULAR_VENTA = {
  titulo: 'Anulación de venta',
  texto: (ventaId: number) => `¿Está seguro de anular la venta No. ${ventaId}? Se devolverán el inventario, el crédito y el anticipo usados`,
  // docs/decisions-factura-electronica.md, "Anulación con nota crédito".
  notaCredito: 'La venta tiene factura electrónica: se emitirá la nota crédito que la anula ante la DIAN con este concepto y motivo',
  // docs/decisions-factura-electronica.md, "Documento equivalente POS".
  notaAjuste: 'La venta tiene documento equivalente POS: se emitirá la nota de ajuste que lo anula ante la DIAN con este concepto y motivo',
} as const;

const conceptoAnulacion = z
  .string({ error: MENSAJES_FACTURACION.conceptoAnulacion })
  .min(1, MENSAJES_FACTURACION.conceptoAnulacion)
  .refine((codigo) => (CONCEPTOS_ANULACION as readonly string[]).includes(codigo), MENSAJES_FACTURACION.conceptoNoAnula);
const motivoAnulacion = textoRequerido(MENSAJES_FACTURACION.motivoAnulacion, MOTIVO_ANULACION_MAXIMO, MENSAJES_FACTURACION.motivoAnulacionLargo);

/**
 * The annulment of a sale with an electronic invoice (docs/decisions-factura-electronica.md, "Anulación con nota
 * crédito"): DIAN's concept of the credit note and the reason it writes in DiscrepancyResponse/Description. The
 * dialog's form for such a sale.
 */
export const anulacionFacturaElectronicaSchema = z.object({ concepto_nota: conceptoAnulacion, motivo: motivoAnulacion });
export type AnulacionFacturaElectronica = z.output<typeof anulacionFacturaElectronicaSchema>;

/**
 * PUT facturas/{venta_id}/anular body (spec 000 §7 has none): a remission or a sale without an electronic invoice needs
 * nothing, so both fields are optional here and the server requires them when the sale has its invoice document.
 */
export const anularVentaSchema = z.preprocess((cuerpo) => cuerpo ?? {}, anulacionFacturaElectronicaSchema.partial());
export type AnularVenta = z.output<typeof anularVentaSchema>;

const fecha = (mensaje: string) => z.string({ error: mensaje }).trim().refine(esFechaValida, mensaje);

/**
 * POST facturas?page (spec 000 §7): the billing list's filters. Dates are calendar dates in the business's zone,
 * both included; the server also refuses an end date after today (spec 000 §5 Billing date filters).
 */
export const facturasConsultaSchema = z
  .object({
    fecha_inicial: fecha(MENSAJES_FACTURACION.fechaInicial),
    fecha_final: fecha(MENSAJES_FACTURACION.fechaFinal),
    query_params: z
      .string()
      .trim()
      .max(BUSQUEDA_MAXIMA, MENSAJE_BUSQUEDA_LARGA)
      .nullish()
      .transform((v) => v ?? ''),
    estado_venta_id: z.preprocess(
      numeroDesde,
      z.union([z.literal(ESTADO_FILTRO_TODOS), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: MENSAJES_FACTURACION.estado }),
    ),
  })
  .superRefine((consulta, ctx) => {
    if (consulta.fecha_inicial > consulta.fecha_final) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_FACTURACION.fechaInicialMayor });
    }
  });
export type FacturasConsulta = z.output<typeof facturasConsultaSchema>;
export type FacturasFiltros = z.input<typeof facturasConsultaSchema>;

/**
 * A recorded payment row (a sale's, a supplier payment's): its method, the amount and the voucher code; each answer
 * extends it with what it shows of the voucher's picture.
 */
export const filaPagoRegistradaSchema = z.object({
  id: z.number().int(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  codigo_comprobante_pago: z.string().nullable(),
});

/** spec 000 §3 Sale payment, as lists and the detail show it. */
export const ventaFormaPagoSchema = filaPagoRegistradaSchema.extend({
  /** The voucher picture's name (002 §3 adjunto_comprobante_pago), when one was attached. */
  adjunto_comprobante_pago: z.string().nullable(),
  /** Its signed, expiring link (public/comprobante), when one was attached. */
  url_adjunto_comprobante: z.string().nullable(),
});
export type VentaFormaPago = z.infer<typeof ventaFormaPagoSchema>;

/** The billing fields of a sale header (spec 000 §3 Sale header; 002 §3 Sale month view). */
const camposFacturacion = {
  tipo_documento: z.enum(TIPOS_DOCUMENTO_NUMERACION).nullable(),
  prefijo_factura_dian: z.string().nullable(),
  nro_factura_dian: z.number().int().nullable(),
  fecha_factura: z.string().nullable(),
  fecha_factura_dian: z.string().nullable(),
  /** A credit sale's due date ('YYYY-MM-DD'): its billing day + its account's term; null for a cash sale or an order. */
  fecha_vencimiento: z.string().nullable(),
  factura_code_siigo: z.string().nullable(),
  permite_fe: z.boolean(),
  modo_factura: z.enum(['C', 'CR']).nullable(),
  crear_factura_siigo: z.boolean(),
  valor_recibido_efectivo: z.number().nullable(),
  valor_venta_cambio_favor: z.number(),
  /** The cash rounding (docs/decisions-redondeo-envios.md): what the cash rows charged minus what was due in cash; 0 without it. */
  ajuste_redondeo: z.number(),
  /** The electronic invoice's state (docs/decisions-factura-electronica.md): null until it is queued for DIAN. */
  estado_fe: z.enum(ESTADOS_DOCUMENTO_FE).nullable(),
  /** The signed links of the invoice PDF (public/FVS) and the remission PDF (?pdf_remision=1). */
  url_factura: z.string(),
  url_remision: z.string(),
};

/** One row of the billing list: one sale, its payments merged (spec 000 §2.6 columns). */
export const facturaListaSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  fecha_venta: z.string(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  nombre_vendedor: z.string(),
  total_subtotal_venta: z.number(),
  total_descuento: z.number(),
  total_impuestos: z.number(),
  total_otros_impuestos_venta: z.number(),
  total_venta: z.number(),
  estado_venta_id: z.number().int(),
  nombre_estado_venta: z.string(),
  tipo_pago_id: z.number().int(),
  nombre_tipo_pago: z.string(),
  formas_pagos: z.array(ventaFormaPagoSchema),
  ...camposFacturacion,
});
export type FacturaLista = z.infer<typeof facturaListaSchema>;

/** The footer of the billing list: the totals of every sale the filters select (not only the page). */
export const totalesFacturasSchema = z.object({
  ventas: z.number().int(),
  total_subtotal_venta: z.number(),
  total_descuento: z.number(),
  total_impuestos: z.number(),
  total_venta: z.number(),
});
export type TotalesFacturas = z.infer<typeof totalesFacturasSchema>;

export const facturasPaginaSchema = z.object({ ventas: paginaSchema(facturaListaSchema), totales: totalesFacturasSchema });
export type FacturasPagina = z.infer<typeof facturasPaginaSchema>;

/** GET facturas/{id} header: the order's header and its billing fields, with who billed and who annulled. */
export const facturaEncabezadoSchema = ventaEncabezadoSchema.extend({
  ...camposFacturacion,
  nombre_facturador: z.string().nullable(),
  fecha_anulacion: z.string().nullable(),
  nombre_anulador: z.string().nullable(),
  // spec 000 §2.7 header fields of the web-shop flow; null until it exists. observacion_despacho: the dispatch's
  // observation once dispatched (docs/decisions-despachos.md).
  nombre_tipo_envio: z.string().nullable(),
  observacion_despacho: z.string().nullable(),
  orden_store_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  orden_pago_descripcion: z.string().nullable(),
});
export type FacturaEncabezado = z.infer<typeof facturaEncabezadoSchema>;

/** GET facturas/{id} (spec 000 §7): data.ventas_encabezado, ventas_detalle, ventas_formas_pagos, produccion. */
export const facturaDetalleSchema = z.object({
  ventas_encabezado: facturaEncabezadoSchema,
  ventas_detalle: z.array(ventaDetalleSchema),
  ventas_formas_pagos: z.array(ventaFormaPagoSchema),
  /** The production records of the sale's lines (by producto_id and item); empty until production exists. */
  produccion: z.array(z.object({ producto_id: z.number().int(), item: z.number().int(), estado: z.string() })),
  /**
   * The sale's latest dispatch turn (docs/decisions-despachos.md), null without one: the detail offers 'Pasar a despacho' to a billed sale
   * without an active turn (none, or retirado) and 'Despachar orden' to one waiting or called.
   */
  despacho: z
    .object({
      turno_id: z.number().int(),
      numero_turno: z.number().int(),
      estado: z.enum(['en_cola', 'en_proceso', 'despachado', 'retirado']),
      fecha_despacho: z.string().nullable(),
      observacion_despacho: z.string().nullable(),
    })
    .nullable(),
});
export type FacturaDetalle = z.infer<typeof facturaDetalleSchema>;

const valorPago = valorPesos(MENSAJES_FACTURACION.valoresVacios);

/** spec 000 §7 formaPagoList item. The name and flags are echoed by the client; the server reads them from forma_pago. */
export const formaPagoFacturaSchema = z.object({
  id_forma_pago: idRequerido(MENSAJES_FACTURACION.valoresVacios),
  nombre_forma_pago: z.string().max(60).nullish(),
  comprobante_id: z
    .string()
    .trim()
    .max(60, MENSAJES_FACTURACION.comprobanteLargo)
    .nullish()
    .transform((v) => (v ? v : null)),
  requiere_codigo_comprobante: z.unknown().optional(),
  forma_abono: z.unknown().optional(),
  valor_pagado: valorPago,
  /** Optional picture of the voucher (002 §3 adjunto_comprobante), kept with the payment. */
  adjunto_comprobante: adjuntoComprobanteSchema.nullish().transform((v) => v ?? null),
});
export type FormaPagoFactura = z.output<typeof formaPagoFacturaSchema>;

/**
 * POST facturas/{venta_id}/forma-pago (spec 000 §2.8, §5 Bill dialog, §7): bill a pending sale. `version` is the one
 * the dialog read (optional): a sale changed since is refused. `valor_recibido` is the cash handed over, when cash is
 * among the methods (the change is received minus the cash amount).
 */
export const facturarSchema = z
  .object({
    venta_id: z.preprocess(numeroDesde, z.number().int().min(1).max(ID_MAXIMO).optional()),
    version: z.preprocess(
      (v) => (v === null || v === '' ? undefined : numeroDesde(v)),
      z.number({ error: MENSAJES_FACTURACION.valoresVacios }).int().min(1).max(ID_MAXIMO).optional(),
    ),
    crear_factura_siigo: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
    crear_venta_credito: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
    modo_factura: z.enum(['C', 'CR'], { error: MENSAJES_FACTURACION.modoNoCoincide }).optional(),
    formaPagoList: z
      .array(formaPagoFacturaSchema, { error: MENSAJES_FACTURACION.valoresVacios })
      .min(1, MENSAJES_FACTURACION.valoresVacios)
      .max(10, MENSAJES_FACTURACION.formasPagoMaximas),
    valor_recibido: valorPesos(MENSAJES_FACTURACION.valoresVacios, 'cero').nullish().transform((v) => v ?? null),
    /**
     * The document the bill issues (docs/decisions-factura-electronica.md, "Documento equivalente POS"); not in spec 000
     * §7, so optional: without it crear_factura_siigo decides as the spec says (on: FACTURA, off: REMISION).
     */
    tipo_documento: z.enum(TIPOS_DOCUMENTO_NUMERACION, { error: MENSAJES_FACTURACION.tipoDocumento }).optional(),
    /** Bills stock other orders reserve, after the cashier confirmed the 409 STOCK_RESERVADO (docs/decisions-reservas.md). */
    confirmar_reservas: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
    /** Withholdings the customer practises on this bill (docs/decisions-retenciones.md); none when absent. */
    retenciones: retencionesEntradaSchema,
  })
  .superRefine((factura, ctx) => {
    const modoEsperado = factura.crear_venta_credito ? MODOS_FACTURA.credito : MODOS_FACTURA.contado;
    if (factura.modo_factura !== undefined && factura.modo_factura !== modoEsperado) {
      ctx.addIssue({ code: 'custom', path: ['modo_factura'], message: MENSAJES_FACTURACION.modoNoCoincide });
    }
    // A Colombian credit sale needs its electronic invoice (forma de pago 2 with its due date): never a remission
    // (docs/decisions-factura-electronica.md, "Venta a crédito"; it overrides spec 000 §5's credit mode turning it off).
    const tipo = tipoDocumentoDeFactura(factura);
    // Named, the document agrees with spec 000's flag: on for an electronic document, off for a remission.
    if (factura.tipo_documento && (tipo === 'REMISION') === factura.crear_factura_siigo) {
      ctx.addIssue({ code: 'custom', path: ['tipo_documento'], message: MENSAJES_FACTURACION.tipoDocumentoNoCoincide });
    }
    if (factura.crear_venta_credito && tipo === 'REMISION') {
      ctx.addIssue({ code: 'custom', path: [factura.tipo_documento ? 'tipo_documento' : 'crear_factura_siigo'], message: MENSAJES_FACTURACION.creditoSinFactura });
    }
    if (factura.crear_venta_credito && tipo === 'POS') ctx.addIssue({ code: 'custom', path: ['tipo_documento'], message: MENSAJES_POS.credito });
  });
export type Facturar = z.output<typeof facturarSchema>;

/**
 * The document a bill issues: the one it names (tipo_documento), else spec 000 §7's flag, crear_factura_siigo on for
 * an electronic invoice and off for a remission.
 */
export function tipoDocumentoDeFactura(factura: { tipo_documento?: TipoDocumentoNumeracion | undefined; crear_factura_siigo: boolean }): TipoDocumentoNumeracion {
  return factura.tipo_documento ?? (factura.crear_factura_siigo ? 'FACTURA' : 'REMISION');
}

/** The answer of a bill: the document it got, its link (the web opens it in a new window) and the change. */
export const ventaFacturadaSchema = z.object({
  venta_id: z.number().int(),
  tipo_documento: z.enum(TIPOS_DOCUMENTO_NUMERACION),
  prefijo_factura_dian: z.string(),
  nro_factura_dian: z.number().int(),
  url_factura: z.string(),
  valor_venta_cambio_favor: z.number(),
  /** The cash rounding the bill recorded (docs/decisions-redondeo-envios.md), signed. */
  ajuste_redondeo: z.number(),
  /** For SuperAdministrador: the numbering range is at or above 90 % used. */
  aviso_numeracion: z.string().nullable(),
});
export type VentaFacturada = z.infer<typeof ventaFacturadaSchema>;

/** POST facturas/{venta_id}/forma-pago, timbrar-dian, enviar-email-fe and GET facturas/{venta_id}/factura-electronica: the sale. */
export const ventaParamsSchema = z.object({ venta_id: idRutaSchema });

/** spec 000 §7: ?pdf_remision=1 prints the remission; ?formato=80mm the receipt-printer layout (letter otherwise). */
export const documentoVentaConsultaSchema = z.object({
  pdf_remision: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  formato: z
    .string()
    .optional()
    .transform((v) => (v?.toLowerCase() === '80mm' ? ('80mm' as const) : ('carta' as const))),
});
