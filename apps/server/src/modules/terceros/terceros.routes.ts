import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { actorDe } from '../../plugins/auth';
import * as tercerosService from './terceros.service';
import { ejecutarCasoDeUso } from '../../db/transaccion';

export async function tercerosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  // Creating and editing: the roles of /terceros (spec 001 Routes). Reading: every logged-in user
  // (typeahead, operator and messenger pickers, balance).
  const accesoEdicion = RUTAS.terceros.acceso;

  rutas.get(
    '/terceros',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['terceros'],
        summary: 'Terceros: una página (per_page 10, 25, 50 o 100; más recientes primero u orden/direccion por columna) o, con no_page=1, lista simple por nombre',
        querystring: terceroConsultaSchema,
        response: { 200: respuestaDatos(tercerosRespuestaSchema) },
      },
    },
    async (request) => ({ data: { terceros: await tercerosService.listarTerceros(app.db, request.query) } }),
  );

  rutas.get(
    '/terceros/:id',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['terceros'],
        summary: 'Un tercero con su cuenta de usuario; con solo_info=1 solo quién es y su saldo de abono',
        params: idParamsSchema,
        querystring: terceroSoloInfoConsultaSchema,
        response: {
          200: terceroLeidoRespuestaSchema,
        },
      },
    },
    async (request) => {
      if (request.query.solo_info === '1') return { data: { tercero: await tercerosService.leerTerceroInfo(app.db, request.params.id) } };
      return { data: await tercerosService.leerTercero(app.db, request.params.id) };
    },
  );

  rutas.post(
    '/terceros/crear',
    {
      config: { acceso: accesoEdicion, tienda: 'requerida' },
      schema: {
        tags: ['terceros'],
        summary: 'Crea un tercero; los tipos V, A, B y OP reciben su cuenta de usuario',
        body: terceroCrearSchema,
        response: { 200: respuestaMensajeDatos(terceroRespuestaSchema) },
      },
    },
    async (request) => {
      const tercero = await ejecutarCasoDeUso(app.db, actorDe(request), async (trx, actor) => {
        const id = await tercerosService.crearTercero(trx, request.body, actor);
        return (await tercerosService.leerTercero(trx, id)).tercero;
      });
      return { message: 'Tercero creado con éxito', data: { tercero } };
    },
  );

  rutas.put(
    '/terceros/:id/editar',
    {
      config: { acceso: accesoEdicion },
      schema: {
        tags: ['terceros'],
        summary: 'Edita un tercero y, si ingresa a la aplicación, su cuenta de usuario',
        params: idParamsSchema,
        body: terceroEditarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => tercerosService.editarTercero(trx, request.params.id, request.body, actor));
      return { message: 'Tercero actualizado con éxito' };
    },
  );

  rutas.get(
    '/listas/tipo-documento',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['terceros'],
        summary: 'Tipos de documento (con su código DIAN)',
        response: { 200: respuestaDatos(tiposDocumentosRespuestaSchema) },
      },
    },
    async () => ({ data: { tipos_documentos: await tercerosService.listarTiposDocumento(app.db) } }),
  );
}
