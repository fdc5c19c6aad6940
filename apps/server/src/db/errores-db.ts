import { AppError } from '../lib/app-error';

/**
 * SQLSTATEs that mean "the database is not answering right now", not "this request is wrong": the connection was
 * ended (a restart, pg_terminate_backend), the server is starting or shutting down, it has no connection slot, or
 * a statement or an idle transaction ran out of time. Nothing was committed; the same call may simply be retried.
 */
const NO_DISPONIBLE = new Set([
  '57P01', // admin_shutdown: terminated by an administrator or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '08000', // connection_exception and its family
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Socket-level failures of node-postgres, which carry a Node error code or only a message. */
const CODIGOS_RED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const MENSAJES_RED = [
  /Connection terminated/i,
  /connection error/i,
  // A client's own limit to open its connection (pg's connectionTimeoutMillis; the pool's opening limit, database.ts).
  /^timeout expired$/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down)/i,
  // pg-boss's LISTEN connection, which it opens again by itself.
  /LISTEN\/NOTIFY (connection ended|heartbeat timed out|channel registration was lost)/i,
];

/**
 * pg-pool's refusal of a request that waited PG_ESPERA_POOL_MS for a free connection: every connection was busy with
 * other requests all that time. The database is healthy and busy, not gone (a connection that cannot be opened fails
 * sooner, with the opening's own limit: database.ts). docs/despliegue.md, "El techo de una instancia".
 */
const ESPERA_POOL_AGOTADA = /timeout exceeded when trying to connect/i;

function campo(error: unknown, nombre: string): string | undefined {
  const valor = (error as Record<string, unknown> | null)?.[nombre];
  return typeof valor === 'string' ? valor : undefined;
}

/** True when `error` says PostgreSQL could not be reached or dropped the connection. */
export function esErrorDeConexion(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const codigo = campo(error, 'code');
  if (codigo && (NO_DISPONIBLE.has(codigo) || CODIGOS_RED.has(codigo))) return true;
  return MENSAJES_RED.some((patron) => patron.test(error.message));
}

/**
 * The user's answer for an error raised by PostgreSQL or the driver, or null when it is not one we can name
 * (the error handler then answers a plain 500):
 * - every connection busy past the pool's wait → 503 'El servidor está ocupado…', retry;
 * - unreachable database → 503, retry;
 * - a value out of its column's range (22003) → 409: a total that would outgrow its balance column, or an id
 *   that no integer column can hold. Schemas refuse such input first; this is the net under them.
 */
export function traducirErrorBaseDatos(error: unknown): AppError | null {
  if (error instanceof Error && ESPERA_POOL_AGOTADA.test(error.message)) return new AppError('SERVICIO_OCUPADO');
  if (esErrorDeConexion(error)) return new AppError('BASE_DATOS_NO_DISPONIBLE');
  if (campo(error, 'code') === '22003') return new AppError('VALOR_EXCEDE_LIMITE');
  return null;
}
