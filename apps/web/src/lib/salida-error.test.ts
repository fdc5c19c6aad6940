import { describe, expect, it } from 'vitest';
import { ERRORES } from '@tablero/domain';
import { salidaDeError } from './salida-error';

describe('what the client does with a refused call', () => {
  it('ends the session on a 401 and on a 403 for the role', () => {
    expect(salidaDeError(401, 'NO_AUTENTICADO')).toBe('sesion');
    expect(salidaDeError(401, 'SESION_EXPIRADA')).toBe('sesion');
    expect(salidaDeError(403, 'ROL_NO_PERMITIDO')).toBe('sesion');
    expect(salidaDeError(403, undefined)).toBe('sesion');
  });

  it('shows a 403 for the store and keeps the session: the user may still pick one of their stores', () => {
    expect(ERRORES.TIENDA_NO_PERMITIDA.status).toBe(403);
    expect(salidaDeError(403, 'TIENDA_NO_PERMITIDA')).toBe('aviso');
  });

  it('shows 404, 400 and 5xx, and leaves 409, 422 and 429 to the caller', () => {
    for (const status of [400, 404, 500, 503]) expect(salidaDeError(status, undefined), String(status)).toBe('aviso');
    for (const status of [409, 422, 429]) expect(salidaDeError(status, undefined), String(status)).toBe('llamador');
  });
});
