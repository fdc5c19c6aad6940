import { ERRORES, MENSAJE_INGRESO, MENSAJE_PAGINA } from '@tablero/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { usarEntorno } from '../../test/app';
import { AppError } from '../lib/app-error';
import { crearUsuarioConSesion, headers, type UsuarioPrueba } from '../../test/factories';

const entorno = usarEntorno();

let superAdmin: UsuarioPrueba & { token: string };
let app: FastifyInstance;

beforeAll(async () => {
  superAdmin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador' });
  app = await entorno.otraApp();
  app.get('/api/prueba/falla', { config: { acceso: 'autenticado' }, schema: { response: { 200: z.object({}) } } }, async () => {
    throw new Error('detalle interno: conexión a 10.0.0.5 rechazada');
  });
  app.get('/api/prueba/ocupado', { config: { acceso: 'autenticado' }, schema: { response: { 200: z.object({}) } } }, async () => {
    throw new AppError('CORTE_NO_DISPONIBLE', undefined, undefined, new Error('El optimizador falló: índice fuera de rango'));
  });
  await app.ready();
});

describe('error answers', () => {
  it('answers an unexpected error with 500 and the generic Spanish message, without internals', async () => {
    const respuesta = await app.inject({ method: 'GET', url: '/api/prueba/falla', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(500);
    expect(respuesta.json()).toEqual({ message: ERRORES.ERROR_INTERNO.mensaje, code: 'ERROR_INTERNO', request_id: expect.any(String) });
    expect(respuesta.body).not.toMatch(/detalle interno|10\.0\.0\.5|stack|Error:/);
  });

  it('answers a 503 the app gives on purpose with its message, and logs the failure behind it', async () => {
    const avisos = vi.spyOn(app.log, 'warn');
    const respuesta = await app.inject({ method: 'GET', url: '/api/prueba/ocupado', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(503);
    expect(respuesta.json()).toEqual({ message: ERRORES.CORTE_NO_DISPONIBLE.mensaje, code: 'CORTE_NO_DISPONIBLE', request_id: expect.any(String) });
    expect(respuesta.body).not.toMatch(/índice fuera de rango/);
    const registrado = avisos.mock.calls.find(([objeto]) => (objeto as { code?: string }).code === 'CORTE_NO_DISPONIBLE');
    expect((registrado?.[0] as { err: Error }).err.message).toBe('El optimizador falló: índice fuera de rango');
    avisos.mockRestore();
  });

  it('answers malformed JSON with 422, never 400', async () => {
    for (const [url, cabeceras] of [
      ['/api/ingreso', {}],
      ['/api/parametros/crear', headers(superAdmin.token)],
    ] as const) {
      const respuesta = await entorno.app.inject({
        method: 'POST',
        url,
        headers: { ...cabeceras, 'content-type': 'application/json' },
        payload: '{"email": "a@b.co", ',
      });
      expect(respuesta.statusCode, url).toBe(422);
      expect(respuesta.json()).toEqual({ message: 'La solicitud no es válida', code: 'DATOS_INVALIDOS', request_id: expect.any(String) });
    }
  });

  it('reads an empty JSON body as {} so the fields get their Spanish messages', async () => {
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/ingreso',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ email: [MENSAJE_INGRESO], password: [MENSAJE_INGRESO] });
  });

  it.each([
    ['a JSON string', 'application/json', '"texto"'],
    ['a JSON array', 'application/json', '[1, 2]'],
    ['JSON null', 'application/json', 'null'],
    ['plain text', 'text/plain', 'email=a@b.co'],
  ])('answers %s as body with 422 in Spanish, since it is no object', async (_caso, contentType, payload) => {
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/ingreso', headers: { 'content-type': contentType }, payload });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({
      message: expect.stringMatching(/^Entrada inválida/),
      code: 'DATOS_INVALIDOS',
      errors: { _: [expect.stringMatching(/^Entrada inválida/)] },
      request_id: expect.any(String),
    });
  });

  it('answers schema checks without a message of their own in Spanish', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/maestros/tipos-conceptos?pagination=5', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ pagination: [expect.stringMatching(/^Demasiado grande/)] });
  });

  it('answers a page that no list has with its own message, whatever the number', async () => {
    for (const pagina of ['0', '1.5', '1e20', 'x', '99999999999']) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/conexiones?page=${pagina}`, headers: headers(superAdmin.token) });
      expect(respuesta.statusCode, pagina).toBe(422);
      expect(respuesta.json().errors, pagina).toEqual({ page: [MENSAJE_PAGINA] });
    }
  });

  it('answers an unsupported content type with 415 in Spanish', async () => {
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/ingreso',
      headers: { 'content-type': 'application/xml' },
      payload: '<ingreso><email>a@b.co</email></ingreso>',
    });
    expect(respuesta.statusCode).toBe(415);
    expect(respuesta.json()).toEqual({ message: 'El tipo de contenido enviado no es compatible', code: 'DATOS_INVALIDOS', request_id: expect.any(String) });
  });

  it('answers a body over 10 MB with 413 in Spanish', async () => {
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/ingreso',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(respuesta.statusCode).toBe(413);
    expect(respuesta.json()).toEqual({ message: 'El contenido enviado es demasiado grande', code: 'DATOS_INVALIDOS', request_id: expect.any(String) });
  });

  it('answers an unknown /api path or method with 404 in Spanish', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-existe'],
      ['DELETE', '/api/parametros'],
      ['GET', '/api/ingreso'],
    ] as const) {
      const respuesta = await entorno.app.inject({ method, url, headers: headers(superAdmin.token) });
      expect(respuesta.statusCode, `${method} ${url}`).toBe(404);
      expect(respuesta.json()).toEqual({ message: ERRORES.NO_ENCONTRADO.mensaje, code: 'NO_ENCONTRADO', request_id: expect.any(String) });
    }
  });
});
