import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idCreadoSchema, idParamsSchema, impuestoGuardarSchema, impuestosRespuestaSchema, mensajeSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import * as impuestosService from './impuestos.service';

/** Taxes (spec 001 §7 impuestos*; 000 §7 "GET tax list"); the modal opens from the product form. */
export async function impuestosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const escritura = { acceso: RUTAS.productos.acceso } as const;

  rutas.get(
    '/impuestos',
    {
      config: { acceso: 'autenticado' },
      schema: { tags: ['impuestos'], summary: 'Impuestos, por porcentaje', response: { 200: respuestaDatos(impuestosRespuestaSchema) } },
    },
    async () => ({ data: { impuestos: await impuestosService.listarImpuestos(app.db) } }),
  );

  rutas.post(
    '/impuestos/crear',
    {
      config: escritura,
      schema: { tags: ['impuestos'], summary: 'Crea un impuesto', body: impuestoGuardarSchema, response: { 200: idCreadoSchema } },
    },
    async (request) => {
      const id = await impuestosService.crearImpuesto(app.db, request.body);
      return { message: 'Impuesto creado con éxito', data: { id } };
    },
  );

  rutas.put(
    '/impuestos/:id/editar',
    {
      config: escritura,
      schema: { tags: ['impuestos'], summary: 'Edita un impuesto', params: idParamsSchema, body: impuestoGuardarSchema, response: { 200: mensajeSchema } },
    },
    async (request) => {
      await impuestosService.editarImpuesto(app.db, request.params.id, request.body);
      return { message: 'Impuesto actualizado con éxito' };
    },
  );
}
