/**
 * Command line solver for benchmark-format jobs:
 *   npm run -s solve -w packages/cutting -- [--rotation] [--kerf K] [--trim T] [--budget-ms MS] < job.json
 * Reads {"bin": {"w", "h"}, "items": [{"w", "h", "q"}]} and prints
 * {"bins": N, "boards": [{"w", "h", "placements": [{"item", "x", "y", "w", "h", "rotated"}]}]}
 * with one entry per physical board (identical boards are expanded).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CuttingInputError } from './errors.ts';
import { optimizar } from './engine/optimize.ts';

interface Job {
  bin: { w: number; h: number };
  items: Array<{ w: number; h: number; q: number }>;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      rotation: { type: 'boolean', default: false },
      kerf: { type: 'string', default: '0' },
      trim: { type: 'string', default: '0' },
      'budget-ms': { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
    },
  });
  const job = JSON.parse(readFileSync(0, 'utf8')) as Job;
  const trim = Number(values.trim);
  const resultado = optimizar(
    {
      piezas: job.items.map((item) => ({ cantidad: item.q, base: item.w, altura: item.h, rotacion: values.rotation })),
      parametros: { base: job.bin.w, altura: job.bin.h, desp_sierra: Number(values.kerf), refilado_x: trim, refilado_y: trim },
    },
    { budgetMs: Number(values['budget-ms']), seed: Number(values.seed) },
  );
  const boards = resultado.tableros.flatMap((group) =>
    Array.from({ length: group.cantidad }, () => ({
      w: group.base,
      h: group.altura,
      placements: group.piezas.map((p) => ({ item: p.pieza, x: p.x, y: p.y, w: p.base, h: p.altura, rotated: p.rotada })),
    })),
  );
  process.stdout.write(`${JSON.stringify({ bins: resultado.cant_placas, boards })}\n`);
}

try {
  main();
} catch (error) {
  if (error instanceof CuttingInputError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
