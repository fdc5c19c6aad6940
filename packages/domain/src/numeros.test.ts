import { describe, expect, it } from 'vitest';
import { agruparMiles, formatearNumero, formatearPorcentaje, leerNumero, MENSAJES_NUMERO, type OpcionesLectura } from './numeros';

const DECIMAL: OpcionesLectura = { decimales: 2 };
const PRECIO: OpcionesLectura = { decimales: 5 };
const ENTERO: OpcionesLectura = { decimales: 0 };

describe('leerNumero: the one reader of typed numbers (spec 000 §5, 001 §9)', () => {
  it.each<[string, OpcionesLectura, number | null, string]>([
    ['2.5', DECIMAL, 2.5, '2.5'],
    ['1,200', DECIMAL, 1200, '1200'],
    ['1,200', ENTERO, 1200, '1200'],
    ['1,200.5', DECIMAL, 1200.5, '1200.5'],
    ['12,400.50', DECIMAL, 12400.5, '12400.50'],
    ['1,250,000', ENTERO, 1250000, '1250000'],
    ['0.5', DECIMAL, 0.5, '0.5'],
    ['.5', DECIMAL, 0.5, '0.5'],
    ['5.', DECIMAL, 5, '5'],
    [' 12 ', ENTERO, 12, '12'],
    ['007', ENTERO, 7, '7'],
    ['$ 185,000', PRECIO, 185000, '185000'],
    ['1.200', PRECIO, 1.2, '1.200'],
    ['-3', { decimales: 0, negativos: true }, -3, '-3'],
    ['-0', ENTERO, 0, '0'],
    ['', DECIMAL, null, ''],
    ['   ', ENTERO, null, ''],
  ])('reads %j as %s', (texto, opciones, valor, decimal) => {
    expect(leerNumero(texto, opciones)).toEqual({ error: null, valor, texto: decimal });
  });

  it.each<[string, OpcionesLectura, string]>([
    ['2,5', DECIMAL, 'Use punto para decimales: 2.5'],
    // A thousands group never follows a 0: '0,125' is a decimal comma, not 125.
    ['0,125', { decimales: 3 }, 'Use punto para decimales: 0.125'],
    ['0,125', ENTERO, 'Debe ingresar un número entero'],
    ['8,30', PRECIO, 'Use punto para decimales: 8.30'],
    ['-2,5', { decimales: 2, negativos: true }, 'Use punto para decimales: -2.5'],
    ['2,5', ENTERO, 'Debe ingresar un número entero'],
    ['12.400,50', DECIMAL, 'Use coma para miles y punto para decimales: 12,400.50'],
    ['1.250.000,5', PRECIO, 'Use coma para miles y punto para decimales: 1,250,000.5'],
    ['12.400,50', ENTERO, 'Debe ingresar un número entero'],
    ['1.200', ENTERO, 'Debe ingresar un número entero: 1200'],
    ['1.200.000', ENTERO, 'Debe ingresar un número entero: 1200000'],
    ['1.200.000', DECIMAL, 'Use coma para miles: 1,200,000'],
    ['1.200', DECIMAL, '¿Miles o decimales? Escriba 1,200 o 1.20'],
    ['100.255', DECIMAL, 'Use coma para miles: 100,255'],
    ['2.5', ENTERO, 'Debe ingresar un número entero'],
    ['2.5', { decimales: 0, mensajeEntero: 'Debe ingresar una cantidad válida' }, 'Debe ingresar una cantidad válida'],
    ['2.555', DECIMAL, 'Use coma para miles: 2,555'],
    ['25.5555', DECIMAL, 'Máximo 2 decimales'],
    ['0.001', { decimales: 1 }, 'Máximo 1 decimal'],
    ['-3', DECIMAL, 'El número no puede ser negativo'],
    ['1.2.3', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['12,34,567', ENTERO, 'Escriba solo cifras, por ejemplo 1,250'],
    ['1e5', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['abc', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['1\u00002', ENTERO, 'Escriba solo cifras, por ejemplo 1,250'],
    ['\u0000', ENTERO, 'Escriba solo cifras, por ejemplo 1,250'],
    ['Infinity', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['.', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['-', DECIMAL, 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['9'.repeat(16), ENTERO, MENSAJES_NUMERO.grande],
    ['9'.repeat(400), DECIMAL, MENSAJES_NUMERO.grande],
    ['1000000001', { decimales: 0, maximo: 1_000_000_000 }, 'El valor máximo es 1,000,000,000'],
  ])('refuses %j with its message', (texto, opciones, error) => {
    expect(leerNumero(texto, opciones)).toEqual({ error });
  });

  it('with no limit (the zod schemas check their own) reads any length of digits', () => {
    expect(leerNumero('9'.repeat(20), { decimales: Infinity, maximo: Infinity }).valor).toBe(1e20);
  });

  it('groups the thousands of a decimal text as the fields show it', () => {
    expect(agruparMiles('12400.50')).toBe('12,400.50');
    expect(agruparMiles('-1250000')).toBe('-1,250,000');
    expect(agruparMiles('999')).toBe('999');
  });
});

describe('formatearNumero and formatearPorcentaje: the one printer of numbers that are not money', () => {
  it.each([
    [1250, 2, false, '1,250'],
    [2.5, 2, false, '2.5'],
    [2.5, 2, true, '2.50'],
    [0.123456, 6, false, '0.123456'],
    [1_000_000, 0, false, '1,000,000'],
    [-1250.75, 1, false, '-1,250.8'],
  ])('prints %d with up to %d decimals (fixed: %s) as %j', (valor, decimales, fijos, texto) => {
    expect(formatearNumero(valor, decimales, fijos)).toBe(texto);
  });

  it('prints what the reader takes back as the same number', () => {
    for (const valor of [0, 7, 1250, 12400.5, 999_999_999_999.99]) {
      expect(leerNumero(formatearNumero(valor), { decimales: 2, maximo: Infinity }).valor, String(valor)).toBe(valor);
    }
  });

  it('writes a rate with a space before the sign, from a number or numeric text', () => {
    expect(formatearPorcentaje(19)).toBe('19 %');
    expect(formatearPorcentaje('0.40')).toBe('0.4 %');
    expect(formatearPorcentaje(87.254, 2, true)).toBe('87.25 %');
  });
});
