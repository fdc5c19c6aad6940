import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database';
import * as repositorio from './salud.repository';

/** How long the health check waits for each of its checks: a load balancer polls every few seconds. */
export const ESPERA_SALUD_MS = 2_000;
/** Free disk below which the health check calls the disk not ok (either limit). */
const DISCO_MINIMO_BYTES = 1024 ** 3;
const DISCO_MINIMA_FRACCION = 0.05;

export interface Salud {
  /** ok: everything answers; degradado: PostgreSQL answers but the jobs or the disk do not; caido: PostgreSQL does not. */
  estado: 'ok' | 'degradado' | 'caido';
  base_datos: { ok: boolean; ms: number };
  /** ok when pg-boss's tables answer: any instance with workers runs the queue, so a readable queue is a working one. */
  trabajos: { ok: boolean; en_cola: number | null; fallidos_24h: number | null };
  disco: { ok: boolean; libre_bytes: number | null; total_bytes: number | null };
}

/** Rejects when `promesa` has not settled in `ms`; the late promise is left to settle unheard. */
export async function conLimite<T>(promesa: Promise<T>, ms: number): Promise<T> {
  promesa.catch(() => {});
  let temporizador: NodeJS.Timeout | undefined;
  const vencido = new Promise<never>((_resolve, reject) => {
    temporizador = setTimeout(() => reject(new Error(`Sin respuesta en ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promesa, vencido]);
  } finally {
    clearTimeout(temporizador);
  }
}

/** statfs of the data folder, or of its nearest existing parent (a fresh install has not created it yet). */
async function espacioEnDisco(carpeta: string): Promise<Salud['disco']> {
  let actual = path.resolve(carpeta);
  for (;;) {
    try {
      const info = await statfs(actual);
      const libre = info.bavail * info.bsize;
      const total = info.blocks * info.bsize;
      return { ok: libre >= DISCO_MINIMO_BYTES && libre >= total * DISCO_MINIMA_FRACCION, libre_bytes: libre, total_bytes: total };
    } catch (error) {
      const padre = path.dirname(actual);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || padre === actual) {
        return { ok: false, libre_bytes: null, total_bytes: null };
      }
      actual = padre;
    }
  }
}

/**
 * GET /api/salud (docs/decisions-operacion.md): PostgreSQL, the job queue and the data folder's disk, checked at once,
 * each within ESPERA_SALUD_MS, so a hung database answers 'caido' in about two seconds instead of holding the load
 * balancer.
 */
export async function revisarSalud(db: Db, carpetaDatos: string): Promise<Salud> {
  const inicio = performance.now();
  let ms = 0;
  const [base, trabajos, disco] = await Promise.all([
    conLimite(repositorio.ping(db), ESPERA_SALUD_MS)
      .then(
        () => true,
        () => false,
      )
      .finally(() => (ms = Math.round(performance.now() - inicio))),
    conLimite(Promise.all([repositorio.colasPendientes(db), repositorio.fallidosUltimoDia(db)]), ESPERA_SALUD_MS).then(
      ([colas, fallidos]): Salud['trabajos'] => ({ ok: true, en_cola: colas.reduce((suma, cola) => suma + cola.pendientes, 0), fallidos_24h: fallidos }),
      (): Salud['trabajos'] => ({ ok: false, en_cola: null, fallidos_24h: null }),
    ),
    espacioEnDisco(carpetaDatos),
  ]);
  const estado = !base ? 'caido' : trabajos.ok && disco.ok ? 'ok' : 'degradado';
  return { estado, base_datos: { ok: base, ms }, trabajos, disco };
}

/** The jobs waiting per queue, for the metrics' gauge; empty when the database does not answer in time. */
export function colasPendientes(db: Db): Promise<{ cola: string; pendientes: number }[]> {
  return conLimite(repositorio.colasPendientes(db), ESPERA_SALUD_MS).catch(() => []);
}
