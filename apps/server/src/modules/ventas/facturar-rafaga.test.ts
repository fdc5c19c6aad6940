// A burst of bills in one store (docs/architecture.md §3, Pool): every bill waits for the store's numbering row while
// holding a pooled connection, so the bills beyond the pool's size wait for a free connection, longer than it takes
// to open one. They must wait their turn and all be billed, with consecutive numbers; a PostgreSQL that is gone still
// answers 503 at once.
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp, usarEntorno } from '../../../test/app';
import { puertoLibre } from '../../../test/puertos';
import { crearDb, poolDeDb, urlDeDb, type Database } from '../../db/database';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

const entorno = usarEntorno();

const EFECTIVO = 1;
const BILLS = 50;
/** A small pool, so the burst is many times its size, as 50 cashiers' bills are for the default 10 connections. */
const CONEXIONES = 4;
/** How long opening a connection may take: the numbering row is held longer than this. */
const APERTURA_MS = 2_000;

let tienda: TiendaPrueba;
let cajeros: UsuarioConSesion[];
let rango: { id: number };
let ventas: { id: number; total_venta: number }[] = [];
let db: Kysely<Database>;
let app: FastifyInstance;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(entorno.db);
  const productos = await Promise.all(
    [1, 2, 3].map(() =>
      crearProducto(entorno.db, {
        impuesto_id: impuesto.id,
        proveedor_id: proveedor.id,
        grupo_id: 4,
        linea_id: 8,
        precio_unitario: 12_500,
        tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 10_000, precio_unitario: 12_500 }],
      }),
    ),
  );
  rango = await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RAF', numero_desde: 1, numero_hasta: 10_000 });
  db = crearDb(urlDeDb(entorno.db)!, { maxConexiones: CONEXIONES, connectionTimeoutMs: APERTURA_MS, esperaPoolMs: 90_000 });
  app = await construirApp(db);
  cajeros = [];
  for (let n = 0; n < 5; n++) cajeros.push(await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] }));
  const cliente = await crearTercero(entorno.db);
  ventas = [];
  for (let n = 0; n < BILLS; n++) {
    ventas.push(
      await crearVentaConLineas(entorno.db, {
        codigo_tienda: tienda.codigo_tienda,
        cliente_id: cliente.id,
        vendedor_id: cajeros[0]!.id,
        lineas: productos.map((producto, k) => ({ producto_id: producto.id, cantidad: 1 + k, precio_unitario: 12_500, porcentaje_impuesto: 19 })),
      }),
    );
  }
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
});

describe('a burst of bills in one store', () => {
  it(`bills ${BILLS} sales at once with ${CONEXIONES} connections: each waits its turn, none answers an error, numbers are consecutive`, async () => {
    // The store's numbering row, held by another session for longer than the opening limit: the bills that reach it wait
    // on it holding their connections, and the rest wait for a free connection all that time.
    const bloqueo = new pg.Client({ connectionString: urlDeDb(entorno.db)! });
    await bloqueo.connect();
    await bloqueo.query('begin');
    await bloqueo.query('select id from rango_numeracion where id = $1 for update', [rango.id]);

    const respuestas = Promise.all(
      ventas.map((venta, n) =>
        app.inject({
          method: 'POST',
          url: `/api/facturas/${venta.id}/forma-pago`,
          headers: headers(cajeros[n % cajeros.length]!.token, tienda.codigo_tienda),
          payload: cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: venta.total_venta }]),
        }),
      ),
    );
    // The event: the pool is full and requests queue for a connection while bills wait on the row.
    const pool = poolDeDb(db)!;
    await expect.poll(() => pool.totalCount === CONEXIONES && pool.waitingCount > 0, { timeout: 15_000, interval: 20 }).toBe(true);
    await expect
      .poll(
        async () => {
          const { rows } = await bloqueo.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return Number(rows[0]!.n);
        },
        { timeout: 15_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    // Longer than opening a connection may take: the waiting ones must still be waiting, not failed.
    await new Promise((resuelto) => setTimeout(resuelto, APERTURA_MS + 1_000));
    await bloqueo.query('commit');
    await bloqueo.end();

    const todas = await respuestas;
    const porEstado = new Map<number, number>();
    for (const respuesta of todas) porEstado.set(respuesta.statusCode, (porEstado.get(respuesta.statusCode) ?? 0) + 1);
    const errores = todas.filter((respuesta) => respuesta.statusCode !== 200).map((respuesta) => respuesta.body);
    expect(errores).toEqual([]);
    expect(Object.fromEntries(porEstado)).toEqual({ 200: BILLS });

    const numeros = (
      await entorno.db
        .selectFrom('venta')
        .select('nro_factura_dian')
        .where('id', 'in', ventas.map((v) => v.id))
        .orderBy('nro_factura_dian')
        .execute()
    ).map((v) => v.nro_factura_dian);
    expect(numeros).toEqual(Array.from({ length: BILLS }, (_, n) => n + 1));
    const { siguiente_numero } = await entorno.db.selectFrom('rango_numeracion').select('siguiente_numero').where('id', '=', rango.id).executeTakeFirstOrThrow();
    expect(siguiente_numero).toBe(BILLS + 1);
  }, 120_000);

  describe('beyond what the connections can serve', () => {
    /** The wait for a free connection, short here; longer than opening one may take (APERTURA_MS), as in production. */
    const ESPERA_MS = APERTURA_MS + 500;
    let estrecha: Kysely<Database>;
    let appEstrecha: FastifyInstance;
    let pidEstrecha: number;
    beforeAll(async () => {
      estrecha = crearDb(urlDeDb(entorno.db)!, { maxConexiones: 1, connectionTimeoutMs: APERTURA_MS, esperaPoolMs: ESPERA_MS });
      appEstrecha = await construirApp(estrecha);
      // Its one connection opened before the test, so the test waits only on what it holds.
      pidEstrecha = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(estrecha)).rows[0]!.pid;
    });
    afterAll(async () => {
      await appEstrecha.close();
      await estrecha.destroy();
    });

    it('a bill that waits longer than the bound for a connection answers 503 "El servidor está ocupado…", writes nothing, and bills once one is free', async () => {
      const cliente = await crearTercero(entorno.db);
      const producto = (await entorno.db.selectFrom('venta_detalle').select('producto_id').where('venta_id', '=', ventas[0]!.id).executeTakeFirstOrThrow()).producto_id;
      // One after the other, so that the first has the lower id (the check below reads them by id).
      const crear = () =>
        crearVentaConLineas(entorno.db, {
          codigo_tienda: tienda.codigo_tienda,
          cliente_id: cliente.id,
          vendedor_id: cajeros[0]!.id,
          lineas: [{ producto_id: producto, cantidad: 1, precio_unitario: 12_500, porcentaje_impuesto: 19 }],
        });
      const primera = await crear();
      const segunda = await crear();
      const facturar = (venta: { id: number; total_venta: number }) =>
        appEstrecha.inject({
          method: 'POST',
          url: `/api/facturas/${venta.id}/forma-pago`,
          headers: headers(cajeros[1]!.token, tienda.codigo_tienda),
          payload: cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: venta.total_venta }]),
        });
      // The numbering row held elsewhere: the first bill waits on it holding the only connection.
      const bloqueo = new pg.Client({ connectionString: urlDeDb(entorno.db)! });
      await bloqueo.connect();
      await bloqueo.query('begin');
      await bloqueo.query('select id from rango_numeracion where id = $1 for update', [rango.id]);
      const primeraRespuesta = facturar(primera);
      // The event: that bill waits for the numbering row on the only connection (not another session's wait).
      await expect
        .poll(async () => (await bloqueo.query<{ espera: string | null }>('select wait_event_type as espera from pg_stat_activity where pid = $1', [pidEstrecha])).rows[0]?.espera, {
          timeout: 10_000,
          interval: 20,
        })
        .toBe('Lock');

      const inicio = Date.now();
      const segundaRespuesta = await facturar(segunda);
      expect(segundaRespuesta.statusCode).toBe(503);
      expect(segundaRespuesta.json()).toMatchObject({ code: 'SERVICIO_OCUPADO', message: 'El servidor está ocupado en este momento. Intente de nuevo en unos segundos' });
      // It waited its bound, not the opening's limit nor forever.
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(ESPERA_MS - 50);

      await bloqueo.query('commit');
      await bloqueo.end();
      expect((await primeraRespuesta).statusCode).toBe(200);
      const estados = await entorno.db.selectFrom('venta').select(['id', 'estado_venta_id']).where('id', 'in', [primera.id, segunda.id]).orderBy('id').execute();
      expect(estados).toEqual([
        { id: primera.id, estado_venta_id: 2 },
        { id: segunda.id, estado_venta_id: 1 },
      ]);
      expect(await entorno.db.selectFrom('venta_forma_pago').select('id').where('venta_id', '=', segunda.id).execute()).toEqual([]);
      // Once a connection is free, the same bill goes through.
      expect((await facturar(segunda)).statusCode).toBe(200);
    }, 60_000);
  });

  describe('a PostgreSQL that accepts the connection and never answers', () => {
    let mudo: Server;
    const sockets: Socket[] = [];
    let cerrando = false;
    let colgada: Kysely<Database>;
    let appColgada: FastifyInstance;
    beforeAll(async () => {
      const puerto = await puertoLibre();
      mudo = createServer((socket) => (cerrando ? socket.destroy() : void sockets.push(socket)));
      await new Promise<void>((resuelto) => mudo.listen(puerto, '127.0.0.1', resuelto));
      colgada = crearDb(`postgres://postgres:tablero@127.0.0.1:${puerto}/nada`, { connectionTimeoutMs: APERTURA_MS, esperaPoolMs: 20_000 });
      appColgada = await construirApp(colgada);
    });
    afterAll(async () => {
      // The connections still opening are ended, and any that arrives from now on.
      cerrando = true;
      for (const socket of sockets) socket.destroy();
      await appColgada.close();
      await colgada.destroy().catch(() => {});
      await new Promise((resuelto) => mudo.close(resuelto));
    });

    it('answers 503 when opening the connection fails, without the long wait for a free one', async () => {
      const inicio = Date.now();
      const respuesta = await appColgada.inject({ method: 'POST', url: '/api/ingreso', payload: { email: 'nadie@tablero.test', password: 'x' } });
      expect(respuesta.statusCode).toBe(503);
      expect(respuesta.json()).toMatchObject({ code: 'BASE_DATOS_NO_DISPONIBLE' });
      // The opening's limit, not the pool's 20 s.
      expect(Date.now() - inicio).toBeLessThan(10_000);
    });
  });
});
