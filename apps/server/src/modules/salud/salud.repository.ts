import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ESQUEMA_TRABAJOS } from '../../plugins/trabajos';

/** One round trip to PostgreSQL: it answers only if a connection can be had and a statement run. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Jobs waiting per queue (created or waiting for a retry), every queue listed even when empty. */
export async function colasPendientes(db: Db): Promise<{ cola: string; pendientes: number }[]> {
  const esquema = sql.id(ESQUEMA_TRABAJOS);
  const { rows } = await sql<{ cola: string; pendientes: number }>`
    select q.name as cola, count(j.id)::int as pendientes
    from ${esquema}.queue q
    left join ${esquema}.job j on j.name = q.name and j.state in ('created', 'retry')
    group by q.name
    order by q.name`.execute(db);
  return rows;
}

/** Jobs that failed for good (retries spent) in the last 24 hours, every queue together. */
export async function fallidosUltimoDia(db: Db): Promise<number> {
  const esquema = sql.id(ESQUEMA_TRABAJOS);
  const { rows } = await sql<{ fallidos: number }>`
    select count(*)::int as fallidos from ${esquema}.job
    where state = 'failed' and completed_on > now() - interval '24 hours'`.execute(db);
  return rows[0]?.fallidos ?? 0;
}
