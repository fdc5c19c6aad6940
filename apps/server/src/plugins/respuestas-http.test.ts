import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERRORES } from '@tablero/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp, usarEntorno } from '../../test/app';
import { crearUsuarioConSesion, headers, type UsuarioPrueba } from '../../test/factories';
import { crearDb } from '../db/database';
import { puertoLibre } from '../../test/puertos';

/**
 * What every answer looks like, whatever produced it (docs/architecture.md §4): the framework's own refusals in Spanish
 * JSON and never a 400, the security headers, and the health check.
 */
const entorno = usarEntorno();
let superAdmin: UsuarioPrueba & { token: string };

beforeAll(async () => {
  superAdmin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador' });
});

/** Sends raw bytes to a listening app and answers the raw HTTP answer (status line, headers and body). */
function crudo(puerto: number, solicitud: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(puerto, '127.0.0.1', () => socket.write(solicitud));
    let respuesta = '';
    socket.on('data', (trozo) => (respuesta += trozo.toString()));
    socket.on('end', () => resolve(respuesta));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('sin respuesta')));
  });
}

function cuerpoDe(respuesta: string): unknown {
  return JSON.parse(respuesta.slice(respuesta.indexOf('\r\n\r\n') + 4));
}

describe("the framework's own refusals", () => {
  it('answers a malformed URL with a Spanish 404 in JSON, not an English 400', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos/%E0%A4%A', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.headers['content-type']).toMatch(/application\/json/);
    expect(respuesta.json()).toEqual({ message: 'La dirección solicitada no es válida', code: 'NO_ENCONTRADO', request_id: expect.any(String) });
    // It never reached routing, yet it carries the security headers too.
    expect(respuesta.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(respuesta.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown content type with a Spanish 415 and a body too large with a Spanish 413', async () => {
    const tipo = await entorno.app.inject({
      method: 'POST',
      url: '/api/parametros/crear',
      headers: { ...headers(superAdmin.token), 'content-type': 'application/x-desconocido' },
      payload: 'x',
    });
    expect(tipo.statusCode).toBe(415);
    expect(tipo.json()).toMatchObject({ message: 'El tipo de contenido enviado no es compatible' });

    const grande = await entorno.app.inject({
      method: 'POST',
      url: '/api/parametros/crear',
      headers: { ...headers(superAdmin.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ valor_parametro: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toMatchObject({ message: 'El contenido enviado es demasiado grande' });
  });

  describe('on a listening server', () => {
    let app: FastifyInstance;
    let puerto: number;

    beforeAll(async () => {
      app = await entorno.otraApp();
      await app.listen({ port: await puertoLibre(), host: '127.0.0.1' });
      puerto = (app.server.address() as AddressInfo).port;
    });

    it('answers headers too large with 431 in Spanish JSON', async () => {
      const respuesta = await crudo(puerto, `GET /api/salud HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
      expect(respuesta).toMatch(/^HTTP\/1\.1 431 /);
      expect(respuesta).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      expect(cuerpoDe(respuesta)).toEqual({ message: 'Las cabeceras de la solicitud son demasiado grandes', code: 'DATOS_INVALIDOS' });
    });

    it('answers a request that is not HTTP with 422 in Spanish JSON, never 400', async () => {
      const respuesta = await crudo(puerto, 'ESTO NO ES HTTP\r\n\r\n');
      expect(respuesta).toMatch(/^HTTP\/1\.1 422 /);
      expect(cuerpoDe(respuesta)).toMatchObject({ message: 'La solicitud no es válida' });
    });
  });
});

describe('security headers', () => {
  it('go with API answers, errors and the docs: scripts only from the app, no framing, no sniffing', async () => {
    const respuestas = await Promise.all([
      entorno.app.inject({ method: 'GET', url: '/api/salud' }),
      entorno.app.inject({ method: 'GET', url: '/api/parametros' }),
      entorno.app.inject({ method: 'GET', url: '/api/no-existe', headers: headers(superAdmin.token) }),
      entorno.app.inject({ method: 'GET', url: '/api/docs/' }),
    ]);
    expect(respuestas.map((respuesta) => respuesta.statusCode)).toEqual([200, 401, 404, 200]);
    for (const respuesta of respuestas) {
      const politica = String(respuesta.headers['content-security-policy']);
      expect(politica).toContain("script-src 'self'");
      expect(politica).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(politica).toContain("frame-ancestors 'none'");
      expect(politica).toContain("object-src 'none'");
      expect(respuesta.headers['x-content-type-options']).toBe('nosniff');
      expect(respuesta.headers['referrer-policy']).toBe('same-origin');
    }
  });
});

describe('GET /api/salud', () => {
  it('answers 200 without a session while PostgreSQL answers', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/salud' });
    expect(respuesta.statusCode).toBe(200);
    // The full contract (jobs, disk, the bound on a hung database) is in plugins/operacion.test.ts.
    expect(respuesta.json()).toMatchObject({ data: { estado: expect.stringMatching(/^(ok|degradado)$/), base_datos: { ok: true } } });
    expect(respuesta.headers['cache-control']).toBe('no-store');
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

    it('answers the health check, a login and a session call with 503 and the Spanish message; the process lives on', async () => {
      const salud = await app.inject({ method: 'GET', url: '/api/salud' });
      expect(salud.statusCode).toBe(503);
      expect(salud.json()).toMatchObject({
        message: ERRORES.BASE_DATOS_NO_DISPONIBLE.mensaje,
        code: 'BASE_DATOS_NO_DISPONIBLE',
        request_id: expect.any(String),
        data: { estado: 'caido', base_datos: { ok: false } },
      });
      const ingreso = await app.inject({ method: 'POST', url: '/api/ingreso', payload: { email: 'a@b.co', password: 'x' } });
      expect(ingreso.statusCode).toBe(503);
      const conSesion = await app.inject({ method: 'GET', url: '/api/parametros', headers: headers(superAdmin.token) });
      expect(conSesion.statusCode).toBe(503);
    });
  });
});
