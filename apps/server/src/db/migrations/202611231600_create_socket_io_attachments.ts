import { sql, type Kysely } from 'kysely';

// The table of @socket.io/postgres-adapter (plugins/tiempo-real.ts): a broadcast too large for a NOTIFY (8,000 bytes)
// or carrying binary data travels as a row here, and the adapter deletes rows older than 30 seconds. It belongs to
// the adapter, not to a module (modules/fronteras.test.ts lists it with the frameworks' tables). Its DDL is the
// adapter's documented one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('socket_io_attachments')
    .addColumn('id', 'bigserial', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .addColumn('payload', 'bytea')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('socket_io_attachments').execute();
}
