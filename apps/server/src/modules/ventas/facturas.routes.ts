import type { FastifyInstance } from 'fastify';

export async function facturasRoutes(app: FastifyInstance) {
  void app;
}
