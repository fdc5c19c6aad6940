import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estadosMaquinasRespuestaSchema,
  gruposServiciosMaquinaRespuestaSchema,
  idCreadoSchema,
  idParamsSchema,
  maquinaGuardarSchema,
  maquinasConsultaSchema,
  maquinasProduccionRespuestaSchema,
  maquinasProduccionSchema,
  maquinasRespuestaSchema,
  mensajeSchema,
  respuestaDatos,
  RUTAS,
  type Rol,
} from '@tablero/domain';
import * as maquinasService from './maquinas.service';

/** maquinas/produccion serves the stage management and preparation screens: whoever may open them. */
const ACCESO_PRODUCCION: readonly Rol[] = [...new Set([...RUTAS.produccionGestionEtapa.acceso, ...RUTAS.produccionPreparar.acceso])];

/** spec 002 §2.19 and §7: maestros/maquinas* (SuperAdministrador) and maquinas/produccion (production roles). */
export async function maquinasRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.maquinas.acceso;

  rutas.get(
    '/maestros/maquinas',
    {
      config: { acceso },
      schema: {
        tags: ['maquinas'],
        summary:
          'Una página de máquinas (per_page 10, 25, 50 o 100; por id salvo orden/direccion por columna), con el nombre de su grupo de servicio y de su estado',
        querystring: maquinasConsultaSchema,
        response: { 200: respuestaDatos(maquinasRespuestaSchema) },
      },
    },
    async (request) => ({
      data: { maquinas: await maquinasService.listarMaquinasPagina(app.db, request.query) },
    }),
  );

  rutas.get(
    '/maestros/maquinas/grupos-servicios',
    {
      config: { acceso },
      schema: {
        tags: ['maquinas'],
        summary: 'Grupos de servicio activos, para el formulario de máquinas',
        response: { 200: respuestaDatos(gruposServiciosMaquinaRespuestaSchema) },
      },
    },
    async () => ({ data: { grupos_servicios: await maquinasService.listarGruposServicios(app.db) } }),
  );

  rutas.get(
    '/maestros/maquinas/estados-maquinas',
    {
      config: { acceso },
      schema: {
        tags: ['maquinas'],
        summary: 'Estados de máquina: 1 Disponible, 2 En mantenimiento, 3 Fuera de servicio',
        response: { 200: respuestaDatos(estadosMaquinasRespuestaSchema) },
      },
    },
    async () => ({ data: { estados_maquinas: await maquinasService.listarEstadosMaquinas(app.db) } }),
  );

  rutas.post(
    '/maestros/maquinas/guardar',
    {
      config: { acceso },
      schema: {
        tags: ['maquinas'],
        summary: 'Crea una máquina (referencia única sin distinguir mayúsculas)',
        body: maquinaGuardarSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      const id = await maquinasService.crearMaquina(app.db, request.body);
      return { message: 'Máquina creada con éxito', data: { id } };
    },
  );

  rutas.put(
    '/maestros/maquinas/:id/actualizar',
    {
      config: { acceso },
      schema: {
        tags: ['maquinas'],
        summary: 'Actualiza todos los campos de una máquina',
        params: idParamsSchema,
        body: maquinaGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await maquinasService.actualizarMaquina(app.db, request.params.id, request.body);
      return { message: 'Máquina actualizada con éxito' };
    },
  );

  rutas.post(
    '/maquinas/produccion',
    {
      config: { acceso: ACCESO_PRODUCCION },
      schema: {
        tags: ['maquinas'],
        summary: 'Máquinas de un grupo de servicio (servicio = id del grupo), por referencia, en todo estado',
        body: maquinasProduccionSchema,
        response: { 200: respuestaDatos(maquinasProduccionRespuestaSchema) },
      },
    },
    async (request) => ({ data: { maquinas: await maquinasService.listarMaquinasProduccion(app.db, request.body.servicio) } }),
  );
}
