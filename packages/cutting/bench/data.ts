/**
 * Loads the standard benchmark (Berkey & Wang / Martello & Vigo classes, see
 * ../shared/cutting/README.md) and turns an instance into an optimizer job.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TrabajoCorte } from '../src/types.ts';
import type { TrabajoSimple } from '../src/validator.ts';

export type Variant = 'O' | 'R';

export interface Instance extends TrabajoSimple {
  name: string;
  class: number;
  n: number;
}

export interface Bounds {
  lbArea: number;
  lb: Record<Variant, number>;
  ub: Record<Variant, number>;
}

/** The repository root (three levels above this file: packages/cutting/bench). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** The shared data folder: $CUTTING_DATA, or ../shared/cutting next to the repository. */
export function dataDir(): string {
  const dir = process.env.CUTTING_DATA ?? path.resolve(REPO_ROOT, '..', 'shared', 'cutting');
  if (!existsSync(path.join(dir, 'instances'))) {
    throw new Error(`No benchmark instances in ${dir} (set CUTTING_DATA to the folder holding instances/ and bounds.csv)`);
  }
  return dir;
}

export function loadInstances(dir: string): Instance[] {
  const folder = path.join(dir, 'instances');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as Instance);
}

export function loadBounds(dir: string): Map<string, Bounds> {
  const [header, ...rows] = readFileSync(path.join(dir, 'bounds.csv'), 'utf8').trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  const col = (row: string[], name: string): number => Number(row[columns.indexOf(name)]);
  return new Map(
    rows.map((line) => {
      const row = line.split(',');
      return [
        row[0] ?? '',
        {
          lbArea: col(row, 'lb_area'),
          lb: { O: col(row, 'lb_oriented'), R: col(row, 'lb_rotation') },
          ub: { O: col(row, 'ub_oriented_guillotine'), R: col(row, 'ub_rotation_guillotine') },
        },
      ];
    }),
  );
}

/** The benchmark instance as a job: no kerf, no trims, every item turnable in variant R. */
export function toTrabajo(instance: TrabajoSimple, variant: Variant): TrabajoCorte {
  return {
    piezas: instance.items.map((item) => ({ cantidad: item.q, base: item.w, altura: item.h, rotacion: variant === 'R' })),
    parametros: { base: instance.bin.w, altura: instance.bin.h, desp_sierra: 0, refilado_x: 0, refilado_y: 0 },
  };
}
