import { describe, expect, it } from 'vitest';
import { relojNegocio } from './fechas';

describe('relojNegocio', () => {
  it("puts the business's wall clock in the UTC fields, across midnight and in another zone", () => {
    const bogota = relojNegocio('America/Bogota');
    expect(bogota(new Date('2026-01-15T23:30:05Z')).toISOString()).toBe('2026-01-15T18:30:05.000Z');
    expect(bogota('2026-01-16T04:59:59Z').toISOString()).toBe('2026-01-15T23:59:59.000Z');
    expect(bogota('2026-01-16T05:00:00Z').toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(relojNegocio('UTC')('2026-03-01T00:00:00Z').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
