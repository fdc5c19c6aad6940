import { sql, type Kysely } from 'kysely';

/**
 * Pendiente por facturar's search by customer (measured with `npm run bench:facturas`): the customers a word
 * names were found through the trigram indexes of `sin_acentos(nombres)`, `sin_acentos(apellidos)` and
 * `sin_acentos(numero_documento)`, but the bitmap's recheck computed those three expressions again for every candidate
 * row: 'gomez' (1 customer in 12 of 100,000) spent 33 of its 40 ms unaccenting 8,339 customers three times each.
 * `texto_busqueda` keeps the names' text once, computed by PostgreSQL when the row is written (a stored generated
 * column: no writer can forget it), so the recheck is a plain LIKE on a stored value. Names and surnames are joined
 * with a space: a searched word has no whitespace, so it is inside the joined text exactly when it is inside one of
 * them. The document stays apart: a short number must start it (db/busqueda.ts), which a joined text cannot tell.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table tercero add column texto_busqueda text generated always as
      (public.sin_acentos(nombres || ' ' || apellidos)) stored
  `.execute(db);
  await sql`create index tercero_texto_busqueda on tercero using gin (texto_busqueda public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tercero_texto_busqueda`.execute(db);
  await sql`alter table tercero drop column texto_busqueda`.execute(db);
}
