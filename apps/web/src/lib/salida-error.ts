import type { CodigoError } from '@tablero/domain';

/**
 * What the client does with a refused call (spec 000 §8, docs/architecture.md §4 status codes):
 * - 'sesion': 401 (no session, expired, revoked) and a 403 for the role end the session and show the server's message;
 * - 'aviso': a 403 for the store (TIENDA_NO_PERMITIDA: the store named is not one of the user's) shows the server's
 *   message and keeps the session, since the user is still who they were and may pick one of their stores; 404, 400
 *   and 5xx show it too (the server never answers 400: one from a proxy in between must not end the session);
 * - 'llamador': any other failure (409, 422, 429…) is left to the caller (forms set field messages from it).
 * One rule for the api client and the file downloads.
 */
export type SalidaError = 'sesion' | 'aviso' | 'llamador';

export function salidaDeError(status: number, code: CodigoError | string | undefined): SalidaError {
  if (status === 403 && code === 'TIENDA_NO_PERMITIDA') return 'aviso';
  if (status === 401 || status === 403) return 'sesion';
  if (status === 400 || status === 404 || status >= 500) return 'aviso';
  return 'llamador';
}
