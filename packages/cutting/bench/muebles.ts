/**
 * Realistic furniture jobs (bench/muebles/*.json: engine input plus a `descripcion`):
 *   npm run bench:muebles -w packages/cutting -- [--budget-ms MS]
 * Prints per job the pieces, new boards and offcuts used, the lower bound, utilisation,
 * cuts, the largest reusable leftover on the last board and the time; every plan is
 * validated. Each job gets the server's searches (`semillasParalelas`), run one after the
 * other here, the best kept; the time is the longest search's (the server runs them at once).
 * Writes the table to bench/results/muebles.md.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { optimizar } from '../src/engine/optimize.ts';
import { mejorResultado, semillasParalelas } from '../src/engine/parallel.ts';
import type { TrabajoCorte } from '../src/types.ts';
import { validarResultado } from '../src/validator.ts';

const { values } = parseArgs({ options: { 'budget-ms': { type: 'string', default: '1000' } } });
const budgetMs = Number(values['budget-ms']);
const folder = path.join(import.meta.dirname, 'muebles');
const lines = [
  `### Furniture jobs, budget ${budgetMs} ms`,
  '',
  '| job | pieces | kerf / trim mm | boards | offcuts | lower bound | utilisation % | cuts | last-board leftover m² | ms | valid |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];
for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
  const trabajo = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as TrabajoCorte;
  const busquedas = semillasParalelas(1).map((seed) => optimizar(trabajo, { budgetMs, seed }));
  const resultado = mejorResultado(busquedas);
  const errors = busquedas.flatMap((busqueda) => validarResultado(trabajo, busqueda));
  const last = resultado.tableros.at(-1);
  const leftover = Math.max(0, ...(last?.retales_aprovechables.map((r) => (r.base * r.altura) / 1e6) ?? []));
  const pieces = trabajo.piezas.reduce((n, p) => n + p.cantidad, 0);
  const line = `| ${file.replace('.json', '')} | ${pieces} | ${trabajo.parametros?.desp_sierra} / ${trabajo.parametros?.refilado_x} | ${resultado.cant_placas} | ${resultado.cant_retales} | ${resultado.limite_inferior} | ${resultado.ptje_aprov.toFixed(1)} | ${resultado.cant_cortes} | ${leftover.toFixed(2)} | ${resultado.stats.ms} | ${errors.length === 0 ? 'yes' : `NO: ${errors[0]}`} |`;
  lines.push(line);
  process.stdout.write(`${line}\n`);
}
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', 'muebles.md'), `${lines.join('\n')}\n`);
process.stdout.write(`\n${lines.join('\n')}\n`);
