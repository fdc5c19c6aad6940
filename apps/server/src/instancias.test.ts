import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORES } from '@tablero/domain';
import { construirApp, crearBaseDePrueba } from '../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuario,
  crearVenta,
  headers,
  iniciarSesion,
  type TiendaPrueba,
} from '../test/factories';
import { cerrarSockets, conectar, escuchar, esperarEvento } from '../test/tiempo-real';
import { crearDb, urlDeDb, type Database } from './db/database';

// Several instances behind a balancer (docs/despliegue.md §1, §10): two server instances on one database, each with its
// own pool, as two machines behind a load balancer would be. A is an API-only instance (TRABAJOS_ACTIVOS=0); B runs the
// workers and holds the Socket.IO clients. Whatever one instance learns must be known to the other, because the
// balancer sends each request to either: nothing may live only in one process's memory.

let dbA: Kysely<Database>;
let dbB: Kysely<Database>;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlB: string;
let tienda: TiendaPrueba;

/** The Socket.IO adapters LISTENing on the database (pg-boss's LISTEN of B's workers is not one of them). */
async function adaptadoresEscuchando(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and query ilike 'LISTEN %socket.io%' and state = 'idle'`.execute(dbA);
  return rows[0]!.n;
}

/** Polls `leer` until `listo`, for the work B's workers do in the background; fails after `ms`. */
async function esperarA<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 15_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dbA = await crearBaseDePrueba();
  // The same database through a pool of B's own, as another machine would open it.
  dbB = crearDb(urlDeDb(dbA)!);
  appA = await construirApp(dbA, {}, { trabajadores: false });
  appB = await construirApp(dbB, {}, { trabajadores: true, sondeoSegundos: 1 });
  await appA.ready();
  urlB = await escuchar(appB);
  // An event published before both adapters listen would prove nothing about the adapter.
  await esperarA(adaptadoresEscuchando, (n) => n >= 2, 10_000);
  tienda = await crearTienda(dbA);
});

afterAll(async () => {
  await Promise.all([appA?.close(), appB?.close()]);
  await Promise.all([dbA?.destroy(), dbB?.destroy()]);
});

afterEach(() => cerrarSockets());

const ingresar = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/ingreso', payload: { email, password } });

describe('two server instances on one database', () => {
  it('count the failed logins of one e-mail together: failures on A and on B add up to the limit', async () => {
    const usuario = await crearUsuario(dbA);
    // The limit is 5 failures per e-mail (INGRESO_MAX_FALLIDOS_POR_EMAIL): three on A, two on B.
    for (let i = 0; i < 5; i++) {
      const respuesta = await ingresar(i < 3 ? appA : appB, usuario.email, `mala-${i}`);
      expect(respuesta.statusCode, `intento ${i + 1}`).toBe(401);
    }
    // B saw only two failures itself; the sixth attempt is refused anyway, with the right password, on both.
    for (const app of [appB, appA]) {
      const respuesta = await ingresar(app, usuario.email, usuario.password);
      expect(respuesta.statusCode).toBe(429);
      expect(respuesta.json()).toMatchObject({ message: ERRORES.DEMASIADOS_INTENTOS.mensaje, code: 'DEMASIADOS_INTENTOS' });
    }
    // Another account is not affected on either instance.
    const otro = await crearUsuario(dbA);
    expect((await ingresar(appB, otro.email, otro.password)).statusCode).toBe(200);
  });

  it('accept on B a session opened on A, and refuse it on B once it was closed on A', async () => {
    const usuario = await crearUsuario(dbA, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const token = await iniciarSesion(appA, usuario.email, usuario.password);
    const misTiendas = () => appB.inject({ method: 'GET', url: `/api/maestros/tiendas/${usuario.id}/usuario`, headers: headers(token) });

    const antes = await misTiendas();
    expect(antes.statusCode, antes.body).toBe(200);
    expect(JSON.stringify(antes.json())).toContain(tienda.codigo_tienda);

    expect((await appA.inject({ method: 'POST', url: '/api/salir', headers: headers(token) })).statusCode).toBe(200);
    const despues = await misTiendas();
    expect(despues.statusCode).toBe(401);
    expect(despues.json()).toMatchObject({ code: 'SESION_EXPIRADA', message: ERRORES.SESION_EXPIRADA.mensaje });
  });

  it('deliver to a Socket.IO client of B the event of a write made through A', async () => {
    const aprobador = await crearUsuario(dbA, { role: 'Administrador', tiendas: [tienda.codigo_tienda] });
    const vendedor = await crearUsuario(dbA, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const cliente = await crearTercero(dbA);
    const impuesto = await crearImpuesto(dbA);
    const proveedor = await crearProveedor(dbA);
    const producto = await crearProducto(dbA, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, tiendas: [{ codigo_tienda: tienda.codigo_tienda }] });

    // The approver's screen is connected to B (its own session, opened on B).
    const socket = await conectar(urlB, await iniciarSesion(appB, aprobador.email, aprobador.password));
    const llega = esperarEvento(socket, 'descuentos:pendientes');
    // The seller asks for a discount through A.
    const solicitud = await appA.inject({
      method: 'POST',
      url: '/api/descuentos/solicitar/guardar',
      headers: headers(await iniciarSesion(appA, vendedor.email, vendedor.password), tienda.codigo_tienda),
      payload: { porcentaje_descuento: 5, tercero_id: cliente.id, producto_id: producto.id, cantidad_solicitada: 1, precio_unitario: 100, sub_total: 100 },
    });
    expect(solicitud.statusCode, solicitud.body).toBe(200);
    expect(await llega).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 1 });
  });

  it('run on B (with workers) a job enqueued through A (without them)', async () => {
    const superAdmin = await crearUsuario(dbA, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    const vendedor = await crearUsuario(dbA, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const cliente = await crearTercero(dbA);
    const venta = await crearVenta(dbA, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, estado_venta_id: 2 });
    // An invoice DIAN accepted, whose XML is not built: the cheapest run of the e-mail job (fe-correo), which records
    // the e-mail as failed without rendering a PDF. What matters here is who runs it.
    const documento = await dbA
      .insertInto('documento_fe')
      .values({ venta_id: venta.id, tipo: 'FACTURA', numero: `FE${venta.id}`, estado: 'ACEPTADA' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const respuesta = await appA.inject({
      method: 'POST',
      url: `/api/facturas/${venta.id}/enviar-email-fe`,
      headers: headers(await iniciarSesion(appA, superAdmin.email, superAdmin.password), tienda.codigo_tienda),
      payload: { venta_id: venta.id, lista_email: 'compras@cliente.co' },
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);

    const correo = await esperarA(
      () => dbA.selectFrom('correo_fe').select(['estado', 'mensaje']).where('documento_fe_id', '=', documento.id).executeTakeFirstOrThrow(),
      (fila) => fila.estado !== 'PENDIENTE',
    );
    expect(correo).toEqual({ estado: 'ERROR', mensaje: 'El documento electrónico no está construido' });
    // pg-boss records it as done once the handler returned (a moment after the e-mail row): A has no worker, so B ran it.
    const estados = await esperarA(
      async () => (await sql<{ state: string }>`select state from pgboss.job where name = 'fe-correo'`.execute(dbA)).rows.map((fila) => fila.state),
      (lista) => lista.length !== 1 || lista[0] !== 'active',
    );
    expect(estados).toEqual(['completed']);
  });

  it('find on B, at once, a product created and then renamed through A (the search index follows the catalog)', async () => {
    const bodega = await crearUsuario(dbA, { role: 'Bodega', tiendas: [tienda.codigo_tienda] });
    const impuesto = await crearImpuesto(dbA);
    const proveedor = await crearProveedor(dbA);
    const tokenA = await iniciarSesion(appA, bodega.email, bodega.password);
    const tokenB = await iniciarSesion(appB, bodega.email, bodega.password);
    const buscarEnB = async (texto: string) => {
      const respuesta = await appB.inject({ method: 'GET', url: `/api/productos?query=${encodeURIComponent(texto)}`, headers: headers(tokenB, tienda.codigo_tienda) });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      return (respuesta.json().data.productos.data as { id: number; nombre_producto: string }[]).map((p) => [p.id, p.nombre_producto]);
    };
    const cuerpo = (nombre: string) => ({
      referencia: 'INST-0001',
      nombre_producto: nombre,
      precio_unitario: '185000',
      cantidad: 3,
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      grupo_id: 1,
      linea_id: 1,
      medida_largo: 2440,
      medida_ancho: 2150,
    });

    // B builds its index before the product exists.
    expect(await buscarEnB('Zurbarán')).toEqual([]);
    const creado = await appA.inject({ method: 'POST', url: '/api/productos/crear', headers: headers(tokenA, tienda.codigo_tienda), payload: cuerpo('Tablero Zurbarán 18 mm') });
    expect(creado.statusCode, creado.body).toBe(200);
    const id = creado.json().data.id as number;
    expect(await buscarEnB('Zurbarán')).toEqual([[id, 'Tablero Zurbarán 18 mm']]);

    const editado = await appA.inject({ method: 'PUT', url: `/api/productos/${id}/editar`, headers: headers(tokenA, tienda.codigo_tienda), payload: cuerpo('Tablero Velázquez 18 mm') });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(await buscarEnB('Velázquez')).toEqual([[id, 'Tablero Velázquez 18 mm']]);
    expect(await buscarEnB('Zurbarán')).toEqual([]);
  });
});
