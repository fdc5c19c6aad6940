import { sql, type Kysely } from 'kysely';

/**
 * Search that forgives accents and separators (docs/architecture.md §3), used by `db/busqueda.ts`:
 * - `sin_acentos(text)`: lower case without accents ('Gómez' → 'gomez'). PostgreSQL's `unaccent()` is only STABLE
 *   (it looks its dictionary up through the search_path), so it cannot appear in an index; this wrapper names the
 *   dictionary with its schema, which makes the result depend on the argument alone, and can be declared IMMUTABLE.
 * - `solo_digitos(text)`: the digits of a document number, so '900.123.456-7' and '9001234567' compare equal.
 * - Trigram GIN indexes on those expressions for the biggest lists (third parties, suppliers), so a
 *   `like '%…%'` search does not read the whole table.
 * Both extensions ship with PostgreSQL (contrib); creating them needs a role allowed to (the embedded server's
 * superuser is), or they must exist beforehand (docs/architecture.md §3).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // SQL-standard body: parsed once here, so the dictionary and the function are bound now, whatever the
  // search_path of the session that later uses it.
  await sql`
    create or replace function public.sin_acentos(texto text) returns text
      language sql immutable parallel safe strict
      return lower(public.unaccent('public.unaccent'::regdictionary, texto))
  `.execute(db);
  await sql`
    create or replace function public.solo_digitos(texto text) returns text
      language sql immutable parallel safe strict
      return regexp_replace(texto, '\\D', '', 'g')
  `.execute(db);

  for (const [nombre, tabla, expresion] of INDICES) {
    await sql`create index ${sql.id(nombre)} on ${sql.table(tabla)} using gin ((${sql.raw(expresion)}) public.gin_trgm_ops)`.execute(db);
  }
}

/** The searched columns of the biggest lists (terceros and its typeahead, cuentas crédito, proveedores). */
const INDICES: [nombre: string, tabla: string, expresion: string][] = [
  ['tercero_nombres_busqueda', 'tercero', 'public.sin_acentos(nombres)'],
  ['tercero_apellidos_busqueda', 'tercero', 'public.sin_acentos(apellidos)'],
  ['tercero_correo_busqueda', 'tercero', 'public.sin_acentos(correo_electronico)'],
  ['tercero_documento_busqueda', 'tercero', 'public.sin_acentos(numero_documento)'],
  ['tercero_documento_digitos', 'tercero', 'public.solo_digitos(numero_documento)'],
  ['proveedor_nombre_busqueda', 'proveedor', 'public.sin_acentos(nombre_proveedor)'],
  ['proveedor_nit_busqueda', 'proveedor', 'public.sin_acentos(nit)'],
  ['proveedor_nit_digitos', 'proveedor', 'public.solo_digitos(nit)'],
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const [nombre] of INDICES) await sql`drop index if exists ${sql.id(nombre)}`.execute(db);
  await sql`drop function if exists public.solo_digitos(text)`.execute(db);
  await sql`drop function if exists public.sin_acentos(text)`.execute(db);
  // The extensions stay: another object may use them, and creating them again may need a superuser.
}
