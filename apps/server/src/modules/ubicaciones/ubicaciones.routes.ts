import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ciudadesConsultaSchema, ciudadSchema, departamentosConsultaSchema, departamentoSchema, paisSchema } from '@tablero/domain';
import * as ubicacionesService from './ubicaciones.service';

/**
 * Optional text of the state and city pickers: the server filters without accents or case ('medellin' finds
 * 'Medellín'), the same search as every other list (db/busqueda.ts). Kept here, beside the spec's bodies, since
 * only these routes take it.
 */
const busqueda = z.string().trim().max(100).optional();

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
        response: { 200: z.object({ data: z.object({ paises: z.array(paisSchema) }) }) },
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
        body: departamentosConsultaSchema.extend({ busqueda }),
        response: { 200: z.object({ data: z.object({ departamentos: z.array(departamentoSchema) }) }) },
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
        body: ciudadesConsultaSchema.extend({ busqueda }),
        response: { 200: z.object({ data: z.object({ ciudades: z.array(ciudadSchema) }) }) },
      },
    },
    async (request) => ({
      data: {
        ciudades: await ubicacionesService.listarCiudades(app.db, request.body.country_code, request.body.state_code, request.body.busqueda),
      },
    }),
  );
}
