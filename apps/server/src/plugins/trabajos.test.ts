import { connect, createServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { construirApp, usarEntorno } from '../../test/app';
import { puertoLibre } from '../../test/puertos';
import { crearDb, urlDeDb, type Database } from '../db/database';
import { actorSistema, ejecutarCasoDeUso } from '../db/transaccion';
import type { OpcionesEncolar, OpcionesTrabajos } from './trabajos';

const entorno = usarEntorno();

/** Workers that notice retries and expired jobs within a second or two, and close without a long wait. */
const RAPIDOS: OpcionesTrabajos = { trabajadores: true, sondeoSegundos: 0.5, supervisionSegundos: 1, esperaCierreSegundos: 1 };

const abiertas: { app: FastifyInstance; db?: Kysely<Database> }[] = [];
afterAll(async () => {
  for (const { app, db } of abiertas.reverse()) {
    await app.close();
    await db?.destroy();
  }
});

/** An app with workers on the test file's database (or on `db`), closed with the file. */
async function appConTrabajadores(opciones: OpcionesTrabajos = RAPIDOS, db: Kysely<Database> = entorno.db): Promise<FastifyInstance> {
  const app = await construirApp(db, {}, opciones);
  abiertas.push({ app, db: db === entorno.db ? undefined : db });
  await app.ready();
  return app;
}

const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function esperarHasta(condicion: () => boolean | Promise<boolean>, limiteMs = 10_000): Promise<void> {
  const limite = Date.now() + limiteMs;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error(`La condición no se cumplió en ${limiteMs} ms`);
    await pausa(50);
  }
}

/** Enqueues in a use case of its own, through the app without workers: an API-only instance enqueues too. */
function encolar(nombre: string, datos: object, opciones?: OpcionesEncolar): Promise<string | null> {
  return ejecutarCasoDeUso(entorno.db, actorSistema(), (trx) => entorno.app.trabajos.encolar(trx, nombre, datos, opciones));
}

interface FilaTrabajo {
  id: string;
  state: string;
  retry_count: number;
  data: unknown;
  output: { value?: { message?: string } } | null;
  espera_segundos: number;
}

async function trabajosDe(cola: string): Promise<FilaTrabajo[]> {
  const { rows } = await sql<FilaTrabajo>`
    select id, state, retry_count, data, output, extract(epoch from start_after - now())::float8 as espera_segundos
    from pgboss.job where name = ${cola} order by created_on, id`.execute(entorno.db);
  return rows;
}

describe('encolar', () => {
  it('a job enqueued in a use case that rolls back never exists; committed, it runs once with its data, at once', async () => {
    // Polling every 5 s: starting within a second means the commit's NOTIFY woke the worker.
    const app = await appConTrabajadores({ trabajadores: true });
    const corridas: { datos: unknown; id: string; intento: number; alInicio: number }[] = [];
    await app.trabajos.registrar<{ factura: number }>('prueba-transaccion', async (datos, trabajo) => {
      corridas.push({ datos, id: trabajo.id, intento: trabajo.intento, alInicio: Date.now() });
    });

    await expect(
      ejecutarCasoDeUso(entorno.db, actorSistema(), async (trx) => {
        await entorno.app.trabajos.encolar(trx, 'prueba-transaccion', { factura: 1 });
        throw new Error('El caso de uso falla después de encolar');
      }),
    ).rejects.toThrow('El caso de uso falla');

    const confirmado = Date.now();
    const id = await encolar('prueba-transaccion', { factura: 2 });
    expect(id).toEqual(expect.any(String));
    await esperarHasta(() => corridas.length > 0);
    await pausa(1000);

    expect(corridas).toEqual([{ datos: { factura: 2 }, id, intento: 1, alInicio: expect.any(Number) }]);
    expect(corridas[0]!.alInicio - confirmado).toBeLessThan(1500);
    expect(await trabajosDe('prueba-transaccion')).toMatchObject([{ id, state: 'completed', data: { factura: 2 } }]);
  });

  it('an instance without workers enqueues but runs nothing, even with a handler registered', async () => {
    let corrio = false;
    await entorno.app.trabajos.registrar('prueba-sin-trabajadores', async () => void (corrio = true));
    const id = await encolar('prueba-sin-trabajadores', { x: 1 });
    await pausa(1500);
    expect(corrio).toBe(false);
    expect(await trabajosDe('prueba-sin-trabajadores')).toMatchObject([{ id, state: 'created' }]);
  });

  it('a singletonKey enqueues one job while it is pending, and again once it ran', async () => {
    const ids = await ejecutarCasoDeUso(entorno.db, actorSistema(), async (trx) => [
      await entorno.app.trabajos.encolar(trx, 'prueba-unico', { n: 1 }, { singletonKey: 'documento-7' }),
      await entorno.app.trabajos.encolar(trx, 'prueba-unico', { n: 2 }, { singletonKey: 'documento-7' }),
      await entorno.app.trabajos.encolar(trx, 'prueba-unico', { n: 3 }, { singletonKey: 'documento-8' }),
      // Jobs without a key never collide.
      await entorno.app.trabajos.encolar(trx, 'prueba-unico', { n: 4 }),
      await entorno.app.trabajos.encolar(trx, 'prueba-unico', { n: 5 }),
    ]);
    expect(ids.map((id) => id !== null)).toEqual([true, false, true, true, true]);
    // Another transaction, later: still pending, still refused.
    expect(await encolar('prueba-unico', { n: 6 }, { singletonKey: 'documento-7' })).toBeNull();

    const app = await appConTrabajadores();
    const vistos: number[] = [];
    await app.trabajos.registrar<{ n: number }>('prueba-unico', async ({ n }) => void vistos.push(n));
    await esperarHasta(() => vistos.length === 4);
    expect(vistos.sort()).toEqual([1, 3, 4, 5]);

    expect(await encolar('prueba-unico', { n: 7 }, { singletonKey: 'documento-7' })).toEqual(expect.any(String));
    await esperarHasta(() => vistos.length === 5);
    expect(vistos.at(-1)).toBe(7);
  });
});

describe('retries', () => {
  it('a failing handler runs again with a growing attempt number until it succeeds, or until the retries are spent', async () => {
    const app = await appConTrabajadores();
    const intentos: Record<string, [number, boolean][]> = {};
    await app.trabajos.registrar<{ clave: string; exitoEn: number }>('prueba-reintentos', async ({ clave, exitoEn }, trabajo) => {
      (intentos[clave] ??= []).push([trabajo.intento, trabajo.ultimoIntento]);
      if (trabajo.intento < exitoEn) throw new Error(`Falla el intento ${trabajo.intento}`);
    });

    await encolar('prueba-reintentos', { clave: 'sale', exitoEn: 3 }, { reintentos: 3, esperaReintentoSegundos: 0 });
    await encolar('prueba-reintentos', { clave: 'nunca', exitoEn: 99 }, { reintentos: 2, esperaReintentoSegundos: 0 });
    await esperarHasta(async () => (await trabajosDe('prueba-reintentos')).every((t) => t.state === 'completed' || t.state === 'failed'));

    expect(intentos.sale).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(intentos.nunca).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect((await trabajosDe('prueba-reintentos')).map((t) => [t.state, t.retry_count])).toEqual([
      ['completed', 2],
      ['failed', 2],
    ]);
  });

  it('by default a failed run waits 10 to 20 s before its first retry (exponential backoff)', async () => {
    const app = await appConTrabajadores();
    let corridas = 0;
    await app.trabajos.registrar('prueba-espera', async () => {
      corridas++;
      throw new Error('Servidor no disponible');
    });
    await encolar('prueba-espera', {});
    await esperarHasta(async () => (await trabajosDe('prueba-espera'))[0]?.state === 'retry');
    const [trabajo] = await trabajosDe('prueba-espera');
    expect(trabajo!.espera_segundos).toBeGreaterThan(9);
    expect(trabajo!.espera_segundos).toBeLessThanOrEqual(20);
    expect(corridas).toBe(1);
  });
});

/** A TCP relay to PostgreSQL: cutting it is, for the database, the death of the process that connected through it. */
async function relevo(destino: URL) {
  const sockets = new Set<Socket>();
  const servidor = createServer((cliente) => {
    const servidorPg = connect(Number(destino.port), destino.hostname);
    for (const socket of [cliente, servidorPg]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    cliente.pipe(servidorPg).pipe(cliente);
  });
  const puerto = await puertoLibre();
  await new Promise<void>((resolve) => servidor.listen(puerto, '127.0.0.1', resolve));
  const url = new URL(destino);
  url.hostname = '127.0.0.1';
  url.port = String(puerto);
  return {
    url: url.toString(),
    cortar: () => {
      servidor.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('restarts and several instances', () => {
  it('a job whose instance died mid-run runs again on another instance once it expires', async () => {
    const via = await relevo(new URL(urlDeDb(entorno.db)!));
    const appA = await appConTrabajadores(RAPIDOS, crearDb(via.url));
    const corridas: [string, number][] = [];
    let empezo!: () => void;
    const empezoEnA = new Promise<void>((resolve) => (empezo = resolve));
    let soltar!: () => void;
    const colgado = new Promise<void>((resolve) => (soltar = resolve));
    await appA.trabajos.registrar('prueba-caida', async (_datos, trabajo) => {
      corridas.push(['A', trabajo.intento]);
      empezo();
      await colgado;
    });

    try {
      const id = await encolar('prueba-caida', { envio: 1 }, { expiraEnSegundos: 2, esperaReintentoSegundos: 0 });
      await empezoEnA;
      expect(await trabajosDe('prueba-caida')).toMatchObject([{ id, state: 'active' }]);
      // A dies mid-run: its connections vanish and it never writes again; the job stays 'active' in the database.
      via.cortar();

      // B's supervision (not A, which cannot write any more) finds the run expired and gives the job back.
      const appB = await appConTrabajadores();
      await esperarHasta(async () => (await trabajosDe('prueba-caida'))[0]?.state === 'retry');
      expect((await trabajosDe('prueba-caida'))[0]!.output).toEqual({ value: { message: 'job timed out' } });
      await appB.trabajos.registrar('prueba-caida', async (_datos, trabajo) => void corridas.push(['B', trabajo.intento]));
      await esperarHasta(() => corridas.length === 2, 15_000);
      expect(corridas).toEqual([
        ['A', 1],
        ['B', 2],
      ]);
      await esperarHasta(async () => (await trabajosDe('prueba-caida'))[0]?.state === 'completed');
    } finally {
      soltar();
    }
  });

  it('two instances on one database share the jobs and never run one twice', async () => {
    const corridas: { instancia: string; n: number }[] = [];
    const enCurso = new Set<number>();
    let repetidos = 0;
    for (const instancia of ['X', 'Y']) {
      const app = await appConTrabajadores();
      await app.trabajos.registrar<{ n: number }>(
        'prueba-dos',
        async ({ n }) => {
          if (enCurso.has(n)) repetidos++;
          enCurso.add(n);
          corridas.push({ instancia, n });
          await pausa(20);
          enCurso.delete(n);
        },
        { concurrencia: 3 },
      );
    }

    await ejecutarCasoDeUso(entorno.db, actorSistema(), async (trx) => {
      for (let n = 0; n < 30; n++) await entorno.app.trabajos.encolar(trx, 'prueba-dos', { n });
    });
    await esperarHasta(() => corridas.length >= 30);
    await pausa(1000);

    expect(repetidos).toBe(0);
    expect(corridas.map((c) => c.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(new Set(corridas.map((c) => c.instancia))).toEqual(new Set(['X', 'Y']));
    expect(new Set((await trabajosDe('prueba-dos')).map((t) => t.state))).toEqual(new Set(['completed']));
  });

  it('closing the app lets a short job finish, and gives back one that outlasts the wait', async () => {
    const app = await construirApp(entorno.db, {}, RAPIDOS);
    await app.ready();
    const empezados = new Set<string>();
    let soltar!: () => void;
    const colgado = new Promise<void>((resolve) => (soltar = resolve));
    await app.trabajos.registrar<{ ms: number | null }>(
      'prueba-cierre',
      async ({ ms }, trabajo) => {
        empezados.add(trabajo.id);
        if (ms === null) await colgado;
        else await pausa(ms);
      },
      { concurrencia: 2 },
    );
    const corto = await encolar('prueba-cierre', { ms: 400 });
    const largo = await encolar('prueba-cierre', { ms: null });
    await esperarHasta(() => empezados.size === 2);

    const inicio = Date.now();
    await app.close();
    const espera = Date.now() - inicio;
    soltar();

    expect(espera).toBeGreaterThanOrEqual(900);
    expect(espera).toBeLessThan(3000);
    const estados = Object.fromEntries((await trabajosDe('prueba-cierre')).map((t) => [t.id, t.state]));
    expect(estados).toEqual({ [corto!]: 'completed', [largo!]: 'retry' });
  });
});
