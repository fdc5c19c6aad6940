import { describe, expect, it } from 'vitest';
import { leerSonidoActivo } from './sonido-aviso';

describe('the sound switch', () => {
  it('is on unless turned off', () => {
    expect(leerSonidoActivo(null, 'k')).toBe(true);
    expect(leerSonidoActivo({ getItem: (clave) => (clave === 'k' ? 'off' : null) }, 'k')).toBe(false);
    expect(leerSonidoActivo({ getItem: () => 'off' }, 'k')).toBe(false);
    expect(leerSonidoActivo({ getItem: () => null }, 'k')).toBe(true);
    expect(
      leerSonidoActivo(
        {
          getItem: () => {
            throw new Error('sin almacenamiento');
          },
        },
        'k',
      ),
    ).toBe(true);
  });
});
