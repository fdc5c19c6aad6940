import { sql, type Kysely } from 'kysely';

/**
 * The billing list's search over billed or annulled sales (ventas' facturas.repository `ventasPorFichas`,
 * docs/decisions.md "Pendiente por facturar a 1.000.000 de ventas"). Before, a word was a LIKE over every sale of the
 * range: 37,890 index tuples for the billed sales of two months in the benchmark, most of the statement's time. This
 * GIN index answers "the sales of this store, state and month whose customer text holds every three-character piece of
 * the word" directly, so only the sales that may hold the word are read (the LIKE still decides).
 *
 * - A key is `tienda|estado|AAAAMM|xyz`: the store, the state, the sale's month in the business's zone and one
 *   three-character substring of `cliente_texto_busqueda` (the customer's unaccented lower-case text, kept by
 *   triggers). A text holds a word only if it holds each of the word's substrings, in the same month of the same
 *   store and state: the list asks month by month of its range.
 * - Plain substrings, not pg_trgm's trigrams: pg_trgm pads and splits words by its own rules, and the list's LIKE is
 *   on the raw text. The word's keys come from the same function, so both sides cut alike.
 * - Only states 2 and 3 (partial): the open states are few sales and keep their walk over the list's index, and
 *   saving an order (many times a day per seller) writes no key. A sale gets its keys when it is billed.
 * - The functions name each other with their schema: PostgreSQL builds an index with only pg_catalog in the path.
 * - `fastupdate = off`: a bill writes its thirty-odd keys into the tree at once. With the pending list a bill now and
 *   then would pay for merging four megabytes of other bills' keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The month of a calendar timestamp as AAAAMM, and of an instant in the business's zone (ZONA_NEGOCIO).
  await sql`
    create function mes_numero(fecha timestamp) returns int language sql immutable parallel safe as $$
      select (extract(year from fecha) * 100 + extract(month from fecha))::int
    $$
  `.execute(db);
  await sql`
    create function mes_negocio(fecha timestamptz) returns int language sql immutable parallel safe as $$
      select public.mes_numero(fecha at time zone 'America/Bogota')
    $$
  `.execute(db);
  // The months a range of days touches, AAAAMM. PL/pgSQL, so it is never inlined and PostgreSQL plans with its ROWS
  // (a range of the list is two or three months) instead of the thousand it guesses for generate_series of
  // parameters: with that guess a plan made for the dates looked cheaper than the generic one, and the list's
  // prepared search was planned again on every call (4 ms, half its execution).
  await sql`
    create function meses_de_rango(desde date, hasta date) returns setof int language plpgsql immutable parallel safe rows 3 as $$
    begin
      return query select public.mes_numero(inicio) from generate_series(date_trunc('month', desde::timestamp), hasta::timestamp, interval '1 month') as inicio;
    end
    $$
  `.execute(db);
  await sql`
    create function fichas_lista_facturas(tienda text, estado int, mes int, texto text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct tienda || '|' || estado || '|' || mes || '|' || substr(texto, i, 3)), '{}')
        from generate_series(1, char_length(texto) - 2) as i
    $$
  `.execute(db);
  await crearIndiceFichasLista(db);
}

/**
 * The index itself. Also for a load of many sales at once (the benchmarks' seeds): building it once afterwards (28 s for a
 * million sales) costs a fraction of keeping it sale by sale during the load.
 */
export async function crearIndiceFichasLista(db: Kysely<any>): Promise<void> {
  await sql`
    create index venta_fichas_lista_idx on venta
      using gin (fichas_lista_facturas(codigo_tienda, estado_venta_id, mes_negocio(fecha_venta), cliente_texto_busqueda))
      with (fastupdate = off) where estado_venta_id in (2, 3)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_fichas_lista_idx`.execute(db);
  await sql`drop function fichas_lista_facturas(text, int, int, text)`.execute(db);
  await sql`drop function meses_de_rango(date, date)`.execute(db);
  await sql`drop function mes_negocio(timestamptz)`.execute(db);
  await sql`drop function mes_numero(timestamp)`.execute(db);
}
