import { describe, expect, it } from 'vitest';
import { codigoRetalDePlan, esMaterialRetal } from './retales.schema';

describe('the material of an offcut', () => {
  it('is only a board product with both measures', () => {
    const tablero = { grupo_id: 3, medida_largo: 2440, medida_ancho: 2150 };
    expect(esMaterialRetal(tablero, [1, 3])).toBe(true);
    expect(esMaterialRetal({ ...tablero, grupo_id: 2 }, [1, 3])).toBe(false);
    expect(esMaterialRetal({ ...tablero, medida_ancho: null }, [1, 3])).toBe(false);
    expect(esMaterialRetal(tablero, [])).toBe(false);
  });
});

describe('the code of a plan\'s leftover', () => {
  it('names the plan, the board and the leftover by letter, past Z too', () => {
    expect(codigoRetalDePlan(12, 1, 0)).toBe('R12-1A');
    expect(codigoRetalDePlan(12, 3, 25)).toBe('R12-3Z');
    expect(codigoRetalDePlan(12, 3, 26)).toBe('R12-3AA');
  });
});
