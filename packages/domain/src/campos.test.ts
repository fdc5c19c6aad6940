import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enteroRequerido, idOpcional, idOpcionalCoercido, idRequerido, mensajeMaximo, numeroRequerido } from './campos';
import { ENTERO_MAXIMO, ID_MAXIMO } from './limites';

const mensajeDe = (esquema: z.ZodType, valor: unknown) => esquema.safeParse(valor).error?.issues[0]?.message;

describe('ids of selects', () => {
  it('accept 1 to 2^31 − 1, from numbers or numeric text', () => {
    expect(idRequerido('Debe seleccionar un impuesto').parse(ID_MAXIMO)).toBe(ID_MAXIMO);
    expect(idRequerido('x').parse('12')).toBe(12);
    expect(idOpcional().parse('')).toBeNull();
    expect(idOpcionalCoercido().parse(undefined)).toBeUndefined();
    expect(idOpcionalCoercido().parse('7')).toBe(7);
  });

  it('refuse what no integer key can hold with their message', () => {
    for (const valor of [ID_MAXIMO + 1, 1e20, '2147483648', 0, -1, 1.5, 'abc', Infinity]) {
      expect(mensajeDe(idRequerido('Debe seleccionar un impuesto'), valor), String(valor)).toBe('Debe seleccionar un impuesto');
      expect(mensajeDe(idOpcional(), valor), String(valor)).toBe('Debe seleccionar una opción válida');
      expect(mensajeDe(idOpcionalCoercido('El tercero no es válido'), valor), String(valor)).toBe('El tercero no es válido');
    }
  });
});

describe('enteroRequerido', () => {
  const cantidad = enteroRequerido('Debe ingresar una cantidad', { maximo: 1_000_000_000, mensajeInvalido: 'La cantidad debe ser un número entero mayor o igual a 0' });

  it('accepts whole numbers within the limits, thousands commas stripped', () => {
    expect(cantidad.parse('1,000')).toBe(1000);
    expect(cantidad.parse(0)).toBe(0);
    expect(cantidad.parse(1_000_000_000)).toBe(1_000_000_000);
  });

  it('names the limit above it, and refuses fractions, negatives and non-finite numbers', () => {
    expect(mensajeDe(cantidad, 1_000_000_001)).toBe('El valor máximo es 1.000.000.000');
    expect(mensajeDe(cantidad, 1e308)).toBe('El valor máximo es 1.000.000.000');
    for (const valor of [1.5, 0.001, -1, 'abc', 'Infinity', Infinity, -Infinity]) {
      expect(mensajeDe(cantidad, valor), String(valor)).toBe('La cantidad debe ser un número entero mayor o igual a 0');
    }
    for (const valor of [undefined, null, '', '  ']) expect(mensajeDe(cantidad, valor), String(valor)).toBe('Debe ingresar una cantidad');
  });

  it('never goes above the integer column', () => {
    const sinTope = enteroRequerido('x', { maximo: Number.MAX_SAFE_INTEGER });
    expect(sinTope.parse(ENTERO_MAXIMO)).toBe(ENTERO_MAXIMO);
    expect(mensajeDe(sinTope, ENTERO_MAXIMO + 1)).toBe(mensajeMaximo(ENTERO_MAXIMO));
    expect(mensajeMaximo(ENTERO_MAXIMO)).toBe('El valor máximo es 2.147.483.647');
  });
});

describe('numeroRequerido', () => {
  it('refuses non-finite numbers with its message', () => {
    for (const valor of [Infinity, 'Infinity', '-Infinity', Number.NaN, 'abc']) {
      expect(mensajeDe(numeroRequerido('Debe ingresar un porcentaje'), valor), String(valor)).toBe('Debe ingresar un porcentaje');
    }
  });
});
