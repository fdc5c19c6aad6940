import type { FastifyInstance } from 'fastify';
import type { Rol } from '@tablero/domain';
import type { Database, Db } from '../db/database';

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
  /** The realtime rooms its live screens listen to (docs/architecture.md §9); the realtime plugin joins them. */
  readonly salas?: readonly SalaTiempoReal[];
  /** Its room of the public namespace (a screen without login, the dispatch board on the shop's TV). */
  readonly canalPublico?: CanalPublico;
}

/**
 * A realtime room per store that a module offers: at the handshake every user whose role `admite` joins it for each of
 * their active stores; the module's routes emit to it after their commit (`app.tiempoReal.emitirASala`).
 */
export interface SalaTiempoReal {
  readonly sala: (codigoTienda: string) => string;
  readonly admite: (rol: Rol) => boolean;
}

/**
 * A store's room of the public namespace: a socket that names a store `admite` (an active one) joins that store's
 * room and nothing else; the module emits there with `app.tiempoReal.emitirPublico`.
 */
export interface CanalPublico {
  readonly sala: (codigoTienda: string) => string;
  readonly admite: (db: Db, codigoTienda: string) => Promise<boolean>;
}

/** Declares a module's manifest (defaults: owns no table, writes nothing of others, depends on nothing). */
export function definirModulo(
  modulo: Pick<ModuloServidor, 'nombre'> & Partial<Pick<ModuloServidor, 'rutas' | 'tablas' | 'escribeEn' | 'dependeDe' | 'salas' | 'canalPublico'>>,
): ModuloServidor {
  return { tablas: [], escribeEn: {}, dependeDe: [], ...modulo };
}
