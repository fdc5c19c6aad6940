import { sql, type Kysely } from 'kysely';

// Product search moves to an in-memory index of the catalog (docs/decisions-productos.md,
// modules/productos/productos.indice.ts): PostgreSQL's full-text index needed 5–10 ms per search of several common
// words over 100,000 products. The index is rebuilt when this counter moves; a trigger moves it on every insert,
// delete, truncate or change of reference, name or group of a product, whoever writes, in the writer's transaction, so
// a reader that sees a change also sees the new counter. The generated search columns, their indexes and functions go.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table producto_version (
      id boolean primary key default true check (id),
      version bigint not null default 0
    )
  `.execute(db);
  await sql`insert into producto_version default values`.execute(db);
  await sql`
    create function producto_version_subir() returns trigger language plpgsql as $$
    begin
      update producto_version set version = version + 1;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger producto_version_cambio
    after insert or delete or update of referencia, nombre_producto, grupo_id, grupo_servicio_id on producto
    for each statement execute function producto_version_subir()
  `.execute(db);
  await sql`create trigger producto_version_vaciado after truncate on producto for each statement execute function producto_version_subir()`.execute(db);

  await sql`drop index producto_documento_busqueda_gin`.execute(db);
  await sql`drop index producto_referencia_busqueda_trgm`.execute(db);
  await sql`alter table producto drop column documento_busqueda, drop column referencia_busqueda`.execute(db);
  await sql`drop function tablero_consulta(text)`.execute(db);
  await sql`drop function tablero_palabras(text)`.execute(db);
  await sql`drop function tablero_normalizar(text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create function tablero_normalizar(texto text) returns text language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, texto)) $$
  `.execute(db);
  await sql`
    create function tablero_palabras(texto text) returns text language sql immutable parallel safe strict
    as $$ select trim(regexp_replace(tablero_normalizar(texto), '[^a-z0-9]+', ' ', 'g')) $$
  `.execute(db);
  await sql`
    create function tablero_consulta(texto text) returns tsquery language sql immutable parallel safe strict
    as $$
      select case when count(*) = 0 then null else string_agg(quote_literal(t) || ':*', ' & ')::tsquery end
        from unnest(string_to_array(tablero_palabras(texto), ' ')) as t
       where t <> ''
    $$
  `.execute(db);
  await sql`
    alter table producto
      add column documento_busqueda tsvector not null
        generated always as (to_tsvector('simple'::regconfig, tablero_palabras(referencia || ' ' || nombre_producto))) stored,
      add column referencia_busqueda text not null generated always as (tablero_normalizar(referencia)) stored
  `.execute(db);
  await sql`create index producto_documento_busqueda_gin on producto using gin (documento_busqueda)`.execute(db);
  await sql`create index producto_referencia_busqueda_trgm on producto using gin (referencia_busqueda gin_trgm_ops)`.execute(db);
  await sql`drop trigger producto_version_vaciado on producto`.execute(db);
  await sql`drop trigger producto_version_cambio on producto`.execute(db);
  await sql`drop function producto_version_subir()`.execute(db);
  await sql`drop table producto_version`.execute(db);
}
