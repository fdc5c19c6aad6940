import { waste, type Node } from './layout.ts';
import { Packing, type Bin, type Context, type Scoring } from './packing.ts';
import type { ItemCopy, Problem, Stock } from './problem.ts';

/**
 * A board packed again from scratch out of a pool of pieces (its own plus the unplaced
 * ones), as much piece area as possible: strips (shelves) across the board, each filled
 * by an exact 0/1 knapsack on the widths, the strip taken each time the one that fills its
 * own area best; then the free space left above the shorter pieces and at the ends of the
 * strips is filled greedily (a third cutting stage). The random ruin and recreate is weak
 * at choosing which pieces share a board; this move is strong at it, and any gain in a
 * board's area is a gain in the unplaced area the search drives to zero.
 */

/** Most knapsack cells (pool pieces × scaled board width) a refill may cost; beyond it the move is skipped. */
const MAX_CELLS = 200_000;

/**
 * Work charged per knapsack cell and per piece looked at in a pass (sorting, choosing the
 * orientation, the tables' allocation), timed: with them a budget buys about the same CPU
 * time as without the move (seven benchmark jobs that spend their budget: 6.8 s without
 * the move; 8.7 s with cells alone at 0.05; with cells alone at 0.2, 6.4 s, but furniture
 * jobs, whose boards are thousands of kerf multiples wide, then ended in a third of
 * their time).
 */
const CELL_WORK = 0.05;
const PIECE_WORK = 15;

/** Relative random jitter on the strips' fill when choosing one: refills of the same pool differ. */
const STRIP_NOISE = 0.04;

const FILL_SCORING: Scoring = { dead: 2, slack: 1, keep: 0.5, squared: 0, fuller: 0, blink: 0 };

const scaleCache = new WeakMap<Problem, number>();

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The greatest common divisor of every size in the job: the knapsack works in its multiples. */
function scaleOf(problem: Problem): number {
  let g = scaleCache.get(problem);
  if (g === undefined) {
    g = gcd(problem.board.w, problem.board.h);
    for (const stock of problem.retales) g = gcd(gcd(g, stock.w), stock.h);
    for (const copy of problem.copies) g = gcd(gcd(g, copy.w), copy.h);
    scaleCache.set(problem, g);
  }
  return g;
}

export interface Refill {
  bin: Bin;
  /** Pool pieces left out. */
  left: number[];
}

/**
 * Packs as much of `pool` as it can into an empty `stock`; null when the job's sizes make
 * the knapsack too large for a move.
 */
export function shelfFill(pool: number[], stock: Stock, ctx: Context, plan: boolean): Refill | null {
  const { problem, rng } = ctx;
  const g = scaleOf(problem);
  const W = Math.floor(stock.w / g);
  if ((W + 1) * pool.length > MAX_CELLS || (Math.floor(stock.h / g) + 1) * pool.length > MAX_CELLS) return null;
  const copies = problem.copies;
  let remaining = pool.slice();
  let freeH = stock.h;
  const strips: Node[] = [];
  const dp = new Float64Array(W + 1);
  /** Best strip value for each candidate height under `maxH` (one knapsack pass, by increasing height). */
  const stripValues = (maxH: number): Array<[number, number]> => {
    const events: Array<[number, number]> = [];
    for (const index of remaining) {
      const c = copies[index] as ItemCopy;
      if (c.w <= stock.w && c.h <= maxH) events.push([c.h, c.w]);
      if (c.canRotate && c.w !== c.h && c.h <= stock.w && c.w <= maxH) events.push([c.w, c.h]);
    }
    events.sort((a, b) => a[0] - b[0]);
    dp.fill(0);
    const out: Array<[number, number]> = [];
    for (let e = 0; e < events.length; ) {
      const height = (events[e] as [number, number])[0];
      for (; e < events.length && (events[e] as [number, number])[0] === height; e++) {
        const [h, w] = events[e] as [number, number];
        const cw = w / g;
        const value = w * h;
        for (let c = W; c >= cw; c--) {
          const with_ = (dp[c - cw] as number) + value;
          if (with_ > (dp[c] as number)) dp[c] = with_;
        }
      }
      out.push([height, dp[W] as number]);
    }
    ctx.work += (events.length * (W * CELL_WORK + PIECE_WORK)) | 0;
    return out;
  };
  /** Lays out the best strip no higher than `height` from the remaining pieces; false when none fits. */
  const addStrip = (height: number): boolean => {
    const items: Array<[number, number, number, boolean]> = [];
    for (const index of remaining) {
      const c = copies[index] as ItemCopy;
      let best: [number, number, number, boolean] | null = null;
      if (c.w <= stock.w && c.h <= height) best = [c.w, c.h, index, false];
      if (c.canRotate && c.h <= stock.w && c.w <= height && (best === null || c.h < best[0])) best = [c.h, c.w, index, true];
      if (best !== null) items.push(best);
    }
    const n = items.length;
    const keep = new Uint8Array(n * (W + 1));
    dp.fill(0);
    for (let i = 0; i < n; i++) {
      const [w, h] = items[i] as [number, number, number, boolean];
      const cw = w / g;
      const value = w * h;
      const row = i * (W + 1);
      for (let c = W; c >= cw; c--) {
        const with_ = (dp[c - cw] as number) + value;
        if (with_ > (dp[c] as number)) {
          dp[c] = with_;
          keep[row + c] = 1;
        }
      }
    }
    ctx.work += (n * W * CELL_WORK + remaining.length * PIECE_WORK) | 0;
    const chosen: Array<[number, number, number, boolean]> = [];
    for (let i = n - 1, c = W; i >= 0; i--) {
      if (keep[i * (W + 1) + c] === 1) {
        const item = items[i] as [number, number, number, boolean];
        chosen.push(item);
        c -= item[0] / g;
      }
    }
    if (chosen.length === 0) return false;
    // Tallest first: the strip is as high as its first piece, which then needs no cut above it.
    chosen.sort((a, b) => b[1] - a[1] || a[2] - b[2]);
    const stripH = (chosen[0] as [number, number, number, boolean])[1];
    const columns: Node[] = [];
    let usedW = 0;
    for (const [w, h, copy, rotated] of chosen) {
      const item: Node = { kind: 'item', w, h, copy, rotated };
      columns.push(h < stripH ? { kind: 'split', w, h: stripH, axis: 1, children: [item, waste(w, stripH - h)] } : item);
      usedW += w;
    }
    if (usedW < stock.w) columns.push(waste(stock.w - usedW, stripH));
    strips.push(columns.length === 1 ? (columns[0] as Node) : { kind: 'split', w: stock.w, h: stripH, axis: 0, children: columns });
    freeH -= stripH;
    const taken = new Set(chosen.map((item) => item[2]));
    remaining = remaining.filter((index) => !taken.has(index));
    return true;
  };
  if (plan) {
    // The board as a knapsack over the strips' heights (each height's best strip once;
    // pieces shared between strips make it an estimate), realised tallest first. Letting a
    // height repeat as often as pieces have it was tried: the plans it makes are rarely
    // realisable, and on the small tight jobs it lost all the gain of the move.
    const values = stripValues(freeH);
    const H = Math.floor(freeH / g);
    const best = new Float64Array(H + 1);
    const take = new Uint8Array(values.length * (H + 1));
    for (let i = 0; i < values.length; i++) {
      const [height, value0] = values[i] as [number, number];
      const value = value0 * (1 + STRIP_NOISE * (rng() - 0.5));
      const ch = height / g;
      for (let c = H; c >= ch; c--) {
        const with_ = (best[c - ch] as number) + value;
        if (with_ > (best[c] as number)) {
          best[c] = with_;
          take[i * (H + 1) + c] = 1;
        }
      }
    }
    ctx.work += (values.length * H * CELL_WORK) | 0;
    const heights: number[] = [];
    for (let i = values.length - 1, c = H; i >= 0; i--) {
      if (take[i * (H + 1) + c] === 1) {
        const height = (values[i] as [number, number])[0];
        heights.push(height);
        c -= height / g;
      }
    }
    for (const height of heights) if (height <= freeH) addStrip(height);
  }
  for (;;) {
    let bestHeight = 0;
    let bestScore = -1;
    for (const [height, value] of stripValues(freeH)) {
      const score = (value / height) * (1 + STRIP_NOISE * (rng() - 0.5));
      if (score > bestScore) {
        bestScore = score;
        bestHeight = height;
      }
    }
    if (bestScore <= 0 || !addStrip(bestHeight)) break;
  }
  if (freeH > 0) strips.push(waste(stock.w, freeH));
  const root: Node = strips.length === 1 ? (strips[0] as Node) : { kind: 'split', w: stock.w, h: stock.h, axis: 1, children: strips };
  let usedArea = 0;
  for (const index of pool) usedArea += (copies[index] as ItemCopy).area;
  for (const index of remaining) usedArea -= (copies[index] as ItemCopy).area;
  const items = pool.length - remaining.length;
  const bin: Bin = { stock, root, usedArea, items, leaves: null, leftover: 0, owner: 0 };
  // Third stage: what is left goes greedily into the free space of the strips.
  const packing = new Packing([bin], []);
  remaining.sort((a, b) => (copies[b] as ItemCopy).area - (copies[a] as ItemCopy).area || a - b);
  packing.recreate(remaining, FILL_SCORING, false, ctx);
  return { bin: packing.bins[0] as Bin, left: packing.unplaced };
}
