import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  despachoPasadoSchema,
  despachosFiltroSchema,
  despachoVentaParamsSchema,
  detalleDespachoSchema,
  guardarDespachoSchema,
  llamarTurnoParamsSchema,
  MENSAJES_DESPACHOS,
  mensajeSchema,
  paginacionConsultaSchema,
  pasarDespachoSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  tableroPublicoDespachosSchema,
  turnosDespachoSchema,
  turnosPublicosConsultaSchema,
} from '@tablero/domain';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { actorDe } from '../../plugins/auth';
import { avisarTurnoDeVenta } from './despachos.avisos';
import * as servicio from './despachos.service';

/**
 * Dispatch (spec 001 §7 despachos; docs/decisions-despachos.md). /despachos is open to any logged-in user of the
 * selected store (spec 001 §2); the public board's list needs no token and answers only the board's fields.
 * Thin: schema, access, one service call (writes in one transaction), the live notice after the commit, answer.
 */
export async function despachosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const ACCESO = RUTAS.despachos.acceso;

  rutas.post(
    '/despachos/turnos',
    {
      config: { acceso: ACCESO, tienda: 'requerida' },
      schema: {
        tags: ['despachos'],
        summary: 'Una página de turnos de despacho: pendientes (en cola o en proceso, por fecha del turno) o despachados (por fecha de despacho); fechas por defecto hoy',
        querystring: paginacionConsultaSchema,
        body: despachosFiltroSchema,
        response: { 200: respuestaDatos(turnosDespachoSchema) },
      },
    },
    async (request) => ({
      data: await servicio.listarTurnos(app.db, request.body, request.query.page, request.query.per_page, actorDe(request)),
    }),
  );

  rutas.get(
    '/despachos/turnos/:ventaId/:userId/venta',
    {
      config: { acceso: ACCESO, tienda: 'requerida' },
      schema: {
        tags: ['despachos'],
        summary: 'Llama el turno de la venta (queda en proceso con el usuario como despachador; userId debe ser el usuario de la sesión) y responde la venta para el detalle',
        params: llamarTurnoParamsSchema,
        response: { 200: respuestaDatos(detalleDespachoSchema) },
      },
    },
    async (request) => {
      const { ventaId, userId } = request.params;
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.llamarTurno(trx, ventaId, userId, actor));
      await avisarTurnoDeVenta(app, ventaId, request.log);
      return { data: await servicio.ventaParaDespacho(app.db, ventaId, actorDe(request)) };
    },
  );

  rutas.get(
    '/despachos/venta/:ventaId',
    {
      config: { acceso: ACCESO, tienda: 'requerida' },
      schema: {
        tags: ['despachos'],
        summary: 'La venta para el detalle, sin llamar su turno (una venta despachada, o la que el despachador ya llamó) y el estado de su turno',
        params: despachoVentaParamsSchema,
        response: { 200: respuestaDatos(detalleDespachoSchema) },
      },
    },
    async (request) => ({ data: await servicio.ventaParaDespacho(app.db, request.params.ventaId, actorDe(request)) }),
  );

  rutas.post(
    '/despachos/guardar',
    {
      config: { acceso: ACCESO, tienda: 'requerida' },
      schema: {
        tags: ['despachos'],
        summary: 'Realizar despacho: mensajero y observación; registra la fecha de despacho y termina el turno',
        body: guardarDespachoSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.guardarDespacho(trx, request.body, actor));
      await avisarTurnoDeVenta(app, request.body.venta_id, request.log);
      return { message: MENSAJES_DESPACHOS.despachada };
    },
  );

  rutas.post(
    '/despachos/pasar',
    {
      config: { acceso: ACCESO, tienda: 'requerida' },
      schema: {
        tags: ['despachos'],
        summary: 'Pasar a despacho: una venta facturada sin turno recibe uno',
        body: pasarDespachoSchema,
        response: { 200: respuestaMensajeDatos(despachoPasadoSchema) },
      },
    },
    async (request) => {
      const turno = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.pasarADespacho(trx, request.body.venta_id, actor));
      await avisarTurnoDeVenta(app, request.body.venta_id, request.log);
      return { message: MENSAJES_DESPACHOS.pasada, data: { turno } };
    },
  );

  rutas.get(
    '/public/despachos/turnos',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['despachos'],
        summary: 'Tablero público de la tienda (sin sesión): próximos turnos y turnos en proceso, 12 por página, solo turno, venta, cliente abreviado y despachador',
        querystring: turnosPublicosConsultaSchema,
        response: { 200: respuestaDatos(tableroPublicoDespachosSchema) },
      },
    },
    async (request) => ({ data: await servicio.tableroPublico(app.db, request.query.codigo_tienda, request.query.page) }),
  );
}
