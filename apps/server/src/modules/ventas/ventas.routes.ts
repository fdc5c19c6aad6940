import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  MENSAJES_TAREA,
  mensajeSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  tareaActualizarSchema,
  tareaCrearSchema,
  tareaRespuestaSchema,
  tareasConsultaSchema,
  tareasDeVentaSchema,
  tareasPendientesRespuestaSchema,
  tareasRespuestaSchema,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import { envioDocumentoRoutes } from './envio-documento.routes';
import { facturaElectronicaRoutes } from './factura-electronica.routes';
import { devolucionParcialRoutes } from './devolucion-parcial.routes';
import { cotizacionesRoutes } from './cotizaciones.routes';
import { documentoVentaRoutes } from './documento-venta.routes';
import { facturarRoutes } from './facturar.routes';
import { facturasRoutes } from './facturas.routes';
import { pedidosRoutes } from './pedidos.routes';
import { reservasRoutes } from './reservas.routes';
import * as ventasService from './ventas.service';

/**
 * spec 000 §7 tareas*: a sale's tasks (the tasks dialog and the order form's panel) and the store's pending ones
 * (Pendientes, any logged-in user, spec 000 §2.1). Always in the selected store: a sale of another store is a 404.
 */
export async function ventasRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.pendientes.acceso, tienda: 'requerida' } as const;
  await app.register(pedidosRoutes);
  await app.register(facturasRoutes);
  await app.register(facturarRoutes);
  await app.register(devolucionParcialRoutes);
  await app.register(documentoVentaRoutes);
  await app.register(facturaElectronicaRoutes);
  await app.register(reservasRoutes);
  await app.register(cotizacionesRoutes);
  await app.register(envioDocumentoRoutes);

  rutas.post(
    '/tareas',
    {
      config,
      schema: {
        tags: ['tareas'],
        summary: 'Tareas de una venta de la tienda',
        body: tareasDeVentaSchema,
        response: { 200: respuestaDatos(tareasRespuestaSchema) },
      },
    },
    async (request) => ({ data: { tareas: await ventasService.tareasDeVenta(app.db, actorDe(request), request.body.venta_id) } }),
  );

  rutas.post(
    '/tareas/guardar',
    {
      config,
      schema: {
        tags: ['tareas'],
        summary: 'Agrega una tarea abierta a una venta (descripción obligatoria, hasta 200 caracteres)',
        body: tareaCrearSchema,
        response: { 200: respuestaMensajeDatos(tareaRespuestaSchema) },
      },
    },
    async (request) => ({
      message: MENSAJES_TAREA.guardada,
      data: { tarea: await ventasService.crearTarea(app.db, actorDe(request), request.body) },
    }),
  );

  rutas.put(
    '/tareas/:id/actualizar',
    {
      config,
      schema: {
        tags: ['tareas'],
        summary: 'Completa o reabre una tarea, con su observación',
        params: idParamsSchema,
        body: tareaActualizarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ventasService.actualizarTarea(app.db, actorDe(request), request.params.id, request.body);
      return { message: MENSAJES_TAREA.actualizada };
    },
  );

  rutas.get(
    '/tareas',
    {
      config,
      schema: {
        tags: ['tareas'],
        summary: 'Tareas de la tienda: abiertas con tarea_completada=0 (Pendientes), completadas con 1',
        querystring: tareasConsultaSchema,
        response: { 200: respuestaDatos(tareasPendientesRespuestaSchema) },
      },
    },
    async (request) => ({ data: { tareas: await ventasService.tareasDeTienda(app.db, actorDe(request), request.query.tarea_completada) } }),
  );
}
