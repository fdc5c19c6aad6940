import type { FastifyInstance } from 'fastify';

export async function facturarRoutes(app: FastifyInstance) {
  void app;
}
