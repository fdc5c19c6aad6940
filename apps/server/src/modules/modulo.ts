import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/** A table of the database (every module declares its own in `<module>.tablas.ts`). */
export type Tabla = keyof Database & string;

/**
 * A server module's manifest, exported by its door (`modules/<name>/index.ts`) and listed once in `modules/index.ts`.
 * The boundary test (`modules/fronteras.test.ts`) holds it to the code: every table has one owner, every write of the
 * module's sources lands on a table it owns or declares in `escribeEn`, and the modules it imports are in `dependeDe`.
 */
export interface ModuloServidor {
  /** The folder's name, the spec's word (`terceros`, `cuentas-credito`). */
  readonly nombre: string;
  /** Registers the module's HTTP routes; the app mounts it under `/api`. None for a module without routes. */
  readonly rutas?: (app: FastifyInstance) => Promise<void>;
  /** The tables the module owns: only it writes them (others read them, or call its service). */
  readonly tablas: readonly Tabla[];
  /** Other modules' tables, and the columns of each, that this module writes (a ledger's balance column). */
  readonly escribeEn: { readonly [T in Tabla]?: readonly (keyof Database[T] & string)[] };
  /** The modules whose doors this one imports; they come before it in MODULOS. */
  readonly dependeDe: readonly string[];
}

/** Declares a module's manifest (defaults: writes nothing of others, depends on nothing). */
export function definirModulo(
  modulo: Pick<ModuloServidor, 'nombre' | 'tablas'> & Partial<Pick<ModuloServidor, 'rutas' | 'escribeEn' | 'dependeDe'>>,
): ModuloServidor {
  return { escribeEn: {}, dependeDe: [], ...modulo };
}
