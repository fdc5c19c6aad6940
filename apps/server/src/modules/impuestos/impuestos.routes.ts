import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impuestoGuardarSchema, impuestoSchema, RUTAS, idRutaSchema } from '@tablero/domain';
import * as impuestosService from './impuestos.service';

const idParams = z.object({ id: idRutaSchema });
const mensaje = z.object({ message: z.string() });

/** Taxes (spec 001 §7 impuestos*; 000 §7 "GET tax list"); the modal opens from the product form. */
export async function impuestosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const escritura = { acceso: RUTAS.productos.acceso } as const;

  rutas.get(
    '/impuestos',
    {
      config: { acceso: 'autenticado' },
      schema: { tags: ['impuestos'], summary: 'Impuestos, por porcentaje', response: { 200: z.object({ data: z.object({ impuestos: z.array(impuestoSchema) }) }) } },
    },
    async () => ({ data: { impuestos: await impuestosService.listarImpuestos(app.db) } }),
  );

  rutas.post(
    '/impuestos/crear',
    {
      config: escritura,
      schema: { tags: ['impuestos'], summary: 'Crea un impuesto', body: impuestoGuardarSchema, response: { 200: mensaje.extend({ data: z.object({ id: z.number().int() }) }) } },
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
      schema: { tags: ['impuestos'], summary: 'Edita un impuesto', params: idParams, body: impuestoGuardarSchema, response: { 200: mensaje } },
    },
    async (request) => {
      await impuestosService.editarImpuesto(app.db, request.params.id, request.body);
      return { message: 'Impuesto actualizado con éxito' };
    },
  );
}
