import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrabajoCorte } from '@tablero/cutting';
import { FalloPool, PoolCorte } from './corte.pool';

/**
 * A stand-in for the engine's worker: echoes `n`, hangs on 'colgar', dies on 'caer' and refuses
 * on 'rechazar', so that the pool's queue, timeout and replacement are tested in milliseconds.
 */
const CODIGO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, trabajo }) => {
  if (trabajo.modo === 'colgar') for (;;) {}
  if (trabajo.modo === 'caer') process.exit(3);
  if (trabajo.modo === 'rechazar') return parentPort.postMessage({ id, ok: false, entrada: true, mensaje: 'La pieza 1 no cabe', pieza: 0 });
  setTimeout(() => parentPort.postMessage({ id, ok: true, resultado: { eco: trabajo.n } }), 20);
});`;

let creados = 0;
const crearWorker = () => {
  creados++;
  return new Worker(CODIGO, { eval: true });
};
const pools: PoolCorte[] = [];
function nuevoPool(tamano: number, timeoutMs = 2000): PoolCorte {
  const pool = new PoolCorte({ tamano, timeoutMs, crearWorker, colaMaxima: 5 });
  pools.push(pool);
  return pool;
}
const trabajo = (datos: Record<string, unknown>) => datos as unknown as TrabajoCorte;
const eco = (resultado: unknown) => (resultado as { eco: number }).eco;

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.cerrar()));
  creados = 0;
});

describe('the cutting worker pool', () => {
  it('queues jobs beyond its size and answers each one, never starting more workers than its size', async () => {
    const pool = nuevoPool(2);
    const resultados = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.ejecutar(trabajo({ n }), {})));
    expect(resultados.map(eco)).toEqual([1, 2, 3, 4, 5]);
    expect(creados).toBe(2);
  });

  it('refuses a job at once when its queue is full', async () => {
    const pool = nuevoPool(1);
    const enCola = [0, 1, 2, 3, 4, 5].map((n) => pool.ejecutar(trabajo({ n }), {}));
    await expect(pool.ejecutar(trabajo({ n: 6 }), {})).rejects.toMatchObject({ motivo: 'cola' });
    await Promise.all(enCola);
  });

  it('passes the engine refusal on with the piece it names', async () => {
    const pool = nuevoPool(1);
    await expect(pool.ejecutar(trabajo({ modo: 'rechazar' }), {})).rejects.toEqual(new FalloPool('entrada', 'La pieza 1 no cabe', 0));
    expect(eco(await pool.ejecutar(trabajo({ n: 7 }), {}))).toBe(7);
    expect(creados).toBe(1);
  });

  it('replaces a worker that hangs past the timeout, and the queue goes on', async () => {
    const pool = nuevoPool(1, 1000);
    const colgado = pool.ejecutar(trabajo({ modo: 'colgar' }), {});
    const siguiente = pool.ejecutar(trabajo({ n: 8 }), {});
    await expect(colgado).rejects.toMatchObject({ motivo: 'tiempo' });
    expect(eco(await siguiente)).toBe(8);
    expect(creados).toBe(2);
    expect(pool.vivos).toBe(1);
  });

  it('replaces a worker that dies in the middle of a job', async () => {
    const pool = nuevoPool(1);
    await expect(pool.ejecutar(trabajo({ modo: 'caer' }), {})).rejects.toMatchObject({ motivo: 'caida' });
    expect(eco(await pool.ejecutar(trabajo({ n: 9 }), {}))).toBe(9);
    expect(creados).toBe(2);
  });

  it('refuses the queued jobs when it closes', async () => {
    const pool = nuevoPool(1);
    const enCurso = pool.ejecutar(trabajo({ modo: 'colgar' }), {});
    const enCola = pool.ejecutar(trabajo({ n: 10 }), {});
    const rechazos = Promise.all([
      expect(enCurso).rejects.toMatchObject({ motivo: 'cerrado' }),
      expect(enCola).rejects.toMatchObject({ motivo: 'cerrado' }),
    ]);
    await pool.cerrar();
    await rechazos;
    expect(pool.vivos).toBe(0);
  });
});
