import { sql, type Kysely } from 'kysely';

/**
 * Pendiente por facturar (measured with `npm run bench:facturas`: 1,000,000 sales, 20 clients):
 *
 * - `sin_acentos` three times faster (2.0 → 0.7 µs a call here). Its body calls the STABLE `unaccent(regdictionary,
 *   text)` from a function declared IMMUTABLE, which PostgreSQL refuses to inline, so every call went through the SQL
 *   function executor. The same C function declared IMMUTABLE (`unaccent_inmutable`, the extension's own
 *   `unaccent_dict`, with the dictionary named by schema as before) lets `sin_acentos` inline into the query. The
 *   results are the same, character for character, so the trigram indexes built on `sin_acentos` stay valid. Creating a
 *   C-language function needs a superuser (the embedded server's is one): without the privilege the function stays as
 *   it was, correct and slower.
 * - The list's index: store, state, date and id in the list's order, carrying what the filters, the search and the
 *   footer read from the sale (customer, seller, invoice number, the four totals). The footer's sums and the page's
 *   ids are then read from the index alone (no visit to the table for each of the thousands of sales of two months),
 *   and the id in the key gives the order of the page without a sort. It replaces the index of the same first three
 *   columns (202611231100), which it serves too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      create or replace function public.unaccent_inmutable(regdictionary, text) returns text
        language c immutable parallel safe strict as '$libdir/unaccent', 'unaccent_dict';
      create or replace function public.sin_acentos(texto text) returns text
        language sql immutable parallel safe strict
        return lower(public.unaccent_inmutable('public.unaccent'::regdictionary, texto));
    exception when insufficient_privilege then
      raise notice 'sin_acentos queda como estaba: crear una función en C requiere un superusuario';
    end
    $$
  `.execute(db);
  await sql`
    create index venta_lista_facturas_idx on venta (codigo_tienda, estado_venta_id, fecha_venta desc, id desc)
      include (cliente_id, vendedor_id, prefijo_factura_dian, nro_factura_dian, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta)
  `.execute(db);
  await sql`drop index venta_tienda_estado_fecha_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index venta_tienda_estado_fecha_idx on venta (codigo_tienda, estado_venta_id, fecha_venta desc)`.execute(db);
  await sql`drop index venta_lista_facturas_idx`.execute(db);
  await sql`
    create or replace function public.sin_acentos(texto text) returns text
      language sql immutable parallel safe strict
      return lower(public.unaccent('public.unaccent'::regdictionary, texto))
  `.execute(db);
  await sql`drop function if exists public.unaccent_inmutable(regdictionary, text)`.execute(db);
}
