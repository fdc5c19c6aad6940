import { describe, expect, it } from 'vitest';
import { palabrasBusqueda, sinAcentos } from './texto';

describe('texto de búsqueda', () => {
  it('quita tildes y mayúsculas, también la eñe', () => {
    expect(sinAcentos('Tablero Melamína ÁRTICO Ñandú')).toBe('tablero melamina artico nandu');
  });

  it('parte en palabras de letras y números', () => {
    expect(palabrasBusqueda('MEL-001200 Tablero  Melamína, 18 mm')).toEqual(['mel', '001200', 'tablero', 'melamina', '18', 'mm']);
    expect(palabrasBusqueda(' -- ')).toEqual([]);
  });
});
