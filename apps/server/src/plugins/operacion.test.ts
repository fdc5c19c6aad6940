import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ERRORES } from '@tablero/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, configPrueba, construirApp, usarEntorno } from '../../test/app';
import { puertoLibre } from '../../test/puertos';
import { detenerServidorReal, iniciarServidorReal } from '../../test/servidor-real';
import { buildApp } from '../app';
import { crearDb, poolDeDb, urlDeDb, type Database } from '../db/database';
import { actorSistema, ejecutarCasoDeUso } from '../db/transaccion';

/** The health check, the request id and the Prometheus metrics (docs/architecture.md §11), on the real app and PostgreSQL. */
const entorno = usarEntorno();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function metricas(app: FastifyInstance, cabeceras: Record<string, string> = {}): Promise<string> {
  const respuesta = await app.inject({ method: 'GET', url: '/api/metricas', headers: cabeceras });
  expect(respuesta.statusCode).toBe(200);
  expect(respuesta.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return respuesta.body;
}

/** The value of one sample (`nombre{etiquetas}`) in the exposition text; 0 when absent. */
function valor(texto: string, muestra: string): number {
  const linea = texto.split('\n').find((l) => l.startsWith(`${muestra} `));
  return linea ? Number(linea.slice(muestra.length + 1)) : 0;
}

async function encolar(app: FastifyInstance, cola: string): Promise<void> {
  await ejecutarCasoDeUso(entorno.db, actorSistema(), (trx) => app.trabajos.encolar(trx, cola, { prueba: 1 }));
}

describe('GET /api/salud', () => {
  it('answers 200 without a session with the database, the jobs and the disk', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/salud' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['cache-control']).toBe('no-store');
    const { data } = respuesta.json();
    expect(data.base_datos.ok).toBe(true);
    expect(data.base_datos.ms).toBeGreaterThanOrEqual(0);
    expect(data.base_datos.ms).toBeLessThan(2000);
    expect(data.trabajos).toEqual({ ok: true, en_cola: expect.any(Number), fallidos_24h: expect.any(Number) });
    expect(data.disco.total_bytes).toBeGreaterThan(0);
    expect(data.disco.libre_bytes).toBeGreaterThan(0);
    expect(data.disco.libre_bytes).toBeLessThanOrEqual(data.disco.total_bytes);
    const discoBien = data.disco.libre_bytes >= 1024 ** 3 && data.disco.libre_bytes >= data.disco.total_bytes * 0.05;
    expect(data.disco.ok).toBe(discoBien);
    expect(data.estado).toBe(discoBien ? 'ok' : 'degradado');
  });

  it('counts the jobs waiting and the jobs failed in the last day', async () => {
    const antes = (await entorno.app.inject({ method: 'GET', url: '/api/salud' })).json().data.trabajos;
    await encolar(entorno.app, 'salud-prueba');
    await encolar(entorno.app, 'salud-prueba');
    await encolar(entorno.app, 'salud-prueba');
    // One of them fails for good an hour ago; another failed two days ago no longer counts.
    await sql`update pgboss.job set state = 'failed', completed_on = now() - interval '1 hour'
      where id = (select id from pgboss.job where name = 'salud-prueba' order by created_on limit 1)`.execute(entorno.db);
    await sql`update pgboss.job set state = 'failed', completed_on = now() - interval '2 days'
      where id = (select id from pgboss.job where name = 'salud-prueba' and state = 'created' order by created_on limit 1)`.execute(entorno.db);
    const despues = (await entorno.app.inject({ method: 'GET', url: '/api/salud' })).json().data.trabajos;
    expect(despues).toEqual({ ok: true, en_cola: antes.en_cola + 1, fallidos_24h: antes.fallidos_24h + 1 });
  });

  describe('with PostgreSQL unreachable', () => {
    const db = crearDb('postgres://postgres:tablero@127.0.0.1:9/nada', { connectionTimeoutMs: 500 });
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await construirApp(db);
    });
    afterAll(async () => {
      await app.close();
      await db.destroy();
    });

    it('answers 503 caido with the Spanish message, and still the disk', async () => {
      const respuesta = await app.inject({ method: 'GET', url: '/api/salud', headers: { 'x-request-id': 'balanceador-1' } });
      expect(respuesta.statusCode).toBe(503);
      const cuerpo = respuesta.json();
      expect(cuerpo).toMatchObject({
        message: ERRORES.BASE_DATOS_NO_DISPONIBLE.mensaje,
        code: 'BASE_DATOS_NO_DISPONIBLE',
        request_id: 'balanceador-1',
        data: { estado: 'caido', base_datos: { ok: false }, trabajos: { ok: false, en_cola: null, fallidos_24h: null } },
      });
      expect(cuerpo.data.disco.total_bytes).toBeGreaterThan(0);
    });
  });

  describe('with PostgreSQL hanging (accepts the connection, never answers)', () => {
    let mudo: Server;
    const sockets: Socket[] = [];
    let cerrando = false;
    let db: Kysely<Database>;
    let app: FastifyInstance;
    beforeAll(async () => {
      const puerto = await puertoLibre();
      mudo = createServer((socket) => (cerrando ? socket.destroy() : void sockets.push(socket)));
      await new Promise<void>((resolve) => mudo.listen(puerto, '127.0.0.1', resolve));
      // The pool would wait 5 s for a connection; the health check must not.
      db = crearDb(`postgres://postgres:tablero@127.0.0.1:${puerto}/nada`, { connectionTimeoutMs: 5_000 });
      app = await construirApp(db);
    });
    afterAll(async () => {
      // The pool's connections still waiting are ended, and any that arrives from now on.
      cerrando = true;
      for (const socket of sockets) socket.destroy();
      await app.close();
      await db.destroy().catch(() => {});
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mudo.close(resolve));
    });

    it('answers 503 caido within about 2 seconds', async () => {
      const inicio = Date.now();
      const respuesta = await app.inject({ method: 'GET', url: '/api/salud' });
      const ms = Date.now() - inicio;
      console.log(`[operacion] salud con PostgreSQL colgado: ${respuesta.statusCode} en ${ms} ms`);
      expect(respuesta.statusCode).toBe(503);
      expect(respuesta.json().data.estado).toBe('caido');
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(3000);
    });
  });
});

describe('request id', () => {
  it("echoes a sane client id and makes a UUID for a missing or unsafe one", async () => {
    const dado = await entorno.app.inject({ method: 'GET', url: '/api/salud', headers: { 'x-request-id': 'web.Ab-9_x' } });
    expect(dado.headers['x-request-id']).toBe('web.Ab-9_x');
    const sinId = await entorno.app.inject({ method: 'GET', url: '/api/salud' });
    expect(sinId.headers['x-request-id']).toMatch(UUID);
    const otro = await entorno.app.inject({ method: 'GET', url: '/api/salud' });
    expect(otro.headers['x-request-id']).not.toBe(sinId.headers['x-request-id']);
    for (const malo of ['a'.repeat(65), 'con espacio', 'linea\\nfalsa', '{"inyectado":1}', '']) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/salud', headers: { 'x-request-id': malo } });
      expect(respuesta.headers['x-request-id']).toMatch(UUID);
    }
    const largo = 'b'.repeat(64);
    expect((await entorno.app.inject({ method: 'GET', url: '/api/salud', headers: { 'x-request-id': largo } })).headers['x-request-id']).toBe(largo);
  });

  it('goes in every error body as request_id, equal to the header', async () => {
    const respuestas = await Promise.all([
      // 401 from the auth hook, 404 from the router, 404 from a bad path id, 422 from a schema, a malformed URL.
      entorno.app.inject({ method: 'GET', url: '/api/parametros', headers: { 'x-request-id': 'error-401' } }),
      entorno.app.inject({ method: 'GET', url: '/api/no-existe' }),
      entorno.app.inject({ method: 'POST', url: '/api/ingreso', payload: { email: 'no es correo', password: '' } }),
      entorno.app.inject({ method: 'GET', url: '/api/productos/%E0%A4%A' }),
    ]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([401, 404, 422, 404]);
    expect(respuestas[0]!.json().request_id).toBe('error-401');
    for (const respuesta of respuestas) {
      const cuerpo = respuesta.json();
      expect(cuerpo.message).toEqual(expect.any(String));
      expect(cuerpo.code).toEqual(expect.any(String));
      expect(cuerpo.request_id).toBe(respuesta.headers['x-request-id']);
    }
    expect(respuestas[2]!.json().errors).toBeTypeOf('object');
  });
});

describe('logs of the real server', () => {
  it('are pino JSON lines, each carrying the request id of its request', async () => {
    const servidor = await iniciarServidorReal(
      { DATABASE_URL: urlDeDb(entorno.db)!, LOG_LEVEL: 'info', TOKEN_SECRET: SECRETO_PRUEBA, TRABAJOS_ACTIVOS: '0' },
      90_000,
    );
    try {
      await fetch(`${servidor.url}/api/salud`, { headers: { 'x-request-id': 'traza-salud-1' } });
      const fallo = await fetch(`${servidor.url}/api/parametros`, { headers: { 'x-request-id': 'traza-401-1' } });
      expect(fallo.status).toBe(401);
      const generado = (await fetch(`${servidor.url}/api/no-existe`)).headers.get('x-request-id')!;
      const leerLineas = () =>
        servidor
          .salida()
          .split('\n')
          .filter((linea) => linea.startsWith('{') && linea.endsWith('}'))
          .map((linea) => JSON.parse(linea) as { level: number; reqId?: string; msg: string; time: number });
      // The answers came before their last log lines reached this process: wait for each request's 'request completed'.
      const ids = ['traza-salud-1', 'traza-401-1', generado];
      const completas = () => ids.every((id) => leerLineas().some((linea) => linea.reqId === id && linea.msg === 'request completed'));
      for (const limite = Date.now() + 30_000; !completas() && Date.now() < limite; ) await new Promise((resolve) => setTimeout(resolve, 20));
      const lineas = leerLineas();
      for (const id of ids) {
        const propias = lineas.filter((linea) => linea.reqId === id);
        // Fastify's 'incoming request' and 'request completed', at least.
        expect(propias.length, id).toBeGreaterThanOrEqual(2);
        expect(propias.map((linea) => linea.msg)).toContain('request completed');
      }
      // Every request log line names its request.
      const deSolicitudes = lineas.filter((linea) => /request/.test(linea.msg));
      expect(deSolicitudes.length).toBeGreaterThanOrEqual(6);
      expect(deSolicitudes.every((linea) => typeof linea.reqId === 'string' && linea.reqId.length > 0)).toBe(true);
      // A load balancer or systemd stops an instance with SIGTERM: it closes in order and ends with 0, not cut off.
      await detenerServidorReal(servidor);
      expect(await servidor.termino).toBe(0);
      expect(servidor.salida()).toContain('SIGTERM recibido: deteniendo Tablero');
    } finally {
      await detenerServidorReal(servidor);
    }
  }, 120_000);
});

describe('GET /api/metricas', () => {
  it('counts requests by route pattern, never by raw URL, with their duration', async () => {
    const antes = await metricas(entorno.app);
    const muestra = 'http_solicitudes_total{metodo="GET",ruta="/api/productos/:id",estado="401"}';
    const cuenta = 'http_duracion_segundos_count{metodo="GET",ruta="/api/productos/:id"}';
    const noEncontrada = 'http_solicitudes_total{metodo="GET",ruta="no_encontrada",estado="404"}';
    for (const id of [5, 6, 7]) await entorno.app.inject({ method: 'GET', url: `/api/productos/${id}` });
    await entorno.app.inject({ method: 'GET', url: '/api/ninguna/parte' });
    await entorno.app.inject({ method: 'GET', url: '/api/otra/parte/mas' });
    const despues = await metricas(entorno.app);
    expect(valor(despues, muestra) - valor(antes, muestra)).toBe(3);
    expect(valor(despues, cuenta) - valor(antes, cuenta)).toBe(3);
    expect(valor(despues, noEncontrada) - valor(antes, noEncontrada)).toBe(2);
    expect(despues).toContain('http_duracion_segundos_bucket{le="0.005",metodo="GET",ruta="/api/productos/:id"}');
    expect(despues).not.toContain('/api/productos/5');
    expect(despues).not.toContain('/api/ninguna');
  });

  it('has the job queue sizes, the event-loop lag and the process memory', async () => {
    await encolar(entorno.app, 'metricas-prueba');
    await encolar(entorno.app, 'metricas-prueba');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'metricas-prueba' and state in ('created', 'retry')`.execute(entorno.db);
    const texto = await metricas(entorno.app);
    expect(valor(texto, 'trabajos_en_cola{cola="metricas-prueba"}')).toBe(rows[0]!.n);
    expect(rows[0]!.n).toBe(2);
    expect(texto).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(texto).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(valor(texto, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(valor(texto, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts 5xx answers as errors by route and code', async () => {
    const db = crearDb('postgres://postgres:tablero@127.0.0.1:9/nada', { connectionTimeoutMs: 500 });
    const app = await construirApp(db);
    try {
      const muestra = 'http_errores_total{ruta="/api/salud",codigo="503"}';
      const antes = valor(await metricas(app), muestra);
      await app.inject({ method: 'GET', url: '/api/salud' });
      await app.inject({ method: 'GET', url: '/api/salud' });
      const texto = await metricas(app);
      expect(valor(texto, muestra) - antes).toBe(2);
      expect(valor(texto, 'http_solicitudes_total{metodo="GET",ruta="/api/salud",estado="503"}')).toBe(2);
      // The database does not answer, so the queue gauge is empty rather than the scrape failing.
      expect(texto).not.toMatch(/^trabajos_en_cola\{/m);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it("reports the connections of the app's own pool", async () => {
    const db = crearDb(urlDeDb(entorno.db)!, { maxConexiones: 3 });
    const pool = poolDeDb(db)!;
    const app = await buildApp({ db, config: configPrueba(), tokenSecret: SECRETO_PRUEBA });
    try {
      await Promise.all([1, 2, 3, 4].map(() => app.inject({ method: 'GET', url: '/api/salud' })));
      const texto = await metricas(app);
      expect(valor(texto, 'pg_pool_conexiones{estado="total"}')).toBe(pool.totalCount);
      expect(pool.totalCount).toBeGreaterThanOrEqual(1);
      expect(pool.totalCount).toBeLessThanOrEqual(3);
      // The scrape's own queue query may hold a connection while the counts are read: free ones are at most all.
      expect(valor(texto, 'pg_pool_conexiones{estado="libres"}')).toBeLessThanOrEqual(pool.totalCount);
      expect(texto).toMatch(/^pg_pool_conexiones\{estado="esperando"\} \d+$/m);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('without METRICAS_TOKEN answers only the machine itself, never a proxied or remote request', async () => {
    await metricas(entorno.app);
    const remota = await entorno.app.inject({ method: 'GET', url: '/api/metricas', remoteAddress: '10.0.0.7' });
    expect(remota.statusCode).toBe(404);
    expect(remota.json()).toMatchObject({ code: 'NO_ENCONTRADO', request_id: remota.headers['x-request-id'] });
    const proxy = await entorno.app.inject({ method: 'GET', url: '/api/metricas', headers: { 'x-forwarded-for': '200.1.2.3' } });
    expect(proxy.statusCode).toBe(404);
  });

  it('with METRICAS_TOKEN answers only with that bearer token, from anywhere', async () => {
    const app = await entorno.otraApp({ metricasToken: 'token-de-metricas-prueba' });
    const sinToken = await app.inject({ method: 'GET', url: '/api/metricas' });
    expect(sinToken.statusCode).toBe(404);
    expect(sinToken.body).not.toContain('http_solicitudes_total');
    const otroToken = await app.inject({ method: 'GET', url: '/api/metricas', headers: { authorization: 'Bearer token-de-metricas-prueb' } });
    expect(otroToken.statusCode).toBe(404);
    const texto = await metricas(app, { authorization: 'Bearer token-de-metricas-prueba' });
    expect(texto).toContain('# TYPE http_solicitudes_total counter');
    const remota = await app.inject({
      method: 'GET',
      url: '/api/metricas',
      remoteAddress: '10.0.0.7',
      headers: { authorization: 'Bearer token-de-metricas-prueba' },
    });
    expect(remota.statusCode).toBe(200);
  });

  it('is not in the API docs', async () => {
    const documento = await entorno.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(documento.statusCode).toBe(200);
    expect(Object.keys(documento.json().paths)).toContain('/api/salud');
    expect(Object.keys(documento.json().paths)).not.toContain('/api/metricas');
  });
});
