import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { respuestaDatos, tiendasUsuarioParamsSchema, tiendasUsuarioRespuestaSchema } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as tiendasService from './tiendas.service';

export async function tiendasRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/maestros/tiendas/:userId/usuario',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['tiendas'],
        summary: 'Tiendas del usuario (las propias; SuperAdministrador puede consultar las de cualquiera)',
        params: tiendasUsuarioParamsSchema,
        response: { 200: respuestaDatos(tiendasUsuarioRespuestaSchema) },
      },
    },
    async (request) => ({
      data: { tiendas_usuario: await tiendasService.tiendasDeUsuario(app.db, actorDe(request), request.params.userId) },
    }),
  );
}
