import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { FileMigrationProvider, Migrator } from 'kysely/migration';

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrarAlUltimo(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, 'migrations') }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const fallida = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`La migración ${fallida?.migrationName ?? ''} falló`, { cause: error });
  }
}
