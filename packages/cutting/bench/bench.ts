/**
 * Benchmark on the standard instances (../shared/cutting):
 *   npm run bench -w packages/cutting -- [--only O|R] [--class N] [--budget-ms MS] [--workers N] [--threads N] [--no-peer] [--no-clock] [--names a,b] [--seed N]
 * Solves every instance with kerf 0 and trims 0, oriented (O) and with rotation (R), as
 * the server does: `--threads` searches per instance (default HILOS_POR_TRABAJO, one per
 * core) with the seeds of `semillasParalelas`, spread over the `--workers` (default 1: one
 * search at a time, each timed on a core of its own), the best kept;
 * validates every answer, times guillotine-packer on the same instances, and prints per
 * class and in total: bins, gap to the best published guillotine results (ub) and to the
 * lower bounds (lb), instances at their ub, median and max time. Writes the figures to
 * bench/results/bench-<variant>-<timestamp>.json and the table to bench/results/summary.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { HILOS_POR_TRABAJO, semillasParalelas } from '../src/engine/parallel.ts';
import { dataDir, loadBounds, loadInstances, type Bounds, type Variant } from './data.ts';
import type { Task, TaskResult } from './worker.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    class: { type: 'string' },
    'budget-ms': { type: 'string', default: '1000' },
    // One worker by default: a job's searches then run one after the other, each with a core
    // of its own (the other core is left to the machine), so that every search's time is
    // what it takes on the server's idle cores; two workers on two cores shared with other
    // work time the load as much as the engine.
    workers: { type: 'string', default: '1' },
    threads: { type: 'string', default: String(HILOS_POR_TRABAJO) },
    'no-peer': { type: 'boolean', default: false },
    'no-clock': { type: 'boolean', default: false },
    names: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const budgetMs = Number(values['budget-ms']);
const variants: Variant[] = values.only === 'O' || values.only === 'R' ? [values.only] : ['O', 'R'];
const dir = dataDir();
const bounds = loadBounds(dir);
const names = values.names === undefined ? null : new Set(values.names.split(','));
const instances = loadInstances(dir).filter(
  (i) => (values.class === undefined || i.class === Number(values.class)) && (names === null || names.has(i.name)),
);
const seeds = semillasParalelas(Number(values.seed), Math.max(1, Number(values.threads)));
// An instance's searches are consecutive tasks, so that the workers run them side by side.
const tasks: Task[] = variants.flatMap((variant) =>
  instances.flatMap((instance) => seeds.map((seed, i) => ({ instance, variant, seed, peer: i === 0 && !values['no-peer'] }))),
);

function runAll(): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  let next = 0;
  const started = Date.now();
  const workerCount = Math.max(1, Math.min(Number(values.workers), tasks.length));
  return new Promise((resolve, reject) => {
    let running = workerCount;
    for (let w = 0; w < workerCount; w++) {
      const worker = new Worker(new URL('./worker.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        workerData: { budgetMs, clock: !values['no-clock'] },
      });
      const feed = (): void => {
        const task = tasks[next++];
        if (task) worker.postMessage(task);
        else {
          void worker.terminate();
          if (--running === 0) resolve(results);
        }
      };
      worker.on('message', (result: TaskResult) => {
        results.push(result);
        const b = bounds.get(result.name);
        const flag = result.errors.length > 0 ? ' INVALID' : '';
        const elapsed = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(
          `[${results.length}/${tasks.length} ${elapsed}s] ${result.variant} ${result.name} seed ${result.seed}: ${result.bins} (ub ${b?.ub[result.variant]}, lb ${b?.lb[result.variant]}) ${result.ms.toFixed(0)} ms${flag}\n`,
        );
        feed();
      });
      worker.on('error', reject);
      worker.on('online', feed);
    }
  });
}

/**
 * One result per instance from its searches' results: the fewest bins (ties to the first
 * seed), the longest time (they ran side by side), every answer's validation errors.
 */
function combine(results: TaskResult[]): TaskResult[] {
  const byInstance = new Map<string, TaskResult[]>();
  for (const r of results) {
    const key = `${r.variant} ${r.name}`;
    byInstance.set(key, [...(byInstance.get(key) ?? []), r]);
  }
  return [...byInstance.values()].map((searches) => {
    const first = searches.find((r) => r.seed === seeds[0]) ?? (searches[0] as TaskResult);
    const best = searches.reduce((a, b) => (b.bins < a.bins ? b : a), first);
    return {
      ...best,
      ms: Math.max(...searches.map((r) => r.ms)),
      iterations: searches.reduce((s, r) => s + r.iterations, 0),
      errors: searches.flatMap((r) => r.errors),
      peerBins: first.peerBins,
      peerMs: first.peerMs,
      peerErrors: first.peerErrors,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function pct(value: number, reference: number): string {
  return `${((100 * (value - reference)) / reference).toFixed(2)} %`;
}

interface Row {
  label: string;
  count: number;
  bins: number;
  ub: number;
  lb: number;
  atUb: number;
  overUb1: number;
  invalid: number;
  medianMs: number;
  maxMs: number;
  peerBins: number;
  peerInvalid: number;
}

function row(label: string, results: TaskResult[], variant: Variant): Row {
  const b = (r: TaskResult): Bounds => bounds.get(r.name) as Bounds;
  return {
    label,
    count: results.length,
    bins: results.reduce((s, r) => s + r.bins, 0),
    ub: results.reduce((s, r) => s + b(r).ub[variant], 0),
    lb: results.reduce((s, r) => s + b(r).lb[variant], 0),
    atUb: results.filter((r) => r.bins <= b(r).ub[variant]).length,
    overUb1: results.filter((r) => r.bins > b(r).ub[variant] + 1).length,
    invalid: results.filter((r) => r.errors.length > 0).length,
    medianMs: median(results.map((r) => r.ms)),
    maxMs: Math.max(...results.map((r) => r.ms)),
    peerBins: results.reduce((s, r) => s + r.peerBins, 0),
    peerInvalid: results.filter((r) => r.peerErrors.length > 0).length,
  };
}

function table(variant: Variant, results: TaskResult[]): string {
  const classOf = (r: TaskResult): number => Number(r.name.slice(2, 4));
  const classes = [...new Set(results.map(classOf))].sort((a, b) => a - b);
  const rows = [
    ...classes.map((c) => row(`class ${c}`, results.filter((r) => classOf(r) === c), variant)),
    row('**total**', results, variant),
  ];
  const lines = [
    `### ${variant === 'O' ? 'Oriented (O)' : 'Rotation (R)'}, budget ${budgetMs} ms`,
    '',
    '| class | inst. | bins | Σ ub | gap ub | Σ lb | gap lb | at ub | > ub+1 | invalid | median ms | max ms | guillotine-packer | gp gap ub |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.count} | ${r.bins} | ${r.ub} | ${pct(r.bins, r.ub)} | ${r.lb} | ${pct(r.bins, r.lb)} | ${r.atUb} | ${r.overUb1} | ${r.invalid} | ${r.medianMs.toFixed(0)} | ${r.maxMs.toFixed(0)} | ${values['no-peer'] ? '—' : `${r.peerBins}${r.peerInvalid ? ` (${r.peerInvalid} invalid)` : ''}`} | ${values['no-peer'] ? '—' : pct(r.peerBins, r.ub)} |`,
    ),
  ];
  return lines.join('\n');
}

const loadBefore = os.loadavg()[0] ?? 0;
const results = combine(await runAll());
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const sections: string[] = [];
for (const variant of variants) {
  const own = results.filter((r) => r.variant === variant).sort((a, b) => a.name.localeCompare(b.name));
  writeFileSync(path.join(resultsDir, `bench-${variant}-${stamp}.json`), `${JSON.stringify({ budgetMs, results: own }, null, 1)}\n`);
  sections.push(table(variant, own));
  for (const r of own.filter((x) => x.errors.length > 0 || x.peerErrors.length > 0)) {
    sections.push(`- ${variant} ${r.name}: ${[...r.errors, ...r.peerErrors.map((e) => `guillotine-packer: ${e}`)].slice(0, 3).join('; ')}`);
  }
}
// The load average tells whether other work shared the cores: times (not bins) depend on it.
const header = `Benchmark run ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${values.workers} worker${values.workers === '1' ? '' : 's'}, ${seeds.length} search${seeds.length === 1 ? '' : 'es'} per instance${values.class ? `, class ${values.class}` : ''}${values.seed === '1' ? '' : `, seed ${values.seed}`}${values['no-clock'] ? ', no wall-clock guard' : ''}; load average ${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after.`;
const report = [header, '', ...sections.flatMap((s) => [s, ''])].join('\n');
process.stdout.write(`\n${report}`);
if (values.class === undefined && names === null && variants.length === 2) writeFileSync(path.join(resultsDir, 'summary.md'), report);
