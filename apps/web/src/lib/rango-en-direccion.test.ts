import { describe, expect, it } from 'vitest';
import { sumarDias } from '@tablero/domain';
import { limitesRango, rangoValido } from './rango-en-direccion';

// The reports' ranges (dashboard, production indicators): the server answers at most 366 days, up to today.
const MAXIMO = 366;

describe('a report range', () => {
  it('is valid when the server answers it and nothing else', () => {
    const hoy = '2026-11-25';
    expect(rangoValido({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-25' }, hoy, MAXIMO)).toBe(true);
    expect(rangoValido({ fecha_inicial: '2025-11-25', fecha_final: '2026-11-25' }, hoy, MAXIMO)).toBe(true);
    expect(rangoValido({ fecha_inicial: '2025-11-24', fecha_final: '2026-11-25' }, hoy, MAXIMO)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-11-10', fecha_final: '2026-11-09' }, hoy, MAXIMO)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-26' }, hoy, MAXIMO)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-02-30', fecha_final: '2026-03-01' }, hoy, MAXIMO)).toBe(false);
    expect(rangoValido({ fecha_inicial: '', fecha_final: '' }, hoy, MAXIMO)).toBe(false);
  });

  it('bounds each date by the other, the end by today, and the whole by the longest range', () => {
    expect(sumarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(limitesRango({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-20' }, '2026-11-25', MAXIMO)).toEqual({
      inicial: { minDate: '2025-11-20', maxDate: '2026-11-20' },
      final: { minDate: '2026-11-01', maxDate: '2026-11-25' },
    });
    expect(limitesRango({ fecha_inicial: '2026-01-01', fecha_final: '2026-06-30' }, '2026-11-27', MAXIMO)).toEqual({
      inicial: { minDate: '2025-06-30', maxDate: '2026-06-30' },
      final: { minDate: '2026-01-01', maxDate: '2026-11-27' },
    });
    // A start a year back: the end can go at most 366 days from it.
    expect(limitesRango({ fecha_inicial: '2025-01-10', fecha_final: '2025-02-01' }, '2026-11-25', MAXIMO).final.maxDate).toBe('2026-01-10');
    expect(limitesRango({ fecha_inicial: '2025-03-01', fecha_final: '2025-06-30' }, '2026-11-27', MAXIMO).final.maxDate).toBe('2026-03-01');
  });
});
