import type { ResultadoCorte } from '../types.ts';

/**
 * Searches run side by side on one job, one per core: the server's pool and the benchmark
 * both give a job this many threads, each with its own seed, and keep the best answer. Two
 * searches of one second find about as much as one search of two (the search's progress
 * comes in rare jumps, and a second seed is a second chance at them) without making the
 * seller wait longer.
 */
export const HILOS_POR_TRABAJO = 2;

/** Distance between the seeds of a job's searches: runs with nearby seeds never share one. */
const PASO_SEMILLA = 7919;

/** The seeds of a job's parallel searches, the first being the job's own seed. */
export function semillasParalelas(seed: number, hilos = HILOS_POR_TRABAJO): number[] {
  return Array.from({ length: hilos }, (_, i) => seed + i * PASO_SEMILLA);
}

/** Area of the largest reusable leftover on the last new board (the emptiest, listed last). */
function retalFinal(resultado: ResultadoCorte): number {
  const tableros = resultado.tableros.filter((grupo) => grupo.origen === 'tablero');
  const ultimo = tableros[tableros.length - 1];
  if (!ultimo) return 0;
  return Math.max(0, ...ultimo.retales_aprovechables.map((r) => r.base * r.altura));
}

/**
 * The best of the answers of one job's searches, by the engine's objective: fewest new
 * boards, then the largest reusable leftover on the last board, then fewest cuts; a tie goes
 * to the first (the job's own seed), so the choice is deterministic. The statistics add up
 * the work of every search.
 */
export function mejorResultado(resultados: ResultadoCorte[]): ResultadoCorte {
  const [primero, ...resto] = resultados;
  if (!primero) throw new Error('no results to choose from');
  let mejor = primero;
  for (const otro of resto) {
    const diferencia =
      otro.cant_placas - mejor.cant_placas || retalFinal(mejor) - retalFinal(otro) || otro.cant_cortes - mejor.cant_cortes;
    if (diferencia < 0) mejor = otro;
  }
  return {
    ...mejor,
    stats: {
      iterations: resultados.reduce((suma, r) => suma + r.stats.iterations, 0),
      ms: Math.max(...resultados.map((r) => r.stats.ms)),
      reachedLowerBound: resultados.some((r) => r.stats.reachedLowerBound),
    },
  };
}
