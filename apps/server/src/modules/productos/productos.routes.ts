import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  funcionesProductosRespuestaSchema,
  gruposRespuestaSchema,
  gruposServiciosRespuestaSchema,
  idCreadoSchema,
  idParamsSchema,
  lineasRespuestaSchema,
  mensajeSchema,
  productoGuardarSchema,
  productoReferenciaParamsSchema,
  productoRespuestaSchema,
  productosConsultaSchema,
  productosRespuestaSchema,
  productoTiendaConsultaSchema,
  proveedoresOpcionesRespuestaSchema,
  respuestaDatos,
  RUTAS,
} from '@tablero/domain';
import { AppError } from '../../lib/app-error';
import { actorDe, tiendaDe } from '../../plugins/auth';
import * as productosService from './productos.service';
import { ejecutarCasoDeUso } from '../../db/transaccion';

/** The store of the request; a `codigo_tienda` in the query or body (the spec sends it) must be the same one. */
function tiendaCoincidente(request: FastifyRequest, enviada: string | undefined): string {
  const tienda = tiendaDe(request);
  if (enviada && enviada !== tienda) throw new AppError('TIENDA_NO_PERMITIDA');
  return tienda;
}

/** Products and their lookups (spec 001 §7 productos*, Lookups). */
export async function productosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  // spec 001 Routes (docs/decisions-productos.md): reading is open to every logged-in user (sales form, cutting dialog); writing is for
  // the roles of the products screen (SuperAdministrador, Bodega).
  const lectura = { acceso: 'autenticado', tienda: 'requerida' } as const;
  const escritura = { acceso: RUTAS.productos.acceso, tienda: 'requerida' } as const;

  rutas.get(
    '/productos',
    {
      config: lectura,
      schema: {
        tags: ['productos'],
        summary:
          'Productos de la tienda, del más reciente al más antiguo o por columna (orden: referencia, nombre_producto, precio_unitario, cantidad o fecha_registro; direccion asc o desc; empates por id), per_page 10, 25, 50 o 100; búsqueda sin tildes ni mayúsculas: cada palabra es el comienzo de una palabra de la referencia o el nombre, o el texto aparece dentro de la referencia. grupo_id filtra por grupo (tapacantos: 2); servicios_especiales=1 por el grupo de productos 8 (Servicios especiales); no_page=1 responde una lista (hasta 1000)',
        querystring: productosConsultaSchema,
        response: { 200: respuestaDatos(productosRespuestaSchema) },
      },
    },
    async (request) => {
      const codigoTienda = tiendaCoincidente(request, request.query.codigo_tienda);
      return { data: { productos: await productosService.listarProductos(app.db, app.buscadorProductos, codigoTienda, request.query) } };
    },
  );

  rutas.get(
    '/productos/:id',
    {
      config: lectura,
      schema: {
        tags: ['productos'],
        summary: 'Un producto con el precio, la cantidad y el costo de la tienda',
        params: idParamsSchema,
        querystring: productoTiendaConsultaSchema,
        response: { 200: respuestaDatos(productoRespuestaSchema) },
      },
    },
    async (request) => {
      const codigoTienda = tiendaCoincidente(request, request.query.codigo_tienda);
      return { data: { producto: await productosService.leerProducto(app.db, codigoTienda, request.params.id) } };
    },
  );

  rutas.get(
    '/productos/codigo/:referencia',
    {
      config: lectura,
      schema: {
        tags: ['productos'],
        summary: 'Un producto por su referencia (sin distinguir mayúsculas), con el precio, la cantidad y el costo de la tienda',
        params: productoReferenciaParamsSchema,
        querystring: productoTiendaConsultaSchema,
        response: { 200: respuestaDatos(productoRespuestaSchema) },
      },
    },
    async (request) => {
      const codigoTienda = tiendaCoincidente(request, request.query.codigo_tienda);
      return { data: { producto: await productosService.leerProductoPorReferencia(app.db, codigoTienda, request.params.referencia) } };
    },
  );

  rutas.post(
    '/productos/crear',
    {
      config: escritura,
      schema: {
        tags: ['productos'],
        summary: 'Crea un producto; su cantidad queda como saldo inicial en la tienda',
        body: productoGuardarSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.body.codigo_tienda);
      const id = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => productosService.crearProducto(trx, actor, request.body));
      return { message: 'Producto creado con éxito', data: { id } };
    },
  );

  rutas.put(
    '/productos/:id/editar',
    {
      config: escritura,
      schema: {
        tags: ['productos'],
        summary: 'Edita un producto; una cantidad distinta queda como movimiento de ajuste en la tienda',
        params: idParamsSchema,
        body: productoGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.body.codigo_tienda);
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => productosService.editarProducto(trx, actor, request.params.id, request.body));
      return { message: 'Producto actualizado con éxito' };
    },
  );

  // Lookups of the product form (spec 001 §7 "Lookups GET listas/…"). Open to every logged-in user, no store.
  const consulta = { acceso: 'autenticado' } as const;
  rutas.get(
    '/listas/funciones-productos',
    { config: consulta, schema: { tags: ['productos'], summary: 'Funciones de producto', response: { 200: respuestaDatos(funcionesProductosRespuestaSchema) } } },
    async () => ({ data: { funciones_productos: await productosService.listarFuncionesProductos(app.db) } }),
  );
  rutas.get(
    '/listas/grupos',
    { config: consulta, schema: { tags: ['productos'], summary: 'Grupos de producto', response: { 200: respuestaDatos(gruposRespuestaSchema) } } },
    async () => ({ data: { grupos: await productosService.listarGrupos(app.db) } }),
  );
  rutas.get(
    '/listas/grupos/:id/lineas',
    {
      config: consulta,
      schema: { tags: ['productos'], summary: 'Líneas de un grupo', params: idParamsSchema, response: { 200: respuestaDatos(lineasRespuestaSchema) } },
    },
    async (request) => ({ data: { lineas: await productosService.listarLineas(app.db, request.params.id) } }),
  );
  rutas.get(
    '/listas/grupo-servicio',
    {
      config: consulta,
      schema: { tags: ['productos'], summary: 'Grupos de servicio', response: { 200: respuestaDatos(gruposServiciosRespuestaSchema) } },
    },
    async () => ({ data: { grupos_servicios: await productosService.listarGruposServicio(app.db) } }),
  );
  rutas.get(
    // spec 001 §7 Lookups "GET listas/… proveedores": the product form's supplier select. The suppliers' own
    // list and screens belong to the masters module (maestros/proveedores); this is a read-only lookup.
    '/listas/proveedores',
    {
      config: consulta,
      schema: { tags: ['productos'], summary: 'Proveedores para el formulario de producto', response: { 200: respuestaDatos(proveedoresOpcionesRespuestaSchema) } },
    },
    async () => ({ data: { proveedores: await productosService.listarProveedores(app.db) } }),
  );
}
