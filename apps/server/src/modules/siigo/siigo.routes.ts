import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clasificacionInventarioSchema, siigoImpuestoSchema } from '@tablero/domain';
import * as siigoService from './siigo.service';

/** Accounting-system lookups (spec 001 §7 siigo/clasificacion-inventario, siigo/impuesto): active entries only. */
export async function siigoRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  rutas.get(
    '/siigo/clasificacion-inventario',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['siigo'],
        summary: 'Clasificaciones de inventario activas del sistema contable',
        response: { 200: z.object({ data: z.object({ grupos_clasificacion_inventario: z.array(clasificacionInventarioSchema) }) }) },
      },
    },
    async () => ({ data: { grupos_clasificacion_inventario: await siigoService.listarClasificacionesInventario(app.db) } }),
  );
  rutas.get(
    '/siigo/impuesto',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['siigo'],
        summary: 'Impuestos activos del sistema contable',
        response: { 200: z.object({ data: z.object({ impuestos: z.array(siigoImpuestoSchema) }) }) },
      },
    },
    async () => ({ data: { impuestos: await siigoService.listarImpuestos(app.db) } }),
  );
}
