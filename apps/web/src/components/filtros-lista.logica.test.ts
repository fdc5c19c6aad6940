import { describe, expect, it } from 'vitest';
import { acotarFechas, leerNumeroVenta } from './filtros-lista.logica';

describe('list filter rules', () => {
  it('brings the dates inside the bounds: end at most today, start at most end', () => {
    expect(acotarFechas({ fecha_inicial: '2026-12-10', fecha_final: '2026-12-31' }, '2026-11-26')).toEqual({ fecha_inicial: '2026-11-26', fecha_final: '2026-11-26' });
    expect(acotarFechas({ fecha_inicial: null, fecha_final: null }, '2026-11-26')).toEqual({ fecha_inicial: null, fecha_final: null });
  });

  it('reads the sale number as an integer from 0', () => {
    expect(leerNumeroVenta('')).toBeNull();
    expect(leerNumeroVenta('-1')).toBeNull();
    expect(leerNumeroVenta('2.5')).toBeNull();
    expect(leerNumeroVenta(0)).toBe(0);
    expect(leerNumeroVenta('42')).toBe(42);
  });
});
