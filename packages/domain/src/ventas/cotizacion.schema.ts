import { z } from 'zod';
import { idOpcionalCoercido } from '../campos';
import { valorPesos } from '../dinero';
import { fechaOpcional } from '../fechas/fechas';
import { listaCerrada } from '../listas';
import { consultaListaSchema, paginaSchema } from '../paginacion';

/**
 * Quotations (docs/decisions-cotizaciones.md): an order (venta) in state 7 with a validity date. Its state in the list
 * is computed from its columns, never stored twice: annulled (state 3), converted (convertida_en), expired (validity
 * before today, in the business's zone) or open.
 */
export const PARAMETRO_DIAS_VALIDEZ_COTIZACION = 'DIAS_VALIDEZ_COTIZACION';
/** The validity in days when the parameter is missing or not a whole number of days. */
export const DIAS_VALIDEZ_COTIZACION_DEFECTO = 15;

export const { claves: ESTADOS_COTIZACION, nombres: NOMBRES_ESTADO_COTIZACION, opciones: OPCIONES_ESTADO_COTIZACION } =
  listaCerrada({ abierta: 'Abierta', vencida: 'Vencida', convertida: 'Convertida', anulada: 'Anulada' });
export type EstadoCotizacion = (typeof ESTADOS_COTIZACION)[number];

/** Which prices a conversion takes: the quoted ones (only while valid) or the store's of today. */
export const PRECIOS_CONVERSION = ['cotizados', 'actuales'] as const;
export type PreciosConversion = (typeof PRECIOS_CONVERSION)[number];

export const MENSAJES_COTIZACION = {
  guardada: (n: number) => `Cotización No. ${n} guardada`,
  noEsCotizacion: 'La venta no es una cotización',
  yaConvertida: (pedido: number) => `La cotización ya se convirtió en el pedido No. ${pedido}`,
  anulada: 'La cotización está anulada',
  vencidaPrecios: 'La cotización está vencida: solo se puede convertir con los precios de hoy',
  vencidaAceptar: 'La cotización está vencida: no se puede marcar como aceptada',
  preciosCambiaron: 'Los precios cambiaron desde que revisó la conversión: revíselos de nuevo',
  validez: 'Debe ingresar una fecha de validez válida',
  validezPasada: 'La fecha de validez no puede ser anterior a hoy',
  validezSoloCotizacion: 'Solo una cotización lleva fecha de validez',
  pedidoACotizacion: 'Un pedido no se puede guardar como cotización: cree una cotización nueva',
  cotizacionAPedido: 'Una cotización se vuelve pedido con Convertir en pedido',
  aceptada: 'Cotización marcada como aceptada',
  convertida: (pedido: number) => `Cotización convertida en el pedido No. ${pedido}`,
  anuladaOk: 'Cotización anulada',
  precios: 'Debe indicar con qué precios se convierte',
  total: 'Debe indicar el total que revisó',
  estado: 'El estado de la cotización no es válido',
  fechas: 'Debe ingresar fechas válidas',
} as const;

/** Sortable columns of the quotations list. */
export const ORDEN_COTIZACIONES = ['id', 'fecha_venta', 'fecha_validez', 'total_venta'] as const;

/** GET cotizaciones: the page, the search (customer or number, accent-free), the seller, the dates and the state. */
export const cotizacionesConsultaSchema = consultaListaSchema(ORDEN_COTIZACIONES).extend({
  vendedor_id: idOpcionalCoercido('Debe seleccionar un vendedor válido'),
  fecha_inicial: fechaOpcional(MENSAJES_COTIZACION.fechas),
  fecha_final: fechaOpcional(MENSAJES_COTIZACION.fechas),
  estado: z.enum(ESTADOS_COTIZACION, { error: MENSAJES_COTIZACION.estado }).optional(),
});
export type CotizacionesConsulta = z.infer<typeof cotizacionesConsultaSchema>;

/** A row of the quotations list. */
export const filaCotizacionSchema = z.object({
  id: z.number().int(),
  fecha_venta: z.string(),
  /** Last valid day, 'YYYY-MM-DD'. */
  fecha_validez: z.string(),
  aceptada_en: z.string().nullable(),
  convertida_en: z.string().nullable(),
  /** The order made from it. */
  pedido_id: z.number().int().nullable(),
  cliente_id: z.number().int(),
  nombre_cliente: z.string(),
  numero_documento: z.string(),
  vendedor_id: z.number().int(),
  nombre_vendedor: z.string(),
  total_venta: z.number(),
  estado: z.enum(ESTADOS_COTIZACION),
  /** Signed link of its PDF (30 days). */
  url_pdf: z.string(),
});
export type FilaCotizacion = z.infer<typeof filaCotizacionSchema>;

export const cotizacionesRespuestaSchema = z.object({ cotizaciones: paginaSchema(filaCotizacionSchema) });

/** GET cotizaciones/{id}/conversion: what converting gives, line by line, at the quoted and at today's prices. */
export const conversionCotizacionSchema = z.object({
  cotizacion_id: z.number().int(),
  fecha_validez: z.string(),
  /** True while the quotation is valid: the quoted prices hold and are the default. */
  vigente: z.boolean(),
  lineas: z.array(
    z.object({
      item: z.number().int(),
      referencia: z.string(),
      nombre_producto: z.string(),
      cantidad: z.number(),
      precio_cotizado: z.number(),
      precio_actual: z.number(),
      total_cotizado: z.number(),
      total_actual: z.number(),
      /** The line's approved discount is dropped at today's prices when its price changed (the approval named the price). */
      pierde_descuento: z.boolean(),
    }),
  ),
  total_cotizado: z.number(),
  total_actual: z.number(),
});
export type ConversionCotizacion = z.infer<typeof conversionCotizacionSchema>;

/** POST cotizaciones/{id}/convertir: the prices chosen and the total the seller saw (a changed total is a 409). */
export const convertirCotizacionSchema = z.object({
  precios: z.enum(PRECIOS_CONVERSION, { error: MENSAJES_COTIZACION.precios }),
  total_venta: valorPesos(MENSAJES_COTIZACION.total, 'cero'),
});
export type ConvertirCotizacion = z.infer<typeof convertirCotizacionSchema>;

export const cotizacionConvertidaSchema = z.object({ venta_id: z.number().int(), version: z.number().int() });

/** The answer of accepting or annulling: the quotation's new state. */
export const cotizacionCambiadaSchema = z.object({ id: z.number().int(), estado: z.enum(ESTADOS_COTIZACION), aceptada_en: z.string().nullable() });
export type CotizacionCambiada = z.infer<typeof cotizacionCambiadaSchema>;
