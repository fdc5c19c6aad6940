import { ERRORES, type Acceso } from '@tablero/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usarEntorno } from '../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba } from '../../test/factories';
import { rutasRegistradas } from '../../test/rutas';
import { sesionDe, tiendaDe } from './auth';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let cerrada: TiendaPrueba;
let vendedor: UsuarioPrueba & { token: string };

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  cerrada = await crearTienda(entorno.db, { activo: false });
  vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, {
    role: 'Vendedor',
    tiendas: [tienda.codigo_tienda, cerrada.codigo_tienda],
  });
});

/** An app with test-only routes, added before it is ready. */
async function appConRutasDePrueba(): Promise<FastifyInstance> {
  const app = await entorno.otraApp();
  const responder = (request: Parameters<typeof sesionDe>[0]) => ({
    userId: sesionDe(request).userId,
    tienda: request.codigoTienda,
  });
  // Every /api route declares its answer (plugins/docs.ts).
  const schema = { response: { 200: z.object({ userId: z.number(), tienda: z.string().nullable() }) } };
  app.get('/api/prueba/con-tienda', { config: { acceso: 'autenticado', tienda: 'requerida' }, schema }, async (request) => ({
    ...responder(request),
    tienda: tiendaDe(request),
  }));
  app.get('/api/prueba/bodega', { config: { acceso: ['Bodega'] satisfies Acceso }, schema }, async (request) => responder(request));
  return app;
}

/** Every route behind a session: all /api routes but the docs, the login and the health check. */
async function rutasConSesion() {
  await entorno.app.ready();
  return rutasRegistradas(entorno.app).filter(
    // public/* routes (documents opened by link, ARCHITECTURE §4) are open by design; their tokens are checked by their module.
    (ruta) =>
      ruta.url.startsWith('/api/') &&
      !ruta.url.startsWith('/api/docs') &&
      !ruta.url.startsWith('/api/public/') &&
      !(ruta.method === 'POST' && ruta.url === '/api/ingreso') &&
      ruta.url !== '/api/salud' &&
      // The metrics have their own rule (a token, or the machine itself): plugins/operacion.test.ts.
      ruta.url !== '/api/metricas',
  );
}

describe('every /api route', () => {
  it('answers 401 without a token, except the login and the health check', async () => {
    const rutas = await rutasConSesion();
    // Guards against a parser that silently finds nothing: these known routes are all there.
    expect(rutas).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/salir' },
        { method: 'GET', url: '/api/maestros/tiendas/:userId/usuario' },
        { method: 'GET', url: '/api/parametros' },
        { method: 'GET', url: '/api/parametros/:codigo' },
        { method: 'POST', url: '/api/parametros/crear' },
        { method: 'PUT', url: '/api/parametros/:codigo/editar' },
        { method: 'GET', url: '/api/conexiones' },
        { method: 'PUT', url: '/api/conexiones/:id/editar' },
        { method: 'PUT', url: '/api/conexiones/:id/revocar' },
      ]),
    );
    for (const { method, url } of rutas) {
      const respuesta = await entorno.app.inject({
        method,
        url: url.replace(/:\w+/g, '1'),
        // Neither a store nor an invalid body changes the answer: the token is checked first.
        headers: { 'x-codigo-tienda': tienda.codigo_tienda },
      });
      expect(respuesta.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'HEAD') expect(respuesta.json(), `${method} ${url}`).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
    }
  });

  it('answers 403 to a store header the user does not belong to, even for SuperAdministrador', async () => {
    const superAdmin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    for (const { method, url } of await rutasConSesion()) {
      const respuesta = await entorno.app.inject({
        method,
        url: url.replace(/:\w+/g, '1'),
        headers: headers(superAdmin.token, ajena.codigo_tienda),
      });
      expect(respuesta.statusCode, `${method} ${url}`).toBe(403);
      if (method !== 'HEAD') expect(respuesta.json(), `${method} ${url}`).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
    }
  });

  it('lets the login through without a token', async () => {
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/ingreso', payload: {} });
    expect(respuesta.statusCode).toBe(422);
  });

  it('refuses to start when an /api route does not declare who may call it', async () => {
    const app = await entorno.otraApp();
    await expect(async () => {
      app.get('/api/sin-acceso', { schema: { response: { 200: z.object({ abierta: z.boolean() }) } } }, async () => ({ abierta: true }));
      await app.ready();
    }).rejects.toThrow('La ruta GET /api/sin-acceso no declara su acceso');
  });
});

describe('store header', () => {
  it('refuses a store the user does not belong to with 403 "No tiene acceso a la tienda seleccionada"', async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/maestros/tiendas/${vendedor.id}/usuario`,
      headers: headers(vendedor.token, ajena.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toEqual({ message: 'No tiene acceso a la tienda seleccionada', code: 'TIENDA_NO_PERMITIDA', request_id: expect.any(String) });
  });

  it('refuses an inactive store of the user, and a store that does not exist, with 403', async () => {
    for (const codigo of [cerrada.codigo_tienda, 'NOEXISTE']) {
      const respuesta = await entorno.app.inject({
        method: 'GET',
        url: `/api/maestros/tiendas/${vendedor.id}/usuario`,
        headers: headers(vendedor.token, codigo),
      });
      expect(respuesta.statusCode, codigo).toBe(403);
      expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
    }
  });

  it('is required by a route that works in one store: 422 "Debe seleccionar una tienda" without it', async () => {
    const app = await appConRutasDePrueba();
    for (const sinTienda of [headers(vendedor.token), { ...headers(vendedor.token), 'x-codigo-tienda': '   ' }]) {
      const respuesta = await app.inject({ method: 'GET', url: '/api/prueba/con-tienda', headers: sinTienda });
      expect(respuesta.statusCode).toBe(422);
      expect(respuesta.json()).toEqual({ message: 'Debe seleccionar una tienda', code: 'TIENDA_REQUERIDA', request_id: expect.any(String) });
    }
  });

  it('reaches the handler of such a route with a store the user belongs to', async () => {
    const app = await appConRutasDePrueba();
    const respuesta = await app.inject({
      method: 'GET',
      url: '/api/prueba/con-tienda',
      headers: headers(vendedor.token, ` ${tienda.codigo_tienda} `),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ userId: vendedor.id, tienda: tienda.codigo_tienda });
  });

  it('still refuses a foreign store on such a route with 403 before asking for one', async () => {
    const app = await appConRutasDePrueba();
    const respuesta = await app.inject({ method: 'GET', url: '/api/prueba/con-tienda', headers: headers(vendedor.token, ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
  });
});

describe('role guard', () => {
  it('lets the listed roles and SuperAdministrador through and refuses the others with 403', async () => {
    const app = await appConRutasDePrueba();
    const esperado = { SuperAdministrador: 200, Bodega: 200, Administrador: 403, Vendedor: 403, Operario: 403 } as const;
    for (const [role, status] of Object.entries(esperado)) {
      const usuario = await crearUsuarioConSesion(app, entorno.db, { role: role as keyof typeof esperado });
      const respuesta = await app.inject({ method: 'GET', url: '/api/prueba/bodega', headers: headers(usuario.token) });
      expect(respuesta.statusCode, role).toBe(status);
      if (status === 403) expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
    }
  });

  it('refuses a wrong role before looking at the store', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/parametros', headers: headers(vendedor.token, ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ code: 'ROL_NO_PERMITIDO' });
  });

  it('applies a role change at once, without logging in again', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Administrador' });
    const listar = () => entorno.app.inject({ method: 'GET', url: '/api/parametros', headers: headers(usuario.token) });
    expect((await listar()).statusCode).toBe(403);

    await entorno.db.updateTable('usuario').set({ role: 'SuperAdministrador' }).where('id', '=', usuario.id).execute();
    expect((await listar()).statusCode).toBe(200);

    await entorno.db.updateTable('usuario').set({ role: 'Operario' }).where('id', '=', usuario.id).execute();
    expect((await listar()).statusCode).toBe(403);
  });
});

describe('account state', () => {
  it("refuses a deactivated user's existing token with 401", async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador' });
    const llamar = () => entorno.app.inject({ method: 'GET', url: '/api/parametros', headers: headers(usuario.token) });
    expect((await llamar()).statusCode).toBe(200);

    await entorno.db.updateTable('usuario').set({ activo: false }).where('id', '=', usuario.id).execute();
    const respuesta = await llamar();
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.USUARIO_INACTIVO.mensaje });
  });
});
