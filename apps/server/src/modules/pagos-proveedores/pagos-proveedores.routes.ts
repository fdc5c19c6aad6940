import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  comprobanteConsultaSchema,
  idCreadoSchema,
  idParamsSchema,
  MENSAJES_PAGO_PROVEEDOR,
  paginacionConsultaSchema,
  pagoProveedorGuardarSchema,
  pagoProveedorRespuestaSchema,
  pagosProveedoresConsultaSchema,
  pagosProveedoresRespuestaSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  TIPOS_IMAGEN_ADJUNTO,
} from '@tablero/domain';
import { crearAlmacenArchivos, firmaArchivoValida, tipoDeClave } from '../../lib/almacen-archivos';
import { AppError } from '../../lib/app-error';
import { actorDe, CABECERA_TIENDA, tiendaDe } from '../../plugins/auth';
import * as servicio from './pagos-proveedores.service';
import { rutasDelModulo } from '../../lib/rutas';

/** The bearer token of a request, if any (the assets route checks it itself: it also takes signed links). */
function tokenDe(request: FastifyRequest): string | null {
  const [tipo, token] = (request.headers.authorization ?? '').split(' ');
  return tipo?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Supplier payments (spec 002 §2.11, §2.12, §7) and the assets route that serves their voucher pictures.
 * SuperAdministrador; the list and the writes work in the selected store. Thin: schema, access, one service call.
 */
export async function pagosProveedoresRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'pagos-proveedores', acceso: RUTAS.pagosProveedores.acceso, tienda: 'requerida' });
  const contexto: servicio.ContextoPagosProveedores = { almacen: crearAlmacenArchivos(app.config.archivos), secreto: app.tokenSecret };

  ruta.post('/pagos-proveedores', {
    summary:
      'Pagos a proveedores de la tienda seleccionada en un mes (por fecha de pago; una factura en gestión sin pagar, por su fecha), filtrados por texto, paginados; cada fila con sus formas de pago y el enlace firmado de cada comprobante',
    querystring: paginacionConsultaSchema,
    body: pagosProveedoresConsultaSchema,
    respuesta: respuestaDatos(pagosProveedoresRespuestaSchema),
    manejador: async (request) => ({
      data: {
        pagos_proveedores: await servicio.listarPagos(app.db, app.tokenSecret, tiendaDe(request), request.body, {
          page: request.query.page,
          perPage: request.query.per_page,
        }),
      },
    }),
  });

  ruta.post('/pagos-proveedores/guardar', {
    // The pictures travel as base64 (up to 5 of about 1 MB): above Fastify's 1 MB default.
    bodyLimit: 8 * 1024 * 1024,
    summary:
      'Registra un pago a proveedor en la tienda seleccionada: cifras calculadas por el servidor, hasta 5 formas de pago que suman el total a pagar, comprobantes (imágenes) guardados fuera de la base de datos',
    body: pagoProveedorGuardarSchema,
    respuesta: respuestaMensajeDatos(pagoProveedorRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.registrarPago(trx, contexto, request.body, actor),
    mensaje: MENSAJES_PAGO_PROVEEDOR.registrado,
    datos: (pago) => ({ pago_proveedor: pago }),
  });

  ruta.get('/pagos-proveedores/:id', {
    tienda: 'opcional',
    summary: 'Un pago a proveedor (de una tienda del usuario) con sus formas de pago y los enlaces firmados de sus comprobantes',
    params: idParamsSchema,
    respuesta: respuestaDatos(pagoProveedorRespuestaSchema),
    manejador: async (request) => ({ data: { pago_proveedor: await servicio.leerPago(app.db, app.tokenSecret, request.params.id, actorDe(request)) } }),
  });

  ruta.put('/pagos-proveedores/:id/actualizar', {
    bodyLimit: 8 * 1024 * 1024,
    summary:
      'Actualiza un pago a proveedor: el pago y sus formas de pago como estaban quedan en pago_proveedor_historial; un comprobante se conserva enviando su url',
    params: idParamsSchema,
    body: pagoProveedorGuardarSchema,
    respuesta: respuestaMensajeDatos(pagoProveedorRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.actualizarPago(trx, contexto, request.params.id, request.body, actor),
    mensaje: MENSAJES_PAGO_PROVEEDOR.actualizado,
    datos: (pago) => ({ pago_proveedor: pago }),
  });

  ruta.delete('/pagos-proveedores/:id/eliminar', {
    summary: 'Elimina un pago a proveedor: queda marcado con el usuario y la hora (fuera de listas y totales) y en el historial',
    params: idParamsSchema,
    respuesta: idCreadoSchema,
    casoDeUso: (trx, actor, request) => servicio.eliminarPago(trx, request.params.id, actor),
    mensaje: MENSAJES_PAGO_PROVEEDOR.eliminado,
    datos: (_, request) => ({ id: request.params.id }),
  });

  ruta.get('/assets', {
    // Checked here, not by the guard: a logged-in user's bearer token, or a signed link (firma) that a new browser
    // tab can open without one.
    acceso: 'publico',
    summary:
      'Un archivo adjunto (comprobante) por su clave: con el token de sesión o con un enlace firmado (firma) de las filas; 404 para lo que no sea una clave del almacén',
    // Any value: what is not a key is a 404, never a 422 that would tell keys from non-keys.
    querystring: comprobanteConsultaSchema,
    respuesta: respuestaArchivo('La imagen del comprobante', [TIPOS_IMAGEN_ADJUNTO.jpg, TIPOS_IMAGEN_ADJUNTO.png, TIPOS_IMAGEN_ADJUNTO.webp]),
    manejador: async (request, reply) => {
      const { file, firma } = request.query;
      const clave = typeof file === 'string' ? file : '';
      if (typeof firma === 'string' && firma !== '') {
        if (!firmaArchivoValida(app.tokenSecret, clave, firma)) throw new AppError('ARCHIVO_NO_ENCONTRADO');
      } else {
        // As the guard of every other route: the session, then the store header (when sent) must be one of the user's.
        const cabecera = request.headers[CABECERA_TIENDA];
        const codigoTienda = typeof cabecera === 'string' && cabecera.trim() ? cabecera.trim() : null;
        const sesion = await app.verificarSesion(tokenDe(request), codigoTienda);
        if (codigoTienda && !sesion.tieneTienda) throw new AppError('TIENDA_NO_PERMITIDA');
      }
      const contenido = await servicio.leerArchivo(contexto.almacen, clave);
      // The key's extension is the type its bytes showed when it was stored; never sniffed, kept by no shared cache.
      return reply
        .type(tipoDeClave(clave))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${clave.slice(clave.lastIndexOf('/') + 1)}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(contenido);
    },
  });
}
