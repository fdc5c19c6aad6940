import { sql, type Kysely } from 'kysely';

/**
 * Every invoice prefix a sale has ever carried, one row each, for the billing list's search (ventas'
 * facturas.repository `numerosPropios`, docs/decisions.md "Pendiente por facturar a 1.000.000 de ventas"). A word with
 * letters can be in a sale's own numbers only through its prefix. Before, each sale of the range was asked whether its
 * prefix could hold the word, which was a fifth of a search over the billed sales of two months. Now the statement asks
 * once whether any prefix here can, and when none can, no sale is asked.
 *
 * Kept by PostgreSQL, so no writer can forget it: a sale inserted or updated with a prefix adds the prefix if it is
 * new (AFTER ROW trigger, `on conflict do nothing`). An existing prefix costs one index probe and locks nothing. Only
 * the first sale ever billed with a new prefix inserts a row, and a second transaction using the same new prefix at
 * the same moment waits for it at that insert (docs/architecture.md §3, lock order step 11). Rows are never deleted.
 * A prefix that no sale keeps any more only makes the check answer "maybe", which is the old per-sale check.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table venta_prefijo (prefijo varchar(10) primary key)`.execute(db);
  await sql`
    create function venta_prefijo_registrar() returns trigger language plpgsql as $$
    begin
      insert into venta_prefijo (prefijo) values (new.prefijo_factura_dian) on conflict do nothing;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger venta_prefijo_registrar after insert or update of prefijo_factura_dian on venta
      for each row when (new.prefijo_factura_dian is not null) execute function venta_prefijo_registrar()
  `.execute(db);
  // The prefixes of the sales already written; also what a load with the triggers off calls afterwards (the benchmarks'
  // seeds, like resumen_ventas_reconstruir).
  await sql`
    create function venta_prefijos_reconstruir() returns void language sql as $$
      insert into venta_prefijo (prefijo)
      select distinct prefijo_factura_dian from venta where prefijo_factura_dian is not null
      on conflict do nothing
    $$
  `.execute(db);
  await sql`select venta_prefijos_reconstruir()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger venta_prefijo_registrar on venta`.execute(db);
  await sql`drop function venta_prefijo_registrar()`.execute(db);
  await sql`drop function venta_prefijos_reconstruir()`.execute(db);
  await sql`drop table venta_prefijo`.execute(db);
}
