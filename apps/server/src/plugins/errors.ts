import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES, type RespuestaError } from '@tablero/domain';
import { traducirErrorBaseDatos } from '../db/errores-db';
import { AppError } from '../lib/app-error';
import { aplicarCabecerasSeguridad } from './cabeceras-seguridad';

// Checks without a message of their own (a body that is no object, a page number, a path id) would
// otherwise answer zod's English texts; the schemas' own Spanish messages still take precedence.
z.config(z.locales.es());

/** Every error body: the Spanish message and code, and the request's id (the `x-request-id` header, the logs' reqId). */
type CuerpoError = RespuestaError & { request_id: string };

/** Groups validation issues by field ('email', 'productoList.0.cantidad'): the 422 body's `errors`. */
function erroresPorCampo(issues: { instancePath: string; message?: string }[]): Record<string, string[]> {
  const errores: Record<string, string[]> = {};
  for (const issue of issues) {
    const campo = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const mensaje = issue.message ?? ERRORES.DATOS_INVALIDOS.mensaje;
    const lista = (errores[campo] ??= []);
    if (!lista.includes(mensaje)) lista.push(mensaje);
  }
  return errores;
}

/** Spanish texts for Fastify's own client errors, which would otherwise leave in English. */
const MENSAJES_CLIENTE: Record<number, string> = {
  404: ERRORES.NO_ENCONTRADO.mensaje,
  405: 'El método no está permitido para esta dirección',
  406: 'El formato de respuesta pedido no está disponible',
  408: 'La solicitud tardó demasiado en llegar',
  413: 'El contenido enviado es demasiado grande',
  415: 'El tipo de contenido enviado no es compatible',
  431: 'Las cabeceras de la solicitud son demasiado grandes',
};

/** A malformed address ('/api/productos/%E0'): the router cannot read it, so nothing can be found there. */
export const MENSAJE_URL_INVALIDA = 'La dirección solicitada no es válida';

/** Any other request the framework refuses before a route's own schema can name the field. */
const MENSAJE_SOLICITUD_INVALIDA = 'La solicitud no es válida';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode ('%E0') would get an English 400, which the web reads
 * as a lost session; it names nothing, so it is a Spanish 404. No hook ran for such a request (it never reached
 * routing), so the security headers are set here.
 */
export function responderErrorDeFramework(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const urlInvalida = error.code === 'FST_ERR_BAD_URL';
  const cuerpo: CuerpoError = urlInvalida
    ? { message: MENSAJE_URL_INVALIDA, code: 'NO_ENCONTRADO', request_id: request.id }
    : { message: MENSAJE_SOLICITUD_INVALIDA, code: 'DATOS_INVALIDOS', request_id: request.id };
  // No hook runs for such a request, so the id header is set here too.
  void reply.header('x-request-id', request.id);
  aplicarCabecerasSeguridad(request.raw, reply.raw, () => void reply.status(urlInvalida ? 404 : 422).send(cuerpo));
}

/**
 * The answer written straight to the socket when Node cannot even parse the request (headers too large, broken
 * HTTP): Fastify never sees it, so it is built here, in JSON and Spanish like every other answer. Never a 400,
 * which the web reads as a lost session.
 */
export function respuestaErrorCliente(codigoError: string | undefined): string {
  const status = codigoError === 'HPE_HEADER_OVERFLOW' ? 431 : codigoError === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 422;
  const cuerpo = JSON.stringify({
    message: MENSAJES_CLIENTE[status] ?? MENSAJE_SOLICITUD_INVALIDA,
    code: 'DATOS_INVALIDOS',
  } satisfies RespuestaError);
  const razon = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Unprocessable Entity';
  return `HTTP/1.1 ${status} ${razon}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nContent-Length: ${Buffer.byteLength(cuerpo)}\r\nConnection: close\r\n\r\n${cuerpo}`;
}

/**
 * One error handler (ARCHITECTURE §4): AppError → its status and message; invalid input → 422 with the
 * Spanish message per field; Fastify's 400s → 422, because the web logs the user out on a 400;
 * anything unexpected → 500 without internals. Every body carries the request's id, to find its log lines.
 */
export const erroresPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let cuerpo: RespuestaError;
    const deBaseDatos = error instanceof AppError ? null : traducirErrorBaseDatos(error);
    if (deBaseDatos) {
      if (deBaseDatos.status >= 500) request.log.warn({ err: error }, 'base de datos no disponible');
      status = deBaseDatos.status;
      cuerpo = { message: deBaseDatos.message, code: deBaseDatos.code };
    } else if (error instanceof AppError) {
      // A 5xx the app answers on purpose (a busy pool, an engine that failed, a provider down) is the user's message;
      // what failed behind it is for whoever runs the server.
      if (error.status >= 500) request.log.warn({ err: error.cause ?? error, code: error.code }, error.message);
      status = error.status;
      cuerpo = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // An id in the path that no row can have (0, 2^31, 'abc') names nothing: not found, like a missing id.
      status = 404;
      cuerpo = { message: ERRORES.NO_ENCONTRADO.mensaje, code: 'NO_ENCONTRADO' };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = erroresPorCampo(error.validation);
      const primero = Object.values(errors)[0]?.[0] ?? ERRORES.DATOS_INVALIDOS.mensaje;
      status = 422;
      cuerpo = { message: primero, code: 'DATOS_INVALIDOS', errors };
    } else if (error.statusCode === 429) {
      status = 429;
      cuerpo = { message: ERRORES.DEMASIADOS_INTENTOS.mensaje, code: 'DEMASIADOS_INTENTOS' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode === 400 ? 422 : error.statusCode;
      cuerpo = { message: MENSAJES_CLIENTE[status] ?? MENSAJE_SOLICITUD_INVALIDA, code: 'DATOS_INVALIDOS' };
    } else {
      request.log.error({ err: error }, 'error no controlado');
      status = 500;
      cuerpo = { message: ERRORES.ERROR_INTERNO.mensaje, code: 'ERROR_INTERNO' };
    }
    return reply.status(status).send({ ...cuerpo, request_id: request.id } satisfies CuerpoError);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: ERRORES.NO_ENCONTRADO.mensaje, code: 'NO_ENCONTRADO', request_id: request.id } satisfies CuerpoError),
  );

  // An empty body or a body-less POST is read as {}, so the schema answers with the Spanish
  // field messages (422) instead of Fastify's English 400 for an empty JSON body.
  const parserJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, cuerpo, done) => {
    if (typeof cuerpo === 'string' && cuerpo.trim() === '') return done(null, {});
    return parserJson(request, cuerpo as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method)) request.body = {};
  });
});
