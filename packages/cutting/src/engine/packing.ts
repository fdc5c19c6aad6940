import { cloneNode, placeInWaste, removeItems, waste, wasteLeaves, type Axis, type Node, type WasteRef } from './layout.ts';
import type { ItemCopy, Problem, Stock } from './problem.ts';
import type { Rng } from './rng.ts';

/** One board or offcut in a packing. Treated as immutable unless the packing owns it. */
export interface Bin {
  stock: Stock;
  root: Node;
  usedArea: number;
  /** Number of pieces on it: tree operations cost about this much work. */
  items: number;
  /** Cache of the waste leaves; null when the tree changed since. */
  leaves: WasteRef[] | null;
  /** Cache of Σ (waste area / bin area)² over the leaves: how concentrated the free space is. */
  leftover: number;
}

/** How insertion options are scored; the search varies them between passes. */
export interface Scoring {
  /** Weight of waste created too small for any piece of the job (lost for good). */
  dead: number;
  /** Weight of the free area of the leaf around the piece (best-area fit). */
  slack: number;
  /** Reward for the largest waste left by the split (keeps big free rectangles). */
  keep: number;
  /** Weight of the loss of Σ waste² the option causes (keeps free space gathered). */
  squared: number;
  /** Probability of skipping an option, which randomises the greedy choice. */
  blink: number;
}

/** Shared, read-only facts about the job plus the work counter that bounds the search. */
export interface Context {
  problem: Problem;
  rng: Rng;
  /** Minimal (w, h) pairs among all piece orientations: a waste fitting none is dead. */
  smallest: Array<readonly [number, number]>;
  /** Units of work done so far; the budget is expressed in the same units. */
  work: number;
}

/** Minimal (w, h) pairs over every orientation of every piece (Pareto front). */
export function smallestPieces(copies: ItemCopy[]): Array<readonly [number, number]> {
  const pairs = copies.flatMap((c) => (c.canRotate ? [[c.w, c.h] as const, [c.h, c.w] as const] : [[c.w, c.h] as const]));
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const front: Array<readonly [number, number]> = [];
  let bestH = Infinity;
  for (const pair of pairs) {
    if (pair[1] < bestH) {
      front.push(pair);
      bestH = pair[1];
    }
  }
  return front;
}

function deadArea(smallest: Array<readonly [number, number]>, w: number, h: number): number {
  if (w <= 0 || h <= 0) return 0;
  for (const [pw, ph] of smallest) {
    if (pw > w) break;
    if (ph <= h) return 0;
  }
  return w * h;
}

interface Choice {
  bin: number;
  leaf: number;
  rotated: boolean;
  firstCut: Axis;
  score: number;
}

/**
 * A set of bins with the pieces not placed yet. Moves work on a fork: the fork shares the
 * parent's bins and copies one only when it is about to change it (copy on write), so a
 * rejected move costs little.
 */
export class Packing {
  bins: Bin[];
  unplaced: number[];
  private owned: Set<Bin>;

  constructor(bins: Bin[], unplaced: number[]) {
    this.bins = bins;
    this.unplaced = unplaced;
    this.owned = new Set(bins);
  }

  /** A packing with every offcut available and empty, and all pieces unplaced. */
  static empty(problem: Problem): Packing {
    return new Packing(
      problem.retales.map((stock) => emptyBin(stock)),
      problem.copies.map((_, i) => i),
    );
  }

  /** A copy that shares bins until it changes them. */
  fork(): Packing {
    const copy = new Packing([...this.bins], [...this.unplaced]);
    copy.owned = new Set();
    return copy;
  }

  /** Area of the unplaced pieces: what the search drives to zero. */
  unplacedArea(problem: Problem): number {
    return this.unplaced.reduce((sum, i) => sum + (problem.copies[i]?.area ?? 0), 0);
  }

  /** Number of new boards (offcuts excluded). */
  boardCount(): number {
    return this.bins.reduce((n, bin) => n + (bin.stock.retal === null ? 1 : 0), 0);
  }

  private own(index: number, ctx: Context): Bin {
    const bin = this.bins[index];
    if (!bin) throw new Error(`bin ${index} out of range`);
    if (this.owned.has(bin)) return bin;
    const copy: Bin = { ...bin, root: cloneNode(bin.root), leaves: null, leftover: 0 };
    ctx.work += treeWork(bin);
    this.bins[index] = copy;
    this.owned.add(copy);
    return copy;
  }

  private leaves(bin: Bin, ctx: Context): WasteRef[] {
    if (bin.leaves === null) {
      bin.leaves = wasteLeaves(bin.root);
      const area = bin.stock.w * bin.stock.h;
      bin.leftover = bin.leaves.reduce((sum, ref) => sum + ((ref.node.w * ref.node.h) / area) ** 2, 0);
      ctx.work += treeWork(bin);
    }
    return bin.leaves;
  }

  /**
   * Σ over bins of Σ (waste area / bin area)²: larger when free space is gathered in few
   * big rectangles, which is what lets the next move fit a large piece.
   */
  leftoverValue(ctx: Context): number {
    let value = 0;
    for (const bin of this.bins) {
      this.leaves(bin, ctx);
      value += bin.leftover;
    }
    return value;
  }

  /** Adds an empty new board and returns its index. */
  openBoard(problem: Problem): number {
    const bin = emptyBin(problem.board);
    this.bins.push(bin);
    this.owned.add(bin);
    return this.bins.length - 1;
  }

  /** Removes the pieces `shouldRemove` picks from bin `index` and marks them unplaced. */
  ruinBin(index: number, shouldRemove: (copy: number) => boolean, ctx: Context): void {
    const bin = this.own(index, ctx);
    const removed: number[] = [];
    bin.root = removeItems(bin.root, shouldRemove, removed);
    bin.leaves = null;
    ctx.work += treeWork(bin);
    bin.items -= removed.length;
    for (const copy of removed) bin.usedArea -= ctx.problem.copies[copy]?.area ?? 0;
    this.unplaced.push(...removed);
  }

  /** Drops bin `index` altogether; its pieces become unplaced. */
  dropBin(index: number, ctx: Context): void {
    this.ruinBin(index, () => true, ctx);
    this.bins.splice(index, 1);
  }

  /** The best place for a copy among the existing bins, or null when none fits. */
  private bestChoice(copy: ItemCopy, scoring: Scoring, ctx: Context): Choice | null {
    let best: Choice | null = null;
    const { rng, smallest } = ctx;
    ctx.work += 2 + this.bins.length;
    for (let b = 0; b < this.bins.length; b++) {
      const bin = this.bins[b] as Bin;
      if (bin.stock.w * bin.stock.h - bin.usedArea < copy.area) continue;
      const leaves = this.leaves(bin, ctx);
      const binArea = bin.stock.w * bin.stock.h;
      ctx.work += leaves.length;
      for (let l = 0; l < leaves.length; l++) {
        const leaf = (leaves[l] as WasteRef).node;
        const leafArea = leaf.w * leaf.h;
        for (let turn = 0; turn < (copy.canRotate ? 2 : 1); turn++) {
          const iw = turn ? copy.h : copy.w;
          const ih = turn ? copy.w : copy.h;
          if (iw > leaf.w || ih > leaf.h) continue;
          const slack = leafArea - copy.area;
          // Both first-cut directions only differ when the piece fills neither side.
          const cuts = iw < leaf.w && ih < leaf.h ? 2 : 1;
          for (let firstCut = 0; firstCut < cuts; firstCut++) {
            // The two wastes the cuts leave: beside the piece in its strip, and the rest.
            const [aw, ah, bw, bh] =
              firstCut === 0
                ? [iw, leaf.h - ih, leaf.w - iw, leaf.h]
                : [leaf.w - iw, ih, leaf.w, leaf.h - ih];
            const dead = deadArea(smallest, aw, ah) + deadArea(smallest, bw, bh);
            const areaA = aw * ah;
            const areaB = bw * bh;
            const score =
              scoring.dead * dead +
              scoring.slack * slack -
              scoring.keep * Math.max(areaA, areaB) +
              (scoring.squared * (leafArea * leafArea - areaA * areaA - areaB * areaB)) / binArea;
            if (best !== null && score >= best.score) continue;
            if (scoring.blink > 0 && rng() < scoring.blink) continue;
            best = { bin: b, leaf: l, rotated: turn === 1, firstCut: firstCut as Axis, score };
          }
        }
      }
    }
    return best;
  }

  private apply(copyIndex: number, copy: ItemCopy, choice: Choice, ctx: Context): void {
    const bin = this.own(choice.bin, ctx);
    const ref = this.leaves(bin, ctx)[choice.leaf];
    if (!ref) throw new Error('stale leaf reference');
    const [iw, ih] = choice.rotated ? [copy.h, copy.w] : [copy.w, copy.h];
    bin.root = placeInWaste(bin.root, ref, copyIndex, iw, ih, choice.rotated, choice.firstCut);
    bin.usedArea += copy.area;
    bin.items++;
    bin.leaves = null;
  }

  /**
   * Greedy insertion of the unplaced pieces in the given order. With `openBoards`, a piece
   * that fits nowhere opens a new board; otherwise it stays unplaced. Gives up (returns
   * false, leaving the packing unusable) once the unplaced area exceeds `limit`.
   */
  recreate(order: number[], scoring: Scoring, openBoards: boolean, ctx: Context, limit = Infinity): boolean {
    const left: number[] = [];
    let leftArea = 0;
    for (const copyIndex of order) {
      const copy = ctx.problem.copies[copyIndex] as ItemCopy;
      let choice = this.bestChoice(copy, scoring, ctx);
      if (choice === null && openBoards) {
        this.openBoard(ctx.problem);
        choice = this.bestChoice(copy, { ...scoring, blink: 0 }, ctx);
      }
      if (choice !== null) this.apply(copyIndex, copy, choice, ctx);
      else {
        left.push(copyIndex);
        leftArea += copy.area;
        // The move can no longer be accepted: stop spending work on it.
        if (leftArea > limit) return false;
      }
    }
    this.unplaced = left;
    return true;
  }
}

/** A bin of the given stock with nothing on it. */
export function emptyBin(stock: Stock): Bin {
  return { stock, root: waste(stock.w, stock.h), usedArea: 0, items: 0, leaves: null, leftover: 0 };
}

/** Work charged for walking or copying a bin's tree (about three nodes per piece). */
export function treeWork(bin: Bin): number {
  return 1 + 3 * bin.items;
}
