import { guillotineFronts, guillotineLayout, splitInto, type Size } from './exact.ts';
import { collectItems, pathToItem, type Node } from './layout.ts';
import { createContext, emptyBin, Packing, treeWork, type Bin, type Context, type Scoring } from './packing.ts';
import type { ItemCopy, Problem } from './problem.ts';
import { createRng, randomInt, type Rng } from './rng.ts';
import { shelfFill } from './shelf.ts';

/** Orders tried by the constructive passes and drawn at random by the recreate step. */
const SORT_KEYS: Array<(c: ItemCopy) => number> = [
  (c) => c.area,
  (c) => Math.max(c.w, c.h),
  (c) => c.w + c.h,
  (c) => c.h,
  (c) => c.w,
];

const CONSTRUCTIVE_SCORING: Scoring[] = [
  { dead: 2, slack: 1, keep: 0.5, squared: 0, fuller: 0, blink: 0 },
  { dead: 1, slack: 1, keep: 0, squared: 0, fuller: 0, blink: 0 },
  { dead: 0, slack: 0, keep: 0, squared: 1, fuller: 0, blink: 0 },
];

/** Fixed work charged per move (forking, sorting, the ruin), on top of what insertion counts. */
const ITERATION_WORK = 30;

/** Length of the late-acceptance history. */
const HISTORY = 256;

/** A ruin removes one to this many regions. */
const MAX_REGIONS = 10;

/** Chance of widening a ruined region from a piece to the strip holding it, at each level. */
const CLIMB = 0.55;

/**
 * Each region is taken from the emptiest of this many random bins: full bins are good and
 * worth keeping, nearly empty ones are where the next board can be saved. (Tuned on the
 * benchmark: the bias toward empty bins matters more than any other knob.)
 */
const TOURNAMENT = 4;

/**
 * Moves without a new low of the unplaced area after which a goal starts over from the
 * best packing (about twenty history lengths), and never sooner than the goal took to reach
 * that low. Late acceptance settles into one region of the search within a few thousand
 * moves, and on tight jobs it often never leaves it (on the benchmark's jobs that miss their
 * bound, the last improvement of a one-second search came in the first tenth of its moves
 * in about half the runs); a fresh start with another board dropped and another greedy
 * order escapes it. Measured: about twice as many runs reach the bound on those jobs over
 * two seeds. The second condition spares large jobs whose goal still makes slow progress
 * (a fixed 5,000 cost some 100-piece jobs their last board).
 */
const STALL = 5000;

/**
 * Share of the budget the exact repack of a stalled goal may spend (see exactRepack), at
 * most once per goal start, on the goal's packing with the least unplaced area; and share
 * all of them together may spend. With triples of boards as well as pairs, the repacks of
 * small jobs that stall every few thousand moves took up to a third of the budget (seed 1,
 * one search: cl07_040_02 oriented lost a board), and no triple ever placed a piece that no
 * pair did on the jobs that miss their bound; pairs alone cost a few thousandths of the
 * budget per repack there (cl07_040_02 kept its board).
 */
const EXACT_SHARE = 0.1;
const EXACT_TOTAL = 0.2;

export interface SearchLimits {
  /** Work units the search may spend (deterministic budget). */
  work: number;
  /** Wall-clock safety net, ms since the epoch. */
  deadline: number;
  /** No packing can use fewer new boards: stop when reached. */
  lowerBound: number;
}

export interface SearchResult {
  packing: Packing;
  iterations: number;
  /** Work units spent. */
  work: number;
  reachedLowerBound: boolean;
}

/**
 * What late acceptance compares: first the area left unplaced (lower is better), then how
 * full the bins are and how gathered their free space (higher is better), as in Gardeyn &
 * Wauters' GDRR.
 */
interface Cost {
  unplaced: number;
  leftover: number;
}

function isNoWorse(a: Cost, b: Cost): boolean {
  return a.unplaced < b.unplaced || (a.unplaced === b.unplaced && a.leftover >= b.leftover);
}

function costOf(packing: Packing, ctx: Context): Cost {
  return { unplaced: packing.unplacedArea(ctx.problem), leftover: packing.leftoverValue(ctx) };
}

/** The copies sorted by a key, descending, with `noise` relative random jitter. */
function sortCopies(copies: number[], problem: Problem, key: (c: ItemCopy) => number, noise: number, rng: Rng): number[] {
  const n = copies.length;
  const values = new Float64Array(n);
  const order = new Array<number>(n);
  for (let j = 0; j < n; j++) {
    const value = key(problem.copies[copies[j] as number] as ItemCopy);
    values[j] = noise > 0 ? value * (1 + noise * (rng() - 0.5)) : value;
    order[j] = j;
  }
  order.sort((a, b) => (values[b] as number) - (values[a] as number) || (copies[a] as number) - (copies[b] as number));
  for (let j = 0; j < n; j++) order[j] = copies[order[j] as number] as number;
  return order;
}

/** The key of each copy with `noise` relative random jitter. */
function priorities(copies: number[], problem: Problem, key: (c: ItemCopy) => number, noise: number, rng: Rng): Float64Array {
  const values = new Float64Array(copies.length);
  for (let j = 0; j < copies.length; j++) {
    const value = key(problem.copies[copies[j] as number] as ItemCopy);
    values[j] = value * (1 + noise * (rng() - 0.5));
  }
  return values;
}

/** Index of the emptier of two random new boards: a goal's restart drops another board. */
function emptierOfTwo(packing: Packing, rng: Rng): number {
  const boards: number[] = [];
  packing.bins.forEach((bin, i) => {
    if (bin.stock.retal === null) boards.push(i);
  });
  const a = boards[randomInt(rng, boards.length)] as number;
  const b = boards[randomInt(rng, boards.length)] as number;
  return (packing.bins[a] as Bin).usedArea <= (packing.bins[b] as Bin).usedArea ? a : b;
}

/** Index of the new board with the least piece area (the cheapest to empty). */
function emptiestBoard(packing: Packing): number {
  let best = -1;
  packing.bins.forEach((bin, i) => {
    if (bin.stock.retal !== null) return;
    if (best < 0 || bin.usedArea < (packing.bins[best]?.usedArea ?? Infinity)) best = i;
  });
  return best;
}

/**
 * Constructive passes: greedy insertion in every sort order and scoring; the packing with
 * the fewest boards wins, and among those the one whose emptiest board holds least (the
 * improvement phase starts by emptying it).
 */
function construct(ctx: Context): Packing {
  let best: Packing | null = null;
  let bestKey = [Infinity, Infinity];
  for (const key of SORT_KEYS) {
    for (const scoring of CONSTRUCTIVE_SCORING) {
      const packing = Packing.empty(ctx.problem);
      packing.recreate(sortCopies(packing.unplaced, ctx.problem, key, 0, ctx.rng), scoring, true, ctx);
      const emptiest = packing.bins[emptiestBoard(packing)]?.usedArea ?? 0;
      const packingKey = [packing.boardCount(), emptiest];
      if (packingKey[0]! < bestKey[0]! || (packingKey[0] === bestKey[0] && packingKey[1]! < bestKey[1]!)) {
        best = packing;
        bestKey = packingKey;
      }
    }
  }
  if (best === null) throw new Error('no constructive pass ran');
  return best;
}

/**
 * Most pieces (the pair's and the unplaced ones) an exact repack takes on: the feasible
 * pairs found on cl08_080_03 (rotation) held 10 and 11; 12 found nothing more on the six
 * rotation jobs that miss their bound and costs about three times as much.
 */
const EXACT_PIECES = 11;
/** Most unplaced pieces for an exact repack (each subset of them is tried). */
const EXACT_UNPLACED = 3;
/** Most bins (the emptiest) whose pairs an exact repack looks at. */
const EXACT_BINS = 30;
/**
 * Work charged per unit counted by exact.ts: timed against the rest of the search in the
 * same runs (work units per ms of each), the exact repack ran 0.4 to 2 times as fast per
 * unit on a machine at load 6 to 11; charged a third more to stay on the safe side.
 */
const EXACT_WORK = 1.3;

/**
 * Two boards packed again exactly (exact.ts) with as much of the unplaced area as they can
 * take: pairs of the emptiest boards, the most free area first, until `workLimit`. On the
 * tight jobs the search can end with one piece left out that no heuristic repack of two or
 * three boards places (on cl08_080_03, rotation, a hundred random recreates and strip
 * refills of every pair and triple never placed its 5 × 77 piece), yet an exact split of
 * some pair's pieces with it exists. True (and the packing changed) on a gain.
 */
function exactRepack(packing: Packing, ctx: Context, workLimit: number): boolean {
  const { problem } = ctx;
  const left = packing.unplaced;
  if (left.length === 0 || left.length > EXACT_UNPLACED) return false;
  const copies = problem.copies;
  let smallest = Infinity;
  for (const copy of left) smallest = Math.min(smallest, (copies[copy] as ItemCopy).area);
  const bins = packing.bins;
  const groups: Array<[number[], number]> = [];
  const consider = (group: number[]): void => {
    const first = bins[group[0] as number] as Bin;
    let pieces = left.length;
    let free = 0;
    for (const index of group) {
      const bin = bins[index] as Bin;
      if (bin.stock.w !== first.stock.w || bin.stock.h !== first.stock.h) return;
      pieces += bin.items;
      free += bin.stock.w * bin.stock.h - bin.usedArea;
    }
    if (pieces <= EXACT_PIECES && free >= smallest) groups.push([group, free]);
  };
  // Only the emptiest bins: the pairs grow with the square of their number.
  const open = bins.map((_, i) => i).filter((i) => (bins[i] as Bin).items + left.length < EXACT_PIECES);
  open.sort((a, b) => (bins[a] as Bin).usedArea - (bins[b] as Bin).usedArea || a - b);
  open.length = Math.min(open.length, EXACT_BINS);
  open.sort((a, b) => a - b);
  for (let i = 0; i < open.length; i++) for (let j = i + 1; j < open.length; j++) consider([open[i] as number, open[j] as number]);
  // The most free area first: the likeliest to take the unplaced pieces.
  groups.sort((x, y) => y[1] - x[1]);
  ctx.work += groups.length + bins.length;
  for (const [group] of groups) {
    if (ctx.work >= workLimit) return false;
    const set: number[] = [];
    for (const index of group) collectItems((bins[index] as Bin).root, set);
    const base = (1 << set.length) - 1;
    set.push(...left);
    const sizes: Size[] = set.map((copy) => copies[copy] as ItemCopy);
    const stock = (bins[group[0] as number] as Bin).stock;
    const work = { units: 0 };
    const fronts = guillotineFronts(sizes, stock.w, stock.h, work);
    ctx.work += (work.units + fronts.length) * EXACT_WORK;
    // Subsets of the unplaced pieces, largest area first.
    const extras: Array<[number, number]> = [];
    for (let sub = 1; sub < 1 << left.length; sub++) {
      let area = 0;
      for (let k = 0; k < left.length; k++) if ((sub >> k) & 1) area += (copies[left[k] as number] as ItemCopy).area;
      extras.push([sub, area]);
    }
    extras.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    for (const [sub] of extras) {
      const target = base | (sub << (set.length - left.length));
      const parts: number[] = [];
      const probe = { tests: 0 };
      const found = splitInto(fronts, target, group.length, parts, probe);
      ctx.work += probe.tests * EXACT_WORK;
      if (!found) continue;
      const stillLeft = left.filter((_, k) => ((sub >> k) & 1) === 0);
      group.forEach((index, k) => {
        const mask = parts[k] ?? 0;
        let bin = emptyBin(stock);
        if (mask !== 0) {
          const root = guillotineLayout(sizes, fronts, mask, stock.w, stock.h) as Node;
          relabel(root, set);
          let usedArea = 0;
          let items = 0;
          for (let j = 0; j < set.length; j++) {
            if ((mask >> j) & 1) {
              usedArea += (sizes[j] as ItemCopy).area;
              items++;
            }
          }
          bin = { stock, root, usedArea, items, leaves: null, leftover: 0, owner: 0 };
        }
        packing.replaceBin(index, bin, stillLeft, ctx);
      });
      return true;
    }
  }
  return false;
}

/** Item nodes built over positions in `set` get the copy numbers back. */
function relabel(node: Node, set: number[]): void {
  if (node.kind === 'item') node.copy = set[node.copy] as number;
  else if (node.kind === 'split') for (const child of node.children) relabel(child, set);
}

/** Scratch path for randomRegion (the search is single-threaded and not re-entrant). */
const regionPath: Node[] = [];

/**
 * Picks a random subtree around a random piece: the piece itself or, less and less often,
 * the strip holding it, the strip holding that one, and so on up to the board. Writes the
 * path from the root into `regionPath` and returns the subtree's place on it.
 */
function randomRegion(root: Node, items: number, ctx: Context): number {
  const { rng } = ctx;
  const length = pathToItem(root, randomInt(rng, items), regionPath);
  let at = length - 1;
  while (at > 0 && rng() < CLIMB) at--;
  if (at < 0) {
    regionPath.push(root);
    at = 0;
  }
  return at;
}

/** Share of bin `index` covered by pieces. */
function fill(packing: Packing, index: number): number {
  const bin = packing.bins[index];
  return bin ? bin.usedArea / (bin.stock.w * bin.stock.h) : 1;
}

/** Removes a few random regions from non-empty bins, preferring the emptier ones. */
function ruin(packing: Packing, ctx: Context): void {
  const count = 1 + randomInt(ctx.rng, MAX_REGIONS);
  const nonEmpty: number[] = [];
  for (let i = 0; i < packing.bins.length; i++) if ((packing.bins[i] as Bin).usedArea > 0) nonEmpty.push(i);
  for (let k = 0; k < count && nonEmpty.length > 0; k++) {
    let index = nonEmpty[randomInt(ctx.rng, nonEmpty.length)] as number;
    let indexFill = fill(packing, index);
    for (let t = 1; t < TOURNAMENT; t++) {
      const other = nonEmpty[randomInt(ctx.rng, nonEmpty.length)] as number;
      const otherFill = fill(packing, other);
      if (otherFill < indexFill) {
        index = other;
        indexFill = otherFill;
      }
    }
    // The path to the region must run through the tree that is about to change (the
    // packing's own copy of the bin); finding it walks up to the whole tree.
    const bin = packing.own(index, ctx);
    ctx.work += treeWork(bin);
    packing.ruinRegion(index, regionPath, randomRegion(bin.root, bin.items, ctx), ctx);
    if ((packing.bins[index] as Bin).usedArea === 0) nonEmpty.splice(nonEmpty.indexOf(index), 1);
  }
}

/**
 * Share of moves that pack one or two bins again from scratch with knapsack strips
 * (shelf.ts), instead of a random ruin; of those, the share that takes two bins, and the
 * share that plans the strips' heights as a knapsack over the board's height. Measured on
 * three small tight rotation jobs (cl04_060_03, cl04_060_04, cl06_100_02, eight seeds, one
 * search each): 13 of 24 runs reach the bound against 4 of 24 without the move (with the
 * knapsack's work charged at a quarter of its cost, 17 of 24; there 30 % of the moves gave
 * 7 of 24 and 50 % pairs 9 of 24).
 */
const REFILL = 0.15;
const PAIR = 0.8;
const PLAN = 0.8;

/**
 * Packs a random bin again from its own pieces and the unplaced ones (shelf.ts), or two
 * random bins one after the other from the pieces of both and the unplaced ones (which
 * moves pieces between them and gathers the free space in the second); false (packing
 * untouched) when that puts less area on them (for one bin: no more).
 */
function refill(packing: Packing, ctx: Context): boolean {
  const { rng } = ctx;
  const plan = rng() < PLAN;
  const a = randomInt(rng, packing.bins.length);
  let b = -1;
  if (packing.bins.length > 1 && rng() < PAIR) {
    b = randomInt(rng, packing.bins.length - 1);
    if (b >= a) b++;
  }
  const binA = packing.bins[a] as Bin;
  const binB = b >= 0 ? (packing.bins[b] as Bin) : null;
  ctx.work += treeWork(binA) + (binB ? treeWork(binB) : 0);
  const pool = collectItems(binA.root, []);
  if (binB) collectItems(binB.root, pool);
  pool.push(...packing.unplaced);
  const first = shelfFill(pool, binA.stock, ctx, plan);
  if (first === null) return false;
  if (binB === null) {
    if (first.bin.usedArea <= binA.usedArea) return false;
    packing.replaceBin(a, first.bin, first.left, ctx);
    return true;
  }
  const second = shelfFill(first.left, binB.stock, ctx, plan);
  if (second === null) return false;
  const gain = first.bin.usedArea + second.bin.usedArea - binA.usedArea - binB.usedArea;
  if (gain < 0) return false;
  packing.replaceBin(a, first.bin, second.left, ctx);
  packing.replaceBin(b, second.bin, second.left, ctx);
  return true;
}

/** A random mix of the insertion criteria: diversity between moves helps more than any fixed mix. */
function randomScoring(rng: Rng): Scoring {
  return {
    dead: 1 + rng() * 2,
    slack: 1,
    keep: rng() * 0.6,
    squared: 4 * rng(),
    fuller: rng() < 0.5 ? 0 : 0.5 * rng(),
    blink: rng() < 0.5 ? 0 : 0.08 * rng(),
  };
}

/** Area order most of the time; the other orders give the recreate step variety. */
function randomKey(rng: Rng): (c: ItemCopy) => number {
  return SORT_KEYS[rng() < 0.6 ? 0 : 1 + randomInt(rng, SORT_KEYS.length - 1)] as (c: ItemCopy) => number;
}

/**
 * Goal-driven ruin and recreate (after Gardeyn & Wauters, EJOR 2022): starting from the
 * best constructive packing, drop its emptiest board and try to fit the pieces it held into
 * the others. A move removes a few random regions (mostly from emptier bins) and greedily
 * reinserts every unplaced piece, most constrained first; late acceptance judges it on the area left unplaced,
 * then on how unevenly the bins are filled and how gathered their free space is (see
 * `Bin.leftover`). When nothing is left unplaced the packing is
 * the new best and the next board goes.
 */
export function search(problem: Problem, limits: SearchLimits, seed: number): SearchResult {
  const ctx = createContext(problem, createRng(seed));
  let best = construct(ctx);
  let iterations = 0;
  const reached = (): boolean => best.boardCount() <= limits.lowerBound;
  const outOfBudget = (): boolean => ctx.work >= limits.work || Date.now() >= limits.deadline;

  let current: Packing | null = null;
  let currentCost: Cost = { unplaced: 0, leftover: 0 };
  const history: Cost[] = [];
  // A goal's lowest unplaced area so far, the move that reached it and the packing there,
  // the goal's first move, how many times the goal started over (see STALL) and whether
  // this start had its exact repack (see EXACT_SHARE).
  let goalLow = Infinity;
  let goalLowAt = 0;
  let goalLowPacking: Packing | null = null;
  let goalStart = 0;
  let restarts = 0;
  let exactTried = false;
  let exactLeft = limits.work * EXACT_TOTAL;
  const startGoal = (): Packing => {
    const packing = best.fork();
    if (restarts === 0) {
      packing.dropBin(emptiestBoard(packing), ctx);
      packing.recreate(sortCopies(packing.unplaced, problem, SORT_KEYS[0]!, 0, ctx.rng), CONSTRUCTIVE_SCORING[0]!, false, ctx);
    } else {
      packing.dropBin(emptierOfTwo(packing, ctx.rng), ctx);
      packing.recreate(sortCopies(packing.unplaced, problem, randomKey(ctx.rng), 0.2, ctx.rng), randomScoring(ctx.rng), false, ctx);
    }
    goalLow = Infinity;
    goalLowAt = iterations;
    goalLowPacking = null;
    goalStart = iterations;
    exactTried = false;
    currentCost = costOf(packing, ctx);
    history.length = 0;
    for (let i = 0; i < HISTORY; i++) history.push(currentCost);
    return packing;
  };

  while (!reached() && best.boardCount() > 0 && !outOfBudget()) {
    if (current === null) current = startGoal();
    if (currentCost.unplaced === 0) {
      best = current;
      current = null;
      restarts = 0;
      continue;
    }
    if (currentCost.unplaced < goalLow) {
      goalLow = currentCost.unplaced;
      goalLowAt = iterations;
      goalLowPacking = current;
    } else if (iterations - goalLowAt > Math.max(STALL, goalLowAt - goalStart)) {
      // Before starting over, the goal's best packing gets pairs of its boards packed again
      // exactly with the pieces left out (once per start: the search rarely moves far from
      // that packing before it stalls again; trying the current packing as well placed
      // nothing more on cl08_080_03, six seeds).
      if (!exactTried) {
        exactTried = true;
        const candidate = (goalLowPacking ?? current).fork();
        const before = ctx.work;
        const gained = exactRepack(candidate, ctx, ctx.work + Math.min(limits.work * EXACT_SHARE, exactLeft));
        exactLeft -= ctx.work - before;
        if (gained) {
          current = candidate;
          currentCost = costOf(current, ctx);
          for (let i = 0; i < HISTORY; i++) history[i] = currentCost;
          goalLowAt = iterations;
          continue;
        }
      }
      restarts++;
      current = null;
      continue;
    }
    iterations++;
    ctx.work += ITERATION_WORK;
    const slot = iterations % HISTORY;
    const threshold = history[slot] as Cost;
    const candidate = current.fork();
    if (!(ctx.rng() < REFILL && refill(candidate, ctx))) ruin(candidate, ctx);
    const priority = priorities(candidate.unplaced, problem, randomKey(ctx.rng), 0.2 * ctx.rng(), ctx.rng);
    const limit = Math.max(threshold.unplaced, currentCost.unplaced);
    if (candidate.recreateConstrained(candidate.unplaced, priority, randomScoring(ctx.rng), ctx, limit)) {
      const cost = costOf(candidate, ctx);
      if (isNoWorse(cost, threshold) || isNoWorse(cost, currentCost)) {
        current = candidate;
        currentCost = cost;
      }
    }
    history[slot] = currentCost;
  }
  return { packing: best, iterations, work: ctx.work, reachedLowerBound: reached() };
}
