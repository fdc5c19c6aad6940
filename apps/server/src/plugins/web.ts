import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Serves the built web app from the API's port. Routing is by hash, so '/' and the assets are enough. */
export const webPlugin = fp(async (app: FastifyInstance, opciones: { directorio: string }) => {
  if (!existsSync(opciones.directorio)) {
    app.log.warn(`No se encontró la aplicación web compilada en ${opciones.directorio}`);
    return;
  }
  await app.register(fastifyStatic, { root: opciones.directorio, prefix: '/', index: ['index.html'] });
});
