import { describe, expect, it } from 'vitest';
import { dvNitCorresponde, formatearNit, leerNit } from './nit';

describe('NIT: reading, check digit and printing', () => {
  it('prints a NIT with thousands dots and its check digit, computed when missing', () => {
    expect(formatearNit('900123456')).toBe('900.123.456-8');
    expect(formatearNit('800197268')).toBe('800.197.268-4');
    expect(formatearNit('900.123.456-8')).toBe('900.123.456-8');
    expect(formatearNit(' 800197268 ')).toBe('800.197.268-4');
    expect(formatearNit('CE-12AB')).toBe('CE-12AB');
  });

  it('reads the number and the written check digit, and says when that digit is not the NIT own', () => {
    expect(leerNit('900.123.456-7')).toEqual({ numero: '900123456', dv: '7' });
    expect(leerNit('900123456')).toEqual({ numero: '900123456', dv: null });
    expect(leerNit('90012345A')).toBeNull();
    expect(dvNitCorresponde('800197268-4')).toBe(true);
    expect(dvNitCorresponde('800197268-5')).toBe(false);
    expect(dvNitCorresponde('800197268')).toBe(true);
  });
});
