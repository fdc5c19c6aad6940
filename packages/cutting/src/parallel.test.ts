import { describe, expect, it } from 'vitest';
import { optimizar } from './engine/optimize.ts';
import { HILOS_POR_TRABAJO, mejorResultado, semillasParalelas } from './engine/parallel.ts';
import type { GrupoTableros, ResultadoCorte, TrabajoCorte } from './types.ts';
import { validarResultado } from './validator.ts';

/** A result with only what the choice looks at. */
function resultado(cant_placas: number, retalFinal: number, cant_cortes: number, iterations = 10): ResultadoCorte {
  const tablero = (retal: number): GrupoTableros => ({
    origen: 'tablero',
    base: 2440,
    altura: 2150,
    cantidad: 1,
    refilado_x: 0,
    refilado_y: 0,
    piezas: [],
    cortes: [],
    retales_aprovechables: retal > 0 ? [{ x: 0, y: 0, base: retal, altura: 1 }, { x: 0, y: 1, base: 1, altura: 1 }] : [],
    desperdicio_m2: 0,
    ptje_aprov: 50,
  });
  return {
    cant_placas,
    cant_retales: 0,
    ptje_aprov: 80,
    cant_cortes,
    cant_desp_sierra: 0,
    tapacantos: [],
    tableros: [tablero(5000), tablero(retalFinal)],
    limite_inferior: 1,
    stats: { iterations, ms: 100 * cant_placas, reachedLowerBound: false },
  };
}

describe('parallel searches of one job', () => {
  it('gives each search its own seed, the job seed first', () => {
    const semillas = semillasParalelas(5);
    expect(semillas).toHaveLength(HILOS_POR_TRABAJO);
    expect(semillas[0]).toBe(5);
    expect(new Set([...semillasParalelas(1), ...semillasParalelas(2), ...semillasParalelas(3)]).size).toBe(3 * HILOS_POR_TRABAJO);
  });

  it('keeps the answer with fewest boards, then the largest last leftover, then fewest cuts, ties to the first', () => {
    expect(mejorResultado([resultado(5, 900, 10), resultado(4, 10, 90)]).cant_placas).toBe(4);
    expect(mejorResultado([resultado(4, 100, 10), resultado(4, 900, 90)]).cant_cortes).toBe(90);
    expect(mejorResultado([resultado(4, 900, 30), resultado(4, 900, 20)]).cant_cortes).toBe(20);
    const primero = resultado(4, 900, 20);
    expect(mejorResultado([primero, resultado(4, 900, 20)]).tableros).toBe(primero.tableros);
  });

  it('adds up the searches work and keeps the longest time', () => {
    const elegido = mejorResultado([resultado(5, 0, 1, 7), resultado(4, 0, 1, 5)]);
    expect(elegido.stats).toEqual({ iterations: 12, ms: 500, reachedLowerBound: false });
  });

  it('chooses a valid plan no worse than any of the searches on a real job', () => {
    const trabajo: TrabajoCorte = {
      piezas: Array.from({ length: 40 }, (_, i) => ({ cantidad: 1, base: 200 + ((i * 137) % 700), altura: 150 + ((i * 89) % 600), rotacion: i % 3 !== 0 })),
    };
    const resultados = semillasParalelas(1).map((seed) => optimizar(trabajo, { budgetMs: 40, seed }));
    const elegido = mejorResultado(resultados);
    expect(validarResultado(trabajo, elegido)).toEqual([]);
    expect(elegido.cant_placas).toBe(Math.min(...resultados.map((r) => r.cant_placas)));
  });
});
