import type { CodigoError } from '@tablero/domain';

/**
 * The Spanish messages of a call that got no answer (docs/decisions.md, "Sin red"): one text for each, used by the api
 * client and the file downloads alike.
 */
export const MENSAJES_RED = {
  sinConexion: 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo',
  tiempoAgotado: 'El servidor tardó demasiado en responder. Intente de nuevo',
} as const;

/** A failed API call: its HTTP status, the server's Spanish message and the messages per field (422). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: CodigoError | undefined;
  readonly errors: Record<string, string[]>;
  /** True when the interceptor already showed a toast for it (401/403/404/500, network). */
  readonly notificado: boolean;
  /**
   * The request's id (docs/architecture.md §11 "Request id": the error body's `request_id`, else the id the client
   * sent): the support code the error toast shows, which finds the request's log lines. Null when no request left.
   */
  readonly requestId: string | null;

  constructor(opciones: {
    status: number;
    message: string;
    code?: CodigoError | undefined;
    errors?: Record<string, string[]> | undefined;
    notificado?: boolean;
    requestId?: string | null | undefined;
  }) {
    super(opciones.message);
    this.name = 'ApiError';
    this.status = opciones.status;
    this.code = opciones.code;
    this.errors = opciones.errors ?? {};
    this.notificado = opciones.notificado ?? false;
    this.requestId = opciones.requestId ?? null;
  }
}

/** Whether the call failed without an answer from the server (no network, or no answer in time): status 0. */
export function esFallaDeRed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
