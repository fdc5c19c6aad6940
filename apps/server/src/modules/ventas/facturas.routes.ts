import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enlaceDescargaSchema,
  enlaceExportacionConsultaSchema,
  facturaDetalleSchema,
  facturasConsultaSchema,
  facturasPaginaSchema,
  idParamsSchema,
  paginacionConsultaSchema,
  respuestaArchivo,
  respuestaDatos,
  RUTAS,
  TIPOS_ARCHIVO,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as facturasService from './facturas.service';

/**
 * Pendiente por facturar (spec 000 §2.6, §2.7, §7): the store's sales by dates, state and term (POST facturas?page),
 * a sale's detail (GET facturas/{id}) and the export of the filtered list as .xlsx (a signed link the browser opens,
 * as the product export). Always in the selected store: another store's sale is a 404.
 */
export async function facturasRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.facturacion.acceso, tienda: 'requerida' } as const;
  const contexto = { secreto: app.tokenSecret };

  rutas.post(
    '/facturas',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Ventas de la tienda por fechas (en la zona del negocio), estado y término, la más nueva primero, con sus formas de pago',
        description:
          'Una fila por venta con sus formas de pago (formas_pagos) y los enlaces firmados de factura y remisión; `totales` suma todas las ventas ' +
          'que seleccionan los filtros, no solo la página. 422 si la fecha final es posterior a hoy.',
        querystring: paginacionConsultaSchema,
        body: facturasConsultaSchema,
        response: { 200: respuestaDatos(facturasPaginaSchema) },
      },
    },
    async (request) => ({ data: await facturasService.listarFacturas(app.db, contexto, actorDe(request), request.body, request.query) }),
  );

  rutas.post(
    '/facturas/exportar/enlace',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Enlace público firmado y con vencimiento (10 minutos) para descargar en .xlsx las ventas que seleccionan los filtros',
        description: `Los mismos filtros de POST facturas. 422 si seleccionan más ventas de las que admite la exportación.`,
        body: facturasConsultaSchema,
        response: { 200: respuestaDatos(enlaceDescargaSchema) },
      },
    },
    async (request) => {
      const { token, expira_en } = await facturasService.crearEnlaceExportacionFacturas(app.db, contexto, actorDe(request), request.body);
      return { data: { url: `/api/public/facturas/exportar?token=${encodeURIComponent(token)}`, expira_en } };
    },
  );

  rutas.get(
    '/public/facturas/exportar',
    {
      // Opened by the browser: no session; the signed token names the store and the filters.
      config: { acceso: 'publico' },
      schema: {
        tags: ['facturación'],
        summary: 'Descarga el .xlsx del listado de ventas de un enlace firmado',
        querystring: enlaceExportacionConsultaSchema,
        response: { 200: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]) },
      },
    },
    async (request, reply) => {
      const { archivo, nombre } = await facturasService.exportarFacturas(app.db, contexto, request.query.token);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('cache-control', 'no-store')
        .send(archivo);
    },
  );

  rutas.get(
    '/facturas/:id',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Detalle de una venta de la tienda: encabezado con los datos de facturación, líneas, formas de pago y producción',
        params: idParamsSchema,
        response: { 200: respuestaDatos(facturaDetalleSchema) },
      },
    },
    async (request) => ({ data: await facturasService.leerFactura(app.db, app.tokenSecret, actorDe(request), request.params.id) }),
  );
}
