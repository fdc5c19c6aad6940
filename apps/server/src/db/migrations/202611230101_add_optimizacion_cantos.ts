import { sql, type Kysely } from 'kysely';

/**
 * Edges are products (docs/decisions-corte.md, Cantos): a plan keeps the edge products it was optimized with (id,
 * referencia, nombre_producto, as they were then), so its PDFs name the same material later even if a product is
 * renamed. Older plans stored edge references in `entrada` itself and get an empty list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('optimizacion')
    .addColumn('cantos', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('optimizacion').dropColumn('cantos').execute();
}
