import type { OpcionesOptimizacion, ResultadoCorte, TrabajoCorte } from '../types.ts';
import { lowerBound } from './bounds.ts';
import { collectItems, countCuts, largestWaste } from './layout.ts';
import { buildResult } from './output.ts';
import { createContext, emptyBin, Packing, type Bin, type Scoring } from './packing.ts';
import { buildProblem, type ItemCopy, type Problem } from './problem.ts';
import { createRng } from './rng.ts';
import { search } from './search.ts';

/**
 * Work units per millisecond of budget on the reference 2-core machine (JIT warm) over the
 * benchmark instances that spend their whole budget. The search counts work instead of
 * reading the clock so that its answer depends only on the job and the seed, never on the
 * load. History: 14,000 (first engine, idle machine); 19,000 after the inner loops were
 * made about 1.5 × faster (same work, same answers: measured as the CPU-time ratio of the
 * two engines run alternately, then 1000-ms budgets timed with one other process running);
 * 25,000 with the most-constrained recreate (fit tests charged a quarter of a unit each),
 * timed by `npm run calibrate` on an idle machine. Kept when freeing a region along its
 * path and skipping sliver wastes in the fit counts made moves about a fifth cheaper:
 * their charges went down instead (work units per CPU ms of the old and new engines,
 * alternated on the calibration instances, within 2 %). 23,000 after three idle runs of
 * `npm run calibrate` read 20,600, 23,700 and 26,900 (the machine's own spread): their mean,
 * rounded down so that a 1000-ms budget does not run long. 30,000 after `npm run calibrate`
 * read 36,900 alone and 35,700 and 35,200 with two calibrations side by side (the server's
 * two searches per job) at load 0.6: the earlier readings had other work on the cores.
 * Kept about a sixth below the measure so that a 1000-ms budget ends near 850 ms on idle
 * cores and the wall-clock guard (1.3 s) only acts on a machine about 1.5 times slower.
 */
export const WORK_PER_MS = 30000;

/**
 * The wall clock stops the search only past this multiple of the budget (1.3 s for the
 * usual 1000-ms budget, which leaves the polishing and the output time to end within
 * 1.5 s even at load 7 on the benchmark machine), and never before
 * CLOCK_GUARD_MIN_MS (tiny budgets, as in the tests, stay clear of a cold JIT or a busy
 * test run). Only then, on a machine much slower or busier than the calibration's, does
 * the answer depend on the machine; otherwise the work units alone decide it.
 */
const CLOCK_GUARD = 1.3;
const CLOCK_GUARD_MIN_MS = 1000;

const DEFAULT_BUDGET_MS = 1000;
const DEFAULT_RETAL_MINIMO = { base: 300, altura: 200 };

/** Orders and scorings tried when a board's own pieces are laid out again. */
const POLISH_KEYS: Array<(c: ItemCopy) => number> = [
  (c) => c.area,
  (c) => Math.max(c.w, c.h),
  (c) => c.h,
  (c) => c.w,
];
const POLISH_SCORING: Scoring[] = [
  { dead: 2, slack: 1, keep: 0.5, squared: 0, fuller: 0, blink: 0 },
  { dead: 1, slack: 1, keep: 1, squared: 0, fuller: 0, blink: 0 },
];

/**
 * Secondary objectives, with the number of boards fixed: lays each board's own pieces out
 * again in a few deterministic ways and keeps the best layout — for the last new board the
 * one with the largest free rectangle (a reusable offcut), for the others the one with the
 * fewest cuts. Returns the bins to report: offcuts first, then new boards fullest first.
 */
function polish(problem: Problem, bins: Bin[]): Bin[] {
  const used = bins.filter((bin) => bin.usedArea > 0);
  const retales = used.filter((bin) => bin.stock.retal !== null);
  const boards = used.filter((bin) => bin.stock.retal === null).sort((a, b) => b.usedArea - a.usedArea);
  const ctx = createContext(problem, createRng(0));
  const ordered = [...retales, ...boards];
  return ordered.map((bin, index) => {
    const isLast = index === ordered.length - 1 && bin.stock.retal === null;
    const rank = (candidate: Bin): [number, number] => {
      const cuts = countCuts(candidate.root);
      const free = largestWaste(candidate.root);
      return isLast ? [-free, cuts] : [cuts, -free];
    };
    let best = bin;
    let bestRank = rank(bin);
    const copies = collectItems(bin.root, []);
    for (const key of POLISH_KEYS) {
      for (const scoring of POLISH_SCORING) {
        const packing = new Packing([emptyBin(bin.stock)], []);
        const order = [...copies].sort((a, b) => key(problem.copies[b] as ItemCopy) - key(problem.copies[a] as ItemCopy) || a - b);
        packing.recreate(order, scoring, false, ctx);
        const candidate = packing.bins[0];
        if (packing.unplaced.length > 0 || !candidate) continue;
        const candidateRank = rank(candidate);
        if (candidateRank[0] < bestRank[0] || (candidateRank[0] === bestRank[0] && candidateRank[1] < bestRank[1])) {
          best = candidate;
          bestRank = candidateRank;
        }
      }
    }
    return best;
  });
}

/**
 * Optimises a cutting job: fewest new boards (offcuts in stock are used first), then the
 * largest reusable leftover on the last board, then fewest cuts. Pure and deterministic:
 * the same job, budget and seed give the same answer.
 * @throws CuttingInputError when the job cannot be cut as given (message in Spanish).
 */
export function optimizar(trabajo: TrabajoCorte, opciones: OpcionesOptimizacion = {}): ResultadoCorte {
  return optimizarConReloj(trabajo, opciones, true);
}

/**
 * `optimizar` with the wall-clock guard optional: the benchmark turns it off (`--no-clock`)
 * to compare variants of the search on a loaded machine, where only the work budget counts.
 * Not exported from the package.
 */
export function optimizarConReloj(trabajo: TrabajoCorte, opciones: OpcionesOptimizacion, clockGuard: boolean): ResultadoCorte {
  const started = Date.now();
  const problem = buildProblem(trabajo);
  const budgetMs = Math.max(0, opciones.budgetMs ?? DEFAULT_BUDGET_MS);
  const limiteInferior = lowerBound(problem);
  const result = search(
    problem,
    { work: budgetMs * WORK_PER_MS, deadline: clockGuard ? started + Math.max(CLOCK_GUARD * budgetMs, CLOCK_GUARD_MIN_MS) : Infinity, lowerBound: limiteInferior },
    opciones.seed ?? 1,
  );
  const bins = polish(problem, result.packing.bins);
  return buildResult(trabajo, problem, bins, opciones.retalMinimo ?? DEFAULT_RETAL_MINIMO, {
    iterations: result.iterations,
    ms: Date.now() - started,
    reachedLowerBound: result.reachedLowerBound,
  }, limiteInferior);
}
