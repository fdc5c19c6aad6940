import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { crearDb } from '../src/db/database';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from '../src/db/embedded';
import { migrarAlUltimo } from '../src/db/migrate';
import { puertoLibre } from './puertos';

/** Name of the migrated database every test file clones (`CREATE DATABASE x TEMPLATE plantilla`). */
export const PLANTILLA = 'plantilla';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's embedded PostgreSQL: a URL to its maintenance database and the template's name. */
    postgres: { urlAdmin: string; plantilla: string };
  }
}


/**
 * Starts one embedded PostgreSQL for the whole run in a fresh temporary folder, creates and migrates
 * the template database, and hands its address to the test files. The teardown stops it and deletes the folder.
 */
export default async function setup(project: TestProject) {
  const carpeta = await mkdtemp(path.join(tmpdir(), 'tablero-test-'));
  // As root, PostgreSQL runs as the 'postgres' user, who must be able to reach the data folder inside.
  await chmod(carpeta, 0o755);

  let embebido: PostgresEmbebido | null = null;
  const detener = async () => {
    await embebido?.detener();
    embebido = null;
    await rm(carpeta, { recursive: true, force: true });
  };

  try {
    embebido = await iniciarPostgresEmbebido(path.join(carpeta, 'postgres'), await puertoLibre());
    await embebido.crearBaseDatos(PLANTILLA);
    const db = crearDb(embebido.url(PLANTILLA));
    try {
      await migrarAlUltimo(db);
    } finally {
      // The template must have no open connection when the test files clone it.
      await db.destroy();
    }
    project.provide('postgres', { urlAdmin: embebido.url('postgres'), plantilla: PLANTILLA });
  } catch (error) {
    await detener();
    throw error;
  }
  return detener;
}
