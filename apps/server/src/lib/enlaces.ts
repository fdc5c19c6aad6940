import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ID_MAXIMO, type CodigoError } from '@tablero/domain';
import type { Db } from '../db/database';
import type { PoolDocumentos } from '../documents/documentos.pool';
import { AppError } from './app-error';

/**
 * Short-lived signed links for public documents (ARCHITECTURE §4: "their ids are unguessable signed
 * tokens, not bare integers"). Each link names its purpose as the audience, so a session token is never
 * accepted as a link (it has no audience) and a link never as a session (it has no numeric subject).
 */
function clave(secreto: string): Uint8Array {
  return new TextEncoder().encode(secreto);
}

export async function firmarEnlace(secreto: string, proposito: string, datos: Record<string, unknown>, expiraEn: Date): Promise<string> {
  return new SignJWT({ ...datos })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(proposito)
    .setIssuedAt()
    .setExpirationTime(expiraEn)
    .sign(clave(secreto));
}

/** The link's data, or null when the token is not ours, is for another purpose or its time is over. */
export async function leerEnlace(secreto: string, proposito: string, token: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, clave(secreto), { algorithms: ['HS256'], audience: proposito });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * Compact signed links for documents whose address must stay short: a plan's link travels in the sale line, is
 * printed on invoices and labels (a QR code of a short address stays readable) and sits in a URL path segment,
 * where the router accepts at most 100 characters (a JWT of the same claims is about 150). The token is
 * `{id}.{expiry}.{mac}`: id and expiry (Unix seconds) in base 36, and the first 128 bits of an HMAC-SHA256 over
 * purpose, id and expiry with the server's secret. The purpose is inside the MAC, so a link for one purpose is
 * never read as another; the 'enlace:' prefix keeps its input apart from any JWT signed with the same secret.
 */
const FORMATO_ENLACE_CORTO = /^([0-9a-z]{1,7})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

function firmaCorta(secreto: string, proposito: string, cuerpo: string): string {
  return createHmac('sha256', secreto).update(`enlace:${proposito}:${cuerpo}`).digest().subarray(0, 16).toString('base64url');
}

/** A short signed link token naming one row (`id`, 1..2^31−1) for `proposito`, valid until `expiraEn`. */
export function firmarEnlaceCorto(secreto: string, proposito: string, id: number, expiraEn: Date): string {
  if (!Number.isSafeInteger(id) || id < 1 || id > ID_MAXIMO) throw new RangeError(`id de enlace fuera de rango: ${id}`);
  const cuerpo = `${id.toString(36)}.${Math.floor(expiraEn.getTime() / 1000).toString(36)}`;
  return `${cuerpo}.${firmaCorta(secreto, proposito, cuerpo)}`;
}

/**
 * The id and expiry of a short link, or null when it is malformed, altered, signed for another purpose or
 * with another secret, or its time is over. Never throws on odd input (any text may arrive in a URL).
 */
export function leerEnlaceCorto(secreto: string, proposito: string, token: string, ahora: Date = new Date()): { id: number; expiraEn: Date } | null {
  const partes = FORMATO_ENLACE_CORTO.exec(token);
  if (!partes) return null;
  const [, id36, expira36, mac] = partes as unknown as [string, string, string, string];
  // Compared as text, not as decoded bytes: the last base64url character carries spare bits, and a link
  // with them changed is an altered link.
  const esperada = Buffer.from(firmaCorta(secreto, proposito, `${id36}.${expira36}`));
  const recibida = Buffer.from(mac);
  if (recibida.length !== esperada.length || !timingSafeEqual(recibida, esperada)) return null;
  const id = parseInt(id36, 36);
  const expiraEn = new Date(parseInt(expira36, 36) * 1000);
  if (!Number.isSafeInteger(id) || id < 1 || id > ID_MAXIMO) return null;
  if (expiraEn.getTime() <= ahora.getTime()) return null;
  return { id, expiraEn };
}

const UN_DIA_MS = 86_400_000;

/**
 * A kind of public link to one row (ARCHITECTURE §4, docs/architecture.md §4 "Signed links"), declared once by the
 * module that serves its document: the purpose inside the MAC (a link for one purpose is never read as another's),
 * how long a fresh link works, the address its token goes in and the Spanish message of a link that cannot be served.
 * Lists sign fresh links with `url` each time they are read; the public route reads them with `leer`.
 */
export interface EnlacePublico {
  readonly proposito: string;
  readonly vigenciaDias: number;
  /** What a link that cannot be served (malformed, altered, for another purpose, expired, no row) answers: 404. */
  readonly mensajeInvalido: string;
  /** A fresh link to row `id`, valid for vigenciaDias from `ahora`: the address with its token (relative: the web is served by the same server). */
  url(secreto: string, id: number, ahora?: Date): string;
  /** The row id a link's token names, or null when it is malformed, altered, for another purpose or expired. */
  leer(secreto: string, token: string, ahora?: Date): number | null;
}

export function definirEnlace(definicion: { proposito: string; vigenciaDias: number; ruta: string; mensajeInvalido: string }): EnlacePublico {
  const { proposito, vigenciaDias, ruta, mensajeInvalido } = definicion;
  return {
    proposito,
    vigenciaDias,
    mensajeInvalido,
    url: (secreto, id, ahora = new Date()) => `${ruta}/${firmarEnlaceCorto(secreto, proposito, id, new Date(ahora.getTime() + vigenciaDias * UN_DIA_MS))}`,
    leer: (secreto, token, ahora = new Date()) => leerEnlaceCorto(secreto, proposito, token, ahora)?.id ?? null,
  };
}

/** What a public link's document is read with: the database, the PDF pool and the app's secret that signed the link. */
export interface ContextoDocumentoPublico {
  db: Db;
  documentos: PoolDocumentos;
  secreto: string;
}

/** The app's context for its public documents (the routes that serve them, and the e-invoice that attaches the PDF). */
export function contextoDocumentoPublico(app: FastifyInstance): ContextoDocumentoPublico {
  return { db: app.db, documentos: app.documentos, secreto: app.tokenSecret };
}

/** A document a public link serves: a PDF, or other bytes with their type; and the file name the browser shows. */
export type DocumentoPublico = { archivo: string } & ({ pdf: Buffer } | { contenido: Buffer; tipo: string });

/**
 * Answers a public link's GET: the document `leer` returns, or, when it refuses the link with an AppError of `codigo`,
 * 404: a small Spanish page (`detalle` says what to do) for a browser that opened the link, the Spanish JSON error for
 * the web's API client and tools. A document naming a customer (`privado`, the default) is never kept by a cache.
 */
export async function responderDocumentoPublico(
  request: FastifyRequest,
  reply: FastifyReply,
  opciones: { leer: () => Promise<DocumentoPublico>; codigo: CodigoError; detalle: string; privado?: boolean },
) {
  const privado = opciones.privado ?? true;
  let documento: DocumentoPublico;
  try {
    documento = await opciones.leer();
  } catch (error) {
    if (!(error instanceof AppError && error.code === opciones.codigo)) throw error;
    // The same address answers HTML or JSON by the Accept header: caches must tell them apart.
    void reply.header('vary', 'Accept');
    if (privado) void reply.header('cache-control', 'no-store');
    if (!prefiereHtml(request.headers.accept)) throw error;
    return reply.status(404).type('text/html; charset=utf-8').send(paginaEnlaceInvalido(error.message, opciones.detalle));
  }
  void reply.type('pdf' in documento ? 'application/pdf' : documento.tipo).header('content-disposition', `inline; filename="${documento.archivo}"`);
  if (privado) void reply.header('cache-control', 'private, no-store');
  return reply.send('pdf' in documento ? documento.pdf : documento.contenido);
}

/**
 * True when the client would rather read HTML than JSON: a browser opening a public link (Accept: text/html,…,
 * *\/*;q=0.8) gets a page it can show, while the web's API client (application/json, …, *\/*) and tools
 * without an Accept header get the Spanish JSON error. Only an explicit text/html counts, at a quality not
 * below the one JSON gets (wildcards included).
 */
export function prefiereHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const rango of accept.split(',')) {
    const [tipo = '', ...parametros] = rango.split(';').map((parte) => parte.trim().toLowerCase());
    const q = Number(parametros.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const calidad = Number.isFinite(q) ? q : 0;
    if (tipo === 'text/html') html = Math.max(html, calidad);
    if (tipo === 'application/json' || tipo === 'application/*' || tipo === '*/*') json = Math.max(json, calidad);
  }
  return html > 0 && html >= json;
}

const ESCAPES_HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A small Spanish page for a public link that cannot be served (expired, altered or unknown). */
export function paginaEnlaceInvalido(titulo: string, detalle: string): string {
  const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => ESCAPES_HTML[c]!);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapar(titulo)}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f5f5f5; color: #212121; margin: 0; }
main { max-width: 32rem; margin: 15vh auto 0; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
p { margin: 0; line-height: 1.5; color: #616161; }
</style>
</head>
<body>
<main>
<h1>${escapar(titulo)}</h1>
<p>${escapar(detalle)}</p>
</main>
</body>
</html>
`;
}
