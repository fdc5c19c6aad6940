import { z } from 'zod';
import { listaCorreosSchema } from './factura-electronica.schema';

/**
 * Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): by e-mail
 * (the outbox job) or as a signed public link to share (WhatsApp). Every send is a row of `envio_documento`.
 *
 * The kinds are a registry: a new kind (the quotation, a sale in its own state) is one more entry here, with its name,
 * and one in the server's `TIPOS_DOCUMENTO_ENVIO` (ventas/envio-documento.service.ts), which says when it applies, how
 * its PDF is rendered and which public link opens it. The routes and the dialog read the list and need no change.
 */
export const DOCUMENTOS_ENVIO = ['VENTA', 'COTIZACION', 'ESTADO_CUENTA'] as const;
export type DocumentoEnvio = (typeof DOCUMENTOS_ENVIO)[number];
export const CANALES_ENVIO = ['CORREO', 'ENLACE'] as const;
export type CanalEnvio = (typeof CANALES_ENVIO)[number];
/** An e-mail waits for its job (PENDIENTE), then ENVIADO (SMTP), BANDEJA_SALIDA (no SMTP: the .eml file) or ERROR; a link is ENVIADO when made. */
export const ESTADOS_ENVIO = ['PENDIENTE', 'ENVIADO', 'BANDEJA_SALIDA', 'ERROR'] as const;
export type EstadoEnvio = (typeof ESTADOS_ENVIO)[number];

export const NOMBRES_CANAL_ENVIO: Record<CanalEnvio, string> = { CORREO: 'Correo', ENLACE: 'Enlace para compartir' };
export const NOMBRES_ESTADO_ENVIO: Record<EstadoEnvio, string> = {
  PENDIENTE: 'En cola',
  ENVIADO: 'Enviado',
  BANDEJA_SALIDA: 'En bandeja de salida',
  ERROR: 'Error',
};

export const MENSAJES_ENVIO = {
  documentos: 'Elija al menos un documento para enviar',
  documento: 'Elija un documento válido',
  sinCuentaCredito: 'El cliente no tiene cuenta crédito: no hay estado de cuenta que enviar',
  esCotizacion: 'Una cotización se envía como cotización',
  noEsCotizacion: 'La venta no es una cotización',
  correoEnCola: 'El correo quedó en cola de envío',
  enlaceCreado: 'Enlace copiado: péguelo en el mensaje para el cliente',
  enlaceSinCopiar: 'Enlace listo: cópielo del cuadro',
} as const;

const documentoEnvio = z.enum(DOCUMENTOS_ENVIO, { error: MENSAJES_ENVIO.documento });

/** POST facturas/{venta_id}/envios/correo: the addresses (editable, ';'-separated) and the documents to attach. */
export const enviarCorreoDocumentosSchema = z.object({
  correo: listaCorreosSchema,
  documentos: z
    .array(documentoEnvio, { error: MENSAJES_ENVIO.documentos })
    .min(1, MENSAJES_ENVIO.documentos)
    .max(DOCUMENTOS_ENVIO.length, MENSAJES_ENVIO.documentos)
    .transform((documentos) => [...new Set(documentos)]),
});
export type EnviarCorreoDocumentos = z.input<typeof enviarCorreoDocumentosSchema>;

/** POST facturas/{venta_id}/envios/enlace: the document whose public link is shared. */
export const enlaceDocumentoSchema = z.object({ documento: documentoEnvio });
export type EnlaceDocumento = z.input<typeof enlaceDocumentoSchema>;

/** One send of the sale's history. */
export const envioDocumentoSchema = z.object({
  id: z.number().int(),
  documento: z.enum(DOCUMENTOS_ENVIO),
  canal: z.enum(CANALES_ENVIO),
  /** The addresses of an e-mail; null for a link. */
  destino: z.string().nullable(),
  estado: z.enum(ESTADOS_ENVIO),
  /** Why an e-mail failed, or where it stayed. */
  mensaje: z.string().nullable(),
  nombre_usuario: z.string().nullable(),
  fecha: z.string(),
});
export type EnvioDocumento = z.infer<typeof envioDocumentoSchema>;

/** GET facturas/{venta_id}/envios: the kinds that apply to the sale, the customer's e-mail and the history, newest first. */
export const enviosVentaSchema = z.object({
  correo_cliente: z.string().nullable(),
  documentos: z.array(z.object({ documento: z.enum(DOCUMENTOS_ENVIO), nombre: z.string(), disponible: z.boolean(), motivo: z.string().nullable() })),
  envios: z.array(envioDocumentoSchema),
});
export type EnviosVenta = z.infer<typeof enviosVentaSchema>;

/** POST facturas/{venta_id}/envios/enlace answer: the public link's path (the web makes it absolute) and the document's name. */
export const enlaceDocumentoRespuestaSchema = z.object({ ruta: z.string(), nombre: z.string(), vigencia_dias: z.number().int() });
export type EnlaceDocumentoRespuesta = z.infer<typeof enlaceDocumentoRespuestaSchema>;

/** The Spanish message a shared link travels with. */
export const mensajeCompartirDocumento = (nombre: string, url: string) => `Hola, le compartimos ${nombre}. Puede verlo y descargarlo aquí: ${url}`;

/** WhatsApp's share link (https://wa.me/?text=…): opens WhatsApp with the message, the contact chosen there. */
export const urlWhatsApp = (texto: string) => `https://wa.me/?text=${encodeURIComponent(texto)}`;
