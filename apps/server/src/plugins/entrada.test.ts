import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORES, MENSAJE_CARACTERES_NO_PERMITIDOS } from '@tablero/domain';
import { AppError } from '../lib/app-error';
import { camposConCaracteresNoPermitidos, entradaPlugin } from './entrada';
import { erroresPlugin } from './errors';

const NO_PERMITIDO = [MENSAJE_CARACTERES_NO_PERMITIDOS];

/**
 * A small app with the error handler, a stand-in for the session check (onRequest, as plugins/auth.ts) and this
 * plugin: what each refusal looks like, apart from the real routes (those are in src/limites.test.ts).
 */
let app: FastifyInstance;
const recibidos: unknown[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(erroresPlugin);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization !== 'Bearer ok') throw new AppError('NO_AUTENTICADO');
  });
  await app.register(entradaPlugin);
  app.post('/eco', async (request) => {
    recibidos.push(request.body);
    return { ok: true };
  });
  app.get('/buscar', { schema: { querystring: z.object({ query: z.string().max(200).optional(), page: z.coerce.number().optional() }) } }, async () => ({ ok: true }));
  app.get('/parametros/:codigo', { schema: { params: z.object({ codigo: z.string().max(60) }) } }, async () => ({ ok: true }));
  app.post('/carga', { config: { textosRevisadosPorServicio: ['items'] } }, async () => ({ ok: true }));
  await app.ready();
});

afterAll(() => app.close());

const conSesion = { authorization: 'Bearer ok' };
const enviar = (payload: unknown) => app.inject({ method: 'POST', url: '/eco', headers: conSesion, payload: payload as object });

describe('control characters in the body', () => {
  it('refuses a NUL at any depth with 422 naming the field by its dotted path', async () => {
    const respuesta = await enviar({ nombres: 'Ana', productoList: [{ cantidad: 1 }, { descripcion: 'Mesa\u0000' }], cliente: { direccion: { calle: '\u0000' } } });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({
      message: MENSAJE_CARACTERES_NO_PERMITIDOS,
      code: 'DATOS_INVALIDOS',
      errors: { 'productoList.1.descripcion': NO_PERMITIDO, 'cliente.direccion.calle': NO_PERMITIDO },
      request_id: expect.any(String),
    });
  });

  it.each([
    ['a C0 control', 'a\u0001b'],
    ['escape', '\u001B[31m'],
    ['vertical tab', 'a\u000Bb'],
    ['form feed', 'a\u000Cb'],
    ['DEL', 'a\u007F'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone low surrogate', '\uDE00'],
  ])('refuses %s', async (_caso, texto) => {
    const respuesta = await enviar({ texto });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ texto: NO_PERMITIDO });
  });

  it('refuses a lone surrogate sent as a JSON escape, which JSON.parse keeps as is', async () => {
    const respuesta = await app.inject({ method: 'POST', url: '/eco', headers: { ...conSesion, 'content-type': 'application/json' }, payload: '{"nota":"a\\ud800b"}' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ nota: NO_PERMITIDO });
  });

  it('lets tab, line feed, carriage return, accents and emoji through untouched', async () => {
    const cuerpo = { observacion: 'Línea 1\r\nLínea 2\tcon tabulador', nombres: 'Ñandú Ángel 😀', lista: ['a', 'b'], n: 1, nada: null, si: true };
    const respuesta = await enviar(cuerpo);
    expect(respuesta.statusCode).toBe(200);
    expect(recibidos.at(-1)).toEqual(cuerpo);
  });

  it('refuses a key that holds a control character, written out', async () => {
    const respuesta = await app.inject({
      method: 'POST',
      url: '/eco',
      headers: { ...conSesion, 'content-type': 'application/json' },
      payload: '{"items":[{"ref\\u0000":"x"}]}',
    });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ 'items.0.ref\\u0000': NO_PERMITIDO });
  });

  it('refuses a plain-text body that holds a NUL under "_"', async () => {
    const respuesta = await app.inject({ method: 'POST', url: '/eco', headers: { ...conSesion, 'content-type': 'text/plain' }, payload: 'a\u0000' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ _: NO_PERMITIDO });
  });

  it('lists at most 50 fields, however many hold NULs', async () => {
    const respuesta = await enviar({ items: Array.from({ length: 5000 }, () => ({ referencia: '\u0000', cantidad: '\u0000' })) });
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors)).toHaveLength(50);
  });

  it('leaves the fields a route checks itself to its service', async () => {
    const payload = { items: [{ referencia: 'PK\u0003\u0004' }], nombre_archivo: 'a.csv' };
    expect((await app.inject({ method: 'POST', url: '/carga', headers: conSesion, payload })).statusCode).toBe(200);
    const otro = await app.inject({ method: 'POST', url: '/carga', headers: conSesion, payload: { ...payload, nombre_archivo: 'a\u0000.csv' } });
    expect(otro.statusCode).toBe(422);
    expect(otro.json().errors).toEqual({ nombre_archivo: NO_PERMITIDO });
  });
});

describe('control characters in the query string and the path', () => {
  it('refuses a NUL in a search with 422 naming `query`', async () => {
    const respuesta = await app.inject({ method: 'GET', url: '/buscar?query=mel%00amina&page=1', headers: conSesion });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({ message: MENSAJE_CARACTERES_NO_PERMITIDOS, code: 'DATOS_INVALIDOS', errors: { query: NO_PERMITIDO }, request_id: expect.any(String) });
  });

  it('refuses a repeated parameter whose second value holds a NUL', async () => {
    const respuesta = await app.inject({ method: 'GET', url: '/buscar?query=a&query=%01', headers: conSesion });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ 'query.1': NO_PERMITIDO });
  });

  it('answers a NUL in a path parameter with 404: it names nothing', async () => {
    const respuesta = await app.inject({ method: 'GET', url: '/parametros/COD%00IGO', headers: conSesion });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toEqual({ message: ERRORES.NO_ENCONTRADO.mensaje, code: 'NO_ENCONTRADO', request_id: expect.any(String) });
  });

  it('answers a caller without a session 401 first, whatever the input holds', async () => {
    const respuesta = await app.inject({ method: 'POST', url: '/eco', payload: { nombres: '\u0000' } });
    expect(respuesta.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/parametros/%00' })).statusCode).toBe(401);
  });
});

describe('camposConCaracteresNoPermitidos', () => {
  it('walks a body nested deeper than the call stack would allow', () => {
    let cuerpo: unknown = 'fondo\u0000';
    for (let i = 0; i < 20_000; i++) cuerpo = { a: cuerpo };
    const [campo] = camposConCaracteresNoPermitidos(cuerpo);
    expect(campo?.split('.')).toHaveLength(20_000);
  });

  it('checks a 10 MB load of 50,000 rows in time that grows in proportion to its size', () => {
    const cuerpo = (filas: number) => ({
      items: Array.from({ length: filas }, (_, i) => ({ referencia: `REFERENCIA-${i}-${'x'.repeat(150)}`, cantidad: String(i), precio: '1250.50', fila: i + 2 })),
      nombre_archivo: 'inventario.csv',
    });
    // Eight times the rows must cost about eight times as much; a walk that grew with the square of the load would
    // cost sixty-four. Measured in this thread's CPU time, not the clock (other test files run beside this one and take
    // turns on the cores), and the best of three runs of each size (a run can be slowed, by a collection for example,
    // never sped up).
    const medir = (datos: object) =>
      Math.min(
        ...[1, 2, 3].map(() => {
          const inicio = process.threadCpuUsage();
          expect(camposConCaracteresNoPermitidos(datos)).toEqual([]);
          const { user, system } = process.threadCpuUsage(inicio);
          return (user + system) / 1000;
        }),
      );
    const octavo = medir(cuerpo(6_250));
    const entero = medir(cuerpo(50_000));
    // Linear is 8 times; measured 8 to 45 (the small load can stay in the processor's cache, the large one cannot).
    // A walk that grew with the square of the load would take seconds here, far above this bound.
    expect(entero).toBeLessThan(40 * octavo + 30);
  });
});
