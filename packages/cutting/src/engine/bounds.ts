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
 * The Fekete–Schepers dual-feasible function u^(k) scaled to the side `side`: a size that is
 * a multiple of side/(k+1) keeps its value, any other is rounded down to a multiple of
 * side/k. At most k sizes above side/(k+1) fit along a side, so the mapped sizes of anything
 * that fits still add up to at most `side`.
 */
function fekete(size: number, side: number, k: number): number {
  const scaled = ((k + 1) * size) / side;
  if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return size;
  return (Math.floor(scaled) * side) / k;
}

/** Fekete–Schepers parameters tried on each axis, next to the Martello–Vigo thresholds. */
const FEKETE_K = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The dual-feasible functions tried along a side: Martello–Vigo thresholds, then Fekete–Schepers. */
function functionsFor(side: number, sizes: number[]): Array<(size: number) => number> {
  return [
    ...spread([0, ...sizes.filter((s) => s <= side / 2)], MAX_THRESHOLDS).map((e) => (size: number) => dff(size, side, e)),
    ...FEKETE_K.map((k) => (size: number) => fekete(size, side, k)),
  ];
}

interface PieceType {
  w: number;
  h: number;
  canRotate: boolean;
  count: number;
}

/** Whether two pieces can share a board: side by side or one above the other, in some orientation. */
function canShare(a: PieceType, b: PieceType, W: number, H: number): boolean {
  const turnsA = a.canRotate ? [[a.w, a.h], [a.h, a.w]] : [[a.w, a.h]];
  const turnsB = b.canRotate ? [[b.w, b.h], [b.h, b.w]] : [[b.w, b.h]];
  for (const [aw, ah] of turnsA as Array<[number, number]>) {
    if (aw > W || ah > H) continue;
    for (const [bw, bh] of turnsB as Array<[number, number]>) {
      if (bw > W || bh > H) continue;
      if (aw + bw <= W || ah + bh <= H) return true;
    }
  }
  return false;
}

/**
 * Pieces no two of which can share a board (any two rectangles on one board are separated
 * by a vertical or a horizontal line): each needs a board of its own. Greedy, largest first.
 */
function conflictBound(types: PieceType[], W: number, H: number): number {
  const chosen: PieceType[] = [];
  let count = 0;
  for (const t of [...types].sort((a, b) => b.w * b.h - a.w * a.h)) {
    if (chosen.some((c) => canShare(c, t, W, H))) continue;
    chosen.push(t);
    count += canShare(t, t, W, H) ? 1 : t.count;
  }
  return count;
}

/**
 * Fewest new boards any answer can use: the best of the area bound, the dual-feasible
 * bounds (Martello–Vigo and Fekete–Schepers functions, every pair over the two axes) and
 * the count of pieces that pairwise cannot share a board. For a piece that may turn, the
 * smaller of its two mapped areas counts, which is valid whatever orientation the answer
 * picks. With offcuts in stock only the area bound (less the offcuts' area) is used.
 * A stronger bound only stops the search sooner when it has reached the optimum.
 */
export function lowerBound(problem: Problem): number {
  const { board, copies, retales } = problem;
  const boardArea = board.w * board.h;
  const totalArea = copies.reduce((sum, c) => sum + c.area, 0);
  const retalArea = retales.reduce((sum, r) => sum + r.w * r.h, 0);
  const areaBound = Math.max(0, Math.ceil((totalArea - retalArea) / boardArea));
  if (retales.length > 0) return areaBound;

  // Identical copies contribute identically: work on distinct (w, h, canRotate) types.
  const byKey = new Map<string, PieceType>();
  for (const c of copies) {
    const key = `${c.w}x${c.h}x${c.canRotate}`;
    const type = byKey.get(key);
    if (type) type.count++;
    else byKey.set(key, { w: c.w, h: c.h, canRotate: c.canRotate, count: 1 });
  }
  const list = [...byKey.values()];
  const fx = functionsFor(board.w, list.flatMap((t) => (t.canRotate ? [t.w, t.h] : [t.w])));
  const fy = functionsFor(board.h, list.flatMap((t) => (t.canRotate ? [t.w, t.h] : [t.h])));
  // Mapped sizes per function and type, as placed and turned (Infinity: does not fit).
  const mapX = fx.map((f) => list.map((t) => [t.w <= board.w ? f(t.w) : Infinity, t.canRotate && t.h <= board.w ? f(t.h) : Infinity]));
  const mapY = fy.map((f) => list.map((t) => [t.h <= board.h ? f(t.h) : Infinity, t.canRotate && t.w <= board.h ? f(t.w) : Infinity]));

  let best = Math.max(areaBound, conflictBound(list, board.w, board.h));
  for (const mx of mapX) {
    for (const my of mapY) {
      let sum = 0;
      for (let i = 0; i < list.length; i++) {
        const x = mx[i] as number[];
        const y = my[i] as number[];
        // A side mapped to 0 makes the area 0 even where the other side does not fit.
        const placed = x[0] === 0 || y[0] === 0 ? 0 : (x[0] as number) * (y[0] as number);
        const turned = x[1] === 0 || y[1] === 0 ? 0 : (x[1] as number) * (y[1] as number);
        sum += Math.min(placed, turned) * (list[i] as PieceType).count;
      }
      best = Math.max(best, Math.ceil(sum / boardArea - 1e-9));
    }
  }
  return best;
}
