import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  mensajeSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  terceroConsultaSchema,
  terceroCrearSchema,
  terceroEditarSchema,
  terceroLeidoRespuestaSchema,
  terceroRespuestaSchema,
  terceroSoloInfoConsultaSchema,
  tercerosRespuestaSchema,
  tiposDocumentosRespuestaSchema,
} from '@tablero/domain';
import * as tercerosService from './terceros.service';
import { rutasDelModulo } from '../../lib/rutas';

export async function tercerosRoutes(app: FastifyInstance) {
  // Creating and editing: the roles of /terceros (spec 001 Routes). Reading: every logged-in user
  // (typeahead, operator and messenger pickers, balance).
  const ruta = rutasDelModulo(app, { tag: 'terceros', acceso: 'autenticado' });
  const accesoEdicion = RUTAS.terceros.acceso;

  ruta.get('/terceros', {
    summary: 'Terceros: una página (per_page 10, 25, 50 o 100; más recientes primero u orden/direccion por columna) o, con no_page=1, lista simple por nombre',
    querystring: terceroConsultaSchema,
    respuesta: respuestaDatos(tercerosRespuestaSchema),
    manejador: async (request) => ({ data: { terceros: await tercerosService.listarTerceros(app.db, request.query) } }),
  });

  ruta.get('/terceros/:id', {
    summary: 'Un tercero con su cuenta de usuario; con solo_info=1 solo quién es y su saldo de abono',
    params: idParamsSchema,
    querystring: terceroSoloInfoConsultaSchema,
    respuesta: terceroLeidoRespuestaSchema,
    manejador: async (request) => {
      if (request.query.solo_info === '1') return { data: { tercero: await tercerosService.leerTerceroInfo(app.db, request.params.id) } };
      return { data: await tercerosService.leerTercero(app.db, request.params.id) };
    },
  });

  ruta.post('/terceros/crear', {
    acceso: accesoEdicion,
    tienda: 'requerida',
    summary: 'Crea un tercero; los tipos V, A, B y OP reciben su cuenta de usuario',
    body: terceroCrearSchema,
    respuesta: respuestaMensajeDatos(terceroRespuestaSchema),
    casoDeUso: async (trx, actor, request) => {
      const id = await tercerosService.crearTercero(trx, request.body, actor);
      return (await tercerosService.leerTercero(trx, id)).tercero;
    },
    mensaje: 'Tercero creado con éxito',
    datos: (tercero) => ({ tercero }),
  });

  ruta.put('/terceros/:id/editar', {
    acceso: accesoEdicion,
    summary: 'Edita un tercero y, si ingresa a la aplicación, su cuenta de usuario',
    params: idParamsSchema,
    body: terceroEditarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => tercerosService.editarTercero(trx, request.params.id, request.body, actor),
    mensaje: 'Tercero actualizado con éxito',
  });

  ruta.get('/listas/tipo-documento', {
    summary: 'Tipos de documento (con su código DIAN)',
    respuesta: respuestaDatos(tiposDocumentosRespuestaSchema),
    manejador: async () => ({ data: { tipos_documentos: await tercerosService.listarTiposDocumento(app.db) } }),
  });
}
