import { ERRORES, type CodigoError } from '@tablero/domain';

/**
 * A refusal the user should read: its code gives the HTTP status and the Spanish message (domain/errores.ts). A 5xx
 * may carry the failure behind it (`causa`, the Error's `cause`): the user reads the message, the server's log the
 * cause (plugins/errors.ts).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: CodigoError,
    mensaje?: string,
    readonly errors?: Record<string, string[]>,
    causa?: unknown,
  ) {
    super(mensaje ?? ERRORES[code].mensaje, causa === undefined ? undefined : { cause: causa });
    this.status = ERRORES[code].status;
  }
}

/**
 * 422 naming one field, as the request schemas' own refusals do: the message both as the answer's message and under
 * the field, which the web form shows beside it (docs/architecture.md §4). Every refusal of one field goes through it.
 */
export function campoInvalido(campo: string, mensaje: string): AppError {
  return new AppError('DATOS_INVALIDOS', mensaje, { [campo]: [mensaje] });
}
