import { MENSAJES_RED } from './api-error';
import { nombreDeDescarga } from './nombre-descarga';
import { avisarSiTarda, notificarEnlace, notificarError } from './notificaciones';
import { salidaDeError } from './salida-error';
import { leerSesion, leerTienda, terminarSesion } from './sesion';

/**
 * Starts the browser download of `url` (a signed, short-lived link of the server, or an object URL of a file built
 * here): the one download helper of the web (inventory export, billing export, cutting CSV, pieces CSV, the .xlsx
 * exports below).
 */
export function descargar(url: string, nombre = '') {
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
}

/** Downloads text built on the page (a CSV) as the file `nombre`. */
export function descargarTexto(texto: string, nombre: string, tipo = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([texto], { type: tipo }));
  descargar(url, nombre);
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface Exportacion {
  /** Path under /api, with its query. */
  ruta: string;
  /** A POST with this JSON body; a GET without it. */
  cuerpo?: unknown;
  /** The file's name when the answer's Content-Disposition names none. */
  nombre: string;
  /** The notice when the server refuses without a message of its own. */
  mensajeError?: string;
}

/**
 * Fetches a file the server builds (the .xlsx exports) and saves it under the name the answer gives. The api client
 * reads JSON answers only, so the file is fetched here with the same token and store header; a refusal shows the
 * server's message (a 401 or a role's 403 ends the session, as everywhere: salidaDeError). True when the download started.
 */
export async function descargarExportacion({ ruta, cuerpo, nombre, mensajeError = 'No se pudo exportar' }: Exportacion): Promise<boolean> {
  const sesion = leerSesion();
  const tienda = leerTienda();
  const cabeceras: Record<string, string> = cuerpo === undefined ? {} : { 'Content-Type': 'application/json' };
  if (sesion) cabeceras.Authorization = `Bearer ${sesion.token}`;
  if (tienda) cabeceras['X-Codigo-Tienda'] = tienda.codigo_tienda;
  const archivo = await traerArchivo(`/api/${ruta}`, cuerpo === undefined ? { headers: cabeceras } : { method: 'POST', headers: cabeceras, body: JSON.stringify(cuerpo) }, mensajeError);
  if (!archivo) return false;
  const url = URL.createObjectURL(archivo.blob);
  descargar(url, nombreDeDescarga(archivo.respuesta.headers.get('Content-Disposition'), nombre));
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}

/** How long a file may take, its bytes included: a first PDF of the day takes 5–7 s, a large export more. */
const ESPERA_ARCHIVO_MS = 120_000;

/**
 * Fetches a file the server builds, with the api client's rules: 'Esto puede tardar unos segundos…' while it is slow,
 * the Spanish message and support code of a refusal (a 401 or a role's 403 ends the session, as everywhere:
 * salidaDeError), the network's message when there is no answer. Null when it failed (already announced).
 */
async function traerArchivo(url: string, init: RequestInit, mensajeError: string): Promise<{ respuesta: Response; blob: Blob } | null> {
  const terminarEspera = avisarSiTarda();
  try {
    const respuesta = await fetch(url, { ...init, signal: AbortSignal.timeout(ESPERA_ARCHIVO_MS) });
    if (!respuesta.ok) {
      const error = (await respuesta.json().catch(() => null)) as { message?: unknown; code?: unknown; request_id?: unknown } | null;
      const mensaje = typeof error?.message === 'string' && error.message ? error.message : mensajeError;
      const requestId = typeof error?.request_id === 'string' ? error.request_id : respuesta.headers.get('x-request-id');
      if (salidaDeError(respuesta.status, typeof error?.code === 'string' ? error.code : undefined) === 'sesion') terminarSesion(mensaje);
      else notificarError(mensaje, undefined, requestId);
      return null;
    }
    return { respuesta, blob: await respuesta.blob() };
  } catch (error) {
    notificarError(error instanceof DOMException && error.name === 'TimeoutError' ? MENSAJES_RED.tiempoAgotado : MENSAJES_RED.sinConexion);
    return null;
  } finally {
    terminarEspera();
  }
}

/** How long the fetched document stays in memory for its tab (the tab has loaded it long before). */
const VIDA_DOCUMENTO_MS = 10 * 60_000;

/**
 * Opens a document the server builds (a bill's PDF, by its signed link) in a new tab once its bytes are here: never an
 * empty tab left behind when the call fails or the network is down (docs/decisions.md "Sin red"), and the first PDF
 * of the day (5–7 s) says 'Esto puede tardar unos segundos…' meanwhile. A browser that blocks the late tab gets a
 * notice with the link instead. True when the document opened or was offered.
 */
export async function abrirDocumento(url: string, { texto = 'Abrir documento', mensajeError = 'No se pudo abrir el documento' } = {}): Promise<boolean> {
  const archivo = await traerArchivo(url, {}, mensajeError);
  if (!archivo) return false;
  const objeto = URL.createObjectURL(archivo.blob);
  setTimeout(() => URL.revokeObjectURL(objeto), VIDA_DOCUMENTO_MS);
  const ventana = window.open(objeto, '_blank');
  if (ventana) ventana.opener = null;
  else notificarEnlace('El navegador bloqueó la ventana nueva. Ábrala desde aquí:', texto, url);
  return true;
}

/** Whether `url` is this server's (the app can read it), not another site's. */
export function esDeEsteServidor(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/**
 * The click of a link to a document of this server that opens in a new tab (a PDF, a voucher's picture): a plain click
 * goes through abrirDocumento, so with the network down the app says so in Spanish instead of the browser opening its
 * own error tab (docs/decisions.md "Sin red"). A click with a modifier key or another button, and a link to another
 * site (which the app cannot read), stay the browser's: open in the background, in a window, copy the link.
 */
export function alAbrirDocumento(url: string, opciones: { texto?: string; mensajeError?: string } = {}) {
  return (evento: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault(): void }) => {
    if (evento.button !== 0 || evento.metaKey || evento.ctrlKey || evento.shiftKey || evento.altKey) return;
    if (!esDeEsteServidor(url)) return;
    evento.preventDefault();
    void abrirDocumento(url, opciones);
  };
}
