import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTercero } from '../../test/factories';
import { carpetaTemporal } from '../../test/postgres-temporal';
import { puertoLibre } from '../../test/puertos';
import { detenerServidorReal, iniciarServidorReal, type ServidorReal } from '../../test/servidor-real';
import { crearDb, type Database } from './database';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from './embedded';
import { migrarAlUltimo } from './migrate';
import { CLAVE_DEMO, cargarDatosDemo } from './seed/demo';
import { enTransaccion } from './transaccion';

/**
 * Database faults against the real server process and a real PostgreSQL (docs/architecture.md §3, database sessions):
 * backends terminated, PostgreSQL stopped and started again under 20 writers, a statement stuck on a lock, the server
 * killed with SIGKILL. The figures of each run are printed for the closing notes; the assertions are about behaviour.
 */

const ESCRITORES = 20;
const carpetas: string[] = [];

async function carpetaDeFallas(): Promise<string> {
  const carpeta = await carpetaTemporal('tablero-fallas-');
  carpetas.push(carpeta);
  return carpeta;
}

afterAll(async () => {
  await Promise.all(carpetas.map((carpeta) => rm(carpeta, { recursive: true, force: true })));
});

async function ingresar(servidor: ServidorReal): Promise<string> {
  const respuesta = await fetch(`${servidor.url}/api/ingreso`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@tablero.test', password: CLAVE_DEMO }),
  });
  expect(respuesta.status).toBe(200);
  return ((await respuesta.json()) as { data: { token: string } }).data.token;
}

type Resultado = { estado: number | 'red'; en: number; terceroId: number };

/** Waits for `condicion` (polled every 20 ms): the event a step needs, never a fixed time; fails after `limiteMs`. */
async function hasta(condicion: () => boolean | Promise<boolean>, que: string, limiteMs = 30_000): Promise<void> {
  const limite = Date.now() + limiteMs;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error(`No ocurrió en ${limiteMs} ms: ${que}`);
    await esperar(20);
  }
}

/** Every writer got a success answered after `desde`: the pool serves all of them again. */
const todosRespondieron = (resultados: Resultado[], clientes: number[], desde: number) => () =>
  clientes.every((id) => resultados.some((r) => r.terceroId === id && r.en > desde && r.estado === 200));

/**
 * `ESCRITORES` loops, each registering abonos of 1,000 for its own customer until `seguir()` says stop. Each answer
 * is kept with its time; a request that gets no answer in 10 s (a hang) or a broken connection counts as 'red'.
 */
function escritores(servidor: ServidorReal, token: string, clientes: number[], seguir: () => boolean) {
  const resultados: Resultado[] = [];
  const bucle = async (terceroId: number) => {
    while (seguir()) {
      try {
        const respuesta = await fetch(`${servidor.url}/api/terceros/${terceroId}/abono`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001', 'content-type': 'application/json' },
          body: JSON.stringify({ valor_abono: 1000, descripcion_abono: 'Abono de prueba de fallas' }),
          signal: AbortSignal.timeout(10_000),
        });
        await respuesta.arrayBuffer();
        resultados.push({ estado: respuesta.status, en: Date.now(), terceroId });
        if (respuesta.status !== 200) await esperar(50);
      } catch {
        resultados.push({ estado: 'red', en: Date.now(), terceroId });
        await esperar(50);
      }
    }
  };
  return { resultados, terminados: Promise.all(clientes.map(bucle)) };
}

/** Each customer's balance is the sum of its movements, and every answered abono left exactly one movement or more. */
async function revisarLibros(db: Kysely<Database>, clientes: number[], exitosos: number): Promise<void> {
  const filas = await db
    .selectFrom('tercero')
    .leftJoin('abono_tercero', 'abono_tercero.tercero_id', 'tercero.id')
    .select((eb) => [
      'tercero.id',
      'tercero.saldo_abono',
      eb.fn.coalesce(eb.fn.sum<string>('abono_tercero.valor_abono'), sql<string>`0`).as('suma'),
      eb.fn.count<string>('abono_tercero.id').as('movimientos'),
    ])
    .where('tercero.id', 'in', clientes)
    .groupBy(['tercero.id', 'tercero.saldo_abono'])
    .execute();
  for (const fila of filas) expect(Number(fila.saldo_abono)).toBe(Number(fila.suma));
  const movimientos = filas.reduce((total, fila) => total + Number(fila.movimientos), 0);
  // A commit whose acknowledgement was lost with the connection is saved but answered 503: never the reverse.
  expect(movimientos).toBeGreaterThanOrEqual(exitosos);
}

const contar = (resultados: Resultado[], estado: Resultado['estado']) => resultados.filter((r) => r.estado === estado).length;

describe('the server on an external PostgreSQL (DATABASE_URL)', () => {
  let postgres: PostgresEmbebido;
  let directorio: string;
  let puertoPg: number;
  let db: Kysely<Database>;
  let servidor: ServidorReal;
  let token: string;
  let clientes: number[];

  beforeAll(async () => {
    directorio = path.join(await carpetaDeFallas(), 'postgres');
    puertoPg = await puertoLibre();
    postgres = await iniciarPostgresEmbebido(directorio, puertoPg);
    await postgres.crearBaseDatos('tablero');
    db = crearDb(postgres.url('tablero'));
    await migrarAlUltimo(db);
    await enTransaccion(db, (trx) => cargarDatosDemo(trx));
    clientes = [];
    for (let i = 0; i < ESCRITORES; i++) clientes.push((await crearTercero(db)).id);
    servidor = await iniciarServidorReal({
      DATABASE_URL: postgres.url('tablero'),
      TOKEN_SECRET: 'secreto-de-las-pruebas-de-fallas',
      PG_STATEMENT_TIMEOUT_MS: '1500',
      PG_CONEXION_TIMEOUT_MS: '2000',
    });
    token = await ingresar(servidor);
  }, 120_000);

  afterAll(async () => {
    if (servidor) await detenerServidorReal(servidor);
    await db?.destroy();
    await postgres?.detener();
  });

  it('survives its connections being terminated under 20 writers: only those requests fail, with 503', async () => {
    let activo = true;
    const { resultados, terminados } = escritores(servidor, token, clientes, () => activo);
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    try {
      // Each round waits until every writer is saving again, so connections are busy when they are cut.
      let desde = Date.now();
      for (let ronda = 0; ronda < 3; ronda++) {
        await hasta(todosRespondieron(resultados, clientes, desde), `los ${ESCRITORES} escritores guardan (ronda ${ronda + 1})`);
        desde = Date.now();
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'tablero' and pid <> pg_backend_pid()`);
      }
      await hasta(todosRespondieron(resultados, clientes, desde), 'los escritores guardan de nuevo tras el último corte');
    } finally {
      activo = false;
      await terminados;
      await admin.end();
    }
    const estados = new Set(resultados.map((r) => r.estado));
    console.log(
      `[fallas] backends terminados 3 veces con ${ESCRITORES} escritores: ${resultados.length} solicitudes, ` +
        `${contar(resultados, 503)} con 503, ${contar(resultados, 500)} con 500, ${contar(resultados, 'red')} sin respuesta`,
    );
    expect([...estados].filter((estado) => estado !== 200 && estado !== 503)).toEqual([]);
    expect(servidor.proceso.exitCode).toBeNull();
    // The pool reconnected by itself: the last answer of every writer is a success.
    expect(resultados.slice(-ESCRITORES).every((r) => r.estado === 200)).toBe(true);
    await revisarLibros(db, clientes, contar(resultados, 200));
  }, 60_000);

  it('answers 503 while PostgreSQL is down and heals by itself when it is back, under 20 writers', async () => {
    await db.destroy();
    let activo = true;
    const { resultados, terminados } = escritores(servidor, token, clientes, () => activo);
    const inicio = Date.now();
    await hasta(todosRespondieron(resultados, clientes, inicio), `los ${ESCRITORES} escritores guardan`);
    await postgres.detener();
    const detenido = Date.now();
    // The writers meet the stopped database (their requests fail), and the health check says so.
    await hasta(() => resultados.some((r) => r.en > detenido && r.estado !== 200), 'una escritura falla con PostgreSQL detenido');
    const salud = await fetch(`${servidor.url}/api/salud`);
    expect(salud.status).toBe(503);
    expect(await salud.json()).toMatchObject({ code: 'BASE_DATOS_NO_DISPONIBLE' });

    postgres = await iniciarPostgresEmbebido(directorio, puertoPg);
    const reiniciado = Date.now();
    await hasta(todosRespondieron(resultados, clientes, reiniciado), 'los escritores guardan de nuevo tras el reinicio').catch(() => {});
    const primeraRespuesta = resultados.find((r) => r.en > reiniciado && r.estado === 200)?.en ?? null;
    activo = false;
    await terminados;
    db = crearDb(postgres.url('tablero'));

    const fallidas = resultados.filter((r) => r.estado !== 200);
    console.log(
      `[fallas] PostgreSQL detenido ${((reiniciado - detenido) / 1000).toFixed(1)} s con ${ESCRITORES} escritores: ` +
        `${resultados.length} solicitudes, ${fallidas.length} fallidas (${contar(resultados, 503)} con 503, ` +
        `${contar(resultados, 500)} con 500, ${contar(resultados, 'red')} sin respuesta); la API respondió de nuevo ` +
        `${primeraRespuesta === null ? 'nunca' : `${((primeraRespuesta - reiniciado) / 1000).toFixed(2)} s`} después del reinicio`,
    );
    expect(fallidas.every((r) => r.estado === 503)).toBe(true);
    expect(primeraRespuesta).not.toBeNull();
    expect(servidor.proceso.exitCode).toBeNull();
    expect(resultados.slice(-ESCRITORES).every((r) => r.estado === 200)).toBe(true);
    expect((await fetch(`${servidor.url}/api/salud`)).status).toBe(200);
    await revisarLibros(db, clientes, contar(resultados, 200));
  }, 90_000);

  it('ends a statement stuck behind a lock with 503 after the statement timeout instead of hanging', async () => {
    const bloqueo = new pg.Client({ connectionString: postgres.url('tablero') });
    await bloqueo.connect();
    try {
      await bloqueo.query('begin');
      await bloqueo.query('lock table tercero in access exclusive mode');
      const inicio = Date.now();
      const respuesta = await fetch(`${servidor.url}/api/terceros?page=1`, {
        headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001' },
        signal: AbortSignal.timeout(15_000),
      });
      const espera = Date.now() - inicio;
      console.log(`[fallas] consulta bloqueada respondió ${respuesta.status} en ${espera} ms (statement_timeout 1500 ms)`);
      expect(respuesta.status).toBe(503);
      expect(await respuesta.json()).toMatchObject({ code: 'BASE_DATOS_NO_DISPONIBLE' });
    } finally {
      await bloqueo.query('rollback');
      await bloqueo.end();
    }
    const despues = await fetch(`${servidor.url}/api/terceros?page=1`, { headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001' } });
    expect(despues.status).toBe(200);
  }, 30_000);
});

describe('the server on its embedded PostgreSQL', () => {
  let servidor: ServidorReal | null = null;

  afterAll(async () => {
    if (servidor) await detenerServidorReal(servidor);
  });

  it('starts again after being killed with SIGKILL, stopping the PostgreSQL it left running, and restarts a PostgreSQL that dies', async () => {
    const datos = await carpetaDeFallas();
    const env = { TABLERO_DATA_DIR: datos, EMBEDDED_PG_PORT: String(await puertoLibre()), TOKEN_SECRET: 'secreto-de-las-pruebas-de-fallas' };
    const archivoPid = path.join(datos, 'postgres', 'postmaster.pid');
    const pidPostgres = async () => Number((await readFile(archivoPid, 'utf8')).split('\n')[0]);
    const vivo = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };

    const primero = await iniciarServidorReal(env, 90_000);
    const huerfano = await pidPostgres();
    primero.proceso.kill('SIGKILL');
    await primero.termino;
    // Nothing stopped its PostgreSQL: it is still running on the data folder.
    expect(vivo(huerfano)).toBe(true);

    servidor = await iniciarServidorReal(env, 90_000);
    expect(servidor.salida()).toContain(`Se encontró un PostgreSQL embebido que quedó corriendo de un cierre anterior (pid ${huerfano})`);
    expect(vivo(huerfano)).toBe(false);
    expect((await fetch(`${servidor.url}/api/salud`)).status).toBe(200);
    // The demo data of the first start is still there: the second start logs in with it.
    await ingresar(servidor);

    // PostgreSQL killed under the running server: requests answer 503, then it is started again by itself. The wait is
    // for that event (the server says it restarted it, and then answers 200), never for a time: a backend whose
    // postmaster was killed can still answer a query for a moment, so an early 200 says nothing.
    const matado = Date.now();
    process.kill(await pidPostgres(), 'SIGKILL');
    const reiniciado = () => servidor!.salida().includes('PostgreSQL embebido está de nuevo en servicio.');
    let sano = false;
    while (!sano && Date.now() - matado < 90_000) {
      const salud = await fetch(`${servidor.url}/api/salud`).catch(() => null);
      expect(salud, 'el servidor dejó de responder').not.toBeNull();
      expect([200, 503]).toContain(salud!.status);
      sano = salud!.status === 200 && reiniciado();
      if (!sano) await esperar(100);
    }
    console.log(`[fallas] PostgreSQL embebido muerto con SIGKILL: la API respondió de nuevo a los ${((Date.now() - matado) / 1000).toFixed(1)} s`);
    expect(servidor.salida()).toContain('PostgreSQL embebido se detuvo inesperadamente; reiniciándolo…');
    expect(sano).toBe(true);

    // Ctrl+C stops both.
    const pidFinal = await pidPostgres();
    await detenerServidorReal(servidor);
    servidor = null;
    // SIGTERM returns once the server has stopped its PostgreSQL: the postmaster is gone or about to be reaped.
    for (const limite = Date.now() + 30_000; vivo(pidFinal) && Date.now() < limite; ) await esperar(100);
    expect(vivo(pidFinal)).toBe(false);
    expect(existsSync(archivoPid)).toBe(false);
  }, 240_000);
});
