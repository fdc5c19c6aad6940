import { describe, expect, it } from 'vitest';
import { etiquetaCorta, formatearCantidad, formatearDuracion, formatearFecha, formatearMoneda, formatearMonedaLista, formatearPesosEje } from './formato';

describe('formatearMoneda', () => {
  it('writes pesos with $ and en-US grouping, no decimals when whole', () => {
    expect(formatearMoneda(185000)).toBe('$185,000');
    expect(formatearMoneda('1234567')).toBe('$1,234,567');
    expect(formatearMoneda(0)).toBe('$0');
  });

  it('shows both decimal digits when there are centavos', () => {
    expect(formatearMoneda(253005.9)).toBe('$253,005.90');
    expect(formatearMoneda('185000.50')).toBe('$185,000.50');
  });

  it('rounds to whole pesos where the list shows no decimals', () => {
    expect(formatearMonedaLista(253005.9)).toBe('$253,006');
  });

  it('writes the sign of a negative amount before the $', () => {
    expect(formatearMoneda(-200_000)).toBe('-$200,000');
    expect(formatearMonedaLista(-200_000)).toBe('-$200,000');
  });

  it('writes nothing for a missing or unreadable value', () => {
    for (const valor of [null, undefined, '', 'abc']) expect(formatearMoneda(valor)).toBe('');
  });
});

describe('formatearCantidad and formatearFecha', () => {
  it('group whole numbers and write dates day first', () => {
    expect(formatearCantidad(1200)).toBe('1,200');
    // A stock quantity keeps its decimals, without trailing zeros (docs/decisions.md, Inventario).
    expect(formatearCantidad(2.5)).toBe('2.5');
    expect(formatearCantidad(1234.75)).toBe('1,234.75');
    expect(formatearCantidad(-0.5)).toBe('-0.5');
    expect(formatearCantidad(3)).toBe('3');
    expect(formatearFecha('2026-03-05')).toBe('05/03/2026');
    expect(formatearFecha('no es fecha')).toBe('');
  });
});

describe('formatearDuracion', () => {
  it.each([
    [0, '0 s'],
    [1, '1 s'],
    [45, '45 s'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    [60, '1 min'],
    [89, '1 min'],
    [90, '2 min'],
    [12 * 60, '12 min'],
    [59 * 60 + 29, '59 min'],
    [59 * 60 + 30, '1 h 00 min'],
    [65 * 60, '1 h 05 min'],
    [2 * 3600 + 30 * 60, '2 h 30 min'],
    [36 * 3600 + 50 * 60, '36 h 50 min'],
    [-30, '0 s'],
  ])('%s seconds read %s', (segundos, texto) => {
    expect(formatearDuracion(segundos)).toBe(texto);
  });

  it('writes nothing for a missing figure', () => {
    expect(formatearDuracion(null)).toBe('');
    expect(formatearDuracion(undefined)).toBe('');
    expect(formatearDuracion(Number.NaN)).toBe('');
  });
});

describe('a chart axis', () => {
  it('writes money short, in Spanish words', () => {
    expect(formatearPesosEje(0)).toBe('$0');
    expect(formatearPesosEje(950)).toBe('$950');
    expect(formatearPesosEje(250_000)).toBe('$250 mil');
    expect(formatearPesosEje(1_500_000)).toBe('$1.5 M');
    expect(formatearPesosEje(1_234_000_000)).toBe('$1,234 M');
    expect(formatearPesosEje(-1_250, 0)).toBe('-$1 mil');
    expect(formatearPesosEje(1_250)).toBe('$1.3 mil');
  });

  it('cuts a long name', () => {
    expect(etiquetaCorta('MEL-001')).toBe('MEL-001');
    expect(etiquetaCorta('TABLERO-MELAMINA-BLANCO-18')).toBe('TABLERO-MELAMIN…');
    expect(etiquetaCorta('TABLERO-MELAMINA-BLANCO-18', 20)).toBe('TABLERO-MELAMINA-BL…');
  });
});
