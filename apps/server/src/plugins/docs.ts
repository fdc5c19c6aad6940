import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI at /api/docs, generated from the routes' zod schemas (their Spanish summaries included). */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tablero API',
        description:
          'API del back-office Tablero. Toda llamada, salvo `ingreso` y `public/*`, lleva `Authorization: Bearer <token>` ' +
          'y la cabecera de tienda `X-Codigo-Tienda`. Errores: 401 sin sesión, 403 rol o tienda no permitidos, ' +
          '404 no encontrado, 409 regla de negocio, 422 datos inválidos con `errors` por campo, 429 demasiados intentos.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
