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
          'Días en la zona del negocio, ambos incluidos; fecha_final hasta hoy y a lo sumo 366 días. Una venta cuenta el día en que se facturó ' +
          '(aunque se anule después) y su anulación el día en que se anuló, restando: total_pedidos son las facturadas en el rango; ' +
          'total_venta_bruta (con impuestos) y total_venta_neta (antes de impuestos) son lo facturado menos lo anulado en el rango; ' +
          'anuladas, las anuladas en el rango; ventas_anio y los productos, netos de las anulaciones de cada mes o rango.',
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
