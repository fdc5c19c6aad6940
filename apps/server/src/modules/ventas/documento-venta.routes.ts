import type { FastifyInstance } from 'fastify';

export async function documentoVentaRoutes(app: FastifyInstance) {
  void app;
}
