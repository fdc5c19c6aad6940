import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES } from '@tablero/domain';
import * as saludService from './salud.service';

const esquemaSalud = z.object({
  estado: z.enum(['ok', 'degradado', 'caido']),
  base_datos: z.object({ ok: z.boolean(), ms: z.number() }),
  trabajos: z.object({ ok: z.boolean(), en_cola: z.number().nullable(), fallidos_24h: z.number().nullable() }),
  disco: z.object({ ok: z.boolean(), libre_bytes: z.number().nullable(), total_bytes: z.number().nullable() }),
});

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
          200: z.object({ data: esquemaSalud }),
          503: z.object({ message: z.string(), code: z.literal('BASE_DATOS_NO_DISPONIBLE'), request_id: z.string(), data: esquemaSalud }),
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
