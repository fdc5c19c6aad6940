import { notifications } from '@mantine/notifications';

/**
 * The toasts of the spec: success toasts show the server's message, error toasts are titled
 * 'Error' (spec 000 §8). One place so every screen looks and sounds the same.
 */
export function notificarExito(mensaje: string, titulo = 'Éxito') {
  notifications.show({ title: titulo, message: mensaje, color: 'teal', autoClose: 4000 });
}

export function notificarError(mensaje: string, titulo = 'Error') {
  notifications.show({ title: titulo, message: mensaje, color: 'red', autoClose: 6000 });
}

export function notificarAviso(mensaje: string, titulo = 'Atención') {
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
