// Routes of the production figures (issue 19 item 7, beyond the spec), registered by produccionRoutes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { indicadoresProduccionSchema, RUTAS } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as servicio from './indicadores.service';

export async function indicadoresRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.post(
    '/produccion/indicadores',
    {
      config: { acceso: RUTAS.produccion.acceso, tienda: 'requerida' },
      schema: {
        tags: ['produccion'],
        summary: 'Indicadores de un rango de fechas: etapas finalizadas y tiempo trabajado promedio por servicio, por operario y por máquina; suspensiones por motivo',
        body: indicadoresProduccionSchema,
      },
    },
    async (request) => ({ data: await servicio.indicadores(app.db, request.body, actorDe(request)) }),
  );
}
