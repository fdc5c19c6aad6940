import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cargaMasivaRespuestaSchema,
  cargaMasivaSchema,
  enlaceDescargaSchema,
  enlaceExportacionConsultaSchema,
  exportarProductosSchema,
  inventarioActualizadoSchema,
  inventarioActualizarSchema,
  inventarioConsultaSchema,
  inventarioRespuestaSchema,
  movimientosConsultaSchema,
  movimientosInventarioRespuestaSchema,
  previaCargaMasivaSchema,
  productoInventarioParamsSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  TIPOS_ARCHIVO,
} from '@tablero/domain';
import { AppError } from '../../lib/app-error';
import { actorDe, tiendaDe } from '../../plugins/auth';
import * as inventarioService from './inventario.service';
import { ejecutarCasoDeUso } from '../../db/transaccion';

/** The store of the request; a `codigo_tienda` in the query or body (the spec sends it) must be the same one. */
function tiendaCoincidente(request: FastifyRequest, enviada: string | undefined): string {
  const tienda = tiendaDe(request);
  if (enviada && enviada !== tienda) throw new AppError('TIENDA_NO_PERMITIDA');
  return tienda;
}

/** Inventory per store (spec 001 Inventory screen, §7 inventarios*, public/productos/exportar). */
export async function inventarioRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  // spec 001 Routes (docs/decisions-productos.md): the inventory screen, its changes and its export are for SuperAdministrador and Bodega.
  const acceso = RUTAS.inventario.acceso;
  const config = { acceso, tienda: 'requerida' } as const;

  rutas.get(
    '/inventarios',
    {
      config,
      schema: {
        tags: ['inventario'],
        summary: 'Productos con cantidad, precio y costo en la tienda: per_page 10, 25, 50 o 100; orden por referencia, nombre, cantidad o precio (orden/direccion), sin orden del más reciente al más antiguo; búsqueda sin tildes ni mayúsculas',
        querystring: inventarioConsultaSchema,
        response: { 200: respuestaDatos(inventarioRespuestaSchema) },
      },
    },
    async (request) => {
      const codigoTienda = tiendaCoincidente(request, request.query.codigo_tienda);
      const { codigo_tienda: _tienda, ...consulta } = request.query;
      const productos = await inventarioService.listarInventario(app.db, app.buscadorProductos, codigoTienda, consulta);
      return { data: { productos } };
    },
  );

  rutas.put(
    '/inventarios/actualizar',
    {
      config,
      schema: {
        tags: ['inventario'],
        summary: 'Agrega cantidad al inventario de la tienda (en la unidad del producto) y fija su precio unitario (un movimiento por cambio)',
        body: inventarioActualizarSchema,
        response: { 200: respuestaMensajeDatos(inventarioActualizadoSchema) },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.body.codigo_tienda);
      const cantidad = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => inventarioService.agregarInventario(trx, actor, request.body));
      return { message: 'Inventario actualizado con éxito', data: { cantidad } };
    },
  );

  rutas.post(
    '/inventarios/carga-masiva',
    {
      // Control characters in the rows mean a binary file renamed .csv: the service says so in its own words.
      config: { ...config, textosRevisadosPorServicio: ['items'] },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags: ['inventario'],
        summary: 'Carga un CSV (referencia;cantidad;precio): todas las filas o ninguna',
        description:
          'Las filas leídas del archivo, con su número de línea. La primera fila se omite solo si es el encabezado (sus celdas son referencia;cantidad;precio). Cada fila necesita la cantidad (≥ 0, en la unidad del producto: hasta 2 decimales si se vende por longitud o área, entera si se cuenta en unidades); el precio es opcional, mayor que 0 y con hasta 2 decimales (nunca se redondea). nombre_archivo y tipo_archivo, si llegan, deben ser de un CSV; un archivo binario (hoja de cálculo, PDF) se rechaza.',
        body: cargaMasivaSchema,
        response: { 200: respuestaMensajeDatos(cargaMasivaRespuestaSchema) },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.body.codigo_tienda);
      const resultado = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => inventarioService.cargaMasiva(trx, actor, request.body));
      return { message: `Inventario cargado con éxito: ${resultado.filas} filas, ${resultado.productos} productos`, data: resultado };
    },
  );

  rutas.post(
    '/inventarios/carga-masiva/previsualizar',
    {
      // The same body, access and checks as the load: the screen shows this before the user confirms.
      config: { ...config, textosRevisadosPorServicio: ['items'] },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags: ['inventario'],
        summary: 'Previsualiza una carga CSV sin aplicar nada: por fila, cantidad y precio actuales y nuevos',
        description:
          'El mismo cuerpo y la misma validación que inventarios/carga-masiva (422 CARGA_MASIVA_CON_ERRORES con errors.items). Responde cada fila con la cantidad actual en la tienda, la nueva (actual + cantidad de la fila), el precio actual y el nuevo (null si la fila no trae precio), y los totales de filas y productos. No cambia el inventario ni el kárdex.',
        body: cargaMasivaSchema,
        response: { 200: respuestaDatos(previaCargaMasivaSchema) },
      },
    },
    async (request) => {
      const codigoTienda = tiendaCoincidente(request, request.body.codigo_tienda);
      return { data: await inventarioService.previsualizarCarga(app.db, codigoTienda, request.body) };
    },
  );

  rutas.get(
    '/inventarios/:producto_id/movimientos',
    {
      config,
      schema: {
        tags: ['inventario'],
        summary: 'Kárdex: movimientos del producto en la tienda, del más reciente al más antiguo',
        params: productoInventarioParamsSchema,
        querystring: movimientosConsultaSchema,
        response: {
          200: respuestaDatos(movimientosInventarioRespuestaSchema),
        },
      },
    },
    async (request) => {
      const data = await inventarioService.listarMovimientos(app.db, {
        codigoTienda: tiendaDe(request),
        productoId: request.params.producto_id,
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return { data };
    },
  );

  rutas.post(
    '/inventarios/exportar/enlace',
    {
      config,
      schema: {
        tags: ['inventario'],
        summary: 'Enlace público firmado y con vencimiento (10 minutos) para descargar los productos en .xlsx',
        body: exportarProductosSchema,
        response: { 200: respuestaDatos(enlaceDescargaSchema) },
      },
    },
    async (request) => {
      const { token, expira_en } = await inventarioService.crearEnlaceExportacion(app.db, app.tokenSecret, actorDe(request), request.body);
      return { data: { url: `/api/public/productos/exportar?token=${encodeURIComponent(token)}`, expira_en } };
    },
  );

  rutas.get(
    '/public/productos/exportar',
    {
      // Opened in the browser (spec 001 §7): no session; the signed token names the store, group and line.
      config: { acceso: 'publico' },
      schema: {
        tags: ['inventario'],
        summary: 'Descarga el .xlsx de productos de un enlace firmado',
        querystring: enlaceExportacionConsultaSchema,
        response: { 200: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]) },
      },
    },
    async (request, reply) => {
      const { archivo, nombre } = await inventarioService.exportarProductos(app.db, app.tokenSecret, request.query.token);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('cache-control', 'no-store')
        .send(archivo);
    },
  );
}
