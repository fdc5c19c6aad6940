import { z } from 'zod';
import { idRutaSchema } from '../limites';
import { listaCerrada } from '../listas';

/**
 * The electronic invoice of a billed sale, as the billing list and the sale detail see it (docs/decisions-factura-electronica.md; spec 000 §2.6,
 * §2.10, §4.1, §7 timbrar-dian and enviar-email-fe).
 */

/** documento_fe.estado: ENVIANDO (queued or being sent), PENDIENTE_ENVIO, ACEPTADA, RECHAZADA. */
// The badge text of each state; 'Enviado a la DIAN' is spec 000 §2.6's text, shown only after DIAN accepted.
const estadosFe = listaCerrada({ ENVIANDO: 'Enviando', PENDIENTE_ENVIO: 'Pendiente de envío', ACEPTADA: 'Enviado a la DIAN', RECHAZADA: 'Rechazada por la DIAN' });
export const ESTADOS_DOCUMENTO_FE = estadosFe.claves;
export type EstadoDocumentoFe = (typeof ESTADOS_DOCUMENTO_FE)[number];
export const TEXTOS_ESTADO_FE = estadosFe.nombres;

export const MAXIMO_CORREOS_FE = 10;

/**
 * DIAN's ConceptoNotaCredito list (Anexo técnico 1.9, listas/ConceptoNotaCredito-2.1.gc): the code a credit note
 * writes in DiscrepancyResponse/ResponseCode, with DIAN's own name (written as DIAN spells it). packages/dian writes its
 * names from this same list.
 */
export const CONCEPTOS_NOTA_CREDITO = {
  '1': 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
  '2': 'Anulación de factura electrónica',
  '3': 'Rebaja  o descuento parcial o total',
  '4': 'Ajuste de precio',
  '5': 'Otros',
} as const;
export type ConceptoNotaCredito = keyof typeof CONCEPTOS_NOTA_CREDITO;
/** '2 - Anulación de factura electrónica', as the screens show a concept. */
export const textoConceptoNota = (codigo: string) => {
  const nombre = (CONCEPTOS_NOTA_CREDITO as Record<string, string>)[codigo];
  return nombre ? `${codigo} - ${nombre.replace(/\s+/g, ' ')}` : codigo;
};
/**
 * The concepts an annulment of the whole sale may carry: only 2 (docs/decisions-factura-electronica.md, "Anulación con
 * nota crédito"). 1 is a partial return, 3 and 4 change the price of goods the customer keeps, 5 is no annulment.
 */
export const CONCEPTOS_ANULACION: readonly ConceptoNotaCredito[] = ['2'];

/**
 * The DIAN documents of a sale: its electronic invoice or its POS equivalent document, and the notes that correct them
 * (a credit note an invoice, a nota de ajuste a POS document). docs/decisions-factura-electronica.md.
 */
export const TIPOS_DOCUMENTO_FE = ['FACTURA', 'NOTA_CREDITO', 'POS', 'NOTA_AJUSTE'] as const;
export type TipoDocumentoFE = (typeof TIPOS_DOCUMENTO_FE)[number];
/** The sale's own DIAN document (one per sale) and the note kind that corrects each. */
export const DOCUMENTOS_DE_VENTA_FE = ['FACTURA', 'POS'] as const;
export type DocumentoDeVentaFE = (typeof DOCUMENTOS_DE_VENTA_FE)[number];
export type NotaFE = Extract<TipoDocumentoFE, 'NOTA_CREDITO' | 'NOTA_AJUSTE'>;
export const NOTA_DE_DOCUMENTO: Record<DocumentoDeVentaFE, NotaFE> = { FACTURA: 'NOTA_CREDITO', POS: 'NOTA_AJUSTE' };
/** The label of a document's unique code: an invoice's CUFE; every other kind's CUDE. */
export const etiquetaCodigoFe = (tipo: TipoDocumentoFE) => (tipo === 'FACTURA' ? 'CUFE' : 'CUDE');

const DEL_DOCUMENTO: Record<DocumentoDeVentaFE, (numero: string) => string> = {
  FACTURA: (numero) => `de la factura ${numero}`,
  POS: (numero) => `del documento equivalente POS ${numero}`,
};
const EL_DOCUMENTO: Record<DocumentoDeVentaFE, string> = { FACTURA: 'la factura', POS: 'el documento' };

/** What a document built without a provider says, by its kind (a note is not "la factura"). */
const construidoSinProveedor = (tipo: TipoDocumentoFE) => {
  const pendiente = 'pendiente de envío: no hay un proveedor de facturación electrónica configurado';
  return {
    FACTURA: `La factura quedó construida y firmada, ${pendiente}`,
    NOTA_CREDITO: `La nota crédito quedó construida y firmada, ${pendiente}`,
    POS: `El documento equivalente POS quedó construido y firmado, ${pendiente}`,
    NOTA_AJUSTE: `La nota de ajuste quedó construida y firmada, ${pendiente}`,
  }[tipo];
};

export const MENSAJES_FE = {
  // spec 000 §2.10 confirmations.
  tituloEnvio: 'Envío factura electrónica',
  tituloReenvio: 'Reenviar email FE',
  confirmarEnvio: (numero: string, clase: DocumentoDeVentaFE = 'FACTURA') =>
    `¿Desea enviar a la DIAN ${clase === 'POS' ? 'el documento equivalente POS' : 'la factura'} ${numero}?`,
  // spec 000 §5: the resend dialog's field.
  correos: 'Debe ingresar los email',
  correoInvalido: (correo: string) => `El correo ${correo} no es válido`,
  correosMaximos: `Se pueden enviar hasta ${MAXIMO_CORREOS_FE} correos`,
  enCola: 'La factura se está enviando a la DIAN. El estado se actualizará cuando responda',
  sinProveedor: construidoSinProveedor('FACTURA'),
  // The same two answers for a sale billed as POS (docs/decisions-factura-electronica.md, "Documento equivalente POS").
  posEnCola: 'El documento equivalente POS se está enviando a la DIAN. El estado se actualizará cuando responda',
  posSinProveedor: construidoSinProveedor('POS'),
  construidoSinProveedor,
  /**
   * A sale billed as an electronic invoice or POS document that was never sent gets its document when a note must
   * correct it (an annulment, a partial return): registered pending of sending, and the note waits for it.
   */
  documentoSinEnviarConNota: (tipo: DocumentoDeVentaFE) =>
    `${tipo === 'POS' ? 'El documento equivalente POS no se había enviado' : 'La factura no se había enviado'} a la DIAN cuando se registró una nota que ${tipo === 'POS' ? 'lo' : 'la'} corrige: envíe${tipo === 'POS' ? 'lo' : 'la'} con Enviar a la DIAN y la nota se enviará después`,
  correoEnCola: 'El correo de la factura electrónica se está enviando',
  notaCreditoEnCola: (numero: string) => `Venta anulada. La nota crédito ${numero} se está enviando a la DIAN`,
  notaCreditoEspera: (numero: string, factura: string) =>
    `Venta anulada. La nota crédito ${numero} se enviará a la DIAN cuando la DIAN acepte la factura ${factura}`,
  // A credit note's waiting message (its job does not send it before DIAN accepts the invoice it annuls), by the invoice's
  // state; a nota de ajuste waits the same way for its POS document (docs/decisions-factura-electronica.md).
  notaEsperaEnvio: (factura: string, clase: DocumentoDeVentaFE = 'FACTURA') => `Espera la aceptación ${DEL_DOCUMENTO[clase](factura)}, que se está enviando a la DIAN`,
  notaEsperaPendiente: (factura: string, clase: DocumentoDeVentaFE = 'FACTURA') =>
    `Espera la aceptación ${DEL_DOCUMENTO[clase](factura)}, pendiente de envío: envíe ${EL_DOCUMENTO[clase]} a la DIAN y la nota se enviará después`,
  notaEsperaRechazo: (factura: string, clase: DocumentoDeVentaFE = 'FACTURA') =>
    `Espera la aceptación ${DEL_DOCUMENTO[clase](factura)}, ${clase === 'POS' ? 'rechazado' : 'rechazada'} por la DIAN: corrija lo que indican los motivos del rechazo y envíe ${EL_DOCUMENTO[clase]} de nuevo; la nota se enviará cuando la DIAN ${clase === 'POS' ? 'lo' : 'la'} acepte`,
  // The annulment of a POS sale: its nota de ajuste.
  notaAjusteEnCola: (numero: string) => `Venta anulada. La nota de ajuste ${numero} se está enviando a la DIAN`,
  notaAjusteEspera: (numero: string, documento: string) =>
    `Venta anulada. La nota de ajuste ${numero} se enviará a la DIAN cuando la DIAN acepte el documento equivalente POS ${documento}`,
  // A note sent again by itself (docs/decisions-factura-electronica.md, "Reenvío de una nota").
  tituloReenvioNota: 'Reenviar nota a la DIAN',
  confirmarReenvioNota: (numero: string) => `¿Desea enviar de nuevo a la DIAN la nota ${numero}?`,
  notaEnCola: (numero: string) => `La nota ${numero} se está enviando a la DIAN. El estado se actualizará cuando responda`,
  notaSinProveedor: (numero: string) =>
    `La nota ${numero} quedará construida y firmada, pendiente de envío: no hay un proveedor de facturación electrónica configurado`,
} as const;

/** 'a@b.co; c@d.co' → the trimmed addresses, each valid, at least one, at most MAXIMO_CORREOS_FE. */
export const listaCorreosSchema = z
  .string({ error: MENSAJES_FE.correos })
  .transform((texto, ctx) => {
    const correos = texto
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (correos.length === 0) {
      ctx.addIssue({ code: 'custom', message: MENSAJES_FE.correos });
      return z.NEVER;
    }
    if (correos.length > MAXIMO_CORREOS_FE) {
      ctx.addIssue({ code: 'custom', message: MENSAJES_FE.correosMaximos });
      return z.NEVER;
    }
    for (const correo of correos) {
      if (correo.length > 150 || !z.email().safeParse(correo).success) {
        ctx.addIssue({ code: 'custom', message: MENSAJES_FE.correoInvalido(correo) });
        return z.NEVER;
      }
    }
    return correos;
  });

/** POST facturas/{venta_id}/enviar-email-fe body (spec 000 §7: venta_id, lista_email). */
export const enviarEmailFeSchema = z.object({
  venta_id: z.number().int().optional(),
  lista_email: listaCorreosSchema,
});
export type EnviarEmailFe = z.input<typeof enviarEmailFeSchema>;

const intentoSchema = z.object({
  id: z.number(),
  operacion: z.enum(['ENVIO', 'CONSULTA']),
  proveedor: z.string(),
  resultado: z.string(),
  mensaje: z.string().nullable(),
  nombre_usuario: z.string().nullable(),
  inicio: z.string(),
  fin: z.string(),
});

const correoSchema = z.object({
  id: z.number(),
  destinatarios: z.string(),
  estado: z.enum(['PENDIENTE', 'ENVIADO', 'BANDEJA_SALIDA', 'ERROR']),
  mensaje: z.string().nullable(),
  created_at: z.string(),
  enviado_at: z.string().nullable(),
});

/** The notes: each one corrects the sale's invoice or POS document, and is sent again by its own id when rejected. */
export const TIPOS_NOTA_FE: readonly TipoDocumentoFE[] = ['NOTA_CREDITO', 'NOTA_AJUSTE'];
export const esNotaFe = (tipo: TipoDocumentoFE): boolean => TIPOS_NOTA_FE.includes(tipo);
/** Each kind's name as the sale's e-invoice panel titles it. */
export const NOMBRES_DOCUMENTO_FE: Record<TipoDocumentoFE, string> = {
  FACTURA: 'Factura electrónica',
  NOTA_CREDITO: 'Nota crédito electrónica',
  POS: 'Documento equivalente electrónico POS',
  NOTA_AJUSTE: 'Nota de ajuste del documento equivalente POS',
};

/** POST facturas/{venta_id}/notas-fe/{documento_id}/reenviar: the sale and one of its notes (documento_fe.id). */
export const notaFeParamsSchema = z.object({ venta_id: idRutaSchema, documento_id: idRutaSchema });

export const documentoFeSchema = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_DOCUMENTO_FE),
  numero: z.string(),
  estado: z.enum(ESTADOS_DOCUMENTO_FE),
  cufe: z.string().nullable(),
  fecha_emision: z.string().nullable(),
  hora_emision: z.string().nullable(),
  ambiente: z.number().nullable(),
  proveedor: z.string().nullable(),
  firmado: z.boolean(),
  mensajes: z.array(z.string()),
  fecha_aceptacion: z.string().nullable(),
  /** A credit note's DIAN concept (ConceptoNotaCredito code) and reason; null on an invoice. */
  concepto_nota: z.string().nullable(),
  motivo: z.string().nullable(),
  intentos: z.array(intentoSchema),
  correos: z.array(correoSchema),
});
export type DocumentoFe = z.infer<typeof documentoFeSchema>;

/** GET facturas/{venta_id}/factura-electronica: the sale's invoice and credit note with their attempts and e-mails. */
export const facturaElectronicaVentaSchema = z.object({
  venta_id: z.number(),
  /** The customer's address, proposed in the resend dialog. */
  correo_cliente: z.string().nullable(),
  documentos: z.array(documentoFeSchema),
});
export type FacturaElectronicaVenta = z.infer<typeof facturaElectronicaVentaSchema>;
