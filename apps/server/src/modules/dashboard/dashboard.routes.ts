import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardRangoSchema, dashboardRespuestaSchema, respuestaArchivo, respuestaDatos, RUTAS, TIPOS_ARCHIVO } from '@tablero/domain';
import * as dashboardService from './dashboard.service';
import { enviarXlsx } from '../../lib/libro-xlsx';

/**
 * The dashboard (spec 002 §2.4, §7 POST dashboard/rango-fecha; docs/decisions-reportes-dinero.md): any logged-in user, as the route
 * (the menu shows it to SuperAdministrador); every store. Thin: read, call one service function, answer.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.dashboard.acceso;

  rutas.post(
    '/dashboard/rango-fecha',
    {
      config: { acceso },
      schema: {
        tags: ['dashboard'],
        summary: 'Ventas facturadas de todas las tiendas en un rango de fechas: tarjetas, meses del año de la fecha final y productos vendidos',
        description:
          'Fechas de facturación en la zona del negocio, ambas incluidas; fecha_final hasta hoy y a lo sumo 366 días. Solo estados 2 y 6; ' +
          'las anuladas se cuentan aparte (anuladas). total_venta_bruta incluye impuestos; total_venta_neta es antes de impuestos.',
        body: dashboardRangoSchema,
        response: { 200: respuestaDatos(dashboardRespuestaSchema) },
      },
    },
    async (request) => ({ data: await dashboardService.datosDashboard(app.dbLectura, request.body) }),
  );

  rutas.post(
    '/dashboard/productos/exportar',
    {
      config: { acceso },
      schema: {
        tags: ['dashboard'],
        summary: 'Los productos vendidos en el rango en .xlsx, «Export productos.xlsx» (Referencia, Producto, Cantidad vendida como números)',
        body: dashboardRangoSchema,
        response: { 200: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]) },
      },
    },
    async (request, reply) => {
      const { archivo, nombre } = await dashboardService.exportarProductos(app.dbLectura, request.body);
      return enviarXlsx(reply, archivo, nombre);
    },
  );
}
