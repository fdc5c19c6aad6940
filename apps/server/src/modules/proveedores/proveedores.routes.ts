import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idCreadoSchema, idParamsSchema, mensajeSchema, proveedoresConsultaSchema, proveedoresRespuestaSchema, proveedorGuardarSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import * as proveedoresService from './proveedores.service';

/** spec 002 §2.13 and §7: maestros/proveedores*, SuperAdministrador only. Suppliers belong to no store. */
export async function proveedoresRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.proveedores.acceso;

  rutas.get(
    '/maestros/proveedores',
    {
      config: { acceso },
      schema: {
        tags: ['proveedores'],
        summary: 'Proveedores por nombre: con pagination=1, una página (per_page 10, 25, 50 o 100; orden/direccion por columna) con data/current_page/last_page; sin ella, todos',
        querystring: proveedoresConsultaSchema,
        response: {
          200: respuestaDatos(proveedoresRespuestaSchema),
        },
      },
    },
    async (request) => {
      const { pagination, ...consulta } = request.query;
      const proveedores = pagination
        ? await proveedoresService.listarProveedoresPagina(app.db, consulta)
        : await proveedoresService.listarProveedores(app.db, consulta.query);
      return { data: { proveedores } };
    },
  );

  rutas.post(
    '/maestros/proveedores/guardar',
    {
      config: { acceso },
      schema: {
        tags: ['proveedores'],
        summary: 'Crea un proveedor (NIT único; sin crédito el plazo queda en 0)',
        body: proveedorGuardarSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      const id = await proveedoresService.crearProveedor(app.db, request.body);
      return { message: 'Proveedor creado con éxito', data: { id } };
    },
  );

  rutas.put(
    '/maestros/proveedores/:id/actualizar',
    {
      config: { acceso },
      schema: {
        tags: ['proveedores'],
        summary: 'Actualiza todos los campos de un proveedor',
        params: idParamsSchema,
        body: proveedorGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await proveedoresService.actualizarProveedor(app.db, request.params.id, request.body);
      return { message: 'Proveedor actualizado con éxito' };
    },
  );
}
