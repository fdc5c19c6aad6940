import { sql, type Kysely } from 'kysely';

/**
 * Plan links become signed tokens (docs/decisions-corte.md, Enlaces públicos): the link carries the plan's id and its
 * expiry, signed with the server's secret, so the stored random token is no longer the key of anything. Links handed
 * out before this change (random tokens) answer 404, like any link that is not ours; the plans themselves stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('optimizacion').dropColumn('token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to random keys: 32 hex characters per row, as unguessable as the old 24 random bytes were meant to be.
  await db.schema.alterTable('optimizacion').addColumn('token', 'varchar(64)').execute();
  await sql`update optimizacion set token = replace(gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`alter table optimizacion alter column token set not null`.execute(db);
  await sql`alter table optimizacion add constraint optimizacion_token_key unique (token)`.execute(db);
}
