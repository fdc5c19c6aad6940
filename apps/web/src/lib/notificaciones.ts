import { createElement, Fragment } from 'react';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';

/**
 * The toasts of the spec: success toasts show the server's message, error toasts are titled
 * 'Error' (spec 000 §8). One place so every screen looks and sounds the same.
 *
 * Error toasts share one slot: a new error replaces the one on screen (an old error beside a
 * later success only confuses), the same message is never stacked, and a success clears the
 * pending error (the last thing the user did worked). The callers do not name their actions,
 * so "the same action" is the last one: the single error slot.
 */

const PREFIJO_ERROR = 'tablero-error-';
let secuenciaError = 0;
/** The plain text of the error toasts whose message also carries the support code (their `message` is a node). */
const textosError = new Map<string, string>();

/** The toasts shown or waiting in the queue (the store keeps both). */
function enPantalla(): NotificationData[] {
  const estado = notificationsStore.getState();
  return [...estado.notifications, ...estado.queue];
}

function esError(toast: NotificationData): boolean {
  return typeof toast.id === 'string' && toast.id.startsWith(PREFIJO_ERROR);
}

function textoDe(toast: NotificationData): unknown {
  return typeof toast.id === 'string' && textosError.has(toast.id) ? textosError.get(toast.id) : toast.message;
}

function yaSeMuestra(titulo: string, mensaje: string): boolean {
  return enPantalla().some((toast) => toast.title === titulo && textoDe(toast) === mensaje);
}

function ocultarErrores() {
  for (const toast of enPantalla()) {
    if (esError(toast) && toast.id) notifications.hide(toast.id);
  }
}

export function notificarExito(mensaje: string, titulo = 'Éxito') {
  ocultarErrores();
  if (yaSeMuestra(titulo, mensaje)) return;
  notifications.show({ title: titulo, message: mensaje, color: 'teal', autoClose: 4000 });
}

/** The label of a failed request's id in its error toast. */
export const TEXTO_CODIGO_SOPORTE = 'Código de soporte:';

/**
 * An error toast. `codigoSoporte` is the failed request's id (the error body's `request_id`, docs/architecture.md §11):
 * shown under the message as "Código de soporte: …", so a user's report finds the request's log lines.
 */
export function notificarError(mensaje: string, titulo = 'Error', codigoSoporte?: string | null) {
  const errores = enPantalla().filter(esError);
  // Several calls failing together (or a retried save failing again) say it once.
  if (errores.length === 1 && errores[0]?.title === titulo && textoDe(errores[0]) === mensaje) return;
  ocultarErrores();
  // A new id each time: the replacement gets its own full time on screen.
  secuenciaError += 1;
  const id = `${PREFIJO_ERROR}${secuenciaError}`;
  textosError.clear();
  textosError.set(id, mensaje);
  const detalle = codigoSoporte
    ? createElement(
        'div',
        { style: { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)', marginTop: 4 }, 'data-codigo-soporte': codigoSoporte },
        `${TEXTO_CODIGO_SOPORTE} ${codigoSoporte}`,
      )
    : null;
  // The message in its own element: it reads (and is found) on its own, the code under it.
  const contenido = detalle ? createElement(Fragment, null, createElement('div', null, mensaje), detalle) : mensaje;
  notifications.show({ id, title: titulo, message: contenido, color: 'red', autoClose: 6000 });
}

export function notificarAviso(mensaje: string, titulo = 'Atención') {
  if (yaSeMuestra(titulo, mensaje)) return;
  notifications.show({ title: titulo, message: mensaje, color: 'yellow', autoClose: 5000 });
}

/** A notice with a link (a document whose tab the browser blocked): it stays until closed. */
export function notificarEnlace(mensaje: string, texto: string, url: string) {
  notifications.show({
    title: 'Documento listo',
    message: createElement(Fragment, null, `${mensaje} `, createElement('a', { href: url, target: '_blank', rel: 'noopener noreferrer', style: { color: 'var(--mantine-color-anchor)' } }, texto)),
    color: 'blue',
    autoClose: false,
  });
}

const CLAVE_AVISO_PENDIENTE = 'tablero.aviso-pendiente';

/**
 * A success toast that survives a page reload: the store dialog reloads the page right after
 * choosing (spec 000 §2.4), so its 'Tienda seleccionada' is shown once the new page is up.
 */
export function notificarExitoTrasRecarga(mensaje: string) {
  try {
    sessionStorage.setItem(CLAVE_AVISO_PENDIENTE, mensaje);
  } catch {
    // Private mode without storage: the toast is simply lost with the reload.
  }
}

export function mostrarAvisoPendiente() {
  try {
    const mensaje = sessionStorage.getItem(CLAVE_AVISO_PENDIENTE);
    if (mensaje) {
      sessionStorage.removeItem(CLAVE_AVISO_PENDIENTE);
      notificarExito(mensaje);
    }
  } catch {
    // Nothing to show.
  }
}

/** The notice of a slow call (docs/decisions.md, "Esto puede tardar"). */
export const MENSAJE_ESPERA = 'Esto puede tardar unos segundos…';
/** How long a call may take before the notice shows: the first Optimizar or PDF of the day takes 5–7 s. */
const ESPERA_AVISO_MS = 2000;
const ID_ESPERA = 'tablero-espera';
let esperasLargas = 0;

/**
 * Starts timing a call (a request of the api client, a file being fetched): if it is still waiting after two seconds,
 * one notice 'Esto puede tardar unos segundos…' shows until every slow call has ended. Call the returned function
 * when the call ends, however it ends.
 */
export function avisarSiTarda(): () => void {
  let contada = false;
  const temporizador = setTimeout(() => {
    contada = true;
    esperasLargas += 1;
    if (esperasLargas === 1) {
      notifications.show({ id: ID_ESPERA, title: 'Un momento', message: MENSAJE_ESPERA, loading: true, autoClose: false, withCloseButton: false, color: 'blue' });
    }
  }, ESPERA_AVISO_MS);
  return () => {
    clearTimeout(temporizador);
    if (!contada) return;
    contada = false;
    esperasLargas -= 1;
    if (esperasLargas === 0) notifications.hide(ID_ESPERA);
  };
}
