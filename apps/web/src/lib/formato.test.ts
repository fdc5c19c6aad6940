import { describe, expect, it } from 'vitest';
import { formatearCantidad, formatearFecha, formatearMoneda } from './formato';

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
    expect(formatearMoneda(253005.9, { sinDecimales: true })).toBe('$253,006');
  });

  it('writes nothing for a missing or unreadable value', () => {
    for (const valor of [null, undefined, '', 'abc']) expect(formatearMoneda(valor)).toBe('');
  });
});

describe('formatearCantidad and formatearFecha', () => {
  it('group whole numbers and write dates day first', () => {
    expect(formatearCantidad(1200)).toBe('1,200');
    expect(formatearFecha('2026-03-05')).toBe('05/03/2026');
    expect(formatearFecha('no es fecha')).toBe('');
  });
});
