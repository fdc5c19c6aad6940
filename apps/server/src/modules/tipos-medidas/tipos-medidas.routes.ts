import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idCreadoSchema, idParamsSchema, mensajeSchema, respuestaDatos, RUTAS, tipoMedidaGuardarSchema, tiposMedidasRespuestaSchema } from '@tablero/domain';
import * as tiposMedidasService from './tipos-medidas.service';

/** Measure types (spec 001 §7 maestros/tipos-medidas*); the modal opens from the product form. */
export async function tiposMedidasRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const escritura = { acceso: RUTAS.productos.acceso } as const;

  rutas.get(
    '/maestros/tipos-medidas',
    {
      config: { acceso: 'autenticado' },
      schema: { tags: ['tipos-medidas'], summary: 'Tipos de medida, por nombre', response: { 200: respuestaDatos(tiposMedidasRespuestaSchema) } },
    },
    async () => ({ data: { tipos_medidas: await tiposMedidasService.listarTiposMedidas(app.db) } }),
  );

  rutas.post(
    '/maestros/tipos-medidas/crear',
    {
      config: escritura,
      schema: { tags: ['tipos-medidas'], summary: 'Crea un tipo de medida', body: tipoMedidaGuardarSchema, response: { 200: idCreadoSchema } },
    },
    async (request) => {
      const id = await tiposMedidasService.crearTipoMedida(app.db, request.body);
      return { message: 'Tipo de medida creado con éxito', data: { id } };
    },
  );

  rutas.put(
    '/maestros/tipos-medidas/:id/editar',
    {
      config: escritura,
      schema: { tags: ['tipos-medidas'], summary: 'Edita un tipo de medida', params: idParamsSchema, body: tipoMedidaGuardarSchema, response: { 200: mensajeSchema } },
    },
    async (request) => {
      await tiposMedidasService.editarTipoMedida(app.db, request.params.id, request.body);
      return { message: 'Tipo de medida actualizado con éxito' };
    },
  );
}
