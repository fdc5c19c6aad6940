import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTercero } from '../../test/factories';
import { carpetaTemporal } from '../../test/postgres-temporal';
import { puertoLibre } from '../../test/puertos';
import { detenerServidorReal, iniciarServidorReal, type ServidorReal } from '../../test/servidor-real';
import { cerrarSockets, conectar } from '../../test/tiempo-real';
import { TRABAJO_ENVIAR_FE } from '../modules/factura-electronica';
import { ESQUEMA_TRABAJOS } from '../plugins/trabajos';
import { crearDb, type Database } from './database';
import { iniciarPostgresEmbebido, type PostgresEmbebido } from './embedded';
import { migrarAlUltimo } from './migrate';
import { CLAVE_DEMO, cargarDatosDemo } from './seed/demo';
import { enTransaccion } from './transaccion';

/**
 * Database faults against the real server process and a real PostgreSQL (docs/architecture.md §3, database sessions):
 * backends terminated, PostgreSQL stopped and started again under 20 writers, a statement stuck on a lock, the server
 * killed with SIGKILL, every backend of the app terminated 20 times under load. The figures of each run are printed for
 * the closing notes; the assertions are about behaviour.
 */

const ESCRITORES = 20;
/** Rounds of pg_terminate_backend on every connection of the app, under load. */
const RONDAS_TERMINACION = 20;
/** The application_name of the test's own connections, which the terminations spare. */
const PRUEBA = 'prueba-fallas';
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

/**
 * Waits for `condicion` (polled every 20 ms): the event a step needs, never a fixed time; fails after `limiteMs`. A
 * condition that throws (its own read met the database going away) is not met yet.
 */
async function hasta(condicion: () => boolean | Promise<boolean>, que: string, limiteMs = 30_000): Promise<void> {
  const limite = Date.now() + limiteMs;
  while (!(await Promise.resolve().then(condicion).catch(() => false))) {
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
      // Errors are printed, so that an unhandled rejection (logged, not fatal) can be counted.
      LOG_LEVEL: 'error',
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

  it('lives through every backend of the app terminated 20 times under load (writes, a live screen, jobs) and answers again after each', async () => {
    // The test's own connections (its reads and the job sender) carry this name and are spared: only the app's are cut.
    const urlPrueba = `${postgres.url('tablero')}?application_name=${PRUEBA}`;
    const observador = crearDb(urlPrueba);
    const cola = new PgBoss({ connectionString: urlPrueba, schema: ESQUEMA_TRABAJOS, max: 2, supervise: false, schedule: false, registerInstance: false, useListenNotify: false });
    cola.on('error', () => {});
    await cola.start();
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    admin.on('error', () => {});
    await admin.connect();
    const salidas: (number | null)[] = [];
    servidor.proceso.on('exit', (codigo) => salidas.push(codigo));
    const desdeSalida = servidor.salida().length;

    let activo = true;
    // A live screen: the store's approvers get 'descuentos:pendientes' after every discount request.
    const socket = await conectar(servidor.url, token);
    const eventos: number[] = [];
    let desconexiones = 0;
    socket.on('descuentos:pendientes', () => eventos.push(Date.now()));
    socket.on('disconnect', () => activo && desconexiones++);
    const producto = await observador.selectFrom('producto').select('id').where(sql<string>`lower(referencia)`, '=', 'mel-bl-18').executeTakeFirstOrThrow();

    // The load: writers of abonos, a discount requester (a write and an event), and jobs the app's workers run.
    const deEscritores = clientes.slice(0, 4);
    const { resultados, terminados } = escritores(servidor, token, deEscritores, () => activo);
    const descuentos: (Resultado & { inicio: number })[] = [];
    const pedirDescuentos = (async () => {
      while (activo) {
        const inicio = Date.now();
        try {
          const respuesta = await fetch(`${servidor.url}/api/descuentos/solicitar/guardar`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001', 'content-type': 'application/json' },
            body: JSON.stringify({ porcentaje_descuento: 5, tercero_id: clientes.at(-1), producto_id: producto.id, cantidad_solicitada: 1, precio_unitario: 1000, sub_total: '1000' }),
            signal: AbortSignal.timeout(10_000),
          });
          await respuesta.arrayBuffer();
          descuentos.push({ estado: respuesta.status, en: Date.now(), inicio, terceroId: 0 });
          if (respuesta.status !== 200) await esperar(50);
        } catch {
          descuentos.push({ estado: 'red', en: Date.now(), inicio, terceroId: 0 });
          await esperar(50);
        }
      }
    })();
    const estadoTrabajo = async (id: string) =>
      (await sql<{ state: string }>`select state from pgboss.job where id = ${id}`.execute(observador)).rows[0]?.state;
    const trabajos = { enviados: 0, completados: 0 };
    // A job whose run met a cut is retried later (backoff): the loop does not wait for it, it sends the next one.
    const enviarTrabajos = (async () => {
      while (activo) {
        try {
          const id = await cola.send(TRABAJO_ENVIAR_FE, { documentoId: 0, userId: null }, { singletonKey: randomUUID() });
          if (!id) throw new Error('Trabajo no encolado');
          trabajos.enviados++;
          await hasta(async () => !activo || ['completed', 'retry', 'failed'].includes((await estadoTrabajo(id)) ?? ''), 'el trabajo termina', 10_000);
          if ((await estadoTrabajo(id)) === 'completed') trabajos.completados++;
        } catch {
          await esperar(50);
        }
      }
    })();

    const inicio = Date.now();
    const rondas: number[] = [];
    let cortados = 0;
    try {
      await hasta(todosRespondieron(resultados, deEscritores, inicio), 'la carga corre');
      for (let ronda = 1; ronda <= RONDAS_TERMINACION; ronda++) {
        const desde = Date.now();
        // The backends are chosen first (offset 0 keeps the planner from calling pg_terminate_backend on other rows).
        const { rows: terminadas } = await admin.query<{ pid: number; cortada: boolean }>(
          `select pid, pg_terminate_backend(pid) as cortada from (
             select pid from pg_stat_activity where datname = 'tablero' and pid <> pg_backend_pid() and application_name <> $1 offset 0
           ) as de_la_app`,
          [PRUEBA],
        );
        const pids = terminadas.filter((fila) => fila.cortada).map((fila) => fila.pid);
        cortados += pids.length;
        await hasta(async () => (await fetch(`${servidor.url}/api/salud`, { signal: AbortSignal.timeout(5_000) })).status === 200, `salud responde 200 (ronda ${ronda})`);
        await hasta(todosRespondieron(resultados, deEscritores, desde), `los escritores guardan de nuevo (ronda ${ronda})`);
        await hasta(
          () => descuentos.some((r) => r.inicio > desde && r.estado === 200 && eventos.some((t) => t >= r.inicio)),
          `un descuento se guarda y la pantalla en vivo recibe su evento (ronda ${ronda})`,
        );
        // The realtime adapter's LISTEN is back, once: on a connection this round did not end (a connection still
        // starting when the round came is not cut), and no second one left holding the adapter's pool.
        let escuchando: number[] = [];
        await hasta(async () => {
          const { rows } = await sql<{ pid: number }>`
            select pid from pg_stat_activity where datname = 'tablero' and query like 'LISTEN "socket.io#%' and state = 'idle'`.execute(observador);
          escuchando = rows.map((fila) => fila.pid);
          return escuchando.length === 1 && !pids.includes(escuchando[0]!);
        }, `el adaptador de tiempo real escucha de nuevo (ronda ${ronda})`).catch((error: Error) => {
          throw new Error(`${error.message}: conexiones con LISTEN ${JSON.stringify(escuchando)}`);
        });
        rondas.push(Date.now() - desde);
      }
      // pg-boss kept working: a job sent now runs to completion.
      const completadosAntes = trabajos.completados;
      await hasta(() => trabajos.completados > completadosAntes, 'un trabajo enviado tras la última ronda se completa');
    } finally {
      activo = false;
      cerrarSockets();
      await Promise.all([terminados, pedirDescuentos, enviarTrabajos]);
      await admin.end();
      await cola.stop({ graceful: false });
      await observador.destroy();
    }
    const todas = [...resultados.filter((r) => r.en > inicio), ...descuentos];
    const salida = servidor.salida().slice(desdeSalida);
    const sinManejar = (salida.match(/promesa rechazada sin manejar|Unhandled 'error' event|ERR_UNHANDLED_ERROR|uncaughtException/g) ?? []).length;
    console.log(
      `[fallas] backends de la app terminados ${RONDAS_TERMINACION} veces (${cortados} conexiones) bajo carga en ` +
        `${((Date.now() - inicio) / 1000).toFixed(1)} s: ${todas.length} solicitudes, ${contar(todas, 503)} con 503, ` +
        `${contar(todas, 500)} con 500, ${contar(todas, 'red')} sin respuesta; ${eventos.length} eventos en vivo; ` +
        `${trabajos.completados} de ${trabajos.enviados} trabajos completados; vuelta al servicio por ronda ` +
        `${Math.min(...rondas)}–${Math.max(...rondas)} ms; salidas del proceso ${salidas.length}, errores sin manejar ${sinManejar}`,
    );
    expect(salidas).toEqual([]);
    expect(servidor.proceso.exitCode).toBeNull();
    expect(sinManejar).toBe(0);
    expect(rondas).toHaveLength(RONDAS_TERMINACION);
    expect(desconexiones).toBe(0);
    expect([...new Set(todas.map((r) => r.estado))].filter((estado) => estado !== 200 && estado !== 503)).toEqual([]);
    await revisarLibros(db, deEscritores, contar(resultados, 200));
  }, 120_000);

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
