import { describe, expect, it } from 'vitest';
import { NUMERO_MAXIMO_LETRAS, numeroEnLetras, valorEnLetras } from './letras';

describe('numeroEnLetras', () => {
  it.each([
    [0, 'CERO'],
    [1, 'UNO'],
    [9, 'NUEVE'],
    [10, 'DIEZ'],
    [11, 'ONCE'],
    [15, 'QUINCE'],
    [16, 'DIECISÉIS'],
    [19, 'DIECINUEVE'],
    [20, 'VEINTE'],
    [21, 'VEINTIUNO'],
    [22, 'VEINTIDÓS'],
    [23, 'VEINTITRÉS'],
    [26, 'VEINTISÉIS'],
    [29, 'VEINTINUEVE'],
    [30, 'TREINTA'],
    [31, 'TREINTA Y UNO'],
    [45, 'CUARENTA Y CINCO'],
    [99, 'NOVENTA Y NUEVE'],
    [100, 'CIEN'],
    [101, 'CIENTO UNO'],
    [110, 'CIENTO DIEZ'],
    [121, 'CIENTO VEINTIUNO'],
    [200, 'DOSCIENTOS'],
    [500, 'QUINIENTOS'],
    [555, 'QUINIENTOS CINCUENTA Y CINCO'],
    [700, 'SETECIENTOS'],
    [900, 'NOVECIENTOS'],
    [999, 'NOVECIENTOS NOVENTA Y NUEVE'],
  ])('says %i as %s', (n, texto) => {
    expect(numeroEnLetras(n)).toBe(texto);
  });

  it.each([
    [1_000, 'MIL'],
    [1_001, 'MIL UNO'],
    [1_100, 'MIL CIEN'],
    [2_000, 'DOS MIL'],
    [21_000, 'VEINTIÚN MIL'],
    [21_021, 'VEINTIÚN MIL VEINTIUNO'],
    [31_000, 'TREINTA Y UN MIL'],
    [100_000, 'CIEN MIL'],
    [101_000, 'CIENTO UN MIL'],
    [500_500, 'QUINIENTOS MIL QUINIENTOS'],
    [999_999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
  ])('says the thousands %i as %s (MIL, never UN MIL; VEINTIÚN before MIL)', (n, texto) => {
    expect(numeroEnLetras(n)).toBe(texto);
  });

  it.each([
    [1_000_000, 'UN MILLÓN'],
    [1_000_001, 'UN MILLÓN UNO'],
    [2_000_000, 'DOS MILLONES'],
    [21_000_000, 'VEINTIÚN MILLONES'],
    [100_000_000, 'CIEN MILLONES'],
    [101_000_000, 'CIENTO UN MILLONES'],
    [1_000_000_000, 'MIL MILLONES'],
    [1_001_000_000, 'MIL UN MILLONES'],
    [21_000_000_000, 'VEINTIÚN MIL MILLONES'],
    [999_999_999_999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
    [1_000_000_000_000, 'UN BILLÓN'],
    [2_000_001_000_000, 'DOS BILLONES UN MILLÓN'],
    [1_000_000_000_001, 'UN BILLÓN UNO'],
  ])('says the millions and billions %i as %s (long scale: a billón is 10^12)', (n, texto) => {
    expect(numeroEnLetras(n)).toBe(texto);
  });

  it('ends in UN before a masculine noun and in UNA before a feminine one, with feminine hundreds', () => {
    expect(numeroEnLetras(1, 'un')).toBe('UN');
    expect(numeroEnLetras(21, 'un')).toBe('VEINTIÚN');
    expect(numeroEnLetras(41, 'un')).toBe('CUARENTA Y UN');
    expect(numeroEnLetras(1, 'una')).toBe('UNA');
    expect(numeroEnLetras(21, 'una')).toBe('VEINTIUNA');
    expect(numeroEnLetras(21_000, 'una')).toBe('VEINTIUNA MIL');
    expect(numeroEnLetras(200, 'una')).toBe('DOSCIENTAS');
    expect(numeroEnLetras(500_000, 'una')).toBe('QUINIENTAS MIL');
    // Millions are a masculine noun: their count stays masculine whatever follows.
    expect(numeroEnLetras(21_000_000, 'una')).toBe('VEINTIÚN MILLONES');
    expect(numeroEnLetras(200_000_000, 'una')).toBe('DOSCIENTOS MILLONES');
  });

  it('reads bigints up to just under 10^18 and refuses what it cannot say', () => {
    expect(numeroEnLetras(NUMERO_MAXIMO_LETRAS)).toMatch(/^NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE BILLONES /);
    expect(() => numeroEnLetras(NUMERO_MAXIMO_LETRAS + 1n)).toThrow(RangeError);
    expect(() => numeroEnLetras(-1)).toThrow(RangeError);
    expect(() => numeroEnLetras(1.5)).toThrow(RangeError);
    expect(() => numeroEnLetras(Number.NaN)).toThrow(RangeError);
  });
});

describe('valorEnLetras (the total of an invoice in words)', () => {
  it('prints the example of a Colombian invoice', () => {
    expect(valorEnLetras(1_250_300.5)).toBe('UN MILLÓN DOSCIENTOS CINCUENTA MIL TRESCIENTOS PESOS CON CINCUENTA CENTAVOS M/CTE');
  });

  it.each([
    [0, 'CERO PESOS M/CTE'],
    [1, 'UN PESO M/CTE'],
    [2, 'DOS PESOS M/CTE'],
    [21, 'VEINTIÚN PESOS M/CTE'],
    [100, 'CIEN PESOS M/CTE'],
    [1_000, 'MIL PESOS M/CTE'],
    [21_000, 'VEINTIÚN MIL PESOS M/CTE'],
    [101_000, 'CIENTO UN MIL PESOS M/CTE'],
    [1_000_000, 'UN MILLÓN DE PESOS M/CTE'],
    [3_000_000, 'TRES MILLONES DE PESOS M/CTE'],
    [1_000_000_000, 'MIL MILLONES DE PESOS M/CTE'],
    [1_000_000_000_000, 'UN BILLÓN DE PESOS M/CTE'],
    [1_000_001, 'UN MILLÓN UN PESOS M/CTE'],
    [1_001_000, 'UN MILLÓN MIL PESOS M/CTE'],
    [21_500_000, 'VEINTIÚN MILLONES QUINIENTOS MIL PESOS M/CTE'],
    [999_999_999_999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS M/CTE'],
  ])('says %d as %s', (valor, texto) => {
    expect(valorEnLetras(valor)).toBe(texto);
  });

  it('adds the centavos, singular for one, and keeps DE PESOS after an exact million', () => {
    expect(valorEnLetras(0.01)).toBe('CERO PESOS CON UN CENTAVO M/CTE');
    expect(valorEnLetras(0.5)).toBe('CERO PESOS CON CINCUENTA CENTAVOS M/CTE');
    expect(valorEnLetras(1.21)).toBe('UN PESO CON VEINTIÚN CENTAVOS M/CTE');
    expect(valorEnLetras(1_000_000.99)).toBe('UN MILLÓN DE PESOS CON NOVENTA Y NUEVE CENTAVOS M/CTE');
  });

  it('reads PostgreSQL numeric text exactly, to the centavo', () => {
    expect(valorEnLetras('1250300.50')).toBe('UN MILLÓN DOSCIENTOS CINCUENTA MIL TRESCIENTOS PESOS CON CINCUENTA CENTAVOS M/CTE');
    expect(valorEnLetras('0.29')).toBe('CERO PESOS CON VEINTINUEVE CENTAVOS M/CTE');
    // A float that is not exact in binary still prints its centavos (0.29 × 100 = 28.999…).
    expect(valorEnLetras(0.29)).toBe('CERO PESOS CON VEINTINUEVE CENTAVOS M/CTE');
    expect(valorEnLetras(1_234_567.07)).toBe('UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE PESOS CON SIETE CENTAVOS M/CTE');
  });

  it('starts a negative amount with MENOS', () => {
    expect(valorEnLetras(-1_500)).toBe('MENOS MIL QUINIENTOS PESOS M/CTE');
  });

  it('says every amount from 0 to 2,000 without a doubled space, a lonely Y or UN MIL', () => {
    for (let n = 0; n <= 2_000; n++) {
      const texto = valorEnLetras(n);
      expect(texto).not.toMatch(/ {2}|^ | $|\bY$|\bY PESOS|\bUN MIL\b|CIENTO PESOS|\bUNO PESOS/);
    }
  });
});
