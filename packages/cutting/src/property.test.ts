import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimizar } from './engine/optimize.ts';
import type { TrabajoCorte } from './types.ts';
import { validarResultado } from './validator.ts';

/** Small random jobs: a board, a few piece rows that fit it, optional offcuts, kerf and trims. */
const trabajoArbitrary: fc.Arbitrary<TrabajoCorte> = fc
  .record({
    base: fc.integer({ min: 300, max: 2440 }),
    altura: fc.integer({ min: 300, max: 2150 }),
    kerf: fc.integer({ min: 0, max: 60 }).map((t) => t / 10),
    refilado: fc.integer({ min: 0, max: 20 }),
    piezas: fc.array(
      fc.record({
        cantidad: fc.integer({ min: 1, max: 4 }),
        fw: fc.double({ min: 0.02, max: 1, noNaN: true }),
        fh: fc.double({ min: 0.02, max: 1, noNaN: true }),
        rotacion: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    retales: fc.array(fc.record({ cantidad: fc.integer({ min: 0, max: 2 }), base: fc.integer({ min: 50, max: 1200 }), altura: fc.integer({ min: 50, max: 1200 }) }), { maxLength: 2 }),
  })
  .map(({ base, altura, kerf, refilado, piezas, retales }) => {
    const usableW = base - 2 * refilado;
    const usableH = altura - 2 * refilado;
    return {
      piezas: piezas.map((p, i) => ({
        cantidad: p.cantidad,
        base: Math.max(1, Math.floor(p.fw * usableW)),
        altura: Math.max(1, Math.floor(p.fh * usableH)),
        rotacion: p.rotacion,
        descripcion: `P${i + 1}`,
      })),
      retales,
      parametros: { base, altura, desp_sierra: kerf, refilado_x: refilado, refilado_y: refilado },
    };
  });

/**
 * Larger random jobs of small pieces with no kerf: they rarely meet the lower bound at once,
 * so the search runs its whole budget through many moves (copies of boards, ruins and
 * reinsertions), where layouts are most likely to go wrong.
 */
const trabajoLargoArbitrary: fc.Arbitrary<TrabajoCorte> = fc
  .record({
    piezas: fc.array(
      fc.record({ base: fc.integer({ min: 10, max: 60 }), altura: fc.integer({ min: 10, max: 60 }), rotacion: fc.boolean() }),
      { minLength: 60, maxLength: 100 },
    ),
  })
  .map(({ piezas }) => ({
    piezas: piezas.map((p) => ({ cantidad: 1, ...p })),
    parametros: { base: 100, altura: 100, desp_sierra: 0, refilado_x: 0, refilado_y: 0 },
  }));

describe('optimizar on random jobs', () => {
  it('keeps every layout valid through a long search on many small pieces', () => {
    fc.assert(
      fc.property(trabajoLargoArbitrary, fc.integer({ min: 1, max: 1000 }), (trabajo, seed) => {
        const resultado = optimizar(trabajo, { budgetMs: 150, seed });
        expect(validarResultado(trabajo, resultado)).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });

  it('always answers a plan the independent validator accepts, never below the lower bound', () => {
    fc.assert(
      fc.property(trabajoArbitrary, fc.integer({ min: 1, max: 1000 }), (trabajo, seed) => {
        const resultado = optimizar(trabajo, { budgetMs: 20, seed });
        expect(validarResultado(trabajo, resultado)).toEqual([]);
        expect(resultado.cant_placas).toBeGreaterThanOrEqual(resultado.limite_inferior);
      }),
      { numRuns: 150 },
    );
    // 150 searches of a 20 ms budget each are 3 s of wall time by design: the default 5 s left no room on a loaded machine.
  }, 30_000);

  it('answers the same plan for the same job and seed', () => {
    fc.assert(
      fc.property(trabajoArbitrary, (trabajo) => {
        expect(optimizar(trabajo, { budgetMs: 15, seed: 3 }).tableros).toEqual(optimizar(trabajo, { budgetMs: 15, seed: 3 }).tableros);
      }),
      { numRuns: 25 },
    );
  });
});
