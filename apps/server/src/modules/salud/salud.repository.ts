import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** One round trip to PostgreSQL: it answers only if a connection can be had and a statement run. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
