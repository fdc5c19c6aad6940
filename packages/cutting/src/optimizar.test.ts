import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CuttingInputError } from './errors.ts';
import { optimizar } from './engine/optimize.ts';
import type { TrabajoCorte } from './types.ts';
import { validarResultado } from './validator.ts';

const SIN_MARGENES = { desp_sierra: 0, refilado_x: 0, refilado_y: 0 };

function solve(trabajo: TrabajoCorte, budgetMs = 30): ReturnType<typeof optimizar> {
  const resultado = optimizar(trabajo, { budgetMs });
  expect(validarResultado(trabajo, resultado)).toEqual([]);
  return resultado;
}

describe('optimizar: input errors', () => {
  const pieza = { cantidad: 1, base: 720, altura: 560, rotacion: true, descripcion: 'Costado' };

  it('names a piece that fits the usable board in no orientation', () => {
    const trabajo = { piezas: [pieza, pieza, { ...pieza, base: 2500 }] };
    expect(() => optimizar(trabajo)).toThrow('La pieza 3 (Costado 2500 × 560) no cabe en el tablero útil de 2400 × 2110 mm');
  });

  it('explains when a grain piece would only fit turned', () => {
    const trabajo = { piezas: [{ ...pieza, base: 300, altura: 2200, rotacion: false }] };
    expect(() => optimizar(trabajo)).toThrow(/^La pieza 1 \(Costado 300 × 2200\) no cabe en el tablero útil de 2400 × 2110 mm sin girarla/);
  });

  it('refuses sizes of zero or below and non-integer quantities, naming the piece', () => {
    expect(() => optimizar({ piezas: [{ ...pieza, altura: 0 }] })).toThrow('La pieza 1 (Costado 720 × 0) debe tener base y altura mayores que cero');
    expect(() => optimizar({ piezas: [pieza, { ...pieza, cantidad: 1.5 }] })).toThrow('La pieza 2 (Costado 720 × 560) debe tener una cantidad entera mayor que cero');
  });

  it('refuses more than 5000 copies before doing any work', () => {
    const error = (() => {
      try {
        optimizar({ piezas: [{ ...pieza, cantidad: 4000 }, { ...pieza, base: 100, cantidad: 1001 }] });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CuttingInputError);
    expect((error as CuttingInputError).message).toBe('La pieza 2 (Costado 100 × 560) supera el límite de 5000 piezas por trabajo');
    expect((error as CuttingInputError).pieza).toBe(1);
  });

  it('refuses an empty cut list with the spec message', () => {
    expect(() => optimizar({ piezas: [] })).toThrow('Debe agregar al menos una pieza');
  });
});

describe('optimizar: layouts', () => {
  it('fits four quarter boards on one board and stops at the lower bound at once', () => {
    const resultado = solve({ piezas: [{ cantidad: 4, base: 50, altura: 50, rotacion: false }], parametros: { base: 100, altura: 100, ...SIN_MARGENES } }, 5000);
    expect(resultado.cant_placas).toBe(1);
    expect(resultado.ptje_aprov).toBe(100);
    expect(resultado.stats.reachedLowerBound).toBe(true);
    expect(resultado.stats.ms).toBeLessThan(1000);
  });

  it('keeps the kerf between pieces: two halves no longer fit when the blade takes 0.1 mm', () => {
    const piezas = [{ cantidad: 2, base: 50, altura: 100, rotacion: false }];
    expect(solve({ piezas, parametros: { base: 100, altura: 100, ...SIN_MARGENES } }).cant_placas).toBe(1);
    expect(solve({ piezas, parametros: { base: 100, altura: 100, ...SIN_MARGENES, desp_sierra: 0.1 } }).cant_placas).toBe(2);
  });

  it('removes the trims from both edges of a new board', () => {
    const resultado = solve({ piezas: [{ cantidad: 1, base: 2400, altura: 2110, rotacion: false }], parametros: { refilado_x: 20, refilado_y: 20 } });
    const colocada = resultado.tableros[0]?.piezas[0];
    expect(colocada).toMatchObject({ x: 20, y: 20, base: 2400, altura: 2110 });
  });

  it('turns pieces only when their grain allows it', () => {
    const parametros = { base: 100, altura: 50, ...SIN_MARGENES };
    const turnable = solve({ piezas: [{ cantidad: 2, base: 50, altura: 100, rotacion: true }], parametros });
    expect(turnable.cant_placas).toBe(2);
    expect(turnable.tableros.every((t) => t.piezas.every((p) => p.rotada))).toBe(true);
    expect(() => optimizar({ piezas: [{ cantidad: 1, base: 50, altura: 100, rotacion: false }], parametros })).toThrow(CuttingInputError);
  });

  it('uses offcuts from stock before new boards', () => {
    const trabajo: TrabajoCorte = {
      piezas: [{ cantidad: 3, base: 400, altura: 300, rotacion: true }],
      retales: [{ cantidad: 2, base: 900, altura: 320, descripcion: 'Retal blanco' }],
    };
    const resultado = solve(trabajo);
    expect(resultado.cant_placas).toBe(0);
    expect(resultado.cant_retales).toBe(2);
    expect(resultado.tableros.every((t) => t.origen === 'retal' && t.refilado_x === 0)).toBe(true);
  });

  it('groups identical boards and numbers the copies on each', () => {
    // Two 1197.5 mm pieces and the 5 mm kerf fill the 2400 mm usable width exactly.
    const resultado = solve({ piezas: [{ cantidad: 6, base: 1197.5, altura: 2110, rotacion: false }] });
    expect(resultado.cant_placas).toBe(3);
    expect(resultado.tableros).toHaveLength(1);
    expect(resultado.tableros[0]?.cantidad).toBe(3);
    const copias = resultado.tableros[0]?.piezas.flatMap((p) => p.copias).sort((a, b) => a - b);
    expect(copias).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lists the cuts in order, stage 1 first, and reports the leftover of the last board', () => {
    const resultado = solve({ piezas: [{ cantidad: 2, base: 600, altura: 400, rotacion: false }] });
    const [tablero] = resultado.tableros;
    expect(tablero?.cortes[0]?.etapa).toBe(1);
    expect(resultado.cant_cortes).toBe(tablero?.cortes.length);
    const largest = Math.max(...(tablero?.retales_aprovechables.map((r) => r.base * r.altura) ?? [0]));
    // Two 600 × 400 pieces side by side leave at least a 2400 × 1710 strip minus the kerf.
    expect(largest).toBeGreaterThanOrEqual(2400 * 1705);
  });

  it('gives the same answer for the same job and seed', () => {
    const piezas = Array.from({ length: 25 }, (_, i) => ({ cantidad: 1 + (i % 3), base: 150 + ((i * 241) % 900), altura: 120 + ((i * 379) % 800), rotacion: i % 4 !== 0 }));
    const a = optimizar({ piezas }, { budgetMs: 40, seed: 7 });
    const b = optimizar({ piezas }, { budgetMs: 40, seed: 7 });
    expect(b.tableros).toEqual(a.tableros);
    expect(b.stats.iterations).toBe(a.stats.iterations);
  });

  it('cuts a realistic kitchen job into a valid plan', () => {
    const file = path.join(import.meta.dirname, '..', 'bench', 'muebles', 'cocina-integral.json');
    const trabajo = JSON.parse(readFileSync(file, 'utf8')) as TrabajoCorte;
    const resultado = solve(trabajo, 100);
    expect(resultado.cant_placas).toBeGreaterThanOrEqual(resultado.limite_inferior);
  });
});
