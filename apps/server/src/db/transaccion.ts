import { setTimeout as esperar } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Rol } from '@tablero/domain';
import { AppError } from '../lib/app-error';
import type { Database } from './database';

/**
 * An open transaction. Service and repository functions that write balances or several rows that must change
 * together take this type, not `Db`, so that calling them outside a transaction does not compile.
 */
export type Trx = Transaction<Database>;

/**
 * Who runs a use case, the one shape every service receives: the session's user, role and connection, and the store
 * of the request (null when it named none). Routes build it with `actorDe(request)`; work no person started (the demo
 * data) runs as ACTOR_SISTEMA, whose rows carry no user.
 */
export interface Actor {
  userId: number | null;
  role: Rol;
  codigoTienda: string | null;
  conexionId: number | null;
}

/** A person's actor: what a request always has. */
export interface ActorUsuario extends Actor {
  userId: number;
  conexionId: number;
}

/** The store a use case that needs one runs in; a route that declares `tienda: 'requerida'` always has it. */
export function tiendaDelActor(actor: Actor): string {
  if (!actor.codigoTienda) throw new AppError('TIENDA_REQUERIDA');
  return actor.codigoTienda;
}

/** The user a use case that must name one runs as (a sale's seller, a discount's requester or approver): never the system. */
export function usuarioDelActor(actor: Actor): number {
  if (actor.userId === null) throw new AppError('NO_AUTENTICADO');
  return actor.userId;
}

/** Tablero itself (demo data, maintenance): full rights, no user, no store unless given. */
export function actorSistema(codigoTienda: string | null = null): Actor {
  return { userId: null, role: 'SuperAdministrador', codigoTienda, conexionId: null };
}

/** SQLSTATEs after which the whole unit may simply run again: deadlock_detected and serialization_failure. */
const REINTENTABLES = new Set(['40P01', '40001']);

/** Attempts before giving up with a 409: a deadlock that survives four runs is a design error, not bad luck. */
export const INTENTOS_TRANSACCION = 4;

/**
 * Retries seen since the process started, by SQLSTATE. Not a business figure: the deadlock tests and the
 * closing notes read it to show that retries happen and stay rare.
 */
export const reintentosTransaccion: Record<string, number> = {};

function codigoSql(error: unknown): string | undefined {
  const codigo = (error as { code?: unknown } | null)?.code;
  return typeof codigo === 'string' ? codigo : undefined;
}

/**
 * Runs `trabajo` in one transaction and commits it, or rolls everything back. On a deadlock or a serialization
 * failure the whole unit runs again (up to INTENTOS_TRANSACCION times, after a short random pause so the two
 * writers do not collide again in step); if it still fails, the caller gets a Spanish 409 and nothing was saved.
 * `trabajo` must therefore be repeatable: no side effects outside the database (e-mail, files) inside it —
 * enqueue those as jobs in the same transaction instead.
 */
export async function enTransaccion<T>(db: Kysely<Database>, trabajo: (trx: Trx) => Promise<T>): Promise<T> {
  for (let intento = 1; ; intento++) {
    try {
      return await db.transaction().execute(trabajo);
    } catch (error) {
      const codigo = codigoSql(error);
      if (!codigo || !REINTENTABLES.has(codigo)) throw error;
      reintentosTransaccion[codigo] = (reintentosTransaccion[codigo] ?? 0) + 1;
      if (intento >= INTENTOS_TRANSACCION) throw new AppError('CONFLICTO_CONCURRENTE');
      // 5–25 ms, then 10–50 ms, 20–100 ms: enough for the other writer to commit, short for the user.
      await esperar(5 * 2 ** (intento - 1) * (1 + Math.random() * 4));
    }
  }
}

/**
 * A use case on behalf of `actor`: `enTransaccion` with the actor handed to the work, so services record who
 * did what and in which store without reading the request. Routes build the actor with `actorDe(request)`.
 */
export function ejecutarCasoDeUso<T, A extends Actor>(db: Kysely<Database>, actor: A, trabajo: (trx: Trx, actor: A) => Promise<T>): Promise<T> {
  return enTransaccion(db, (trx) => trabajo(trx, actor));
}
