import { describe, expect, it } from 'vitest';
import { lowerBound } from './bounds.ts';
import { buildProblem } from './problem.ts';

const SIN_MARGENES = { desp_sierra: 0, refilado_x: 0, refilado_y: 0 };

function bound(piezas: Array<{ cantidad: number; base: number; altura: number; rotacion: boolean }>): number {
  return lowerBound(buildProblem({ piezas, parametros: { base: 100, altura: 100, ...SIN_MARGENES } }));
}

describe('lowerBound', () => {
  it('counts pieces that pairwise cannot share a board, although their area fits in fewer', () => {
    // 3 × 0.36 of a board: the area bound says 2, but no two 60 × 60 fit together.
    expect(bound([{ cantidad: 3, base: 60, altura: 60, rotacion: true }])).toBe(3);
  });

  it('lets a piece that may turn pair with another one turned', () => {
    // 70 × 40 and 40 × 70 fit neither side by side nor stacked as given, but stack once
    // one of them is turned.
    const pair = (rotacion: boolean) => [
      { cantidad: 1, base: 70, altura: 40, rotacion },
      { cantidad: 1, base: 40, altura: 70, rotacion },
    ];
    expect(bound(pair(false))).toBe(2);
    expect(bound(pair(true))).toBe(1);
  });

  it('never exceeds a packing that exists (four quarters on one board)', () => {
    expect(bound([{ cantidad: 4, base: 50, altura: 50, rotacion: false }])).toBe(1);
    expect(bound([{ cantidad: 9, base: 33, altura: 33, rotacion: true }])).toBe(1);
  });

  it('rounds pieces just over a third up with a Fekete–Schepers function', () => {
    // Six 34 × 100 strips: area 2.04 boards → 3; two fit per board at most, also 3.
    expect(bound([{ cantidad: 6, base: 34, altura: 100, rotacion: false }])).toBe(3);
  });
});
