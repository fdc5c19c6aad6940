import type { FastifyInstance } from 'fastify';
import {
  configuracionRetencionSchema,
  hoyNegocio,
  periodoRetencionesSchema,
  propuestaRetencionesSchema,
  reporteRetencionesSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaMensajeDatos,
  retencionTerceroRespuestaSchema,
  RUTAS,
  terceroParamsSchema,
  TIPOS_ARCHIVO,
  ventaParamsSchema,
} from '@tablero/domain';
import { enviarXlsx } from '../../lib/libro-xlsx';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as servicio from './retenciones.service';

/**
 * Withholdings customers practise on our sales (docs/decisions-retenciones.md): a customer's settings (who edits
 * customers), the bill dialog's proposal (who bills, in the selected store) and the monthly report (SuperAdministrador,
 * like the other money reports). Thin: schema, access, one service call.
 */
export async function retencionesRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'retenciones', acceso: RUTAS.retenciones.acceso, tienda: 'requerida' });

  ruta.get('/retenciones/terceros/:tercero_id', {
    summary: 'Si el cliente es agente de retención y qué retenciones practica (concepto de retefuente, ReteIVA, tarifa de ReteICA por mil)',
    acceso: RUTAS.terceros.acceso,
    tienda: 'opcional',
    params: terceroParamsSchema,
    respuesta: respuestaDatos(retencionTerceroRespuestaSchema),
    manejador: async (request) => ({ data: { retencion: await servicio.leerConfiguracion(app.db, request.params.tercero_id) } }),
  });

  ruta.put('/retenciones/terceros/:tercero_id', {
    summary: 'Guarda la configuración de agente de retención del cliente',
    acceso: RUTAS.terceros.acceso,
    tienda: 'opcional',
    params: terceroParamsSchema,
    body: configuracionRetencionSchema,
    respuesta: respuestaMensajeDatos(retencionTerceroRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.guardarConfiguracion(trx, request.params.tercero_id, request.body, actor),
    mensaje: 'Retenciones del cliente guardadas',
    datos: (retencion) => ({ retencion }),
  });

  ruta.get('/retenciones/propuesta/:venta_id', {
    summary: 'Las retenciones que el diálogo Facturar propone para una venta de la tienda, según el cliente y la UVT del año',
    acceso: RUTAS.facturacion.acceso,
    params: ventaParamsSchema,
    respuesta: respuestaDatos(propuestaRetencionesSchema),
    manejador: async (request) => ({ data: await servicio.proponerParaVenta(app.db, actorDe(request), request.params.venta_id, hoyNegocio()) }),
  });

  ruta.get('/retenciones/reporte', {
    summary: 'Retenciones que nos practicaron en el mes, en la tienda seleccionada, por cliente y tipo, con totales',
    querystring: periodoRetencionesSchema,
    respuesta: respuestaDatos(reporteRetencionesSchema),
    manejador: async (request) => ({ data: await servicio.reporteMensual(app.db, actorDe(request), request.query) }),
  });

  ruta.get('/retenciones/reporte/xlsx', {
    summary: 'El reporte de retenciones del mes en .xlsx',
    querystring: periodoRetencionesSchema,
    respuesta: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]),
    manejador: async (request, reply) => {
      const { archivo, nombre } = await servicio.reporteXlsx(app.db, actorDe(request), request.query);
      return enviarXlsx(reply, archivo, nombre);
    },
  });
}
