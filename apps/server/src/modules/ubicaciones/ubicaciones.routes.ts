import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ciudadesConsultaSchema, ciudadesRespuestaSchema, departamentosConsultaSchema, departamentosRespuestaSchema, paisesRespuestaSchema, respuestaDatos } from '@tablero/domain';
import * as ubicacionesService from './ubicaciones.service';

/** Country, state and city lookups of the third-party form (spec 001 §7: POST listas/paises, departamentos, ciudades). */
export async function ubicacionesRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  // Every logged-in user: the third-party form opens from the sales form too.
  const acceso = 'autenticado' as const;

  rutas.post(
    '/listas/paises',
    {
      config: { acceso },
      schema: {
        tags: ['ubicaciones'],
        summary: 'Países (ISO 3166-1) con su nombre en español, por nombre',
        response: { 200: respuestaDatos(paisesRespuestaSchema) },
      },
    },
    async () => ({ data: { paises: await ubicacionesService.listarPaises(app.db) } }),
  );

  rutas.post(
    '/listas/departamentos',
    {
      config: { acceso },
      schema: {
        tags: ['ubicaciones'],
        summary: 'Departamentos de un país (Colombia: códigos DANE DIVIPOLA; otros países: lista vacía, texto libre)',
        body: departamentosConsultaSchema,
        response: { 200: respuestaDatos(departamentosRespuestaSchema) },
      },
    },
    async (request) => ({ data: { departamentos: await ubicacionesService.listarDepartamentos(app.db, request.body.country_code, request.body.busqueda) } }),
  );

  rutas.post(
    '/listas/ciudades',
    {
      config: { acceso },
      schema: {
        tags: ['ubicaciones'],
        summary: 'Municipios de un departamento (Colombia: códigos DANE DIVIPOLA)',
        body: ciudadesConsultaSchema,
        response: { 200: respuestaDatos(ciudadesRespuestaSchema) },
      },
    },
    async (request) => ({
      data: {
        ciudades: await ubicacionesService.listarCiudades(app.db, request.body.country_code, request.body.state_code, request.body.busqueda),
      },
    }),
  );
}
