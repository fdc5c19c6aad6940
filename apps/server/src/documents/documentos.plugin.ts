import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PoolDocumentos, type OpcionesPoolDocumentos } from './documentos.pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents pool: `app.documentos.renderizar(tipo, datos)` renders any PDF off the event loop. */
    documentos: PoolDocumentos;
  }
}

/**
 * One documents pool per app (docs/decisions-corte.md, Documentos fuera del hilo), shared by every module that renders
 * PDFs (cut plans and labels today; invoices, remissions, statements later), closed with the app: its workers end and
 * queued jobs answer 503.
 */
export const documentosPlugin = fp(
  async (app: FastifyInstance, opciones: OpcionesPoolDocumentos) => {
    const pool = new PoolDocumentos(opciones);
    app.decorate('documentos', pool);
    app.addHook('onClose', () => pool.cerrar());
  },
  { name: 'documentos' },
);
