/**
 * Times the work budget: solves a few benchmark instances that spend their whole budget,
 * one at a time with the wall-clock guard off, and prints how many work units the engine
 * does per millisecond on this machine (compare with WORK_PER_MS in src/engine/optimize.ts).
 * Only meaningful on an idle machine: check `uptime` first.
 *   npm run calibrate -w packages/cutting -- [--budget-ms 1000]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { optimizarConReloj, WORK_PER_MS } from '../src/engine/optimize.ts';
import { dataDir, loadInstances, toTrabajo, type Variant } from './data.ts';

const SAMPLE: Array<[string, Variant]> = [
  ['cl05_100_01', 'O'],
  ['cl07_080_04', 'O'],
  ['cl08_100_02', 'R'],
  ['cl05_100_03', 'R'],
  ['cl10_100_02', 'R'],
  ['cl07_100_02', 'R'],
];

const { values } = parseArgs({ options: { 'budget-ms': { type: 'string', default: '1000' } } });
const budgetMs = Number(values['budget-ms']);
const instances = new Map(loadInstances(dataDir()).map((i) => [i.name, i]));
process.stdout.write(`load average ${(os.loadavg()[0] ?? 0).toFixed(1)}\n`);
let totalMs = 0;
let counted = 0;
for (const [name, variant] of SAMPLE) {
  const instance = instances.get(name);
  if (!instance) continue;
  const trabajo = toTrabajo(instance, variant);
  optimizarConReloj(trabajo, { budgetMs: budgetMs / 5 }, false); // JIT warm-up
  const started = performance.now();
  const resultado = optimizarConReloj(trabajo, { budgetMs }, false);
  const ms = performance.now() - started;
  const full = !resultado.stats.reachedLowerBound;
  if (full) {
    totalMs += ms;
    counted++;
  }
  process.stdout.write(`${variant} ${name}: ${resultado.cant_placas} boards, ${ms.toFixed(0)} ms${full ? '' : ' (stopped at the lower bound, not counted)'}\n`);
}
const perMs = (WORK_PER_MS * budgetMs * counted) / totalMs;
process.stdout.write(`mean ${(totalMs / counted).toFixed(0)} ms per ${budgetMs}-ms budget: ${perMs.toFixed(0)} work units per ms (WORK_PER_MS is ${WORK_PER_MS})\n`);
