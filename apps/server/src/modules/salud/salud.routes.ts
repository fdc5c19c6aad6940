import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as saludService from './salud.service';

export async function saludRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.get(
    '/salud',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary: 'Estado del servidor: 200 solo cuando PostgreSQL responde; 503 si no (para el balanceador y el monitoreo)',
        response: { 200: z.object({ data: z.object({ estado: z.literal('ok'), base_datos: z.literal('ok') }) }) },
      },
    },
    async (_request, reply) => {
      await saludService.revisar(app.db);
      void reply.header('cache-control', 'no-store');
      return { data: { estado: 'ok' as const, base_datos: 'ok' as const } };
    },
  );
}
