import { sql, type Kysely } from 'kysely';

// The billing list's search skips lowering a sale's prefix shorter than the word's letters (ventas'
// facturas.repository `numerosPropios`, docs/decisions.md "Pendiente por facturar a 1.000.000 de ventas"): exact only if
// lowering a prefix never changes its number of characters. The numbering ranges' prefixes are [A-Z0-9] (their CHECK)
// and billing copies them; this CHECK says it of every sale, under any collation provider (an ICU lower() may turn
// one character into two). Added NOT VALID and then validated, so the check of the existing rows does not block
// writers of venta while it scans.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table venta add constraint venta_prefijo_largo_estable
      check (prefijo_factura_dian is null or char_length(lower(prefijo_factura_dian)) = char_length(prefijo_factura_dian)) not valid
  `.execute(db);
  await sql`alter table venta validate constraint venta_prefijo_largo_estable`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table venta drop constraint venta_prefijo_largo_estable`.execute(db);
}
