import { describe, expect, it } from 'vitest';
import { collectItems, type Node } from './layout.ts';
import { createContext } from './packing.ts';
import { buildProblem, type Problem } from './problem.ts';
import { createRng } from './rng.ts';
import { shelfFill } from './shelf.ts';

const SIN_MARGENES = { desp_sierra: 0, refilado_x: 0, refilado_y: 0 };

function problemOf(piezas: Array<{ cantidad: number; base: number; altura: number; rotacion: boolean }>): Problem {
  return buildProblem({ piezas, parametros: { base: 100, altura: 100, ...SIN_MARGENES } });
}

/** Throws unless the tree is a guillotine layout: children span their parent and fit along it. */
function checkTree(node: Node, problem: Problem): void {
  if (node.kind === 'item') {
    const copy = problem.copies[node.copy];
    expect(copy).toBeDefined();
    expect(node.rotated ? [copy?.h, copy?.w] : [copy?.w, copy?.h]).toEqual([node.w, node.h]);
  }
  if (node.kind !== 'split') return;
  let along = 0;
  for (const child of node.children) {
    expect(node.axis === 0 ? child.h : child.w).toBe(node.axis === 0 ? node.h : node.w);
    along += node.axis === 0 ? child.w : child.h;
    checkTree(child, problem);
  }
  expect(along).toBeLessThanOrEqual(node.axis === 0 ? node.w : node.h);
}

describe('shelfFill', () => {
  it('fills a board exactly when strips can', () => {
    // Strips 40, 35 and 25 high, each filled exactly across (30 + 70, 45 + 55, 100),
    // among pieces that fit worse: the knapsacks over widths and over heights find them.
    const problem = problemOf([
      { cantidad: 1, base: 30, altura: 40, rotacion: false },
      { cantidad: 1, base: 70, altura: 40, rotacion: false },
      { cantidad: 1, base: 45, altura: 35, rotacion: false },
      { cantidad: 1, base: 55, altura: 35, rotacion: false },
      { cantidad: 1, base: 100, altura: 25, rotacion: false },
      { cantidad: 2, base: 90, altura: 20, rotacion: false },
      { cantidad: 2, base: 50, altura: 10, rotacion: false },
    ]);
    const pool = problem.copies.map((_, i) => i);
    const ctx = createContext(problem, createRng(1));
    const result = shelfFill(pool, problem.board, ctx, true);
    expect(result).not.toBeNull();
    if (!result) return;
    checkTree(result.bin.root, problem);
    const placed = collectItems(result.bin.root, []);
    expect(placed.length + result.left.length).toBe(pool.length);
    expect(new Set([...placed, ...result.left]).size).toBe(pool.length);
    expect(result.bin.usedArea).toBe(placed.reduce((sum, i) => sum + (problem.copies[i]?.area ?? 0), 0));
    expect(result.bin.usedArea).toBe(problem.board.w * problem.board.h);
  });

  it('turns pieces that may turn to stand side by side', () => {
    const problem = problemOf([{ cantidad: 4, base: 100, altura: 25, rotacion: true }, { cantidad: 2, base: 50, altura: 50, rotacion: true }]);
    const pool = problem.copies.map((_, i) => i);
    for (const plan of [false, true]) {
      const result = shelfFill(pool, problem.board, createContext(problem, createRng(2)), plan);
      if (!result) throw new Error('no refill');
      checkTree(result.bin.root, problem);
      expect(result.bin.usedArea).toBe(problem.board.w * problem.board.h);
      expect(result.left).toHaveLength(2);
    }
  });
});
