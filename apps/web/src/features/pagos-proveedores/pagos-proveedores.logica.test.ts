import { describe, expect, it } from 'vitest';
import { escribirPeriodo, fechaDePeriodo, leerPeriodo, periodoActual, ultimoMesElegible } from './pagos-proveedores.logica';

describe('the period filter (spec 002 §2.11, §5)', () => {
  it('defaults to the current month', () => {
    expect(periodoActual('2026-11-27')).toEqual({ year: 2026, month: 11 });
    expect(leerPeriodo(null, '2026-11-27')).toEqual({ year: 2026, month: 11 });
  });

  it('reads a period from the address, refusing years after the current one and impossible months', () => {
    expect(leerPeriodo('2025-03', '2026-11-27')).toEqual({ year: 2025, month: 3 });
    expect(leerPeriodo('2026-12', '2026-11-27')).toEqual({ year: 2026, month: 12 });
    expect(leerPeriodo('2027-01', '2026-11-27')).toEqual({ year: 2026, month: 11 });
    expect(leerPeriodo('2026-13', '2026-11-27')).toEqual({ year: 2026, month: 11 });
    expect(leerPeriodo('2026-1', '2026-11-27')).toEqual({ year: 2026, month: 11 });
    expect(leerPeriodo('x', '2026-11-27')).toEqual({ year: 2026, month: 11 });
  });

  it('writes it back and gives the picker its dates', () => {
    expect(escribirPeriodo({ year: 2026, month: 3 })).toBe('2026-03');
    expect(fechaDePeriodo({ year: 2026, month: 3 })).toBe('2026-03-01');
    expect(ultimoMesElegible('2026-11-27')).toBe('2026-12-01');
  });
});
