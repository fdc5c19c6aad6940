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

/** The toasts shown or waiting in the queue (the store keeps both). */
function enPantalla(): NotificationData[] {
  const estado = notificationsStore.getState();
  return [...estado.notifications, ...estado.queue];
}

function esError(toast: NotificationData): boolean {
  return typeof toast.id === 'string' && toast.id.startsWith(PREFIJO_ERROR);
}

function yaSeMuestra(titulo: string, mensaje: string): boolean {
  return enPantalla().some((toast) => toast.title === titulo && toast.message === mensaje);
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

export function notificarError(mensaje: string, titulo = 'Error') {
  const errores = enPantalla().filter(esError);
  // Several calls failing together (or a retried save failing again) say it once.
  if (errores.length === 1 && errores[0]?.title === titulo && errores[0].message === mensaje) return;
  ocultarErrores();
  // A new id each time: the replacement gets its own full time on screen.
  secuenciaError += 1;
  notifications.show({ id: `${PREFIJO_ERROR}${secuenciaError}`, title: titulo, message: mensaje, color: 'red', autoClose: 6000 });
}

export function notificarAviso(mensaje: string, titulo = 'Atención') {
  if (yaSeMuestra(titulo, mensaje)) return;
  notifications.show({ title: titulo, message: mensaje, color: 'yellow', autoClose: 5000 });
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
