/**
 * Benchmark worker: solves the instances it is sent with the optimizer and with
 * guillotine-packer, validates both answers and reports figures back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { packer } from 'guillotine-packer';
import { optimizar, optimizarConReloj } from '../src/engine/optimize.ts';
import { validarColocaciones, validarResultado } from '../src/validator.ts';
import { toTrabajo, type Instance, type Variant } from './data.ts';

/** One search of one instance: a job's parallel searches are separate tasks with their own seeds. */
export interface Task {
  instance: Instance;
  variant: Variant;
  seed: number;
  /** Also time guillotine-packer (on one task of each instance only). */
  peer: boolean;
}

export interface TaskResult {
  name: string;
  variant: Variant;
  seed: number;
  bins: number;
  ms: number;
  iterations: number;
  errors: string[];
  peerBins: number;
  peerMs: number;
  peerErrors: string[];
}

const { budgetMs, clock } = workerData as { budgetMs: number; clock: boolean };

function solvePeer(instance: Instance, variant: Variant): Pick<TaskResult, 'peerBins' | 'peerMs' | 'peerErrors'> {
  const items = instance.items.flatMap((item, index) => Array.from({ length: item.q }, () => ({ width: item.w, height: item.h, index })));
  const started = performance.now();
  const packed = packer({ binWidth: instance.bin.w, binHeight: instance.bin.h, items }, { allowRotation: variant === 'R', kerfSize: 0 }) ?? [];
  const peerMs = performance.now() - started;
  const boards = packed.map((bin) =>
    bin.map((p) => ({ item: (p.item as { index: number }).index, x: p.x, y: p.y, w: p.width, h: p.height })),
  );
  return { peerBins: packed.length, peerMs, peerErrors: validarColocaciones(instance, boards, { rotation: variant === 'R' }) };
}

function solve({ instance, variant, seed, peer }: Task): TaskResult {
  const trabajo = toTrabajo(instance, variant);
  const started = performance.now();
  const resultado = optimizarConReloj(trabajo, { budgetMs, seed }, clock);
  const ms = performance.now() - started;
  return {
    name: instance.name,
    variant,
    seed,
    bins: resultado.cant_placas,
    ms,
    iterations: resultado.stats.iterations,
    errors: validarResultado(trabajo, resultado),
    ...(peer ? solvePeer(instance, variant) : { peerBins: 0, peerMs: 0, peerErrors: [] }),
  };
}

/** A throw-away run so that the timed ones start with the JIT warm. */
function warmUp(): void {
  const piezas = Array.from({ length: 60 }, (_, i) => ({ cantidad: 1, base: 10 + ((i * 37) % 80), altura: 10 + ((i * 53) % 70), rotacion: i % 2 === 0 }));
  optimizar({ piezas, parametros: { base: 100, altura: 100, desp_sierra: 0, refilado_x: 0, refilado_y: 0 } }, { budgetMs: 400 });
}

warmUp();
parentPort?.on('message', (task: Task) => parentPort?.postMessage(solve(task)));
