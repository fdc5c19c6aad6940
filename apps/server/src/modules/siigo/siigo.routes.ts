import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clasificacionesInventarioRespuestaSchema, respuestaDatos, respuestaMensajeDatos, RUTAS, siigoImpuestosRespuestaSchema, sincronizacionCategoriasSchema, sincronizacionProductosSchema } from '@tablero/domain';
import * as siigoService from './siigo.service';

/**
 * Accounting-system lookups (spec 001 §7 siigo/clasificacion-inventario, siigo/impuesto: active entries only) and the
 * two syncs with Siigo (spec 001 §7 productos/sincronizar, maestros/categorias-productos/sincronizar). The syncs'
 * paths are productos' and categorias-productos' in the spec; they live here, with the client they use.
 */
export async function siigoRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  rutas.get(
    '/siigo/clasificacion-inventario',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['siigo'],
        summary: 'Clasificaciones de inventario activas del sistema contable',
        response: { 200: respuestaDatos(clasificacionesInventarioRespuestaSchema) },
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
        response: { 200: respuestaDatos(siigoImpuestosRespuestaSchema) },
      },
    },
    async () => ({ data: { impuestos: await siigoService.listarImpuestos(app.db) } }),
  );

  // Who may sync: the roles of the products screen (spec 001 Routes). The buttons are on Maestros > Factura electrónica,
  // beside the Siigo connection they use.
  const sincronizacion = { acceso: RUTAS.productos.acceso } as const;
  rutas.post(
    '/productos/sincronizar',
    {
      config: sincronizacion,
      schema: {
        tags: ['siigo'],
        summary:
          'Envía los productos a Siigo por su referencia: crea los que Siigo no tiene y actualiza nombre, precio de lista, impuesto y clasificación de los que cambiaron. Puede tardar minutos (100 solicitudes por minuto); una ejecución a la vez (409)',
        response: {
          200: respuestaMensajeDatos(sincronizacionProductosSchema),
        },
      },
    },
    () => siigoService.sincronizarProductos(app.db, app.tokenSecret),
  );
  rutas.post(
    '/maestros/categorias-productos/sincronizar',
    {
      config: sincronizacion,
      schema: {
        tags: ['siigo'],
        summary:
          'Trae de Siigo las clasificaciones de inventario y los impuestos; desactiva los que Siigo ya no lista. Una ejecución a la vez (409)',
        response: {
          200: respuestaMensajeDatos(sincronizacionCategoriasSchema),
        },
      },
    },
    () => siigoService.sincronizarCategorias(app.db, app.tokenSecret),
  );
}
