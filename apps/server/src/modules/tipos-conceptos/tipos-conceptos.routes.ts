import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idCreadoSchema, idParamsSchema, mensajeSchema, respuestaDatos, RUTAS, tipoConceptoGuardarSchema, tiposConceptosConsultaSchema, tiposConceptosRespuestaSchema } from '@tablero/domain';
import * as tiposConceptosService from './tipos-conceptos.service';

/** spec 002 §2.14 and §7: maestros/tipos-conceptos*, SuperAdministrador only. */
export async function tiposConceptosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.tiposConceptos.acceso;

  rutas.get(
    '/maestros/tipos-conceptos',
    {
      config: { acceso },
      schema: {
        tags: ['tipos-conceptos'],
        summary: 'Tipos de conceptos por nombre: con pagination=1, una página (per_page 10, 25, 50 o 100; orden/direccion por columna); sin ella, todos',
        querystring: tiposConceptosConsultaSchema,
        response: {
          200: respuestaDatos(tiposConceptosRespuestaSchema),
        },
      },
    },
    async (request) => {
      const { pagination, ...consulta } = request.query;
      const tipos_conceptos = pagination
        ? await tiposConceptosService.listarTiposConceptosPagina(app.db, consulta)
        : await tiposConceptosService.listarTiposConceptos(app.db, consulta.query);
      return { data: { tipos_conceptos } };
    },
  );

  rutas.post(
    '/maestros/tipos-conceptos/guardar',
    {
      config: { acceso },
      schema: {
        tags: ['tipos-conceptos'],
        summary: 'Crea un tipo de concepto (nombre único sin distinguir mayúsculas)',
        body: tipoConceptoGuardarSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      const id = await tiposConceptosService.crearTipoConcepto(app.db, request.body.nombre_tipo_concepto);
      return { message: 'Tipo de concepto creado con éxito', data: { id } };
    },
  );

  rutas.put(
    '/maestros/tipos-conceptos/:id/actualizar',
    {
      config: { acceso },
      schema: {
        tags: ['tipos-conceptos'],
        summary: 'Cambia el nombre de un tipo de concepto',
        params: idParamsSchema,
        body: tipoConceptoGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await tiposConceptosService.actualizarTipoConcepto(app.db, request.params.id, request.body.nombre_tipo_concepto);
      return { message: 'Tipo de concepto actualizado con éxito' };
    },
  );
}
