import { ERRORES, type CodigoError } from '@tablero/domain';

/** A refusal the user should read: its code gives the HTTP status and the Spanish message (domain/errores.ts). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: CodigoError,
    mensaje?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(mensaje ?? ERRORES[code].mensaje);
    this.status = ERRORES[code].status;
  }
}
