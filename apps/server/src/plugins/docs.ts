import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI at /api/docs, generated from the routes' zod schemas (their Spanish summaries included), and the rule that
 * makes it complete: every /api route declares its answer (docs/architecture.md §4 "One contract per route").
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  // A route without `schema.response` would send whatever its handler returns, unchecked and undocumented: the JSON
  // answers are declared with the domain's schemas, the files with respuestaArchivo (packages/domain/src/respuestas.ts).
  app.addHook('onRoute', (ruta) => {
    const esApi = ruta.url === '/api' || ruta.url.startsWith('/api/');
    const esDocs = ruta.url === '/api/docs' || ruta.url.startsWith('/api/docs/');
    if (esApi && !esDocs && Object.keys(ruta.schema?.response ?? {}).length === 0) {
      throw new Error(`La ruta ${ruta.method} ${ruta.url} no declara su respuesta`);
    }
  });

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
