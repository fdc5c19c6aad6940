import { Kysely, PostgresDialect, sql, type Generated, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { Rol } from '@tablero/domain';
import { leerConfig, type LimitesBaseDatos } from '../config';
import { esErrorDeConexion } from './errores-db';
import type { MaestrosTables } from './tables/maestros';
import type { ProductosTables } from './tables/productos';
import type { TercerosTables } from './tables/terceros';
import type { CorteTables } from './tables/corte';

// Calendar dates stay 'YYYY-MM-DD' strings (no shift through the server's time zone);
// bigint counts come back as strings and are converted where read.
pg.types.setTypeParser(pg.types.builtins.DATE, (valor) => valor);

export interface TiendaTable {
  id: Generated<number>;
  codigo_tienda: string;
  nombre_tienda: string;
  activo: Generated<boolean>;
}

export interface UsuarioTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Rol;
  activo: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UsuarioTiendaTable {
  user_id: number;
  codigo_tienda: string;
}

export interface ParametroTable {
  codigo_parametro: string;
  valor_parametro: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ParametroHistorialTable {
  id: Generated<number>;
  codigo_parametro: string;
  valor_anterior: string | null;
  valor_nuevo: string;
  user_id: number | null;
  fecha: Generated<Date>;
}

export interface ConexionTable {
  id: Generated<number>;
  user_id: number;
  name_connection: string;
  user_agent: string;
  ip: string;
  fecha_registro: Generated<Date>;
  expira_en: Date;
  fecha_cierre: Date | null;
  cerrada_por: number | null;
}

export interface IntentoIngresoTable {
  id: Generated<number>;
  email: string;
  ip: string;
  exitoso: boolean;
  fecha: Generated<Date>;
}

/** A login limit's counter (sesion module): attempts under `clave` since `ventana_inicio`. */
export interface LimiteIngresoTable {
  clave: string;
  ventana_inicio: Generated<Date>;
  intentos: number;
}

/** Every table: the foundation's here, each area's in db/tables/<area>.ts. */
export interface Database extends MaestrosTables, ProductosTables, TercerosTables, CorteTables {
  tienda: TiendaTable;
  usuario: UsuarioTable;
  usuario_tienda: UsuarioTiendaTable;
  parametro: ParametroTable;
  parametro_historial: ParametroHistorialTable;
  conexion: ConexionTable;
  intento_ingreso: IntentoIngresoTable;
  limite_ingreso: LimiteIngresoTable;
}

/** A connection or an open transaction: service and repository functions accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The comment that opens a prepared statement's text, with its name. */
const MARCA_PREPARADA = /^\/\* preparada: ([a-z_]+) \*\//;

/**
 * A statement on the hot path, prepared once per connection under `nombre` and then only bound and executed:
 * parsing and planning the product page cost PostgreSQL four times its execution, and the session lookup of every
 * request six times (issue 4 item 7). The text must be the same on every call (values go in parameters), and each
 * name is used by one statement only.
 */
export function preparada<T>(nombre: string, consulta: RawBuilder<T>): RawBuilder<T> {
  if (!/^[a-z_]+$/.test(nombre)) throw new Error(`Nombre de sentencia preparada no válido: ${nombre}`);
  return sql<T>`/* preparada: ${sql.raw(nombre)} */ ${consulta}`;
}

/** A pg client that runs the statements marked by `preparada` as named (prepared) statements. */
class ClienteConPreparadas extends pg.Client {
  constructor(configuracion?: string | pg.ClientConfig) {
    super(configuracion);
    const consultar = this.query.bind(this) as (...argumentos: unknown[]) => unknown;
    // Kysely sends (text, values); only that form can carry the mark.
    (this as { query: unknown }).query = (texto: unknown, ...resto: unknown[]) => {
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
