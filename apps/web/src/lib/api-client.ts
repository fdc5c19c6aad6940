import type { z } from 'zod';
import { ERRORES, type mensajeSchema, type RespuestaError } from '@tablero/domain';
import { ApiError, MENSAJES_RED } from './api-error';
import { avisarSiTarda, notificarError } from './notificaciones';
import { salidaDeError } from './salida-error';
import { leerSesion, leerTienda, revisarVencimiento, terminarSesion } from './sesion';

/** Success body of every API answer (ARCHITECTURE §4). */
export interface RespuestaApi<T> {
  message?: string;
  data: T;
}

/**
 * The `data` of a write that only tells what happened (the domain's `mensajeSchema`, `{ message }`): none. Such a
 * call reads only `message`: `api.post<SoloMensaje>(…)`.
 */
export type SoloMensaje = z.infer<typeof mensajeSchema> extends { data: infer D } ? D : undefined;

/**
 * The array side of a list answer that is a page or, asked whole (`no_page=1`, no `pagination`), every row: from the
 * domain's `{ terceros: Pagina<Tercero> | Tercero[] }`, `{ terceros: Tercero[] }`.
 */
export type ListaCompleta<R> = { [K in keyof R]: Extract<R[K], readonly unknown[]> };

/** The page side of the same answer: `{ terceros: Pagina<Tercero> }`. */
export type ListaPaginada<R> = { [K in keyof R]: Exclude<R[K], readonly unknown[]> };

type Consulta = Record<string, string | number | boolean | null | undefined>;

export interface OpcionesPeticion {
  body?: unknown;
  query?: Consulta;
  signal?: AbortSignal;
  /** For the login call: no token nor store header is sent. */
  sinAutenticacion?: boolean;
  /**
   * For the login call: there a 401 means a wrong password, not a lost session, so it must not log
   * out nor redirect; the login page shows the message itself.
   */
  sinSalidaPorSesion?: boolean;
  /** No toast and no logout from the interceptor (logging out: its failure is ignored). */
  silencioso?: boolean;
  /**
   * Leave out the store header: the store list is asked to check the stored store, which may no
   * longer be the user's (the server would refuse it with 403 and log the user out).
   */
  sinTienda?: boolean;
  /**
   * How long this call may take, in ms, when the default 30 s is too short (a large load the
   * server works through at once): giving up early would leave the user guessing whether it saved.
   */
  esperaMs?: number;
}

const BASE = '/api';
/** How long a call may take, answer body included, before the spinner gives up on it. */
const ESPERA_MAXIMA_MS = 30_000;

declare global {
  interface Window {
    /** Only set by the browser journeys, so the timeout can be seen without waiting 30 s. */
    __tableroEsperaApiMs?: number;
  }
}

function esperaMaxima(propia: number | undefined): number {
  const prueba = typeof window === 'undefined' ? undefined : window.__tableroEsperaApiMs;
  if (typeof prueba === 'number' && prueba > 0) return prueba;
  return propia !== undefined && propia > 0 ? propia : ESPERA_MAXIMA_MS;
}

/** The caller's signal (a query cancelled, a dialog closed) and the timeout: either ends the call. */
function senalConEspera(propia: AbortSignal | undefined, espera: AbortSignal): AbortSignal {
  return propia ? AbortSignal.any([propia, espera]) : espera;
}

/**
 * The id this call sends as `x-request-id` (the server keeps a plain token as the request's id, docs/architecture.md
 * §11): a call that got no answer in time still has a support code that finds its log lines, if it reached the server.
 * getRandomValues, not randomUUID: the latter exists only on https or localhost, and a store may serve plain http.
 */
export function nuevoIdSolicitud(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The id of a refused call: the error body's `request_id`, else the answer's header, else the one sent. */
function idDeRespuesta(cuerpo: Partial<RespuestaError> & { request_id?: unknown }, respuesta: Response, enviado: string): string {
  if (typeof cuerpo.request_id === 'string' && cuerpo.request_id) return cuerpo.request_id;
  return respuesta.headers.get('x-request-id') ?? enviado;
}

function armarUrl(ruta: string, query?: Consulta): string {
  const url = `${BASE}/${ruta.replace(/^\//, '')}`;
  if (!query) return url;
  const parametros = new URLSearchParams();
  for (const [clave, valor] of Object.entries(query)) {
    if (valor !== undefined && valor !== null && valor !== '') parametros.set(clave, String(valor));
  }
  const texto = parametros.toString();
  return texto ? `${url}?${texto}` : url;
}

async function leerCuerpo(respuesta: Response): Promise<unknown> {
  const texto = await respuesta.text();
  if (!texto) return null;
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return null;
  }
}

function mensajePorDefecto(status: number): string {
  if (status === 404) return ERRORES.NO_ENCONTRADO.mensaje;
  if (status === 401) return ERRORES.NO_AUTENTICADO.mensaje;
  if (status === 403) return ERRORES.ROL_NO_PERMITIDO.mensaje;
  if (status === 429) return ERRORES.DEMASIADOS_INTENTOS.mensaje;
  if (status === 422) return ERRORES.DATOS_INVALIDOS.mensaje;
  return ERRORES.ERROR_INTERNO.mensaje;
}

/**
 * The one door to the API. It adds the bearer token and the store header, and applies the global
 * interceptor of spec 000 §8 as `salidaDeError` reads it:
 * - 401 (no session, expired, revoked) and a 403 for the role end the session (the guards then show the login page)
 *   and show the server's message;
 * - a 403 for the store (TIENDA_NO_PERMITIDA), 404, 400 and 5xx show the server's message in an error toast titled
 *   'Error' and keep the session: the server never answers 400, and one from a proxy in between must not throw away
 *   the user's session;
 * - any other failure (409, 422, 429…) is thrown as an ApiError for the caller (forms set field
 *   messages from it; the query client shows its toast).
 * Every failure rejects, so mutations end and the loading overlay closes; no answer at all (no network: fetch's
 * TypeError at once; or none within the time limit) rejects with a Spanish message and status 0. Every toast of a
 * refused call carries its request id as the support code. A call still waiting after two seconds shows 'Esto puede
 * tardar unos segundos…' (the first Optimizar or PDF of the day), unless it is silent.
 */
export async function peticion<T>(metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', ruta: string, opciones: OpcionesPeticion = {}): Promise<RespuestaApi<T>> {
  const idSolicitud = nuevoIdSolicitud();
  const cabeceras: Record<string, string> = { Accept: 'application/json', 'x-request-id': idSolicitud };
  if (!opciones.sinAutenticacion) {
    if (revisarVencimiento()) {
      throw new ApiError({ status: 401, message: ERRORES.SESION_EXPIRADA.mensaje, code: 'SESION_EXPIRADA', notificado: true });
    }
    const sesion = leerSesion();
    if (sesion) cabeceras.Authorization = `Bearer ${sesion.token}`;
    const tienda = opciones.sinTienda ? null : leerTienda();
    if (tienda) cabeceras['X-Codigo-Tienda'] = tienda.codigo_tienda;
  }
  if (opciones.body !== undefined) cabeceras['Content-Type'] = 'application/json';

  const espera = AbortSignal.timeout(esperaMaxima(opciones.esperaMs));
  let respuesta: Response;
  let cuerpo: unknown;
  const terminarEspera = opciones.silencioso ? () => undefined : avisarSiTarda();
  try {
    respuesta = await fetch(armarUrl(ruta, opciones.query), {
      method: metodo,
      headers: cabeceras,
      body: opciones.body === undefined ? null : JSON.stringify(opciones.body),
      signal: senalConEspera(opciones.signal, espera),
    });
    // The body is read under the same timeout: a server may send the headers and then stall.
    cuerpo = await leerCuerpo(respuesta);
  } catch (error) {
    // The caller's own abort stays silent, as it always was: nobody is waiting for that answer.
    if (opciones.signal?.aborted) throw error;
    // A call with no answer in time may have reached the server: its id finds it there. One that could not leave
    // (no network) has nothing to find.
    const requestId = espera.aborted ? idSolicitud : null;
    const mensaje = espera.aborted ? MENSAJES_RED.tiempoAgotado : MENSAJES_RED.sinConexion;
    if (!opciones.silencioso) notificarError(mensaje, undefined, requestId);
    throw new ApiError({ status: 0, message: mensaje, notificado: true, requestId });
  } finally {
    terminarEspera();
  }

  if (respuesta.ok) return (cuerpo ?? { data: null }) as RespuestaApi<T>;

  const error = (cuerpo && typeof cuerpo === 'object' ? cuerpo : {}) as Partial<RespuestaError>;
  const status = respuesta.status;
  const message = typeof error.message === 'string' && error.message ? error.message : mensajePorDefecto(status);
  const requestId = idDeRespuesta(error, respuesta, idSolicitud);
  const datos = { status, message, code: error.code, errors: error.errors, requestId };

  if (opciones.silencioso) throw new ApiError({ ...datos, notificado: true });
  const salida = salidaDeError(status, error.code);
  if (salida === 'sesion' && !opciones.sinSalidaPorSesion) {
    // Several calls may fail together; only the first one that ends the session shows the message.
    terminarSesion(message);
    throw new ApiError({ ...datos, notificado: true });
  }
  if (salida === 'aviso') {
    notificarError(message, undefined, requestId);
    throw new ApiError({ ...datos, notificado: true });
  }
  throw new ApiError(datos);
}

export const api = {
  get: <T>(ruta: string, opciones?: Omit<OpcionesPeticion, 'body'>) => peticion<T>('GET', ruta, opciones),
  post: <T>(ruta: string, body?: unknown, opciones?: OpcionesPeticion) => peticion<T>('POST', ruta, { ...opciones, body: body ?? {} }),
  put: <T>(ruta: string, body?: unknown, opciones?: OpcionesPeticion) => peticion<T>('PUT', ruta, { ...opciones, body: body ?? {} }),
};
