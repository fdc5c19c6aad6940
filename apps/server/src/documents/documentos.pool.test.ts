import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import type { PlanCorteGuardado } from './corte-comun';
import { MENSAJES_DOCUMENTOS, PoolDocumentos, type OpcionesPoolDocumentos } from './documentos.pool';

/**
 * A stand-in for the documents worker: answers the bytes of `datos.texto` after 20 ms (transferred, as the real
 * one does), hangs on 'colgar', dies on 'caer' and reports a renderer failure on 'fallar', so that the pool's
 * queue, limits and replacement are tested in milliseconds.
 */
const CODIGO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, datos }) => {
  if (datos.modo === 'colgar') for (;;) {}
  if (datos.modo === 'caer') process.exit(3);
  if (datos.modo === 'fallar') return parentPort.postMessage({ id, ok: false, mensaje: 'sin fuente' });
  setTimeout(() => {
    const pdf = new TextEncoder().encode(datos.texto);
    parentPort.postMessage({ id, ok: true, pdf }, [pdf.buffer]);
  }, 20);
});`;

let creados = 0;
const crearWorker = () => {
  creados++;
  return new Worker(CODIGO, { eval: true });
};
const pools: PoolDocumentos[] = [];
function nuevoPool(opciones: OpcionesPoolDocumentos): PoolDocumentos {
  const pool = new PoolDocumentos({ crearWorker, colaMaxima: 3, timeoutMs: 2000, ...opciones });
  pools.push(pool);
  return pool;
}
/** Any data: the stand-in reads only `texto` and `modo`. */
const datos = (valores: { texto?: string; modo?: string }) => valores as unknown as PlanCorteGuardado;

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.cerrar()));
  creados = 0;
});

describe('the documents pool', () => {
  it('renders each job on a worker and answers its bytes, never starting more workers than its size', async () => {
    const pool = nuevoPool({ tamano: 2 });
    const pdfs = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((texto) => pool.renderizar('planos-corte', datos({ texto }))));
    expect(pdfs.map((pdf) => pdf.toString())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pdfs.every((pdf) => Buffer.isBuffer(pdf))).toBe(true);
    expect(creados).toBe(2);
    expect(pool.vivos).toBe(2);
  });

  it('refuses a job at once with 503 when its queue is full, and takes jobs again once it drains', async () => {
    const pool = nuevoPool({ tamano: 1, colaMaxima: 3 });
    // One job runs, three wait: the queue is full.
    const aceptados = ['1', '2', '3', '4'].map((texto) => pool.renderizar('etiquetas-corte', datos({ texto })));
    expect(pool.enCola).toBe(3);
    const rechazo = await pool.renderizar('planos-corte', datos({ texto: '5' })).catch((error: unknown) => error);
    expect(rechazo).toBeInstanceOf(AppError);
    expect(rechazo).toMatchObject({ status: 503, code: 'SERVICIO_OCUPADO', message: MENSAJES_DOCUMENTOS.cola });
    expect((await Promise.all(aceptados)).map(String)).toEqual(['1', '2', '3', '4']);
    expect(String(await pool.renderizar('planos-corte', datos({ texto: '6' })))).toBe('6');
  });

  it('replaces a worker that hangs past the time limit (503), and the queue goes on', async () => {
    // The clock counts from the job's arrival at its worker, a new worker's start included: on a loaded machine the
    // replacement's start alone passed 300 ms, so the limit leaves it room while the hung job still ends it.
    const pool = nuevoPool({ tamano: 1, timeoutMs: 1500 });
    const colgado = pool.renderizar('planos-corte', datos({ modo: 'colgar' }));
    const siguiente = pool.renderizar('planos-corte', datos({ texto: 'siguiente' }));
    await expect(colgado).rejects.toMatchObject({ status: 503, message: MENSAJES_DOCUMENTOS.tiempo });
    expect(String(await siguiente)).toBe('siguiente');
    expect(creados).toBe(2);
    expect(pool.vivos).toBe(1);
  });

  it('replaces a worker that dies in the middle of a job (503)', async () => {
    const pool = nuevoPool({ tamano: 1 });
    await expect(pool.renderizar('planos-corte', datos({ modo: 'caer' }))).rejects.toMatchObject({ status: 503, message: MENSAJES_DOCUMENTOS.caida });
    expect(String(await pool.renderizar('planos-corte', datos({ texto: 'otra vez' })))).toBe('otra vez');
    expect(creados).toBe(2);
  });

  it('passes a renderer failure on as a plain error (a bug answers 500, not "busy"), keeping its worker', async () => {
    const pool = nuevoPool({ tamano: 1 });
    const error = await pool.renderizar('planos-corte', datos({ modo: 'fallar' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toContain('sin fuente');
    expect(String(await pool.renderizar('planos-corte', datos({ texto: 'sigue' })))).toBe('sigue');
    expect(creados).toBe(1);
  });

  it('refuses running and queued jobs when it closes, and every job after', async () => {
    const pool = nuevoPool({ tamano: 1 });
    const enCurso = pool.renderizar('planos-corte', datos({ modo: 'colgar' }));
    const enCola = pool.renderizar('planos-corte', datos({ texto: 'x' }));
    const rechazos = Promise.all([
      expect(enCurso).rejects.toMatchObject({ status: 503, message: MENSAJES_DOCUMENTOS.cerrado }),
      expect(enCola).rejects.toMatchObject({ status: 503, message: MENSAJES_DOCUMENTOS.cerrado }),
    ]);
    await pool.cerrar();
    await rechazos;
    expect(pool.vivos).toBe(0);
    await expect(pool.renderizar('planos-corte', datos({ texto: 'tarde' }))).rejects.toMatchObject({ status: 503 });
  });
});
