import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cuadreCajaConsultaSchema, cuadreCajaRespuestaSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import * as cuadreCajaService from './cuadre-caja.service';

/** Daily cash (spec 002 §2.9, §7; docs/decisions-reportes-dinero.md): SuperAdministrador; the stores of TIENDAS_CUADRE_CAJA, not the selected one. */
export async function cuadreCajaRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const contexto = { secreto: app.tokenSecret };

  rutas.post(
    '/cuadre-caja/dia',
    {
      config: { acceso: RUTAS.cuadreCaja.acceso },
      schema: {
        tags: ['cuadre-caja'],
        summary: 'El cuadre de un día en las tiendas del parámetro TIENDAS_CUADRE_CAJA (001 y 002): total del día, efectivo, formas de pago, abonos, anticipos, devoluciones, egresos, ingresos y pagos a proveedores',
        description:
          'total_dia: ventas facturadas, abonos a crédito y anticipos recibidos ese día en formas que ingresan dinero (no Crédito ni Anticipo; ' +
          'anulados después o no), menos las devoluciones del día (lo que las anulaciones de ese día devolvieron). ' +
          'total_efectivo: el efectivo de esas entradas y de los ingresos, menos devoluciones, egresos y pagos a proveedores en efectivo. fecha_dia hasta hoy.',
        body: cuadreCajaConsultaSchema,
        response: { 200: respuestaDatos(cuadreCajaRespuestaSchema) },
      },
    },
    async (request) => ({ data: await cuadreCajaService.cuadreDelDia(app.db, contexto, request.body) }),
  );
}
