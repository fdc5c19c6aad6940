import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';
import { notificarError } from './notificaciones';

/** spec 001 §5: submitting with missing required fields. */
export const MENSAJE_FALTAN_CAMPOS = 'Faltan campos por ingresar';

/** What a form does on an invalid submit: the field messages are on screen, the toast says why nothing was sent. */
export function avisarFaltanCampos() {
  notificarError(MENSAJE_FALTAN_CAMPOS);
}

/**
 * Puts the server's messages per field (422 `errors`) on the form's fields. The toast with the
 * general message is shown by the query client, once.
 */
export function aplicarErroresDelServidor<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, campos: readonly Path<T>[]) {
  if (!(error instanceof ApiError)) return;
  for (const campo of campos) {
    const mensajes = error.errors[campo];
    if (mensajes?.[0]) setError(campo, { type: 'server', message: mensajes[0] });
  }
}
