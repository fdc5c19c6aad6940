import { sql, type Kysely } from 'kysely';

/**
 * A credit sale is an electronic invoice with a term and a due date (docs/decisions-factura-electronica.md, "Venta a
 * crédito"): each credit account has its term in whole days (`cuenta_credito.plazo_dias`, 1–365, 30 by default) and a
 * credit sale keeps the due date its bill gave it (`venta.fecha_vencimiento`: the billing day in the business's zone
 * plus the account's term). Every account there is gets 30 days (the fixed term the e-invoice used until now), and
 * every sale billed on credit gets its billing day + 30, so the aging by due date and the invoices already sent agree.
 */
const ZONA = 'America/Bogota';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cuenta_credito')
    .addColumn('plazo_dias', 'smallint', (c) => c.notNull().defaultTo(30).check(sql`plazo_dias between 1 and 365`))
    .execute();
  await db.schema.alterTable('venta').addColumn('fecha_vencimiento', 'date').execute();
  await sql`
    update venta
       set fecha_vencimiento = (fecha_factura at time zone ${sql.lit(ZONA)})::date + 30
     where modo_factura = 'CR'
       and fecha_factura is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venta').dropColumn('fecha_vencimiento').execute();
  await db.schema.alterTable('cuenta_credito').dropColumn('plazo_dias').execute();
}
