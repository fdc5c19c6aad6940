import { Kysely, PostgresDialect, sql, type Compilable, type RawBuilder, type Transaction } from 'kysely';
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
 * `valor` as a scalar subquery: an InitPlan, computed once per statement and not a constant to the planner. A prepared
 * statement that compares with it has the same plan whatever the word (db/busqueda.ts `patronesOpacos`, the billing
 * list's own patterns), and a bound that is an expression (`now() - …`) is computed once instead of for each row it
 * is compared with (the reserving condition, ventas/reservas.repository.ts).
 */
export function valorOpaco<T>(valor: RawBuilder<T> | T): RawBuilder<T> {
  return sql<T>`(select ${valor})`;
}

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

/**
 * A Kysely query run as the prepared statement `nombre` (see `preparada`): its rows. For the statements every bill
 * sends whose planning costs more than their execution (docs/decisions.md, "Una factura en pocas sentencias").
 */
export async function filasPreparadas<F>(db: Db, nombre: string, consulta: Compilable<F>): Promise<F[]> {
  return (await preparada(nombre, sql<F>`${consulta}`).execute(db)).rows;
}

/** Where a pool's lost connections are told (the app's log, once it gives it: avisarFallosDb). */
type AvisoFallo = (error: Error) => void;

/** A client's options as the pool hands them over: pg-pool gives each new client the whole pool configuration. */
interface ConfiguracionCliente extends pg.ClientConfig {
  avisarFallo?: AvisoFallo;
  /** How long opening this connection may take; the pool's own `connectionTimeoutMillis` is the wait for a free one. */
  esperaAperturaMs?: number;
}

/** A pg client that runs the statements marked by `preparada` as named (prepared) statements. */
class ClienteConPreparadas extends pg.Client {
  constructor(configuracion?: string | ConfiguracionCliente) {
    // pg-pool hands its `connectionTimeoutMillis` (the wait for a free connection, long) to every client it opens,
    // where pg reads it as the limit to open the connection; that one stays short, so a PostgreSQL that is gone still
    // answers 503 in PG_CONEXION_TIMEOUT_MS (docs/architecture.md §3, Pool).
    super(
      typeof configuracion === 'object' && configuracion.esperaAperturaMs !== undefined
        ? { ...configuracion, connectionTimeoutMillis: configuracion.esperaAperturaMs }
        : configuracion,
    );
    const consultar = this.query.bind(this) as (...argumentos: unknown[]) => unknown;
    const auditoria = new ContextoDeConexion();
    // Kysely sends (text, values); only that form can carry the mark.
    (this as { query: unknown }).query = (texto: unknown, ...resto: unknown[]) => {
      if (typeof texto === 'string') {
        // Who is writing, for the audit trail's trigger (contexto-auditoria.ts).
        const ajuste = auditoria.antesDe(texto);
        if (ajuste?.enTransaccion) {
          // A transaction's: local to it, in the begin's own round trip. A begin carries no parameters, so pg sends
          // it as a simple Query message, which may hold two statements and answers one result each (the caller gets
          // the begin's).
          const local = `${texto}; select set_config('tablero.auditoria', ${this.escapeLiteral(ajuste.valor)}, true)`;
          return (consultar(local) as Promise<pg.QueryResult[]>).then((resultados) => resultados[0]);
        }
        // A lone write's: on the session, queued before the statement on this same connection (pg sends them in
        // order); a failure here fails the statement after it the same way, so it is not awaited.
        if (ajuste !== null) void (consultar("select set_config('tablero.auditoria', $1, false)", [ajuste.valor]) as Promise<unknown>).catch(() => {});
      }
      const nombre = typeof texto === 'string' ? MARCA_PREPARADA.exec(texto)?.[1] : undefined;
      return nombre ? consultar({ name: nombre, text: texto, values: resto[0] }, ...resto.slice(1)) : consultar(texto, ...resto);
    };
    // A lost connection (pg_terminate_backend, a failover, PostgreSQL restarting) emits 'error' on its client, idle in
    // the pool or held by a request, where the pool does not listen: unheard, the event would end the process. This
    // listener lives as long as the client. It tells the loss once (a dying connection may emit twice); the running
    // statement fails with the same error (the request answers 503) and the pool discards the client, opening a new
    // one on the next query (docs/architecture.md §11).
    const avisar = typeof configuracion === 'object' ? configuracion.avisarFallo : undefined;
    let avisado = false;
    this.on('error', (error: Error) => {
      if (avisado) return;
      avisado = true;
      avisar?.(error);
    });
  }
}

/** Before the app gives its log: a lost connection is expected (a restart), anything else is printed. */
const avisoPorConsola: AvisoFallo = (error) => {
  if (!esErrorDeConexion(error)) console.error('PostgreSQL:', error.message);
};

/** Session limits and pool size of the app's connections; the defaults are the README's. */
export type OpcionesDb = Pick<LimitesBaseDatos, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs' | 'connectionTimeoutMs' | 'esperaPoolMs' | 'maxConexiones'>;

const OPCIONES_POR_DEFECTO: OpcionesDb = leerConfig({}).baseDatos;

/** The URL each database of crearDb connects to, and its pool. */
const URLS = new WeakMap<Kysely<Database>, string>();
const POOLS = new WeakMap<Kysely<Database>, pg.Pool>();
const AVISOS = new WeakMap<Kysely<Database>, { avisar: AvisoFallo }>();

/** The lost connections of `db`'s pool (made by crearDb) go to `avisar` from now on, instead of the console. */
export function avisarFallosDb(db: Kysely<Database>, avisar: AvisoFallo): void {
  const aviso = AVISOS.get(db);
  if (aviso) aviso.avisar = avisar;
}

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
  const aviso = { avisar: avisoPorConsola };
  const configuracion: pg.PoolConfig & ConfiguracionCliente = {
    connectionString: databaseUrl,
    max: limites.maxConexiones,
    Client: ClienteConPreparadas,
    // Without these a hung or unreachable PostgreSQL hangs every request: waiting for a connection, a
    // statement that never ends, a transaction left open holding its row locks. Two waits for a connection: opening
    // one (short: the database is gone) and getting a free one from a busy pool (long: a burst of one store's bills
    // queues on its numbering row, each holding a connection, and the rest wait their turn instead of failing).
    connectionTimeoutMillis: Math.max(limites.esperaPoolMs, limites.connectionTimeoutMs),
    esperaAperturaMs: limites.connectionTimeoutMs,
    statement_timeout: limites.statementTimeoutMs,
    idle_in_transaction_session_timeout: limites.idleInTransactionTimeoutMs,
    // A half-open TCP connection (the database host vanished) is noticed instead of waited on forever.
    keepAlive: true,
    avisarFallo: (error) => aviso.avisar(error),
  };
  const pool = new pg.Pool(configuracion);
  // An idle client whose connection ended is dropped by the pool, which then emits 'error' itself: unheard, that
  // would end the process. The client's own listener already told it (ClienteConPreparadas).
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  URLS.set(db, databaseUrl);
  POOLS.set(db, pool);
  AVISOS.set(db, aviso);
  return db;
}
