import type { FastifyInstance } from 'fastify';
import {
  despachoPasadoSchema,
  despachosFiltroSchema,
  despachoVentaParamsSchema,
  detalleDespachoSchema,
  guardarDespachoSchema,
  llamarTurnoParamsSchema,
  MENSAJES_DESPACHOS,
  mensajeSchema,
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
import { rutasDelModulo } from '../../lib/rutas';

/**
 * Dispatch (spec 001 §7 despachos; docs/decisions-despachos.md). /despachos is open to any logged-in user of the
 * selected store (spec 001 §2); the public board's list needs no token and answers only the board's fields.
 * Thin: schema, access, one service call (writes in one transaction), the live notice after the commit, answer.
 */
export async function despachosRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'despachos', acceso: RUTAS.despachos.acceso, tienda: 'requerida' });

  ruta.paginaFiltrada('/despachos/turnos', {
    summary: 'Una página de turnos de despacho: pendientes (en cola o en proceso, por fecha del turno) o despachados (por fecha de despacho); fechas por defecto hoy',
    filtro: despachosFiltroSchema,
    datos: turnosDespachoSchema,
    listar: servicio.listarTurnos,
  });

  ruta.get('/despachos/turnos/:ventaId/:userId/venta', {
    summary: 'Llama el turno de la venta (queda en proceso con el usuario como despachador; userId debe ser el usuario de la sesión) y responde la venta para el detalle',
    params: llamarTurnoParamsSchema,
    respuesta: respuestaDatos(detalleDespachoSchema),
    manejador: async (request) => {
      const { ventaId, userId } = request.params;
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.llamarTurno(trx, ventaId, userId, actor));
      await avisarTurnoDeVenta(app, ventaId, request.log);
      return { data: await servicio.ventaParaDespacho(app.db, ventaId, actorDe(request)) };
    },
  });

  ruta.get('/despachos/venta/:ventaId', {
    summary: 'La venta para el detalle, sin llamar su turno (una venta despachada, o la que el despachador ya llamó) y el estado de su turno',
    params: despachoVentaParamsSchema,
    respuesta: respuestaDatos(detalleDespachoSchema),
    manejador: async (request) => ({ data: await servicio.ventaParaDespacho(app.db, request.params.ventaId, actorDe(request)) }),
  });

  ruta.post('/despachos/guardar', {
    summary: 'Realizar despacho: mensajero y observación; registra la fecha de despacho y termina el turno',
    body: guardarDespachoSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => servicio.guardarDespacho(trx, request.body, actor),
    trasConfirmar: (_, request) => avisarTurnoDeVenta(app, request.body.venta_id, request.log),
    mensaje: MENSAJES_DESPACHOS.despachada,
  });

  ruta.post('/despachos/pasar', {
    summary: 'Pasar a despacho: una venta facturada sin turno recibe uno',
    body: pasarDespachoSchema,
    respuesta: respuestaMensajeDatos(despachoPasadoSchema),
    casoDeUso: (trx, actor, request) => servicio.pasarADespacho(trx, request.body.venta_id, actor),
    trasConfirmar: (_, request) => avisarTurnoDeVenta(app, request.body.venta_id, request.log),
    mensaje: MENSAJES_DESPACHOS.pasada,
    datos: (turno) => ({ turno }),
  });

  ruta.get('/public/despachos/turnos', {
    acceso: 'publico',
    summary: 'Tablero público de la tienda (sin sesión): próximos turnos y turnos en proceso, 12 por página, solo turno, venta, cliente abreviado y despachador',
    querystring: turnosPublicosConsultaSchema,
    respuesta: respuestaDatos(tableroPublicoDespachosSchema),
    manejador: async (request) => ({ data: await servicio.tableroPublico(app.db, request.query.codigo_tienda, request.query.page) }),
  });
}
