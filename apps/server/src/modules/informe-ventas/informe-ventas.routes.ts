import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  comisionesRespuestaSchema,
  guardarComisionSchema,
  idCreadoSchema,
  idParamsSchema,
  informeVentasFiltroSchema,
  informeVentasRespuestaSchema,
  mensajeSchema,
  respuestaArchivo,
  respuestaDatos,
  RUTAS,
  TIPOS_ARCHIVO,
} from '@tablero/domain';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { enviarXlsx } from '../../lib/libro-xlsx';
import { actorDe } from '../../plugins/auth';
import * as informeVentasService from './informe-ventas.service';

const DESCRIPCION =
  'Días del calendario del negocio (Bogotá), ambos incluidos, fecha_final hasta hoy y a lo sumo 366 días; codigo_tienda opcional ' +
  '(todas si falta). Una venta cuenta el día en que se facturó (aunque se anule después); su anulación resta el día en que se ' +
  'anuló lo que la venta aún tenía, y una devolución parcial resta el día en que se hizo. Margen solo donde el producto tiene ' +
  'costo promedio en la tienda de la venta. Comisión por vendedor: neto antes de impuestos × el porcentaje del vendedor, si no ' +
  'el de la categoría del producto.';

/**
 * The sales report (docs/decisions-informe-ventas.md): SuperAdministrador only (money, spec 000 §6). Reads go to the
 * read replica when configured (app.dbLectura); the commission rates are written on the primary. Thin routes.
 */
export async function informeVentasRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.informeVentas.acceso;

  rutas.post(
    '/informe-ventas',
    {
      config: { acceso },
      schema: {
        tags: ['informe-ventas'],
        summary: 'Ventas del rango en dinero agrupadas por vendedor, producto, categoría o tienda, con margen y comisiones',
        description: DESCRIPCION,
        body: informeVentasFiltroSchema,
        response: { 200: respuestaDatos(informeVentasRespuestaSchema) },
      },
    },
    async (request) => {
      await informeVentasService.asegurarResumen(app.db);
      return { data: await informeVentasService.informeVentas(app.dbLectura, request.body) };
    },
  );

  rutas.post(
    '/informe-ventas/exportar',
    {
      config: { acceso },
      schema: {
        tags: ['informe-ventas'],
        summary: 'La agrupación elegida del informe de ventas en .xlsx (importes como números, fila Total)',
        description: DESCRIPCION,
        body: informeVentasFiltroSchema,
        response: { 200: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]) },
      },
    },
    async (request, reply) => {
      await informeVentasService.asegurarResumen(app.db);
      const { archivo, nombre } = await informeVentasService.exportarInformeVentas(app.dbLectura, request.body);
      return enviarXlsx(reply, archivo, nombre);
    },
  );

  rutas.get(
    '/informe-ventas/comisiones',
    {
      config: { acceso },
      schema: {
        tags: ['informe-ventas'],
        summary: 'Porcentajes de comisión por vendedor y por categoría, con los vendedores y categorías que pueden tener uno',
        response: { 200: respuestaDatos(comisionesRespuestaSchema) },
      },
    },
    async () => ({ data: await informeVentasService.comisiones(app.db) }),
  );

  rutas.post(
    '/informe-ventas/comisiones',
    {
      config: { acceso },
      schema: {
        tags: ['informe-ventas'],
        summary: 'Fija el porcentaje de comisión de un vendedor o de una categoría (crea o reemplaza)',
        body: guardarComisionSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      const id = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => informeVentasService.guardarComision(trx, actor, request.body));
      return { message: 'Comisión guardada', data: { id } };
    },
  );

  rutas.delete(
    '/informe-ventas/comisiones/:id',
    {
      config: { acceso },
      schema: {
        tags: ['informe-ventas'],
        summary: 'Quita un porcentaje de comisión',
        params: idParamsSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx) => informeVentasService.eliminarComision(trx, request.params.id));
      return { message: 'Comisión eliminada' };
    },
  );
}
