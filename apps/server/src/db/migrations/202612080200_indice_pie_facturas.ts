import { sql, type Kysely } from 'kysely';

/**
 * The footer of Pendiente por facturar (count and four sums of every sale the filters select, docs/decisions.md
 * "Pendiente por facturar a 1.000.000 de ventas"): without a term it is read from an index alone. The list's covering
 * index (202611300000) carries the search's columns too (customer text, ids, invoice number), so its tuples are three
 * times as wide as the footer needs: the billed sales of two months of a store (38,000 of 1,000,000) were 1,002 index
 * pages and 18 ms. This one holds only what the footer reads, store, state and date as keys and the four totals: 349
 * pages and about half the time, 72 MB at a million sales. The page of ten ids keeps the list's index (its key has the
 * id, the page's order); a search keeps it too (it reads the customer's text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index venta_pie_facturas_idx on venta (codigo_tienda, estado_venta_id, fecha_venta)
      include (total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_pie_facturas_idx`.execute(db);
}
