import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conexionEditarSchema, conexionesConsultaSchema, conexionesRespuestaSchema, idParamsSchema, mensajeSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as conexionesService from './conexiones.service';

export async function conexionesRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.conexiones.acceso;

  rutas.get(
    '/conexiones',
    {
      config: { acceso },
      schema: {
        tags: ['conexiones'],
        summary:
          'Conexiones (sesiones de ingreso), de la más reciente a la más antigua salvo orden/direccion por columna; per_page 10, 25, 50 o 100',
        querystring: conexionesConsultaSchema,
        response: { 200: respuestaDatos(conexionesRespuestaSchema) },
      },
    },
    async (request) => {
      const conexiones = await conexionesService.listarConexiones(app.db, request.query, actorDe(request));
      return { data: { conexiones } };
    },
  );

  rutas.put(
    '/conexiones/:id/editar',
    {
      config: { acceso },
      schema: { tags: ['conexiones'], summary: 'Cambia el nombre de una conexión', params: idParamsSchema, body: conexionEditarSchema, response: { 200: mensajeSchema } },
    },
    async (request) => {
      await conexionesService.renombrarConexion(app.db, request.params.id, request.body.name_connection);
      return { message: 'Conexión actualizada con éxito' };
    },
  );

  rutas.put(
    '/conexiones/:id/revocar',
    {
      config: { acceso },
      schema: {
        tags: ['conexiones'],
        summary: 'Cierra una conexión: su token deja de aceptarse de inmediato (más allá de la especificación)',
        params: idParamsSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await conexionesService.revocarConexion(app.db, request.params.id, actorDe(request));
      return { message: 'Conexión revocada con éxito' };
    },
  );
}
