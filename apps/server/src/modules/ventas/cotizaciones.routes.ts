import type { FastifyInstance } from 'fastify';
import {
  conversionCotizacionSchema,
  convertirCotizacionSchema,
  cotizacionCambiadaSchema,
  cotizacionConvertidaSchema,
  cotizacionesConsultaSchema,
  cotizacionesRespuestaSchema,
  idParamsSchema,
  MENSAJES_COTIZACION,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  type CotizacionCambiada,
} from '@tablero/domain';
import type { ActorUsuario, Trx } from '../../db/transaccion';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as cotizacionesService from './cotizaciones.service';

/**
 * Quotations (docs/decisions-cotizaciones.md): saved by the order form (POST facturas/guardar with state 7), listed,
 * accepted, annulled and converted here, in the selected store (another store's quotation is a 404), by the roles that
 * sell. The PDF is behind a signed link the list hands out.
 */
export async function cotizacionesRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'ventas', acceso: RUTAS.cotizaciones.acceso, tienda: 'requerida' });

  ruta.get('/cotizaciones', {
    summary: 'Cotizaciones de la tienda: abiertas, vencidas, convertidas y anuladas (estado calculado de sus fechas), con filtros y paginadas',
    querystring: cotizacionesConsultaSchema,
    respuesta: respuestaDatos(cotizacionesRespuestaSchema),
    manejador: async (request) => ({ data: { cotizaciones: await cotizacionesService.listarCotizaciones(app.db, actorDe(request), app.tokenSecret, request.query) } }),
  });

  ruta.get('/cotizaciones/:id/conversion', {
    summary: 'Lo que da convertir la cotización: cada línea con el precio cotizado y el de hoy, y los dos totales',
    params: idParamsSchema,
    respuesta: respuestaDatos(conversionCotizacionSchema),
    casoDeUso: (trx, actor, request) => cotizacionesService.leerConversion(trx, actor, request.params.id),
    datos: (conversion) => conversion,
  });

  ruta.post('/cotizaciones/:id/convertir', {
    summary: 'Convierte la cotización en un pedido Pendiente facturar, en una transacción',
    description:
      'precios "cotizados" solo mientras esté vigente; "actuales" siempre. total_venta debe ser el revisado (409 si los precios cambiaron). ' +
      'Una cotización convertida, anulada o que no es cotización responde 409.',
    params: idParamsSchema,
    body: convertirCotizacionSchema,
    respuesta: respuestaMensajeDatos(cotizacionConvertidaSchema),
    casoDeUso: (trx, actor, request) => cotizacionesService.convertirCotizacion(trx, actor, request.params.id, request.body),
    mensaje: (pedido) => MENSAJES_COTIZACION.convertida(pedido.venta_id),
    datos: (pedido) => pedido,
  });

  /**
   * Accepting and annulling (docs/decisions-cotizaciones.md): a change of one open quotation of the store, named by the
   * path's id, in one transaction, that answers the quotation's new state (cotizacionCambiadaSchema).
   */
  const cambioDeEstado = (
    url: string,
    cambio: { summary: string; cambiar: (trx: Trx, actor: ActorUsuario, id: number) => Promise<CotizacionCambiada>; mensaje: string },
  ) =>
    ruta.post(url, {
      summary: cambio.summary,
      params: idParamsSchema,
      respuesta: respuestaMensajeDatos(cotizacionCambiadaSchema),
      casoDeUso: (trx, actor, request) => cambio.cambiar(trx, actor, request.params.id),
      mensaje: cambio.mensaje,
      datos: (cotizacion) => cotizacion,
    });

  cambioDeEstado('/cotizaciones/:id/aceptar', {
    summary: 'Marca que el cliente aceptó la cotización (aceptada_en); vigente y abierta, reserva existencias',
    cambiar: cotizacionesService.aceptarCotizacion,
    mensaje: MENSAJES_COTIZACION.aceptada,
  });

  cambioDeEstado('/cotizaciones/:id/anular', {
    summary: 'Anula la cotización (estado 3, con su historial); una convertida no se anula',
    cambiar: cotizacionesService.anularCotizacion,
    mensaje: MENSAJES_COTIZACION.anuladaOk,
  });

  ruta.documentoPublico('/public/cotizacion/:token', {
    summary: 'PDF de la cotización con sus planos de corte. Enlace firmado, vigente 30 días',
    leer: cotizacionesService.cotizacionPdf,
    codigo: 'VENTA_NO_ENCONTRADA',
    detalle: 'Abra de nuevo la lista de cotizaciones.',
  });
}
