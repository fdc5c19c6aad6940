import path from 'node:path';

/** Folder for everything the server keeps on disk: embedded PostgreSQL, token secret, outbox. */
export const RAIZ_PROYECTO = path.resolve(import.meta.dirname, '../../..');

export interface Config {
  /** PostgreSQL URL; when unset the server starts embedded PostgreSQL in `dataDir/postgres`. */
  databaseUrl: string | undefined;
  /**
   * A read replica's URL (`DATABASE_URL_LECTURA`): the reports (dashboard, month closing's lists and exports, production
   * indicators, aged receivables, the audit trail) read there when set, so they never load the primary. Unset: the primary.
   */
  databaseUrlLectura: string | undefined;
  port: number;
  host: string;
  dataDir: string;
  /** HS256 secret for session tokens; read from `dataDir/token-secret` when unset. */
  tokenSecret: string | undefined;
  /** Lifetime of a session token, in hours. */
  tokenHoras: number;
  /** Login attempts allowed per IP in 5 minutes, and failed attempts per e-mail in 15 minutes. */
  ingresoMaxPorIp: number;
  ingresoMaxFallidosPorEmail: number;
  /**
   * TRUST_PROXY: which proxies' `X-Forwarded-For` names the client (Fastify's trustProxy): a comma list of addresses
   * or CIDR ranges. Unset: none, the socket's address is the client's. Behind a load balancer it must be set, or
   * every user has the proxy's address (one login limit for the whole chain).
   */
  trustProxy: string[] | false;
  /** Folder with the built web app to serve, if any. */
  webDir: string | undefined;
  embeddedPort: number;
  /** EMBEDDED_PG_DESECHABLE=1: the embedded PostgreSQL runs without fsync (db/embedded.ts `desechable`); the journeys' throwaway server only. */
  embeddedDesechable: boolean;
  /** PostgreSQL session limits of the app's connections (db/database.ts), ms. */
  baseDatos: LimitesBaseDatos;
  /** Whether this instance runs the background workers (plugins/trabajos.ts); TRABAJOS_ACTIVOS=0 makes it API-only. */
  trabajosActivos: boolean;
  /** Longest wait for an e-invoicing provider's answer (DIAN's web service, Siigo), ms; then the send is retried. */
  feTiempoEsperaMs: number;
  /** How long a credit note waits before looking again at its invoice on its way to DIAN, s (FE_ESPERA_FACTURA_S). */
  feEsperaFacturaSegundos: number;
  /** Where attachments (supplier payment vouchers) are kept: lib/almacen-archivos.ts. */
  archivos: ConfigArchivos;
  /** METRICAS_TOKEN: `GET /api/metricas` answers only with `Authorization: Bearer <token>`; unset, only to the machine itself. */
  metricasToken: string | undefined;
  /** CORTE_PRESUPUESTO_MS: how long the cutting optimizer searches for a better plan, per job (decisions-corte). */
  presupuestoCorteMs: number;
}

export interface ConfigArchivos {
  /** The folder used when no bucket is configured: `dataDir/adjuntos` unless TABLERO_ADJUNTOS_DIR says otherwise. */
  carpeta: string;
  /** An S3-compatible bucket (AWS S3, MinIO, R2…), used instead of the folder when S3_BUCKET is set. */
  s3: ConfigS3 | null;
}

export interface ConfigS3 {
  bucket: string;
  /** Base URL of the service, path-style ('https://s3.us-east-1.amazonaws.com', 'http://minio:9000'). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The bucket settings when S3_BUCKET is set; the endpoint defaults to AWS's regional one. */
function leerS3(env: NodeJS.ProcessEnv): ConfigS3 | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  return {
    bucket,
    endpoint: (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

export interface LimitesBaseDatos {
  /** Longest a single statement may run before PostgreSQL cancels it (the request answers 503). */
  statementTimeoutMs: number;
  /** Longest a transaction may sit idle holding its locks before PostgreSQL ends its session. */
  idleInTransactionTimeoutMs: number;
  /** Longest the opening of one connection may take (PostgreSQL unreachable or hung) before the request answers 503. */
  connectionTimeoutMs: number;
  /**
   * Longest a request waits for a pooled connection while all of them are busy (a burst of bills of one store waiting
   * for its numbering row) before answering 503. Longer than the opening of one, shorter than the browser's wait.
   */
  esperaPoolMs: number;
  /** Connections per server instance. */
  maxConexiones: number;
}

function entero(valor: string | undefined, porDefecto: number): number {
  const numero = Number(valor);
  return valor !== undefined && valor !== '' && Number.isFinite(numero) && numero > 0 ? numero : porDefecto;
}

export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(RAIZ_PROYECTO, env.TABLERO_DATA_DIR ?? 'data');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseUrlLectura: env.DATABASE_URL_LECTURA || undefined,
    port: entero(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenHoras: entero(env.TOKEN_HORAS, 8),
    ingresoMaxPorIp: entero(env.INGRESO_MAX_POR_IP, 30),
    ingresoMaxFallidosPorEmail: entero(env.INGRESO_MAX_FALLIDOS_POR_EMAIL, 5),
    trustProxy: leerTrustProxy(env.TRUST_PROXY),
    // TABLERO_WEB_DIR: another build of the web app (parallel journey runs each build their own).
    webDir: path.resolve(RAIZ_PROYECTO, env.TABLERO_WEB_DIR || 'apps/web/dist'),
    embeddedPort: entero(env.EMBEDDED_PG_PORT, 54329),
    embeddedDesechable: env.EMBEDDED_PG_DESECHABLE === '1',
    baseDatos: {
      statementTimeoutMs: entero(env.PG_STATEMENT_TIMEOUT_MS, 15_000),
      idleInTransactionTimeoutMs: entero(env.PG_IDLE_TRANSACCION_MS, 30_000),
      connectionTimeoutMs: entero(env.PG_CONEXION_TIMEOUT_MS, 5_000),
      esperaPoolMs: entero(env.PG_ESPERA_POOL_MS, 25_000),
      maxConexiones: entero(env.PG_MAX_CONEXIONES, 10),
    },
    trabajosActivos: env.TRABAJOS_ACTIVOS !== '0',
    feTiempoEsperaMs: entero(env.FE_TIEMPO_ESPERA_MS, 30_000),
    feEsperaFacturaSegundos: entero(env.FE_ESPERA_FACTURA_S, 60),
    archivos: {
      carpeta: env.TABLERO_ADJUNTOS_DIR ? path.resolve(RAIZ_PROYECTO, env.TABLERO_ADJUNTOS_DIR) : path.join(dataDir, 'adjuntos'),
      s3: leerS3(env),
    },
    metricasToken: env.METRICAS_TOKEN?.trim() || undefined,
    presupuestoCorteMs: entero(env.CORTE_PRESUPUESTO_MS, 1000),
  };
}

/** TRUST_PROXY as Fastify takes it: the listed proxies, never 'trust everyone' (anyone could then forge an address). */
function leerTrustProxy(valor: string | undefined): string[] | false {
  const proxies = (valor ?? '').split(',').map((parte) => parte.trim()).filter((parte) => parte !== '');
  return proxies.length > 0 ? proxies : false;
}
