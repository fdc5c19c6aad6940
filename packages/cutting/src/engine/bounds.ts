import type { Problem } from './problem.ts';

/** Most thresholds tried per axis; keeps the bound fast on jobs with many sizes. */
const MAX_THRESHOLDS = 48;

/**
 * A dual-feasible function of the Martello–Vigo family, scaled to the board side `side`:
 * sizes above side − e count as the full side, sizes below e as nothing, the rest as
 * themselves. Any set of sizes that fits along one side still fits after the mapping, so
 * Σ f(w)·g(h) ≤ W·H holds for every board's contents.
 */
function dff(size: number, side: number, e: number): number {
  if (size > side - e) return side;
  if (size < e) return 0;
  return size;
}

/** At most `max` values spread over the sorted distinct `values`. */
function spread(values: number[], max: number): number[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length <= max) return sorted;
  return Array.from({ length: max }, (_, i) => sorted[Math.floor((i * (sorted.length - 1)) / (max - 1))] ?? 0);
}

/**
 * Fewest new boards any answer can use: the best of the area bound and the dual-feasible
 * bounds. For a piece that may turn, the smaller of its two mapped areas counts, which is
 * valid whatever orientation the answer picks. With offcuts in stock only the area bound
 * (less the offcuts' area) is used.
 */
export function lowerBound(problem: Problem): number {
  const { board, copies, retales } = problem;
  const boardArea = board.w * board.h;
  const totalArea = copies.reduce((sum, c) => sum + c.area, 0);
  const retalArea = retales.reduce((sum, r) => sum + r.w * r.h, 0);
  const areaBound = Math.max(0, Math.ceil((totalArea - retalArea) / boardArea));
  if (retales.length > 0) return areaBound;

  // Identical copies contribute identically: work on distinct (w, h, canRotate) types.
  const types = new Map<string, { w: number; h: number; canRotate: boolean; count: number }>();
  for (const c of copies) {
    const key = `${c.w}x${c.h}x${c.canRotate}`;
    const type = types.get(key);
    if (type) type.count++;
    else types.set(key, { w: c.w, h: c.h, canRotate: c.canRotate, count: 1 });
  }
  const list = [...types.values()];
  const sizesX = list.flatMap((t) => (t.canRotate ? [t.w, t.h] : [t.w])).filter((s) => s <= board.w / 2);
  const sizesY = list.flatMap((t) => (t.canRotate ? [t.w, t.h] : [t.h])).filter((s) => s <= board.h / 2);
  const thresholdsX = spread([0, ...sizesX], MAX_THRESHOLDS);
  const thresholdsY = spread([0, ...sizesY], MAX_THRESHOLDS);

  let best = areaBound;
  for (const ex of thresholdsX) {
    for (const ey of thresholdsY) {
      let sum = 0;
      for (const t of list) {
        let mapped = t.w <= board.w && t.h <= board.h ? dff(t.w, board.w, ex) * dff(t.h, board.h, ey) : Infinity;
        if (t.canRotate) mapped = Math.min(mapped, dff(t.h, board.w, ex) * dff(t.w, board.h, ey));
        sum += mapped * t.count;
      }
      best = Math.max(best, Math.ceil(sum / boardArea - 1e-9));
    }
  }
  return best;
}
