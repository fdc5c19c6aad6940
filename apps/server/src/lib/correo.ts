import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type NodemailerError } from 'nodemailer';
import { listaCorreosSchema } from '@tablero/domain';
import type { Config } from '../config';

/** The SMTP server of the business (configuracion_fe), its password already decrypted. */
export interface ServidorSmtp {
  host: string;
  puerto: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  seguro: boolean;
  usuario?: string | null;
  clave?: string | null;
  /** The From address when the message names none. */
  remitente: string;
}

export interface AdjuntoCorreo {
  nombre: string;
  contenido: Buffer;
  /** MIME type, e.g. application/pdf. */
  tipo: string;
}

export interface MensajeCorreo {
  de?: string;
  para: string[];
  asunto: string;
  texto: string;
  html?: string;
  adjuntos: AdjuntoCorreo[];
}

export type ResultadoCorreo = { modo: 'SMTP'; idMensaje: string } | { modo: 'BANDEJA_SALIDA'; archivo: string };

/** A message the server did not take: it refused it for good (5xx), or the configuration is wrong (credentials, TLS). */
export class ErrorCorreo extends Error {
  constructor(
    mensaje: string,
    opciones: { cause: unknown },
    /** The SMTP reply code, when the server answered one. */
    readonly codigoRespuesta: number | null = null,
  ) {
    super(mensaje, opciones);
    this.name = 'ErrorCorreo';
  }
}

/** A failure that may pass: the server could not be reached, timed out, or deferred the message (4xx). Retry later. */
export class ErrorTransitorioCorreo extends ErrorCorreo {
  constructor(mensaje: string, opciones: { cause: unknown }, codigoRespuesta: number | null = null) {
    super(mensaje, opciones, codigoRespuesta);
    this.name = 'ErrorTransitorioCorreo';
  }
}

/**
 * Longest wait for each step of an SMTP delivery (connecting, the greeting, an idle socket, DNS): a server that does
 * not answer fails the send within this time, so a background job never hangs on it.
 */
export const ESPERA_SMTP_MS = 20_000;

/** Nodemailer's codes for a connection that failed or was cut before the server judged the message. */
const CODIGOS_TRANSITORIOS = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH']);

/** The outbox folder of the app: `<dataDir>/outbox` (ARCHITECTURE §1, e-mail). */
export function carpetaBandejaSalida(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/**
 * Sends `mensaje` through `smtp`, or, with no SMTP configured, writes it whole (RFC 822, as it would have travelled)
 * to `<carpetaSalida>/<fecha>-<id>.eml`, creating the folder when missing. The file appears complete or not at all
 * (written aside, then renamed), so whoever reads the outbox never sees half a message.
 * Throws ErrorTransitorioCorreo when retrying may succeed, ErrorCorreo when it would not.
 */
export async function enviarCorreo(smtp: ServidorSmtp | null, mensaje: MensajeCorreo, carpetaSalida: string): Promise<ResultadoCorreo> {
  const opcionesMensaje = {
    from: mensaje.de ?? smtp?.remitente,
    to: mensaje.para,
    subject: mensaje.asunto,
    text: mensaje.texto,
    html: mensaje.html,
    attachments: mensaje.adjuntos.map((adjunto) => ({ filename: adjunto.nombre, content: adjunto.contenido, contentType: adjunto.tipo })),
  };

  if (!smtp) {
    const transporte = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await transporte.sendMail(opcionesMensaje);
    const id = /^<?([\w.-]+)@/.exec(info.messageId)?.[1] ?? randomUUID();
    const fecha = new Date().toISOString().replace(/[-:.]/g, '');
    await mkdir(carpetaSalida, { recursive: true });
    const archivo = path.join(carpetaSalida, `${fecha}-${id}.eml`);
    const temporal = path.join(carpetaSalida, `.${fecha}-${id}.tmp`);
    await writeFile(temporal, info.message as Buffer);
    await rename(temporal, archivo);
    return { modo: 'BANDEJA_SALIDA', archivo };
  }

  const transporte = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.puerto,
    secure: smtp.seguro,
    auth: smtp.usuario ? { user: smtp.usuario, pass: smtp.clave ?? '' } : undefined,
    connectionTimeout: ESPERA_SMTP_MS,
    greetingTimeout: ESPERA_SMTP_MS,
    socketTimeout: ESPERA_SMTP_MS,
    dnsTimeout: ESPERA_SMTP_MS,
  });
  try {
    const info = await transporte.sendMail(opcionesMensaje);
    return { modo: 'SMTP', idMensaje: info.messageId };
  } catch (error) {
    throw clasificarError(error, smtp);
  } finally {
    transporte.close();
  }
}

/** Whether waiting helps: a 4xx reply (or 503, a session out of step) or no reply at all because the connection failed. */
function clasificarError(error: unknown, smtp: ServidorSmtp): ErrorCorreo {
  const fallo = error as NodemailerError;
  const servidor = `${smtp.host}:${smtp.puerto}`;
  if (typeof fallo.responseCode === 'number') {
    const respuesta = `${fallo.response ?? fallo.message}`;
    // Nodemailer sets `permanent` from the reply class; a reply without it is judged by its code (RFC 5321).
    const permanente = fallo.permanent ?? (fallo.responseCode >= 500 && fallo.responseCode !== 503);
    if (!permanente) {
      return new ErrorTransitorioCorreo(`El servidor de correo ${servidor} aplazó el envío: ${respuesta}`, { cause: error }, fallo.responseCode);
    }
    if (fallo.code === 'EAUTH') {
      return new ErrorCorreo(`El servidor de correo ${servidor} no aceptó el usuario y la clave: ${respuesta}`, { cause: error }, fallo.responseCode);
    }
    return new ErrorCorreo(`El servidor de correo ${servidor} rechazó el correo: ${respuesta}`, { cause: error }, fallo.responseCode);
  }
  if (CODIGOS_TRANSITORIOS.has(fallo.code ?? '') || CODIGOS_TRANSITORIOS.has(fallo.originalCode ?? '')) {
    return new ErrorTransitorioCorreo(`No se pudo conectar con el servidor de correo ${servidor}: ${fallo.message}`, { cause: error });
  }
  return new ErrorCorreo(`No se pudo enviar el correo por ${servidor}: ${fallo.message}`, { cause: error });
}

/**
 * 'a@b.co; c@d.co' → ['a@b.co', 'c@d.co']: split on ';', trimmed, empties dropped; null unless there is at least one,
 * at most MAXIMO_CORREOS_FE (10), and every one is a valid address. The same rule as the resend body's schema.
 */
export function validarListaCorreos(texto: string): string[] | null {
  const resultado = listaCorreosSchema.safeParse(texto);
  return resultado.success ? resultado.data : null;
}
