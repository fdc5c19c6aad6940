import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idCreadoSchema, idParamsSchema, mensajeSchema, respuestaDatos, respuestaMensajeDatos } from '@tablero/domain';
import type { Database } from '../db/database';
import type { ActorUsuario } from '../db/transaccion';
import { rutasDelModulo } from './rutas';

/**
 * A route declared with `casoDeUso` (lib/rutas.ts): its use case runs in one transaction as the request's actor, the
 * notices after the commit run before the answer and only when it committed, and the answer is the envelope its
 * `respuesta` declares. The database is a stand-in that records the transaction (the modules' API tests run these
 * routes against PostgreSQL); the `@ts-expect-error` lines are checked by `tsc -b`.
 */

const sesion = { userId: 7, name: 'Ana', email: 'ana@example.com', role: 'Administrador' as const, conexionId: 3 };

async function appDePrueba(declarar: (app: FastifyInstance, registro: string[]) => void) {
  const registro: string[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const db = {
    transaction: () => ({
      execute: async <T>(trabajo: (trx: unknown) => Promise<T>) => {
        registro.push('BEGIN');
        const resultado = await trabajo('trx');
        registro.push('COMMIT');
        return resultado;
      },
    }),
  };
  app.decorate('db', db as unknown as Kysely<Database>);
  app.decorateRequest('sesion', null);
  app.decorateRequest('codigoTienda', null);
  app.addHook('onRequest', async (request) => {
    request.sesion = sesion;
    request.codigoTienda = 'T1';
  });
  declarar(app, registro);
  await app.ready();
  return { app, registro };
}

const abiertas: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(abiertas.splice(0).map((app) => app.close()));
});

async function pedir(declarar: (app: FastifyInstance, registro: string[]) => void, url: string, body?: object) {
  const { app, registro } = await appDePrueba(declarar);
  abiertas.push(app);
  const respuesta = await app.inject({ method: 'POST', url, ...(body ? { payload: body } : {}) });
  return { status: respuesta.statusCode, cuerpo: respuesta.body, registro };
}

const nombreSchema = z.object({ nombre: z.string() });

describe('rutasDelModulo: a route that runs one use case', () => {
  it('answers { message, data: { id } }, running the use case in a transaction as the request actor with its typed body', async () => {
    let visto: { actor: ActorUsuario; nombre: string } | undefined;
    const { status, cuerpo, registro } = await pedir(
      (app, reg) =>
        rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' }).post('/cosas', {
          summary: 'Crea',
          body: nombreSchema,
          respuesta: idCreadoSchema,
          casoDeUso: async (trx, actor, request) => {
            reg.push(`caso en ${String(trx)}`);
            visto = { actor, nombre: request.body.nombre };
            return 41;
          },
          mensaje: 'Creada',
          datos: (id) => ({ id }),
        }),
      '/cosas',
      { nombre: 'Mesa' },
    );
    expect(status).toBe(200);
    expect(cuerpo).toBe('{"message":"Creada","data":{"id":41}}');
    expect(registro).toEqual(['BEGIN', 'caso en trx', 'COMMIT']);
    expect(visto).toEqual({ actor: { userId: 7, role: 'Administrador', codigoTienda: 'T1', conexionId: 3 }, nombre: 'Mesa' });
  });

  it('answers { message } alone, the message built from the result and the request, after the notices of the commit', async () => {
    const { cuerpo, registro } = await pedir(
      (app, reg) =>
        rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' }).post('/cosas/:id', {
          summary: 'Cambia',
          params: idParamsSchema,
          respuesta: mensajeSchema,
          casoDeUso: async () => ({ creada: false }),
          trasConfirmar: async (_, request) => {
            reg.push(`aviso ${request.params.id}`);
          },
          mensaje: ({ creada }, request) => (creada ? 'Creada' : `Actualizada ${request.params.id}`),
        }),
      '/cosas/5',
    );
    expect(cuerpo).toBe('{"message":"Actualizada 5"}');
    expect(registro).toEqual(['BEGIN', 'COMMIT', 'aviso 5']);
  });

  it('answers { message, data } and { data } with the data built from the result', async () => {
    const conMensaje = await pedir(
      (app) =>
        rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' }).post('/cosas', {
          summary: 'Lee',
          respuesta: respuestaMensajeDatos(nombreSchema),
          casoDeUso: async () => 'Silla',
          mensaje: 'Leída',
          datos: (nombre) => ({ nombre }),
        }),
      '/cosas',
    );
    expect(conMensaje.cuerpo).toBe('{"message":"Leída","data":{"nombre":"Silla"}}');
    const soloDatos = await pedir(
      (app) =>
        rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' }).post('/cosas', {
          summary: 'Enlace',
          respuesta: respuestaDatos(nombreSchema),
          casoDeUso: async () => ({ nombre: 'Banco' }),
          datos: (cosa) => cosa,
        }),
      '/cosas',
    );
    expect(soloDatos.cuerpo).toBe('{"data":{"nombre":"Banco"}}');
  });

  it('sends no notice when the use case failed', async () => {
    const { status, registro } = await pedir(
      (app, reg) =>
        rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' }).post('/cosas', {
          summary: 'Falla',
          respuesta: mensajeSchema,
          casoDeUso: async () => {
            throw new Error('no');
          },
          trasConfirmar: async () => {
            reg.push('aviso');
          },
          mensaje: 'Nunca',
        }),
      '/cosas',
    );
    expect(status).toBe(500);
    expect(registro).toEqual(['BEGIN']);
  });

  it('checks the answer against `respuesta` at compile time', () => {
    const declarar = (app: FastifyInstance) => {
      const ruta = rutasDelModulo(app, { tag: 'prueba', acceso: 'autenticado' });
      // @ts-expect-error an answer with a message needs `mensaje`
      ruta.post('/a', { summary: 'a', respuesta: mensajeSchema, casoDeUso: async () => undefined });
      // @ts-expect-error `{ message }` has no data
      ruta.post('/b', { summary: 'b', respuesta: mensajeSchema, casoDeUso: async () => 1, mensaje: 'b', datos: (id: number) => ({ id }) });
      // @ts-expect-error `{ message, data: { id } }` needs `datos`
      ruta.post('/c', { summary: 'c', respuesta: idCreadoSchema, casoDeUso: async () => 1, mensaje: 'c' });
      // @ts-expect-error the data must be what `respuesta` declares
      ruta.post('/d', { summary: 'd', respuesta: idCreadoSchema, casoDeUso: async () => 'x', mensaje: 'd', datos: (id) => ({ id }) });
      // @ts-expect-error `{ data }` has no message
      ruta.post('/e', { summary: 'e', respuesta: respuestaDatos(nombreSchema), casoDeUso: async () => 'x', mensaje: 'e', datos: (nombre) => ({ nombre }) });
      // @ts-expect-error the request is typed by the route's schemas: this one has no body
      ruta.post('/f', { summary: 'f', respuesta: mensajeSchema, casoDeUso: async (_trx, _actor, request) => request.body.nombre, mensaje: 'f' });
    };
    expect(declarar).toBeTypeOf('function');
  });
});
