import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoriaProductoGuardarSchema, categoriasProductosRespuestaSchema, idCreadoSchema, idParamsSchema, mensajeSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import * as categoriasService from './categorias-productos.service';
import { enTransaccion } from '../../db/transaccion';

/** Product categories (spec 001 §7 maestros/categorias-productos*); the modal opens from the product form. */
export async function categoriasProductosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const escritura = { acceso: RUTAS.productos.acceso } as const;

  rutas.get(
    '/maestros/categorias-productos',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['categorias-productos'],
        summary: 'Categorías de producto, por nombre',
        response: { 200: respuestaDatos(categoriasProductosRespuestaSchema) },
      },
    },
    async () => ({ data: { categorias_productos: await categoriasService.listarCategorias(app.db) } }),
  );

  rutas.post(
    '/maestros/categorias-productos/crear',
    {
      config: escritura,
      schema: { tags: ['categorias-productos'], summary: 'Crea una categoría', body: categoriaProductoGuardarSchema, response: { 200: idCreadoSchema } },
    },
    async (request) => {
      const id = await enTransaccion(app.db, (trx) => categoriasService.crearCategoria(trx, request.body));
      return { message: 'Categoría creada con éxito', data: { id } };
    },
  );

  rutas.put(
    '/maestros/categorias-productos/:id/editar',
    {
      config: escritura,
      schema: { tags: ['categorias-productos'], summary: 'Edita una categoría', params: idParamsSchema, body: categoriaProductoGuardarSchema, response: { 200: mensajeSchema } },
    },
    async (request) => {
      await enTransaccion(app.db, (trx) => categoriasService.editarCategoria(trx, request.params.id, request.body));
      return { message: 'Categoría actualizada con éxito' };
    },
  );
}
