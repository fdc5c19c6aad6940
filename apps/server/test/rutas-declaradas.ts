import type { FastifyInstance, FastifySchema } from 'fastify';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { ZodType } from 'zod';
import type { Acceso } from '@tablero/domain';
import type { Database } from '../src/db/database';

/** One /api route as its module declared it: what plugins/auth.ts reads in its onRoute and onRequest hooks. */
export interface RutaDeclarada {
  method: string;
  url: string;
  acceso: Acceso | undefined;
  tienda: 'requerida' | 'opcional' | undefined;
  schema: FastifySchema | undefined;
}

/** Every API route of `app` but the OpenAPI pages (which declare no access and are not behind auth), HEAD apart. */
export function rutasDeclaradas(app: FastifyInstance): RutaDeclarada[] {
  const rutas = app.rutasRegistradas.flatMap((ruta) =>
    ([] as string[]).concat(ruta.method).map((method) => ({ method, url: ruta.url, acceso: ruta.config?.acceso, tienda: ruta.config?.tienda, schema: ruta.schema })),
  );
  const vistas = new Set<string>();
  return rutas.filter((ruta) => {
    const clave = `${ruta.method} ${ruta.url}`;
    const esApi = ruta.url.startsWith('/api/');
    if (!esApi || ruta.url.startsWith('/api/docs') || ruta.method === 'HEAD' || vistas.has(clave)) return false;
    vistas.add(clave);
    return true;
  });
}

/** The URL of a route with every path parameter replaced by `valor`. */
export function urlCon(url: string, valor: string | number): string {
  return url.replace(/:\w+/g, String(valor));
}

/**
 * A snapshot of the whole database, to show that a refused request wrote nothing: the exact row count of every table
 * (n_live_tup is an estimate) and a digest of the full rows of `tablasConFilas` (ledgers and records whose content, not
 * only their number, a write would change). One query per snapshot.
 */
export async function preparadorFoto(db: Kysely<Database>, tablasConFilas: readonly string[]): Promise<() => Promise<Map<string, string>>> {
  const tablas = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const conteos = tablas.rows.map(({ tablename }) => `select '${tablename}' as t, count(*)::text as v from public."${tablename}"`);
  const filas = tablasConFilas.map((t) => `select '${t}:filas' as t, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as v from public."${t}" x`);
  const consulta = [...conteos, ...filas].join(' union all ');
  return async () => {
    const { rows } = await sql<{ t: string; v: string }>`${sql.raw(consulta)}`.execute(db);
    return new Map(rows.map((fila) => [fila.t, fila.v]));
  };
}

/** What changed between two snapshots of preparadorFoto, one 'table: before → after' per change. */
export function diferenciasFoto(antes: Map<string, string>, despues: Map<string, string>): string[] {
  return [...despues].filter(([t, v]) => antes.get(t) !== v).map(([t, v]) => `${t}: ${antes.get(t)} → ${v}`);
}

/** Whether a route's schema part is a zod schema (the routes' own), which the fuzzers can walk. */
export function esZod(esquema: unknown): esquema is ZodType {
  return typeof esquema === 'object' && esquema !== null && '_zod' in esquema && 'safeParse' in esquema;
}

/** Values no field should take: each one a classic way to reach a 500 or a half-done write. */
export const MALOS: unknown[] = [
  '\u0000',
  'a\u0000b',
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  -1,
  0,
  1.5,
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '2147483648',
  'x'.repeat(10_000),
  '9'.repeat(400),
  '',
  ' ',
  null,
  true,
  [],
  {},
  [1, 'a', null],
  '2026-02-30',
  '../../etc/passwd',
  "'; drop table venta; --",
];

export function anidado(profundidad: number): unknown {
  let valor: unknown = { hoja: 'x' };
  // One path down, objects and arrays in turn (two branches per level would grow the body exponentially).
  for (let i = 0; i < profundidad; i++) valor = i % 2 === 0 ? { a: valor } : [valor];
  return valor;
}

export const malo = fc.oneof(fc.constantFrom(...MALOS), fc.string({ unit: 'binary', maxLength: 30 }), fc.double(), fc.integer());

/**
 * Bodies shaped after the schema (so validation is reached field by field, deep inside arrays of lines), with any
 * field missing and any leaf either plausible or bad.
 */
export function forma(esquema: ZodType, nivel = 0): fc.Arbitrary<unknown> {
  const def = (esquema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (nivel > 6) return malo;
  switch (def.type) {
    case 'object': {
      const campos = def.shape as Record<string, ZodType>;
      const modelo: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [clave, hijo] of Object.entries(campos)) modelo[clave] = forma(hijo, nivel + 1);
      return fc.record(modelo, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(forma(def.element as ZodType, nivel + 1), { maxLength: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return forma(def.innerType as ZodType, nivel);
    case 'pipe':
      return forma(def.in as ZodType, nivel);
    case 'union':
      return fc.oneof(...(def.options as ZodType[]).map((opcion) => forma(opcion, nivel + 1)));
    case 'intersection':
      return fc.oneof(forma(def.left as ZodType, nivel + 1), forma(def.right as ZodType, nivel + 1));
    case 'lazy':
      return forma((def.getter as () => ZodType)(), nivel + 1);
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)), malo);
    case 'literal':
      return fc.oneof(fc.constantFrom(...(def.values as unknown[])), malo);
    case 'string':
      return fc.oneof(fc.string({ maxLength: 12 }), malo);
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(fc.integer({ min: 1, max: 5 }), malo);
    case 'boolean':
      return fc.oneof(fc.boolean(), malo);
    default:
      return malo;
  }
}
