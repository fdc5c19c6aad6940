import { cloneNode, collectItems, placeInWaste, removeSubtree, waste, wasteLeaves, type Axis, type Node, type WasteRef } from './layout.ts';
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
  /**
   * Cache of (used area / bin area)² + Σ (waste area / bin area)² over the leaves: how full
   * the bin is and how concentrated its free space.
   */
  leftover: number;
  /** Id of the packing that may change this bin in place (0: none). */
  owner: number;
}

/** Ids of packings, for bin ownership (a number compare is cheaper than a Set per fork). */
let nextPackingId = 1;

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
  /** Weight of the free area of the bin: fills fuller bins first, so that emptier ones can go. */
  fuller: number;
  /** Probability of skipping an option, which randomises the greedy choice. */
  blink: number;
}

/** Shared, read-only facts about the job plus the work counter that bounds the search. */
export interface Context {
  problem: Problem;
  rng: Rng;
  /** Minimal (w, h) pairs among all piece orientations, by increasing w: a waste fitting none is dead. */
  smallestW: Int32Array;
  smallestH: Int32Array;
  /** Units of work done so far; the budget is expressed in the same units. */
  work: number;
}

/** A work context for the job: the facts the insertion needs, the generator and a zero work counter. */
export function createContext(problem: Problem, rng: Rng): Context {
  const front = smallestPieces(problem.copies);
  return {
    problem,
    rng,
    smallestW: Int32Array.from(front, (p) => p[0]),
    smallestH: Int32Array.from(front, (p) => p[1]),
    work: 0,
  };
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

/** Area of a w × h waste that no piece fits in (0 when some piece fits). */
function deadArea(smallestW: Int32Array, smallestH: Int32Array, w: number, h: number): number {
  if (w <= 0 || h <= 0) return 0;
  for (let i = 0; i < smallestW.length; i++) {
    if ((smallestW[i] as number) > w) break;
    if ((smallestH[i] as number) <= h) return 0;
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
 * Work charged per fit test of the most-constrained recreate: about a quarter of a leaf
 * scored in bestChoice (one unit), timed.
 */
const FIT_TEST_WORK = 0.25;

/**
 * A set of bins with the pieces not placed yet. Moves work on a fork: the fork shares the
 * parent's bins and copies one only when it is about to change it (copy on write), so a
 * rejected move costs little.
 */
export class Packing {
  bins: Bin[];
  unplaced: number[];
  private readonly id: number;

  /** A packing that owns (may change in place) every bin given. */
  constructor(bins: Bin[], unplaced: number[], own = true) {
    this.bins = bins;
    this.unplaced = unplaced;
    this.id = nextPackingId++;
    if (own) for (const bin of bins) bin.owner = this.id;
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
    return new Packing(this.bins.slice(), this.unplaced.slice(), false);
  }

  /** Area of the unplaced pieces: what the search drives to zero. */
  unplacedArea(problem: Problem): number {
    let sum = 0;
    for (const i of this.unplaced) sum += (problem.copies[i] as ItemCopy).area;
    return sum;
  }

  /** Number of new boards (offcuts excluded). */
  boardCount(): number {
    let n = 0;
    for (const bin of this.bins) if (bin.stock.retal === null) n++;
    return n;
  }

  /** Bin `index`, copied first unless this packing may change it in place. */
  own(index: number, ctx: Context): Bin {
    const bin = this.bins[index];
    if (!bin) throw new Error(`bin ${index} out of range`);
    if (bin.owner === this.id) return bin;
    const copy: Bin = {
      stock: bin.stock,
      root: cloneNode(bin.root),
      usedArea: bin.usedArea,
      items: bin.items,
      leaves: null,
      leftover: 0,
      owner: this.id,
    };
    ctx.work += treeWork(bin);
    this.bins[index] = copy;
    return copy;
  }

  private leaves(bin: Bin, ctx: Context): WasteRef[] {
    if (bin.leaves === null) {
      bin.leaves = wasteLeaves(bin.root);
      const area = bin.stock.w * bin.stock.h;
      // Gathered free space (few large wastes) plus uneven filling (full bins next to
      // emptier ones): both make room for the pieces still to place.
      const usage = bin.usedArea / area;
      let leftover = usage * usage;
      for (const ref of bin.leaves) {
        const share = (ref.node.w * ref.node.h) / area;
        leftover += share * share;
      }
      bin.leftover = leftover;
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
    bin.owner = this.id;
    this.bins.push(bin);
    return this.bins.length - 1;
  }

  /**
   * Removes the subtree `path[at]` of bin `index` (a path in the tree of `own(index)`) and
   * marks its pieces unplaced.
   */
  ruinRegion(index: number, path: Node[], at: number, ctx: Context): void {
    const bin = this.own(index, ctx);
    const removed: number[] = [];
    bin.root = removeSubtree(path, at, removed);
    bin.leaves = null;
    // The walk of the region's subtree, about three nodes per piece (the path to it is
    // charged where it is found).
    ctx.work += 1 + 3 * removed.length;
    bin.items -= removed.length;
    for (const copy of removed) bin.usedArea -= ctx.problem.copies[copy]?.area ?? 0;
    this.unplaced.push(...removed);
  }

  /**
   * Puts `bin` in place of bin `index`, which held `dropped` (its pieces): the unplaced
   * pieces become `unplaced`.
   */
  replaceBin(index: number, bin: Bin, unplaced: number[], ctx: Context): void {
    const old = this.bins[index];
    if (!old) throw new Error(`bin ${index} out of range`);
    ctx.work += treeWork(old);
    bin.owner = this.id;
    this.bins[index] = bin;
    this.unplaced = unplaced;
  }

  /** Drops bin `index` altogether; its pieces become unplaced. */
  dropBin(index: number, ctx: Context): void {
    const bin = this.bins[index];
    if (!bin) throw new Error(`bin ${index} out of range`);
    ctx.work += treeWork(bin);
    collectItems(bin.root, this.unplaced);
    this.bins.splice(index, 1);
  }

  /** The best place for a copy among the existing bins, or null when none fits. */
  private bestChoice(copy: ItemCopy, scoring: Scoring, ctx: Context): Choice | null {
    // The running best is kept in locals: this is the innermost loop of the search.
    let bestBin = -1;
    let bestLeaf = 0;
    let bestTurn = 0;
    let bestCut = 0;
    let bestScore = Infinity;
    const { rng, smallestW, smallestH } = ctx;
    const { dead: wDead, slack: wSlack, keep: wKeep, squared: wSquared, fuller: wFuller, blink } = scoring;
    const turns = copy.canRotate ? 2 : 1;
    const copyArea = copy.area;
    ctx.work += 2 + this.bins.length;
    for (let b = 0; b < this.bins.length; b++) {
      const bin = this.bins[b] as Bin;
      const binArea = bin.stock.w * bin.stock.h;
      if (binArea - bin.usedArea < copyArea) continue;
      const binCost = wFuller * (binArea - bin.usedArea);
      const leaves = this.leaves(bin, ctx);
      ctx.work += leaves.length;
      for (let l = 0; l < leaves.length; l++) {
        const leaf = (leaves[l] as WasteRef).node;
        const lw = leaf.w;
        const lh = leaf.h;
        const leafArea = lw * lh;
        for (let turn = 0; turn < turns; turn++) {
          const iw = turn ? copy.h : copy.w;
          const ih = turn ? copy.w : copy.h;
          if (iw > lw || ih > lh) continue;
          const slack = leafArea - copyArea;
          // Both first-cut directions only differ when the piece fills neither side.
          const cuts = iw < lw && ih < lh ? 2 : 1;
          for (let firstCut = 0; firstCut < cuts; firstCut++) {
            // The two wastes the cuts leave: beside the piece in its strip, and the rest.
            let aw: number, ah: number, bw: number, bh: number;
            if (firstCut === 0) {
              aw = iw;
              ah = lh - ih;
              bw = lw - iw;
              bh = lh;
            } else {
              aw = lw - iw;
              ah = ih;
              bw = lw;
              bh = lh - ih;
            }
            const dead = deadArea(smallestW, smallestH, aw, ah) + deadArea(smallestW, smallestH, bw, bh);
            const areaA = aw * ah;
            const areaB = bw * bh;
            const score =
              binCost +
              wDead * dead +
              wSlack * slack -
              wKeep * (areaA > areaB ? areaA : areaB) +
              (wSquared * (leafArea * leafArea - areaA * areaA - areaB * areaB)) / binArea;
            if (bestBin >= 0 && score >= bestScore) continue;
            if (blink > 0 && rng() < blink) continue;
            bestBin = b;
            bestLeaf = l;
            bestTurn = turn;
            bestCut = firstCut;
            bestScore = score;
          }
        }
      }
    }
    if (bestBin < 0) return null;
    return { bin: bestBin, leaf: bestLeaf, rotated: bestTurn === 1, firstCut: bestCut as Axis, score: bestScore };
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

  /**
   * Insertion of the unplaced pieces, most constrained first (as in GDRR): each step takes
   * the piece that fits in the fewest waste leaves over all bins, ties to the highest
   * `priority`, and puts it at its best option. A piece that fits nowhere stays unplaced.
   * The counts are kept up to date incrementally: an insertion replaces one leaf with at
   * most two smaller ones. Gives up (returns false) once the unplaced area exceeds `limit`.
   */
  recreateConstrained(copies: number[], priority: Float64Array, scoring: Scoring, ctx: Context, limit: number): boolean {
    const all = ctx.problem.copies;
    const pending = new Pending(copies, priority, all);
    for (const bin of this.bins) {
      if (bin.stock.w * bin.stock.h - bin.usedArea < pending.smallestArea) continue;
      let tests = 0;
      for (const ref of this.leaves(bin, ctx)) tests += pending.addFits(ref.node.w, ref.node.h, 1);
      ctx.work += tests * FIT_TEST_WORK;
    }
    const left: number[] = [];
    let leftArea = 0;
    while (pending.count > 0) {
      // The pick looks at every pending copy once, like a fit test.
      ctx.work += pending.count * FIT_TEST_WORK;
      const [copyIndex, fits] = pending.takeMostConstrained();
      const copy = all[copyIndex] as ItemCopy;
      const choice = fits > 0 ? this.bestChoice(copy, scoring, ctx) : null;
      if (choice === null) {
        left.push(copyIndex);
        leftArea += copy.area;
        if (leftArea > limit) return false;
        continue;
      }
      const leaf = (this.leaves(this.bins[choice.bin] as Bin, ctx)[choice.leaf] as WasteRef).node;
      const lw = leaf.w;
      const lh = leaf.h;
      const iw = choice.rotated ? copy.h : copy.w;
      const ih = choice.rotated ? copy.w : copy.h;
      this.apply(copyIndex, copy, choice, ctx);
      // The leaf is gone; the two wastes around the piece (see bestChoice) are new.
      let tests = pending.addFits(lw, lh, -1);
      if (choice.firstCut === 0) {
        tests += pending.addFits(iw, lh - ih, 1);
        tests += pending.addFits(lw - iw, lh, 1);
      } else {
        tests += pending.addFits(lw - iw, ih, 1);
        tests += pending.addFits(lw, lh - ih, 1);
      }
      ctx.work += tests * FIT_TEST_WORK;
    }
    this.unplaced = left;
    return true;
  }
}

/** The copies a recreate still has to place, with how many waste leaves each fits in. */
class Pending {
  count: number;
  readonly smallestArea: number;
  private readonly copies: number[];
  private readonly priority: Float64Array;
  private readonly w: Int32Array;
  private readonly h: Int32Array;
  private readonly canRotate: Uint8Array;
  private readonly fits: Int32Array;

  /** Takes over `priority` (one value per copy, reordered as copies are taken). */
  constructor(copies: number[], priority: Float64Array, all: ItemCopy[]) {
    const n = copies.length;
    this.count = n;
    this.copies = copies.slice();
    this.priority = priority;
    this.w = new Int32Array(n);
    this.h = new Int32Array(n);
    this.canRotate = new Uint8Array(n);
    this.fits = new Int32Array(n);
    let smallestArea = Infinity;
    for (let j = 0; j < n; j++) {
      const copy = all[copies[j] as number] as ItemCopy;
      this.w[j] = copy.w;
      this.h[j] = copy.h;
      this.canRotate[j] = copy.canRotate ? 1 : 0;
      if (copy.area < smallestArea) smallestArea = copy.area;
    }
    this.smallestArea = smallestArea;
  }

  /**
   * Adds `delta` to the count of every pending copy that fits in a w × h waste; returns
   * the number of fit tests made.
   */
  addFits(w: number, h: number, delta: number): number {
    // No pending copy fits in a waste smaller than the smallest of them (most wastes a
    // placement leaves are such slivers): those cost no test.
    if (w <= 0 || h <= 0 || w * h < this.smallestArea) return 0;
    const { w: cw, h: ch, canRotate, fits } = this;
    for (let j = 0; j < this.count; j++) {
      const iw = cw[j] as number;
      const ih = ch[j] as number;
      if ((iw <= w && ih <= h) || (canRotate[j] === 1 && ih <= w && iw <= h)) fits[j] = (fits[j] as number) + delta;
    }
    return this.count;
  }

  /** Removes and returns the copy with the fewest fits (ties: highest priority) and its count. */
  takeMostConstrained(): [number, number] {
    const { fits, priority } = this;
    let pick = 0;
    for (let j = 1; j < this.count; j++) {
      const diff = (fits[j] as number) - (fits[pick] as number);
      if (diff < 0 || (diff === 0 && (priority[j] as number) > (priority[pick] as number))) pick = j;
    }
    const taken: [number, number] = [this.copies[pick] as number, fits[pick] as number];
    const last = --this.count;
    this.copies[pick] = this.copies[last] as number;
    this.w[pick] = this.w[last] as number;
    this.h[pick] = this.h[last] as number;
    this.canRotate[pick] = this.canRotate[last] as number;
    fits[pick] = fits[last] as number;
    priority[pick] = priority[last] as number;
    return taken;
  }
}

/** A bin of the given stock with nothing on it. */
export function emptyBin(stock: Stock): Bin {
  return { stock, root: waste(stock.w, stock.h), usedArea: 0, items: 0, leaves: null, leftover: 0, owner: 0 };
}

/** Work charged for walking or copying a bin's tree (about three nodes per piece). */
export function treeWork(bin: Bin): number {
  return 1 + 3 * bin.items;
}
