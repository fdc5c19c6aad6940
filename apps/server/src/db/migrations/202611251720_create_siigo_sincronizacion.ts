import { sql, type Kysely } from 'kysely';

// The accounting-system connection (module siigo; docs/decisions-factura-electronica.md, Siigo):
// - siigo_sesion.url and .usuario: where and for whom the stored token was issued, so a token of another Siigo
//   company (the configuration changed) is never used for this one.
// - siigo_limite_solicitudes (one row): Siigo allows 100 requests per minute per company, shared by every server
//   instance; each request first reserves its place here with one atomic statement.
// - siigo_producto: per product, its id in Siigo and when it was last pushed there (POST productos/sincronizar).
//   Kept apart from `producto` so a sync never touches the catalog's rows, its change counter or its search index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('siigo_sesion').addColumn('url', 'varchar(300)').addColumn('usuario', 'varchar(150)').execute();

  await db.schema
    .createTable('siigo_limite_solicitudes')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('ventana_inicio', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('solicitudes', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('siigo_producto')
    .addColumn('producto_id', 'integer', (c) => c.primaryKey().references('producto.id'))
    .addColumn('siigo_id', 'varchar(60)', (c) => c.notNull())
    .addColumn('sincronizado_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('siigo_producto').execute();
  await db.schema.dropTable('siigo_limite_solicitudes').execute();
  await db.schema.alterTable('siigo_sesion').dropColumn('usuario').dropColumn('url').execute();
}
