import type { FastifyInstance } from 'fastify';
import {
  cerrarMesSchema,
  cierreMesConsultaSchema,
  cierreMesExportarSchema,
  cierreMesPeriodoRespuestaSchema,
  MENSAJES_CIERRE_MES,
  reabrirMesSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  TIPOS_ARCHIVO,
  ventasFormaPagoConsultaSchema,
  ventasFormaPagoRespuestaSchema,
  ventasMesConsultaSchema,
  ventasMesRespuestaSchema,
  ventasPlataformaSchema,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import { exportarSeccion } from './cierre-mes-exportar.service';
import * as cierreMesService from './cierre-mes.service';
import { enviarXlsx } from '../../lib/libro-xlsx';
import { rutasDelModulo } from '../../lib/rutas';

/** 'Export abonos crédito.xlsx' → 'Export abonos credito.xlsx': the plain name for clients that ignore filename*. */

/**
 * Month closing (spec 002 §2.8, §6, §7; the period lock: docs/decisions-periodos.md): SuperAdministrador, the selected store (the body's
 * codigo_tienda must be it: 403 otherwise). Thin: read, call one service function, answer.
 */
export async function cierreMesRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'cierre-mes', acceso: RUTAS.cierreMes.acceso, tienda: 'requerida' });
  const contexto = { secreto: app.tokenSecret };

  ruta.post('/cierre-mes/ventas-plataforma', {
    summary: 'El mes de la tienda seleccionada: tarjetas DIAN/remisión/total con su IVA, formas de pago, tipos de venta, abonos a crédito, pagos a proveedores y ventas',
    description:
      'Ventas facturadas (estados 2 y 6) por fecha de facturación en la zona del negocio; las anuladas no suman y se cuentan en anuladas. ' +
      'ventas_* antes de impuestos, iva_* sus impuestos; DIAN (siigo) = enviada a la DIAN o a Siigo. ingresa_dinero false: Crédito y Anticipo. ' +
      'periodo: si el mes está cerrado, con el resumen guardado al cerrarlo. incluir_ventas_mes false: lista_ventas_mes vacía (la pantalla pagina con ventas-mes).',
    body: cierreMesConsultaSchema,
    respuesta: respuestaDatos(ventasPlataformaSchema),
    manejador: async (request) => ({ data: await cierreMesService.ventasPlataforma(app.db, contexto, actorDe(request), request.body) }),
  });

  ruta.get('/cierre-mes/ventas-mes', {
    summary: 'Las ventas facturadas del mes en la tienda seleccionada, paginadas, con búsqueda (venta, documento, cliente, vendedor) y orden',
    description: 'Las mismas filas que lista_ventas_mes de ventas-plataforma, por fecha de facturación si no se elige orden.',
    querystring: ventasMesConsultaSchema,
    respuesta: respuestaDatos(ventasMesRespuestaSchema),
    manejador: async (request) => ({ data: { ventas: await cierreMesService.ventasMes(app.dbLectura, actorDe(request), request.query) } }),
  });

  ruta.get('/cierre-mes/ventas-forma-pago', {
    summary: 'Las ventas facturadas del mes en la tienda seleccionada pagadas (en parte) con una forma de pago, paginadas, con lo que pagó esa forma',
    querystring: ventasFormaPagoConsultaSchema,
    respuesta: respuestaDatos(ventasFormaPagoRespuestaSchema),
    manejador: async (request) => ({ data: { ventas: await cierreMesService.ventasFormaPago(app.dbLectura, actorDe(request), request.query) } }),
  });

  ruta.post('/cierre-mes/exportar', {
    summary: 'Una sección del mes en .xlsx (valores numéricos): ventas «Export ventas.xlsx», formas-pago, abonos-credito, pagos-proveedores',
    body: cierreMesExportarSchema,
    respuesta: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]),
    manejador: async (request, reply) => {
      const { archivo, nombre } = await exportarSeccion(app.dbLectura, actorDe(request), request.body);
      return enviarXlsx(reply, archivo, nombre);
    },
  });

  ruta.post('/cierre-mes/cerrar', {
    summary: 'Cierra el mes de la tienda seleccionada: calcula y guarda su resumen; desde entonces se rechaza todo movimiento con fecha en ese mes',
    description: '409 PERIODO_NO_CERRABLE para el mes en curso o uno posterior; 409 PERIODO_YA_CERRADO si ya está cerrado.',
    body: cerrarMesSchema,
    respuesta: respuestaMensajeDatos(cierreMesPeriodoRespuestaSchema),
    casoDeUso: (trx, actor, request) => cierreMesService.cerrarMes(trx, actor, request.body),
    mensaje: MENSAJES_CIERRE_MES.cerrado,
    datos: (periodo) => ({ periodo }),
  });

  ruta.post('/cierre-mes/reabrir', {
    summary: 'Reabre el mes cerrado de la tienda seleccionada, con el motivo (queda en el historial)',
    description: '409 PERIODO_NO_CERRADO si el mes no está cerrado.',
    body: reabrirMesSchema,
    respuesta: respuestaMensajeDatos(cierreMesPeriodoRespuestaSchema),
    casoDeUso: (trx, actor, request) => cierreMesService.reabrirMes(trx, actor, request.body),
    mensaje: MENSAJES_CIERRE_MES.reabierto,
    datos: (periodo) => ({ periodo }),
  });
}
