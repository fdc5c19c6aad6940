import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optimizacionRespuestaSchema, optimizarSchema, respuestaArchivo, respuestaEnlaceInvalido, respuestaMensajeDatos, RUTAS, TIPOS_ARCHIVO, tokenParamsSchema, type Optimizar } from '@tablero/domain';
import { contextoDocumentoPublico, responderDocumentoPublico } from '../../lib/enlaces';
import { actorDe } from '../../plugins/auth';
import { PoolCorte } from './corte.pool';
import * as corteService from './corte.service';

/** A public PDF of a plan, or 404 for a link that cannot be served; a plan's answers set no cache headers (not `privado`). */
function enviarPdf(request: FastifyRequest, reply: FastifyReply, archivo: string, generar: () => Promise<Buffer>) {
  return responderDocumentoPublico(request, reply, {
    leer: async () => ({ pdf: await generar(), archivo }),
    codigo: 'OPTIMIZACION_NO_ENCONTRADA',
    detalle: 'Pida a la tienda un enlace nuevo del plan de corte.',
    privado: false,
  });
}

/**
 * The optimizer is used from the sales form (cutting dialog, spec 000 §2.13) and from the optimizer
 * modal (spec 001): whoever may sell or cut, i.e. the billing roles (SuperAdministrador, Vendedor, Operario).
 */
const acceso = RUTAS.facturacionCrear.acceso;

/** spec 001 §7 optimizar/generar, spec 000 §7 board optimisation (facturas/optimizar), and the plan's public PDFs. */
export async function corteRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const presupuestoMs = app.config.presupuestoCorteMs;
  // The engine searches for its whole budget: it runs on worker threads so requests never wait
  // behind it. Generous timeout: the engine's own guard is 1.3 × budget (at least 1 s), plus a worker's start.
  const motor = { pool: new PoolCorte({ timeoutMs: 4 * presupuestoMs + 15_000 }), presupuestoMs };
  app.addHook('onClose', () => motor.pool.cerrar());
  // The PDFs render in the app's documents pool, off the event loop (docs/architecture.md §10).
  const contextoDocumentos = contextoDocumentoPublico(app);

  const optimizar = (origen: 'optimizador' | 'venta') => async (request: { body: Optimizar } & Parameters<typeof actorDe>[0]) => {
    const optimizacion = await corteService.optimizar(app.db, motor, actorDe(request), request.body, {
      origen,
      secreto: app.tokenSecret,
    });
    return { message: 'Despiece optimizado con éxito', data: { optimizacion } };
  };

  rutas.post(
    '/optimizar/generar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['corte'],
        summary: 'Optimiza una lista de cortes (modal del optimizador) y guarda el plan con sus PDF',
        body: optimizarSchema,
        response: { 200: respuestaMensajeDatos(optimizacionRespuestaSchema) },
      },
    },
    optimizar('optimizador'),
  );

  rutas.post(
    '/facturas/optimizar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['corte'],
        summary: 'Optimiza el despiece de una línea de tablero del pedido (diálogo de corte de la venta)',
        body: optimizarSchema,
        response: { 200: respuestaMensajeDatos(optimizacionRespuestaSchema) },
      },
    },
    optimizar('venta'),
  );

  rutas.get(
    '/public/corte/:token/planos.pdf',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['corte'],
        summary: 'PDF de planos de un plan de corte (enlace firmado, vigente dos años)',
        params: tokenParamsSchema,
        response: { 200: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]), 404: respuestaEnlaceInvalido },
      },
    },
    (request, reply) => enviarPdf(request, reply, 'planos.pdf', () => corteService.planosPdf(contextoDocumentos, request.params.token)),
  );

  rutas.get(
    '/public/corte/:token/etiquetas.pdf',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['corte'],
        summary: 'PDF de etiquetas de un plan de corte, una por pieza (enlace firmado, vigente dos años)',
        params: tokenParamsSchema,
        response: { 200: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]), 404: respuestaEnlaceInvalido },
      },
    },
    (request, reply) => enviarPdf(request, reply, 'etiquetas.pdf', () => corteService.etiquetasPdf(contextoDocumentos, request.params.token)),
  );
}
