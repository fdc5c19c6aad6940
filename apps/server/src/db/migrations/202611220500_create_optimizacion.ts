import { sql, type Kysely } from 'kysely';

// Cutting plans (docs/decisions-corte.md, spec 001 §7 optimizar/generar): each result is kept so that its links
// (plans and labels PDFs, opened by an unguessable token) stay valid; the PDFs are rendered on demand.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('optimizacion')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // 32 base64url characters from 24 random bytes: the only key of the public links.
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    // 'optimizador' (POST optimizar/generar) or 'venta' (the sale-side call, POST facturas/optimizar).
    .addColumn('origen', 'varchar(20)', (c) => c.notNull())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('nombres', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('apellidos', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('numero_documento', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('referencia', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('cant_placas', 'integer', (c) => c.notNull())
    .addColumn('ptje_aprov', sql`numeric(6,2)`, (c) => c.notNull())
    // The validated form values and the engine's full answer (layouts, cuts, edge band).
    .addColumn('entrada', 'jsonb', (c) => c.notNull())
    .addColumn('resultado', 'jsonb', (c) => c.notNull())
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('optimizacion_tienda_fecha').on('optimizacion').columns(['codigo_tienda', 'fecha']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('optimizacion').execute();
}
