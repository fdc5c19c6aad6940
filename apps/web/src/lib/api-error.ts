import type { CodigoError } from '@tablero/domain';

/** A failed API call: its HTTP status, the server's Spanish message and the messages per field (422). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: CodigoError | undefined;
  readonly errors: Record<string, string[]>;
  /** True when the interceptor already showed a toast for it (401/403/404/500, network). */
  readonly notificado: boolean;

  constructor(opciones: {
    status: number;
    message: string;
    code?: CodigoError | undefined;
    errors?: Record<string, string[]> | undefined;
    notificado?: boolean;
  }) {
    super(opciones.message);
    this.name = 'ApiError';
    this.status = opciones.status;
    this.code = opciones.code;
    this.errors = opciones.errors ?? {};
    this.notificado = opciones.notificado ?? false;
  }
}
