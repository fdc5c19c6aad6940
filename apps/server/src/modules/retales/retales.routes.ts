import type { FastifyInstance } from 'fastify';
import {
  ACCIONES,
  idParamsSchema,
  mensajeSchema,
  MENSAJES_RETALES,
  respuestaDatos,
  retalCrearSchema,
  retalDescartarSchema,
  retalDetalleRespuestaSchema,
  retalEditarSchema,
  retalesAhorroConsultaSchema,
  retalesAhorroRespuestaSchema,
  retalesConsultaSchema,
  retalesDisponiblesConsultaSchema,
  retalesDisponiblesRespuestaSchema,
  retalesEtiquetasRespuestaSchema,
  retalesEtiquetasSchema,
  retalesRespuestaSchema,
  retalesVentaRespuestaSchema,
  RUTAS,
} from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as retalesService from './retales.service';

/**
 * The offcut inventory (docs/decisions-retales.md): Bodega (and SuperAdministrador) keep it; whoever sells reads a
 * material's offcuts in the cutting dialog; whoever runs the cut stage reads what a sale's cut keeps. Everything in the
 * selected store. Thin: schema, access, one service call, answer.
 */
export async function retalesRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'retales', acceso: RUTAS.retales.acceso, tienda: 'requerida' });

  ruta.get('/retales', {
    summary: 'Los retales de la tienda (paginado; por código, material o ubicación, medidas mínimas y estado; el más grande primero) con sus totales',
    querystring: retalesConsultaSchema,
    respuesta: respuestaDatos(retalesRespuestaSchema),
    manejador: async (request) => ({ data: await retalesService.listarRetales(app.db, actorDe(request), request.query) }),
  });

  ruta.get('/retales/disponibles', {
    acceso: ACCIONES.retalesParaCorte.acceso,
    summary: 'Los retales disponibles de un material en la tienda (el más grande primero, hasta 200) y los que ya tiene la venta',
    querystring: retalesDisponiblesConsultaSchema,
    respuesta: respuestaDatos(retalesDisponiblesRespuestaSchema),
    manejador: async (request) => ({
      data: { retales: await retalesService.listarDisponibles(app.db, actorDe(request), request.query.producto_id, request.query.venta_id) },
    }),
  });

  ruta.get('/retales/ahorro', {
    summary: 'Lo que ahorraron los retales por mes: planes, retales usados, m² y tableros nuevos que no se compraron',
    querystring: retalesAhorroConsultaSchema,
    respuesta: respuestaDatos(retalesAhorroRespuestaSchema),
    manejador: async (request) => ({ data: await retalesService.ahorroRetales(app.db, actorDe(request), request.query) }),
  });

  ruta.get('/retales/venta/:id', {
    acceso: ACCIONES.retalesDeCorte.acceso,
    summary: 'Los sobrantes que deja el corte de una venta (previstos o guardados) y los retales que usa',
    params: idParamsSchema,
    respuesta: respuestaDatos(retalesVentaRespuestaSchema),
    manejador: async (request) => ({ data: await retalesService.retalesDeVenta(app.db, actorDe(request), request.params.id) }),
  });

  ruta.get('/retales/:id', {
    summary: 'Un retal de la tienda y su historial de movimientos',
    params: idParamsSchema,
    respuesta: respuestaDatos(retalDetalleRespuestaSchema),
    manejador: async (request) => ({ data: await retalesService.leerRetal(app.db, actorDe(request), request.params.id) }),
  });

  ruta.crear('/retales', {
    summary: 'Registra a mano un retal de un tablero en la tienda (código RM{id})',
    body: retalCrearSchema,
    casoDeUso: (trx, actor, request) => retalesService.crearRetal(trx, actor, request.body),
    mensaje: MENSAJES_RETALES.retalCreado,
  });

  ruta.put('/retales/:id', {
    summary: 'Cambia las medidas (con el motivo) y la ubicación de un retal disponible',
    params: idParamsSchema,
    body: retalEditarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => retalesService.editarRetal(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_RETALES.retalActualizado,
  });

  ruta.post('/retales/:id/descartar', {
    summary: 'Descarta un retal disponible, con el motivo',
    params: idParamsSchema,
    body: retalDescartarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => retalesService.descartarRetal(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_RETALES.retalDescartado,
  });

  ruta.post('/retales/etiquetas', {
    summary: 'Enlace firmado (un día) al PDF de etiquetas de los retales elegidos: código QR, material y medidas',
    body: retalesEtiquetasSchema,
    respuesta: respuestaDatos(retalesEtiquetasRespuestaSchema),
    casoDeUso: (trx, actor, request) => retalesService.enlaceEtiquetas(trx, actor, request.body.ids, app.tokenSecret),
    datos: (url) => ({ url }),
  });

  ruta.documentoPublico('/public/retales/etiquetas/:token', {
    summary: 'PDF de etiquetas de retales (enlace firmado, vigente un día)',
    leer: async (contexto, token) => ({ pdf: await retalesService.etiquetasPdf(contexto, token), archivo: 'etiquetas-retales.pdf' }),
    codigo: 'RETAL_NO_ENCONTRADO',
    detalle: 'Vuelva a imprimir las etiquetas desde Retales.',
  });
}
