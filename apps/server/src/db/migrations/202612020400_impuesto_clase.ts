import { sql, type Kysely } from 'kysely';

/**
 * The class of a tax (docs/decisions.md "Pedidos"): 'IVA' for the taxes products carry, 'OTRO' for a tax an order adds
 * in 'Otros impuestos'. Every tax there is so far is a product's tax (the product form chooses from this table), so the
 * existing rows are IVA; an administrator marks another tax as 'OTRO' in Maestros.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('impuesto')
    .addColumn('clase_impuesto', 'text', (c) => c.notNull().defaultTo('IVA').check(sql`clase_impuesto in ('IVA', 'OTRO')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('impuesto').dropColumn('clase_impuesto').execute();
}
