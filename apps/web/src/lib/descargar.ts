import { nombreDeDescarga } from './nombre-descarga';
import { notificarError } from './notificaciones';
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

const MENSAJE_SIN_CONEXION = 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo';

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
  let respuesta: Response;
  try {
    respuesta = await fetch(`/api/${ruta}`, cuerpo === undefined ? { headers: cabeceras } : { method: 'POST', headers: cabeceras, body: JSON.stringify(cuerpo) });
  } catch {
    notificarError(MENSAJE_SIN_CONEXION);
    return false;
  }
  if (!respuesta.ok) {
    const error = (await respuesta.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const mensaje = typeof error?.message === 'string' && error.message ? error.message : mensajeError;
    if (salidaDeError(respuesta.status, typeof error?.code === 'string' ? error.code : undefined) === 'sesion') terminarSesion(mensaje);
    else notificarError(mensaje);
    return false;
  }
  const url = URL.createObjectURL(await respuesta.blob());
  descargar(url, nombreDeDescarga(respuesta.headers.get('Content-Disposition'), nombre));
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
