import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { BASE_DATOS_EMBEBIDA, estaVivo, iniciarPostgresEmbebido, urlEmbebida } from '../db/embedded';
import { ErrorRespaldo } from './manifiesto';

/** The database a backup reads or a restore writes, and how to let it go afterwards. */
export interface BaseDatosRespaldo {
  url: string;
  /** For the console: which database this is (never the password). */
  descripcion: string;
  /** Stops the embedded PostgreSQL when this command started it; nothing otherwise. */
  cerrar: () => Promise<void>;
}

/** The port of the PostgreSQL running on `directorio` (postmaster.pid: line 1 its pid, line 4 its port), or null. */
async function puertoEnMarcha(directorio: string): Promise<number | null> {
  const archivo = path.join(directorio, 'postmaster.pid');
  if (!existsSync(archivo)) return null;
  const lineas = (await readFile(archivo, 'utf8')).split('\n');
  const pid = Number(lineas[0]);
  const puerto = Number(lineas[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !estaVivo(pid) || !Number.isInteger(puerto) || puerto <= 0) return null;
  return puerto;
}

/** A URL for the console: host, port and database, without user or password. */
export function describirUrl(url: string): string {
  try {
    const leida = new URL(url);
    return `${leida.hostname}:${leida.port || '5432'}${leida.pathname}`;
  } catch {
    return '(URL no legible)';
  }
}

/**
 * DATABASE_URL when set. Otherwise the embedded database in `{dataDir}/postgres`: when a Tablero server is running on
 * it, its PostgreSQL is reached on the port of its lock file (the backup runs while the app keeps working); when not,
 * it is started for the duration of the command and stopped after. A backup never creates a cluster (there would be
 * nothing to back up); a restore does (a new installation restores before its first `npm start`).
 */
export async function abrirBaseDatos(config: Config, opciones: { crearSiFalta: boolean }): Promise<BaseDatosRespaldo> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, descripcion: `DATABASE_URL (${describirUrl(config.databaseUrl)})`, cerrar: async () => {} };
  }
  const directorio = path.join(config.dataDir, 'postgres');
  const puerto = await puertoEnMarcha(directorio);
  if (puerto !== null) {
    return { url: urlEmbebida(puerto, BASE_DATOS_EMBEBIDA), descripcion: `PostgreSQL embebido en marcha en ${directorio} (puerto ${puerto})`, cerrar: async () => {} };
  }
  if (!opciones.crearSiFalta && !existsSync(path.join(directorio, 'PG_VERSION'))) {
    throw new ErrorRespaldo(`No hay base de datos embebida en ${directorio}: nada que respaldar. Configure DATABASE_URL o TABLERO_DATA_DIR.`);
  }
  const embebido = await iniciarPostgresEmbebido(directorio, config.embeddedPort);
  try {
    if (embebido.esNuevo) await embebido.crearBaseDatos(BASE_DATOS_EMBEBIDA);
  } catch (error) {
    await embebido.detener();
    throw error;
  }
  return {
    url: embebido.url(BASE_DATOS_EMBEBIDA),
    descripcion: `PostgreSQL embebido en ${directorio} (iniciado para este comando)`,
    cerrar: () => embebido.detener(),
  };
}

/**
 * A fingerprint of the server's secret (TOKEN_SECRET, or `{dataDir}/token-secret`, read as lib/secreto.ts reads it but
 * never created here), or null when there is none yet. Only a hash travels in the manifest.
 */
export async function huellaSecreto(config: Config): Promise<string | null> {
  const archivo = path.join(config.dataDir, 'token-secret');
  const secreto = config.tokenSecret ?? (existsSync(archivo) ? (await readFile(archivo, 'utf8')).trim() : null);
  return secreto ? createHash('sha256').update(`tablero-respaldo:${secreto}`).digest('hex').slice(0, 16) : null;
}
