import { describe, expect, it } from 'vitest';
import { diasDelMes, formatearFecha, formatearFechaHora, mesHastaHoy, primerDiaDelMes, relojNegocio, ultimoDiaDelMes } from './fechas';

describe('relojNegocio', () => {
  it("puts the business's wall clock in the UTC fields, across midnight and in another zone", () => {
    const bogota = relojNegocio('America/Bogota');
    expect(bogota(new Date('2026-01-15T23:30:05Z')).toISOString()).toBe('2026-01-15T18:30:05.000Z');
    expect(bogota('2026-01-16T04:59:59Z').toISOString()).toBe('2026-01-15T23:59:59.000Z');
    expect(bogota('2026-01-16T05:00:00Z').toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(relojNegocio('UTC')('2026-03-01T00:00:00Z').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('formatearFecha', () => {
  it('writes a calendar date day first, as it is', () => {
    expect(formatearFecha('2026-03-05')).toBe('05/03/2026');
    expect(formatearFecha('2026-01-15', 'Asia/Tokyo')).toBe('15/01/2026');
  });

  it("writes an instant's day in the business's zone", () => {
    expect(formatearFecha('2026-01-16T04:59:59Z')).toBe('15/01/2026');
    expect(formatearFecha(new Date('2026-01-16T05:00:00Z'))).toBe('16/01/2026');
    expect(formatearFecha('2026-01-16T04:59:59Z', 'UTC')).toBe('16/01/2026');
  });

  it('writes nothing for a missing or unreadable date', () => {
    for (const valor of [null, undefined, '', 'no es fecha']) expect(formatearFecha(valor)).toBe('');
  });
});

describe('formatearFechaHora', () => {
  it("writes an instant's date and time in the business's zone, twelve-hour clock", () => {
    expect(formatearFechaHora('2026-11-23T19:05:00Z')).toBe('23/11/2026 02:05 pm');
    expect(formatearFechaHora(new Date('2026-11-24T13:00:00Z'))).toBe('24/11/2026 08:00 am');
    expect(formatearFechaHora('2026-01-16T05:00:00Z')).toBe('16/01/2026 12:00 am');
    expect(formatearFechaHora('2026-01-16T17:30:00Z')).toBe('16/01/2026 12:30 pm');
    expect(formatearFechaHora('2026-01-16T05:00:00Z', 'UTC')).toBe('16/01/2026 05:00 am');
  });

  it('writes nothing for a missing or unreadable instant', () => {
    for (const valor of [null, undefined, '', 'no es fecha']) expect(formatearFechaHora(valor)).toBe('');
  });
});

describe('the days of a month', () => {
  it('gives the first and last day of a date’s month, leap years and December included', () => {
    expect(primerDiaDelMes('2026-03-17')).toBe('2026-03-01');
    expect(ultimoDiaDelMes('2026-03-17')).toBe('2026-03-31');
    expect(ultimoDiaDelMes('2024-02-10')).toBe('2024-02-29');
    expect(ultimoDiaDelMes('2026-02-01')).toBe('2026-02-28');
    expect(diasDelMes(2026, 12)).toEqual({ desde: '2026-12-01', hasta: '2026-12-31' });
    expect(diasDelMes(2026, 4)).toEqual({ desde: '2026-04-01', hasta: '2026-04-30' });
  });

  it('gives this month up to today as a report’s default range', () => {
    expect(mesHastaHoy('2026-12-03')).toEqual({ fecha_inicial: '2026-12-01', fecha_final: '2026-12-03' });
    expect(mesHastaHoy('2026-12-01')).toEqual({ fecha_inicial: '2026-12-01', fecha_final: '2026-12-01' });
  });
});
