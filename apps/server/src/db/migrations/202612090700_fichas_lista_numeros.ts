import { sql, type Kysely } from 'kysely';

/**
 * The billing list's word index (migration 202612090500) also holds each sale's own numbers: the sale number and the
 * invoice's prefix+number with and without its dash, the text the list's search compares them with (facturas.repository
 * `numerosPropios`). Before, a word the numbers could hold ('FE1234', '345678', any word of digits) walked every billed
 * sale of the range: 45–65 ms for two months of one store in `bench:facturas`, one connection. Led by this index it
 * reads the few sales whose text or numbers hold every three-character piece of the word (docs/decisions.md, "Los
 * números de la venta en el índice de palabras").
 *
 * - `texto_lista_facturas` is the customer's text, a space, and `lower(concat_ws(' ', id, prefijo || nro, prefijo ||
 *   '-' || nro))`: a word never holds a space, so no piece across the join is ever asked for.
 * - A sale's keys are written when it is billed (the same UPDATE gives it its state and its number) and when it is
 *   annulled, as before: the index stays partial on states 2 and 3.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function texto_lista_facturas(texto text, id int, prefijo text, nro int) returns text language sql immutable parallel safe as $$
      select coalesce(texto, '') || ' ' || id::text || coalesce(' ' || lower(prefijo || nro::text) || ' ' || lower(prefijo || '-' || nro::text), '')
    $$
  `.execute(db);
  await sql`drop index venta_fichas_lista_idx`.execute(db);
  await crearIndiceFichasLista(db);
}

/**
 * The index itself. Also for a load of many sales at once (the benchmarks' seeds): building it once afterwards (34 s for a
 * million sales) costs a fraction of keeping it sale by sale during the load.
 */
export async function crearIndiceFichasLista(db: Kysely<any>): Promise<void> {
  await sql`
    create index venta_fichas_lista_idx on venta
      using gin (fichas_lista_facturas(codigo_tienda, estado_venta_id, mes_negocio(fecha_venta),
                   texto_lista_facturas(cliente_texto_busqueda, id, prefijo_factura_dian, nro_factura_dian)))
      with (fastupdate = off) where estado_venta_id in (2, 3)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_fichas_lista_idx`.execute(db);
  await sql`drop function texto_lista_facturas(text, int, text, int)`.execute(db);
  await sql`
    create index venta_fichas_lista_idx on venta
      using gin (fichas_lista_facturas(codigo_tienda, estado_venta_id, mes_negocio(fecha_venta), cliente_texto_busqueda))
      with (fastupdate = off) where estado_venta_id in (2, 3)
  `.execute(db);
}
