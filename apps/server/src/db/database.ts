import { Kysely, PostgresDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import { ContextoDeConexion } from './contexto-auditoria';
import pg from 'pg';
import { leerConfig, type LimitesBaseDatos } from '../config';
import { esErrorDeConexion } from './errores-db';

// Calendar dates stay 'YYYY-MM-DD' strings (no shift through the server's time zone);
// bigint counts come back as strings and are converted where read.
pg.types.setTypeParser(pg.types.builtins.DATE, (valor) => valor);

/**
 * Every table, assembled from the modules: each module declares the tables it owns in `modules/<name>/<name>.tablas.ts`
 * and merges them here (`declare module '../../db/database' { interface Database extends XTablas {} }`), so adding a
 * module's tables touches only its folder. Which module owns which table is in its manifest (modules/index.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

/** A connection or an open transaction: service and repository functions accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The comment that opens a prepared statement's text, with its name. */
const MARCA_PREPARADA = /^\/\* preparada: ([a-z0-9_]+) \*\//;

/**
 * A statement on the hot path, prepared once per connection under `nombre` and then only bound and executed: parsing
 * and planning the product page cost PostgreSQL four times its execution, and the session lookup of every request six
 * times (docs/decisions-productos.md, Búsqueda y rendimiento). The text must be the same on every call (values go in
 * parameters), and each name is used by one statement only.
 */
export function preparada<T>(nombre: string, consulta: RawBuilder<T>): RawBuilder<T> {
  if (!/^[a-z][a-z0-9_]*$/.test(nombre)) throw new Error(`Nombre de sentencia preparada no válido: ${nombre}`);
  return sql<T>`/* preparada: ${sql.raw(nombre)} */ ${consulta}`;
}

/** A pg client that runs the statements marked by `preparada` as named (prepared) statements. */
class ClienteConPreparadas extends pg.Client {
  constructor(configuracion?: string | pg.ClientConfig) {
    super(configuracion);
    const consultar = this.query.bind(this) as (...argumentos: unknown[]) => unknown;
    const auditoria = new ContextoDeConexion();
    // Kysely sends (text, values); only that form can carry the mark.
    (this as { query: unknown }).query = (texto: unknown, ...resto: unknown[]) => {
      if (typeof texto === 'string') {
        // Who is writing, for the audit trail's trigger: queued before the statement on this same connection (pg
        // sends them in order); a failure here fails the statement after it the same way, so it is not awaited.
        const contexto = auditoria.antesDe(texto);
        if (contexto !== null) void (consultar("select set_config('tablero.auditoria', $1, false)", [contexto]) as Promise<unknown>).catch(() => {});
      }
      const nombre = typeof texto === 'string' ? MARCA_PREPARADA.exec(texto)?.[1] : undefined;
      return nombre ? consultar({ name: nombre, text: texto, values: resto[0] }, ...resto.slice(1)) : consultar(texto, ...resto);
    };
    // A connection lost while a request holds this client (pg_terminate_backend, PostgreSQL restarting) emits
    // 'error' on the client, and the pool listens only to idle clients: unheard, the event would end the
    // process. The running query already fails with the same error (the request answers 503) and the pool
    // discards the client on release, since it is no longer queryable; nothing more to do here.
    this.on('error', () => {});
  }
}

/** Session limits and pool size of the app's connections; the defaults are the README's. */
export type OpcionesDb = Pick<LimitesBaseDatos, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs' | 'connectionTimeoutMs' | 'maxConexiones'>;

const OPCIONES_POR_DEFECTO: OpcionesDb = leerConfig({}).baseDatos;

/** The URL each database of crearDb connects to, and its pool. */
const URLS = new WeakMap<Kysely<Database>, string>();
const POOLS = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pg pool of `db` (made by crearDb), for the metrics' connection gauge; undefined for a Kysely made otherwise. */
export function poolDeDb(db: Kysely<Database>): Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> | undefined {
  return POOLS.get(db);
}

/**
 * The URL `db` (made by crearDb) connects to, for a connection of its own to the same database: the realtime
 * adapter's LISTEN holds one for as long as the app runs (plugins/tiempo-real.ts). Undefined for a Kysely made otherwise.
 */
export function urlDeDb(db: Kysely<Database>): string | undefined {
  return URLS.get(db);
}

export function crearDb(databaseUrl: string, opciones: Partial<OpcionesDb> = {}): Kysely<Database> {
  const limites = { ...OPCIONES_POR_DEFECTO, ...opciones };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limites.maxConexiones,
    Client: ClienteConPreparadas,
    // Without these a hung or unreachable PostgreSQL hangs every request: waiting for a connection, a
    // statement that never ends, a transaction left open holding its row locks.
    connectionTimeoutMillis: limites.connectionTimeoutMs,
    statement_timeout: limites.statementTimeoutMs,
    idle_in_transaction_session_timeout: limites.idleInTransactionTimeoutMs,
    // A half-open TCP connection (the database host vanished) is noticed instead of waited on forever.
    keepAlive: true,
  });
  // An idle pooled connection ended by the server (a restart, or the embedded server stopping on Ctrl+C before
  // the pool) emits 'error' on the pool; unhandled, it would crash the process. The pool drops that client and
  // opens a new one on the next query, so logging is enough.
  pool.on('error', (error) => {
    if (!esErrorDeConexion(error)) console.error('PostgreSQL:', error.message);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  URLS.set(db, databaseUrl);
  POOLS.set(db, pool);
  return db;
}
