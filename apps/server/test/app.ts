import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type OpcionesApp } from '../src/app';
import { leerConfig, type Config } from '../src/config';
import { crearDb, type Database } from '../src/db/database';

/** The tests' token secret: any token signed with another one is not ours. */
export const SECRETO_PRUEBA = 'secreto-de-pruebas-que-no-sale-de-los-tests';

/**
 * A database of its own for the calling test file, cloned from the run's migrated template
 * (test/global-setup.ts). Cloning takes a fraction of a second; migrating would take longer.
 */
export async function crearBaseDePrueba(): Promise<Kysely<Database>> {
  const { urlAdmin, plantilla } = inject('postgres');
  const nombre = `prueba_${randomUUID().replaceAll('-', '')}`;
  const cliente = new pg.Client({ connectionString: urlAdmin });
  await cliente.connect();
  try {
    await cliente.query(`CREATE DATABASE ${cliente.escapeIdentifier(nombre)} TEMPLATE ${cliente.escapeIdentifier(plantilla)}`);
  } finally {
    await cliente.end();
  }
  const url = new URL(urlAdmin);
  url.pathname = `/${nombre}`;
  return crearDb(url.toString());
}

/**
 * The server's defaults with test overrides. The per-IP login limit is lifted, since every injected
 * request comes from 127.0.0.1; the test of that limit builds an app with a small one.
 */
export function configPrueba(cambios: Partial<Config> = {}): Config {
  return { ...leerConfig({}), ingresoMaxPorIp: 10_000, ...cambios };
}

/**
 * The real app (no mocks) on `db`; not ready yet, so a test may still add routes before the first inject. Its
 * background workers run only when `trabajos` asks for them (jobs are enqueued either way).
 */
export function construirApp(db: Kysely<Database>, cambios: Partial<Config> = {}, trabajos?: OpcionesApp['trabajos']): Promise<FastifyInstance> {
  return buildApp({ db, config: configPrueba(cambios), tokenSecret: SECRETO_PRUEBA, trabajos });
}

export interface Entorno {
  db: Kysely<Database>;
  app: FastifyInstance;
  /** Another app on the same database (other config, or test-only routes); closed with the file. */
  otraApp: (cambios?: Partial<Config>) => Promise<FastifyInstance>;
}

/**
 * Gives the test file its database and app: filled in `beforeAll`, closed in `afterAll`.
 * Use it at the top of a file: `const entorno = usarEntorno();`, then `entorno.app`, `entorno.db` inside tests.
 */
export function usarEntorno(cambios: Partial<Config> = {}): Entorno {
  const apps: FastifyInstance[] = [];
  const entorno = {
    otraApp: async (otrosCambios: Partial<Config> = {}) => {
      const app = await construirApp(entorno.db, { ...cambios, ...otrosCambios });
      apps.push(app);
      return app;
    },
  } as Entorno;

  beforeAll(async () => {
    entorno.db = await crearBaseDePrueba();
    entorno.app = await entorno.otraApp();
  });

  afterAll(async () => {
    // A teardown that hangs fails the whole file after the hook's 60 s with no clue; this names the step still
    // running, and what keeps the process busy, while it waits.
    let paso = 'app.close';
    const inicio = Date.now();
    const vigia = setInterval(() => {
      const recursos = process.getActiveResourcesInfo().join(', ');
      console.error(`[usarEntorno] cierre lento: ${paso} lleva ${Math.round((Date.now() - inicio) / 1000)} s; recursos activos: ${recursos}`);
    }, 15_000);
    try {
      await Promise.all(apps.map((app) => app.close()));
      paso = 'db.destroy';
      await entorno.db?.destroy();
    } finally {
      clearInterval(vigia);
    }
  });

  return entorno;
}
