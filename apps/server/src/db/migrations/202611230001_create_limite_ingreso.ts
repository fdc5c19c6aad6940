import { sql, type Kysely } from 'kysely';

/**
 * Login limits kept in PostgreSQL (docs/decisions.md, Sesión y acceso): one counter per key ('ip:…', 'correo:…') and
 * its window, so every server instance shares them and a reservation is one atomic statement (no check-then-act race).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('limite_ingreso')
    .addColumn('clave', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('ventana_inicio', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('intentos', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('limite_ingreso').execute();
}
