import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversionCotizacionSchema,
  convertirCotizacionSchema,
  cotizacionCambiadaSchema,
  cotizacionConvertidaSchema,
  cotizacionesConsultaSchema,
  cotizacionesRespuestaSchema,
  idParamsSchema,
  MENSAJES_COTIZACION,
  respuestaArchivo,
  respuestaDatos,
  respuestaEnlaceInvalido,
  respuestaMensajeDatos,
  RUTAS,
  TIPOS_ARCHIVO,
  tokenParamsSchema,
} from '@tablero/domain';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { responderDocumentoPublico } from '../../lib/enlaces';
import { actorDe } from '../../plugins/auth';
import * as cotizacionesService from './cotizaciones.service';

/**
 * Quotations (docs/decisions-cotizaciones.md): saved by the order form (POST facturas/guardar with state 7), listed,
 * accepted, annulled and converted here, in the selected store (another store's quotation is a 404), by the roles that
 * sell. The PDF is behind a signed link the list hands out.
 */
export async function cotizacionesRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.cotizaciones.acceso, tienda: 'requerida' } as const;

  rutas.get(
    '/cotizaciones',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Cotizaciones de la tienda: abiertas, vencidas, convertidas y anuladas (estado calculado de sus fechas), con filtros y paginadas',
        querystring: cotizacionesConsultaSchema,
        response: { 200: respuestaDatos(cotizacionesRespuestaSchema) },
      },
    },
    async (request) => ({ data: { cotizaciones: await cotizacionesService.listarCotizaciones(app.db, actorDe(request), app.tokenSecret, request.query) } }),
  );

  rutas.get(
    '/cotizaciones/:id/conversion',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Lo que da convertir la cotización: cada línea con el precio cotizado y el de hoy, y los dos totales',
        params: idParamsSchema,
        response: { 200: respuestaDatos(conversionCotizacionSchema) },
      },
    },
    async (request) => ({
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => cotizacionesService.leerConversion(trx, actor, request.params.id)),
    }),
  );

  rutas.post(
    '/cotizaciones/:id/convertir',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Convierte la cotización en un pedido Pendiente facturar, en una transacción',
        description:
          'precios "cotizados" solo mientras esté vigente; "actuales" siempre. total_venta debe ser el revisado (409 si los precios cambiaron). ' +
          'Una cotización convertida, anulada o que no es cotización responde 409.',
        params: idParamsSchema,
        body: convertirCotizacionSchema,
        response: { 200: respuestaMensajeDatos(cotizacionConvertidaSchema) },
      },
    },
    async (request) => {
      const pedido = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => cotizacionesService.convertirCotizacion(trx, actor, request.params.id, request.body));
      return { message: MENSAJES_COTIZACION.convertida(pedido.venta_id), data: pedido };
    },
  );

  rutas.post(
    '/cotizaciones/:id/aceptar',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Marca que el cliente aceptó la cotización (aceptada_en); vigente y abierta, reserva existencias',
        params: idParamsSchema,
        response: { 200: respuestaMensajeDatos(cotizacionCambiadaSchema) },
      },
    },
    async (request) => ({
      message: MENSAJES_COTIZACION.aceptada,
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => cotizacionesService.aceptarCotizacion(trx, actor, request.params.id)),
    }),
  );

  rutas.post(
    '/cotizaciones/:id/anular',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Anula la cotización (estado 3, con su historial); una convertida no se anula',
        params: idParamsSchema,
        response: { 200: respuestaMensajeDatos(cotizacionCambiadaSchema) },
      },
    },
    async (request) => ({
      message: MENSAJES_COTIZACION.anuladaOk,
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => cotizacionesService.anularCotizacion(trx, actor, request.params.id)),
    }),
  );

  const contexto = { db: app.db, documentos: app.documentos, secreto: app.tokenSecret };
  rutas.get(
    '/public/cotizacion/:token',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['ventas'],
        summary: 'PDF de la cotización con sus planos de corte. Enlace firmado, vigente 30 días',
        params: tokenParamsSchema,
        response: { 200: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]), 404: respuestaEnlaceInvalido },
      },
    },
    (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => cotizacionesService.cotizacionPdf(contexto, request.params.token),
        codigo: 'VENTA_NO_ENCONTRADA',
        detalle: 'Abra de nuevo la lista de cotizaciones.',
      }),
  );
}
