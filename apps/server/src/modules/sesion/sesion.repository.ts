import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Counts one attempt under `clave` and answers the attempts of its current window, in one statement: the window
 * starts again when `ventanaMs` has passed since it opened. Parallel calls each see a distinct count, so exactly
 * the allowed number get through, on any number of server instances.
 */
export async function reservarIntento(db: Db, clave: string, ventanaMs: number): Promise<number> {
  const ventana = `${ventanaMs} milliseconds`;
  const { rows } = await sql<{ intentos: number }>`
    insert into limite_ingreso as l (clave, ventana_inicio, intentos) values (${clave}, now(), 1)
    on conflict (clave) do update set
      intentos = case when l.ventana_inicio <= now() - ${ventana}::interval then 1 else l.intentos + 1 end,
      ventana_inicio = case when l.ventana_inicio <= now() - ${ventana}::interval then now() else l.ventana_inicio end
    returning intentos
  `.execute(db);
  return rows[0]!.intentos;
}

/** Gives back one attempt of `clave` (a login that succeeded is not a failure). */
export async function liberarIntento(db: Db, clave: string): Promise<void> {
  await sql`update limite_ingreso set intentos = greatest(intentos - 1, 0) where clave = ${clave}`.execute(db);
}
