import type { FastifyInstance } from 'fastify';
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
import { enviarXlsx } from '../../lib/libro-xlsx';
import { rutasDelModulo } from '../../lib/rutas';
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
  const ruta = rutasDelModulo(app, { tag: 'informe-ventas', acceso: RUTAS.informeVentas.acceso });

  ruta.post('/informe-ventas', {
    summary: 'Ventas del rango en dinero agrupadas por vendedor, producto, categoría o tienda, con margen y comisiones',
    description: DESCRIPCION,
    body: informeVentasFiltroSchema,
    respuesta: respuestaDatos(informeVentasRespuestaSchema),
    manejador: async (request) => {
      await informeVentasService.asegurarResumen(app.db);
      return { data: await informeVentasService.informeVentas(app.dbLectura, request.body) };
    },
  });

  ruta.post('/informe-ventas/exportar', {
    summary: 'La agrupación elegida del informe de ventas en .xlsx (importes como números, fila Total)',
    description: DESCRIPCION,
    body: informeVentasFiltroSchema,
    respuesta: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]),
    manejador: async (request, reply) => {
      await informeVentasService.asegurarResumen(app.db);
      const { archivo, nombre } = await informeVentasService.exportarInformeVentas(app.dbLectura, request.body);
      return enviarXlsx(reply, archivo, nombre);
    },
  });

  ruta.get('/informe-ventas/comisiones', {
    summary: 'Porcentajes de comisión por vendedor y por categoría, con los vendedores y categorías que pueden tener uno',
    respuesta: respuestaDatos(comisionesRespuestaSchema),
    manejador: async () => ({ data: await informeVentasService.comisiones(app.db) }),
  });

  ruta.post('/informe-ventas/comisiones', {
    summary: 'Fija el porcentaje de comisión de un vendedor o de una categoría (crea o reemplaza)',
    body: guardarComisionSchema,
    respuesta: idCreadoSchema,
    casoDeUso: (trx, actor, request) => informeVentasService.guardarComision(trx, actor, request.body),
    mensaje: 'Comisión guardada',
    datos: (id) => ({ id }),
  });

  ruta.delete('/informe-ventas/comisiones/:id', {
    summary: 'Quita un porcentaje de comisión',
    params: idParamsSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, _actor, request) => informeVentasService.eliminarComision(trx, request.params.id),
    mensaje: 'Comisión eliminada',
  });
}
