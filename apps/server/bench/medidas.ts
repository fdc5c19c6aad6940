import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database';

/** The value below which `p` percent of the sorted `ordenados` fall (nearest rank); NaN for no values. */
export function percentil(ordenados: number[], p: number): number {
  if (ordenados.length === 0) return NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]!;
}

/** CPU-seconds (user + system) the kernel counted for a process or a thread: fields 14 and 15 of /proc/<ruta>/stat, in ticks. */
export async function cpuDe(ruta: number | string): Promise<number> {
  const campos = (await readFile(`/proc/${ruta}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.split(' ') ?? [];
  return (Number(campos[11] ?? 0) + Number(campos[12] ?? 0)) / 100;
}

/** The machine's CPU-seconds so far: PostgreSQL's processes (by pid), the server's thread, all of it and the idle part. */
export interface LecturaCpu {
  postgres: Map<number, number>;
  /** This process's main thread: the server's in the benches, whose load generator runs in a thread of its own. */
  servidor: number;
  total: number;
  /** /proc/stat's idle and iowait. */
  ociosa: number;
}

/** Where the CPU-seconds went between two readings: PostgreSQL's processes, the server's thread, the machine, idle. */
export interface CpuRepartida {
  postgres: number;
  servidor: number;
  total: number;
  ociosa: number;
}

/**
 * The CPU-seconds so far of the PostgreSQL server `db` is on, the server's thread and the whole machine. PostgreSQL is
 * every process pg_stat_activity lists, connections and background workers, the one asking too: left out, a pooled
 * connection that asked once and not the next time counted its whole life's CPU as spent between the two readings,
 * and a scenario showed PostgreSQL on four cores of two.
 */
export async function medirCpu(db: Kysely<Database>): Promise<LecturaCpu> {
  const procesosPostgres = (await sql<{ pid: number }>`select pid from pg_stat_activity`.execute(db)).rows.map((f) => f.pid);
  const maquina = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return {
    postgres: new Map(await Promise.all(procesosPostgres.map(async (pid) => [pid, await cpuDe(pid)] as const))),
    servidor: await cpuDe(`self/task/${process.pid}`),
    total: maquina.reduce((a, b) => a + b, 0) / 100,
    ociosa: (maquina[3]! + maquina[4]!) / 100,
  };
}

/**
 * What went where between two readings of medirCpu. A PostgreSQL process only in the second one (a connection the
 * pool opened meanwhile) counts from its start.
 */
export function cpuEntre(antes: LecturaCpu, despues: LecturaCpu): CpuRepartida {
  let postgres = 0;
  for (const [pid, segundos] of despues.postgres) postgres += segundos - (antes.postgres.get(pid) ?? 0);
  return { postgres, servidor: despues.servidor - antes.servidor, total: despues.total - antes.total, ociosa: despues.ociosa - antes.ociosa };
}
