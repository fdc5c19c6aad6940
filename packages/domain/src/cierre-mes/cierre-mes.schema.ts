// Schemas and constants of cierre-mes (spec 002 §2.8, §3 Sale (month view), §4 badges, §7; the period lock:
// docs/decisions-periodos.md), shared by the server and the web.
import { z } from 'zod';
import { redondeoEfectivoResumenSchema } from '../formas-pago/redondeo-efectivo';
import { idRequerido, numeroDesde } from '../campos';
import { paginaConsultaSchema } from '../limites';
import { consultaListaSchema, paginaSchema, tamanoPaginaSchema } from '../paginacion';
import { periodoSchema, MOTIVO_REAPERTURA_MAXIMO, MOTIVO_REAPERTURA_MINIMO } from '../periodos/periodos.schema';
import { cifrasPagoProveedorSchema } from '../pagos-proveedores/pagos-proveedores.schema';
import { anuladasSchema, clienteVendedorFilaVentaSchema, estadoFilaVentaSchema, totalesFilaVentaSchema } from '../ventas/venta.schema';
import { ESTADOS_DOCUMENTO_FE, TIPOS_DOCUMENTO_FE, type TipoDocumentoFE } from '../ventas/factura-electronica.schema';

export const MENSAJES_CIERRE_MES = {
  anio: 'Debe seleccionar un año válido',
  mes: 'Debe seleccionar un mes válido',
  mesFuturo: 'El mes no puede ser posterior al mes actual',
  tienda: 'Debe seleccionar una tienda',
  formaPago: 'Debe seleccionar una forma de pago',
  seccion: 'Debe seleccionar qué exportar',
  motivo: `Debe ingresar el motivo de la reapertura (entre ${MOTIVO_REAPERTURA_MINIMO} y ${MOTIVO_REAPERTURA_MAXIMO} caracteres)`,
  cerrado: 'Mes cerrado',
  reabierto: 'Mes reabierto',
} as const;

/** The first year the month picker offers (the check of periodo_cerrado starts at 2000 too). */
export const ANIO_MINIMO_CIERRE = 2000;

/** A year as the picker sends it (2026 or '2026'): a whole number from ANIO_MINIMO_CIERRE to 9999. */
const anioSchema = z.preprocess(
  numeroDesde,
  z
    .number({ error: MENSAJES_CIERRE_MES.anio })
    .max(9999, { error: MENSAJES_CIERRE_MES.anio, abort: true })
    .int(MENSAJES_CIERRE_MES.anio)
    .min(ANIO_MINIMO_CIERRE, MENSAJES_CIERRE_MES.anio),
);

/** A month as the spec sends it, two digits ('03'); 3 is read too. Answers 1..12. */
const mesSchema = z.preprocess(
  (valor) => (typeof valor === 'string' && /^(0?[1-9]|1[0-2])$/.test(valor.trim()) ? Number(valor.trim()) : valor),
  z.number({ error: MENSAJES_CIERRE_MES.mes }).int(MENSAJES_CIERRE_MES.mes).min(1, MENSAJES_CIERRE_MES.mes).max(12, MENSAJES_CIERRE_MES.mes),
);

/** The selected store as the body names it (spec 002 §6: the month closing sends the currently selected store). */
const tiendaSchema = z.string({ error: MENSAJES_CIERRE_MES.tienda }).trim().min(1, MENSAJES_CIERRE_MES.tienda).max(10, MENSAJES_CIERRE_MES.tienda);

/** A store's month: the server also refuses a month after the current one (its clock and zone). */
export const periodoCierreSchema = z.object({ anio: anioSchema, mes: mesSchema });
export type PeriodoCierre = z.output<typeof periodoCierreSchema>;

/**
 * POST cierre-mes/ventas-plataforma (spec 002 §7). incluir_ventas_mes (beyond the spec, true when absent): false leaves
 * lista_ventas_mes empty, for a screen that pages the month's sales with GET cierre-mes/ventas-mes (thousands of sales a
 * month are megabytes in one answer).
 */
export const cierreMesConsultaSchema = periodoCierreSchema.extend({
  codigo_tienda: tiendaSchema,
  incluir_ventas_mes: z.boolean({ error: 'Debe indicar si se incluyen las ventas del mes' }).default(true),
});
export type CierreMesConsulta = z.output<typeof cierreMesConsultaSchema>;
export type CierreMesFiltros = z.input<typeof cierreMesConsultaSchema>;

/** The sections of the month closing that export to .xlsx, and their files (spec 002 §2.8: 'Export ventas'). */
export const SECCIONES_CIERRE_MES = ['ventas', 'formas-pago', 'abonos-credito', 'pagos-proveedores'] as const;
export type SeccionCierreMes = (typeof SECCIONES_CIERRE_MES)[number];
export const ARCHIVOS_CIERRE_MES: Record<SeccionCierreMes, string> = {
  ventas: 'Export ventas.xlsx',
  'formas-pago': 'Export formas de pago.xlsx',
  'abonos-credito': 'Export abonos crédito.xlsx',
  'pagos-proveedores': 'Export pagos proveedores.xlsx',
};

/** POST cierre-mes/exportar: one section of a store's month. */
export const cierreMesExportarSchema = cierreMesConsultaSchema.extend({
  seccion: z.enum(SECCIONES_CIERRE_MES, { error: MENSAJES_CIERRE_MES.seccion }),
});
export type CierreMesExportar = z.output<typeof cierreMesExportarSchema>;

/** GET cierre-mes/ventas-forma-pago: the sales of the selected store paid (partly) with one method in the month. */
export const ventasFormaPagoConsultaSchema = periodoCierreSchema.extend({
  forma_pago_id: idRequerido(MENSAJES_CIERRE_MES.formaPago),
  page: paginaConsultaSchema,
  per_page: tamanoPaginaSchema,
});
export type VentasFormaPagoConsulta = z.output<typeof ventasFormaPagoConsultaSchema>;

/** The sortable columns of the month's sales (GET cierre-mes/ventas-mes); by billing time when none is chosen. */
export const ORDEN_VENTAS_MES = ['id', 'fecha_factura', 'cliente', 'total_venta_bruta'] as const;
export type OrdenVentasMes = (typeof ORDEN_VENTAS_MES)[number];

/** GET cierre-mes/ventas-mes: a page of the selected store's billed sales of the month, searched and sorted. */
export const ventasMesConsultaSchema = periodoCierreSchema.extend(consultaListaSchema(ORDEN_VENTAS_MES).shape);
export type VentasMesConsulta = z.output<typeof ventasMesConsultaSchema>;

/** POST cierre-mes/cerrar: the selected store's month. */
export const cerrarMesSchema = periodoCierreSchema;
export type CerrarMes = z.output<typeof cerrarMesSchema>;

/** POST cierre-mes/reabrir: the selected store's month and why it is reopened. */
export const reabrirMesSchema = periodoCierreSchema.extend({
  motivo: z
    .string({ error: MENSAJES_CIERRE_MES.motivo })
    .trim()
    .min(MOTIVO_REAPERTURA_MINIMO, MENSAJES_CIERRE_MES.motivo)
    .max(MOTIVO_REAPERTURA_MAXIMO, MENSAJES_CIERRE_MES.motivo),
});
export type ReabrirMes = z.output<typeof reabrirMesSchema>;

// ---------------------------------------------------------------------------------------------------- fiscal documents

/**
 * What a billed sale is as a fiscal document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal"):
 * an e-invoice or a documento equivalente electrónico POS, each accepted by DIAN, pending to send (its document ENVIANDO
 * or PENDIENTE_ENVIO, or a sale of that kind not queued yet) or rejected; or a remission (no DIAN document: also a sale
 * annulled before its document was ever queued).
 */
export const DOCUMENTOS_FISCALES = ['FE_ACEPTADA', 'FE_PENDIENTE', 'FE_RECHAZADA', 'POS_ACEPTADO', 'POS_PENDIENTE', 'POS_RECHAZADO', 'REMISION'] as const;
export type DocumentoFiscal = (typeof DOCUMENTOS_FISCALES)[number];
export const TEXTOS_DOCUMENTO_FISCAL: Record<DocumentoFiscal, string> = {
  FE_ACEPTADA: 'Factura electrónica aceptada',
  FE_PENDIENTE: 'Factura electrónica pendiente de envío',
  FE_RECHAZADA: 'Factura electrónica rechazada',
  POS_ACEPTADO: 'Documento POS aceptado',
  POS_PENDIENTE: 'Documento POS pendiente de envío',
  POS_RECHAZADO: 'Documento POS rechazado',
  REMISION: 'Remisión',
};

/** How many documents of one kind and state, their value before taxes and their taxes (pesos). */
export const cifrasDocumentosSchema = z.object({ cantidad: z.number().int(), ventas: z.number(), iva: z.number() });
export type CifrasDocumentos = z.infer<typeof cifrasDocumentosSchema>;
const CIFRAS_CERO: CifrasDocumentos = { cantidad: 0, ventas: 0, iva: 0 };

/** One kind of DIAN document by its state: accepted, pending to send (ENVIANDO, PENDIENTE_ENVIO, not queued), rejected. */
export const cifrasPorEstadoSchema = z.object({
  aceptadas: cifrasDocumentosSchema,
  pendientes: cifrasDocumentosSchema,
  rechazadas: cifrasDocumentosSchema,
});
export type CifrasPorEstado = z.infer<typeof cifrasPorEstadoSchema>;
const POR_ESTADO_CERO: CifrasPorEstado = { aceptadas: CIFRAS_CERO, pendientes: CIFRAS_CERO, rechazadas: CIFRAS_CERO };

/**
 * A DIAN document of the month DIAN has not accepted: the warning names it (its number, the sale, its state) and links
 * to the sale detail, where 'Enviar a la DIAN' lives. estado null: an invoice-type sale never queued.
 */
export const documentoPorResolverSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_FE),
  numero: z.string(),
  venta_id: z.number().int(),
  /** The sale's billing instant (ISO). */
  fecha_factura: z.string(),
  /** The sale's own instant (ISO) and state: the billing list, which filters by the sale's date, opens on its day and state. */
  fecha_venta: z.string(),
  estado_venta_id: z.number().int(),
  estado: z.enum(ESTADOS_DOCUMENTO_FE).nullable(),
});
export type DocumentoPorResolver = z.infer<typeof documentoPorResolverSchema>;

/** A DIAN document's kind as the warning, the screen and the export name it. */
export const TEXTOS_TIPO_POR_RESOLVER: Record<TipoDocumentoFE, string> = {
  FACTURA: 'Factura electrónica',
  NOTA_CREDITO: 'Nota crédito',
  POS: 'Documento POS',
  NOTA_AJUSTE: 'Nota de ajuste',
};

/** A warning line's state as the screen and the export say it. */
export function textoEstadoPorResolver(estado: DocumentoPorResolver['estado']): string {
  if (estado === null) return 'Sin enviar a la DIAN';
  return { ENVIANDO: 'Enviando', PENDIENTE_ENVIO: 'Pendiente de envío', ACEPTADA: 'Enviado a la DIAN', RECHAZADA: 'Rechazada por la DIAN' }[estado];
}

// ---------------------------------------------------------------------------------------------------- answers

/** Sales and amount paid with one method (a sale paid in two methods counts in both). */
export const formaPagoVentasSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  cantidad_ventas: z.number().int(),
  /** False for Crédito and Anticipo: they bring no money that day (the credit payment or the advance did, or will). */
  ingresa_dinero: z.boolean(),
});
export type FormaPagoVentas = z.infer<typeof formaPagoVentasSchema>;

/** Net sales (before taxes) by payment type, Contado / Crédito. */
export const tipoVentaSchema = z.object({
  tipo_pago_id: z.number().int(),
  nombre_tipo_pago: z.string(),
  total_venta_neta: z.number(),
  cantidad: z.number().int(),
});
export type TipoVenta = z.infer<typeof tipoVentaSchema>;

/** Credit payments (not annulled) by method. */
export const formaPagoTotalSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  ingresa_dinero: z.boolean(),
});
export type FormaPagoTotal = z.infer<typeof formaPagoTotalSchema>;

/** One method of one credit payment (a payment in two methods is two lines). */
export const pagoCreditoLineaSchema = z.object({
  movimiento_id: z.number().int(),
  venta_id: z.number().int().nullable(),
  codigo_tienda: z.string().nullable(),
  /** The payment's business date, 'YYYY-MM-DD'. */
  fecha_abono: z.string(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  codigo_comprobante: z.string().nullable(),
  ingresa_dinero: z.boolean(),
});
export type PagoCreditoLinea = z.infer<typeof pagoCreditoLineaSchema>;

/** A supplier payment's method as the reports show it. */
export const formaPagoProveedorReporteSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  codigo_comprobante_pago: z.string().nullable(),
  /** The voucher picture's signed link, null without one. */
  url_adjunto_comprobante: z.string().nullable(),
});

/** A supplier payment as the month closing and the daily cash list it (the supplier payments list's row). */
export const pagoProveedorReporteSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  tipo_concepto_id: z.number().int().nullable(),
  nombre_tipo_concepto: z.string().nullable(),
  proveedor_id: z.number().int().nullable(),
  nombre_proveedor: z.string().nullable(),
  codigo_factura: z.string().nullable(),
  fecha_factura: z.string().nullable(),
  fecha_pago: z.string().nullable(),
  ...cifrasPagoProveedorSchema.shape,
  formas_pago: z.array(formaPagoProveedorReporteSchema),
});
export type PagoProveedorReporte = z.infer<typeof pagoProveedorReporteSchema>;

/** A payment of a sale in the month view (spec 002 §3 Sale (month view), per payment). */
export const formaPagoVentaMesSchema = z.object({
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  codigo_comprobante_pago: z.string().nullable(),
  adjunto_comprobante_pago: z.string().nullable(),
});

/** spec 002 §3 Sale (month view), with the document's number and kind for the badges (§4). */
export const ventaMesCierreSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  nombre_tienda: z.string(),
  /** When it was billed (ISO timestamp). */
  fecha_factura: z.string(),
  tipo_documento: z.string().nullable(),
  prefijo_factura_dian: z.string().nullable(),
  nro_factura_dian: z.number().int().nullable(),
  ...clienteVendedorFilaVentaSchema.shape,
  ...totalesFilaVentaSchema.shape,
  total_otros_impuestos: z.number(),
  ...estadoFilaVentaSchema.shape,
  /** Sent to DIAN (ISO timestamp) or null: the 'Enviado a la DIAN' badge. */
  fecha_factura_dian: z.string().nullable(),
  /** Siigo's code or null: the SIIGO badge. Neither: Remisión. */
  factura_code_siigo: z.string().nullable(),
  /** What the sale is as a fiscal document (its e-invoice's state, or a remission). */
  documento_fiscal: z.enum(DOCUMENTOS_FISCALES),
  formas_pago: z.array(formaPagoVentaMesSchema),
});
export type VentaMesCierre = z.infer<typeof ventaMesCierreSchema>;

/** A sale paid with the chosen method (the expandable row of a method). */
export const ventaFormaPagoMesSchema = z.object({
  id: z.number().int(),
  fecha_factura: z.string(),
  tipo_documento: z.string().nullable(),
  prefijo_factura_dian: z.string().nullable(),
  nro_factura_dian: z.number().int().nullable(),
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
  total_venta_bruta: z.number(),
  /** What this method paid of the sale (the sum of its rows). */
  valor_pagado: z.number(),
  codigo_comprobante_pago: z.string().nullable(),
  fecha_factura_dian: z.string().nullable(),
  factura_code_siigo: z.string().nullable(),
  documento_fiscal: z.enum(DOCUMENTOS_FISCALES),
});
export type VentaFormaPagoMes = z.infer<typeof ventaFormaPagoMesSchema>;

export const ventasFormaPagoRespuestaSchema = z.object({ ventas: paginaSchema(ventaFormaPagoMesSchema) });

export const ventasMesRespuestaSchema = z.object({ ventas: paginaSchema(ventaMesCierreSchema) });

/**
 * The cards and totals of a store's month (spec 002 §2.8), what a closing keeps as its summary. Sales are the billed
 * ones by billing date, annulled later or not (docs/decisions-reportes-dinero.md "Devoluciones"); credit notes by the
 * day they were issued (the annulment's). "ventas" are before taxes (total_venta_neta), "iva" their taxes. By fiscal
 * document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal"):
 * - ventas_siigo / iva_siigo: the e-invoices DIAN accepted (directly or through Siigo);
 * - ventas_remision: the remissions less the remissions' partial returns of the month; iva_remision: the taxes charged
 *   on them, net the same way, shown apart, never fiscal IVA;
 * - ventas_total: the month's net sales = remissions + every e-invoice and POS document (accepted, pending, rejected)
 *   − every credit note and nota de ajuste − the remissions' returns;
 * - iva_total: the fiscal IVA = accepted e-invoices' and POS documents' − accepted credit notes' and notas de ajuste';
 * - iva_por_aceptar: the IVA still waiting on DIAN = pending and rejected fiscal documents' − notes not accepted.
 * The new keys default to zero for the summaries closings kept before they existed.
 */
export const resumenCierreMesSchema = z.object({
  ventas_siigo: z.number(),
  iva_siigo: z.number(),
  ventas_remision: z.number(),
  iva_remision: z.number(),
  ventas_total: z.number(),
  iva_total: z.number(),
  /** What the customers paid, taxes included. */
  total_venta_bruta: z.number(),
  cantidad_ventas: z.number().int(),
  lista_ventas_formas_pagos: z.array(formaPagoVentasSchema),
  /** Received from sales: every method but Crédito and Anticipo. */
  total_dinero_ventas: z.number(),
  /**
   * The cash rounding of the month's sales, its own figure (docs/decisions-redondeo-envios.md). Optional: the
   * summaries of months closed before it existed do not carry it.
   */
  redondeo_efectivo: redondeoEfectivoResumenSchema.optional(),
  lista_tipos_venta: z.array(tipoVentaSchema),
  lista_abonos_credito_formas_pagos: z.array(formaPagoTotalSchema),
  total_abonos_credito: z.number(),
  cantidad_pagos_proveedores: z.number().int(),
  total_pagos_proveedores: z.number(),
  /** Sales annulled within the month (by annulment date): their billing month keeps counting them. */
  anuladas: anuladasSchema,
  /**
   * Money given back within the month by annulments (sales, credit payments, advances), by method: money out of the
   * month it moved (docs/decisions-reportes-dinero.md "Devoluciones"). Absent from summaries kept before it existed.
   */
  lista_devoluciones_formas_pagos: z.array(formaPagoTotalSchema).default([]),
  total_devoluciones: z.number().default(0),
  remisiones: cifrasDocumentosSchema.default(CIFRAS_CERO),
  facturas_electronicas: cifrasPorEstadoSchema.default(POR_ESTADO_CERO),
  notas_credito: cifrasPorEstadoSchema.default(POR_ESTADO_CERO),
  iva_por_aceptar: z.number().default(0),
  /** The documentos equivalentes POS of the month's sales, by state: fiscal documents like the e-invoices. */
  documentos_pos: cifrasPorEstadoSchema.default(POR_ESTADO_CERO),
  /** The notas de ajuste (a POS document's corrections) issued in the month, by state: they subtract like credit notes. */
  notas_ajuste: cifrasPorEstadoSchema.default(POR_ESTADO_CERO),
  /** The partial returns of remissions made in the month (no DIAN document): they subtract from the remissions. */
  devoluciones_remision: cifrasDocumentosSchema.default(CIFRAS_CERO),
});
export type ResumenCierreMes = z.infer<typeof resumenCierreMesSchema>;

/** POST cierre-mes/ventas-plataforma's data: the summary, the lists, and the month's lock state. */
export const ventasPlataformaSchema = z.object({
  codigo_tienda: z.string(),
  anio: z.number().int(),
  mes: z.number().int(),
  ...resumenCierreMesSchema.shape,
  lista_abonos_credito: z.array(pagoCreditoLineaSchema),
  lista_pagos_proveedores: z.array(pagoProveedorReporteSchema),
  lista_ventas_mes: z.array(ventaMesCierreSchema),
  /** The month's DIAN documents not accepted (pending to send or rejected), for the warning. */
  documentos_por_resolver: z.array(documentoPorResolverSchema),
  periodo: periodoSchema,
});
export type VentasPlataforma = z.infer<typeof ventasPlataformaSchema>;

/** POST cierre-mes/cerrar and reabrir: the month after the change (its summary when closed). */
export const cierreMesPeriodoRespuestaSchema = z.object({ periodo: periodoSchema });

/** spec 002 §4: a sale's billing badge in the month closing. */
export const INSIGNIAS_FACTURACION = { dian: 'Enviado a la DIAN', siigo: 'SIIGO', remision: 'Remisión' } as const;

/** 'Enviado a la DIAN' when fecha_factura_dian is set; 'SIIGO' when factura_code_siigo is; 'Remisión' when neither. */
export function insigniaFacturacion(venta: { fecha_factura_dian: string | null; factura_code_siigo: string | null }): string {
  if (venta.fecha_factura_dian) return INSIGNIAS_FACTURACION.dian;
  if (venta.factura_code_siigo) return INSIGNIAS_FACTURACION.siigo;
  return INSIGNIAS_FACTURACION.remision;
}
