import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERRORES, respuestaDatos, saludCaidaSchema, saludSchema } from '@tablero/domain';
import * as saludService from './salud.service';

export async function saludRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.get(
    '/salud',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary: 'Estado del servidor: 200 cuando PostgreSQL responde (degradado si los trabajos o el disco no están bien); 503 si no',
        response: {
          200: respuestaDatos(saludSchema),
          503: saludCaidaSchema,
        },
      },
    },
    async (request, reply) => {
      const salud = await saludService.revisarSalud(app.db, app.config.dataDir);
      void reply.header('cache-control', 'no-store');
      if (salud.estado === 'caido') {
        // The load balancer reads the status; the body says which check failed.
        return reply.status(503).send({ message: ERRORES.BASE_DATOS_NO_DISPONIBLE.mensaje, code: 'BASE_DATOS_NO_DISPONIBLE' as const, request_id: request.id, data: salud });
      }
      return { data: salud };
    },
  );
}
