import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mensajeSchema, parametroCrearSchema, parametroEditarSchema, parametroParamsSchema, parametroRespuestaSchema, parametrosRespuestaSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as parametrosService from './parametros.service';
import { ejecutarCasoDeUso } from '../../db/transaccion';

export async function parametrosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.parametros.acceso;

  rutas.get(
    '/parametros',
    {
      config: { acceso },
      schema: {
        tags: ['parametros'],
        summary: 'Todos los parámetros, por código (la pantalla pagina de a 10)',
        response: { 200: respuestaDatos(parametrosRespuestaSchema) },
      },
    },
    async () => ({ data: { parametros: await parametrosService.listarParametros(app.db) } }),
  );

  rutas.get(
    '/parametros/:codigo',
    {
      // Open to every logged-in user: the sales screens read parameters (issue: foundation, item 8).
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['parametros'],
        summary: 'Un parámetro por código',
        params: parametroParamsSchema,
        response: { 200: respuestaDatos(parametroRespuestaSchema) },
      },
    },
    async (request) => ({ data: { parametro: await parametrosService.leerParametro(app.db, request.params.codigo) } }),
  );

  rutas.post(
    '/parametros/crear',
    {
      config: { acceso },
      schema: { tags: ['parametros'], summary: 'Crea un parámetro', body: parametroCrearSchema, response: { 200: mensajeSchema } },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => parametrosService.crearParametro(trx, actor, request.body));
      return { message: 'Parámetro creado con éxito' };
    },
  );

  rutas.put(
    '/parametros/:codigo/editar',
    {
      config: { acceso },
      schema: {
        tags: ['parametros'],
        summary: 'Cambia el valor de un parámetro (el código no cambia)',
        params: parametroParamsSchema,
        body: parametroEditarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        parametrosService.editarParametro(trx, actor, request.params.codigo, request.body.valor_parametro),
      );
      return { message: 'Parámetro actualizado con éxito' };
    },
  );
}
