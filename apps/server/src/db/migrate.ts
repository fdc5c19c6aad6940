import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { FileMigrationProvider, Migrator } from 'kysely/migration';

/** This build's migrations folder. */
const MIGRACIONES = new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, 'migrations') });

/** A migrator over this build's migrations (the restore of a backup also migrates to a given one). */
export function migradorDe(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: MIGRACIONES });
}

/** The names of this build's migrations, in the order Kysely runs them (name order); reads the files only. */
export async function migracionesConocidas(): Promise<string[]> {
  return Object.keys(await MIGRACIONES.getMigrations()).sort();
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrarAlUltimo(db: Kysely<Database>): Promise<void> {
  const { error, results } = await migradorDe(db).migrateToLatest();
  const fallida = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`La migración ${fallida?.migrationName ?? ''} falló`, { cause: error });
  }
}
