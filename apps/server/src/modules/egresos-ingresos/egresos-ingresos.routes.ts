import type { FastifyInstance } from 'fastify';
import {
  egresoGuardarSchema,
  egresoRespuestaSchema,
  idParamsSchema,
  ingresoGuardarSchema,
  ingresoRespuestaSchema,
  MENSAJES_EGRESOS_INGRESOS,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as servicio from './egresos-ingresos.service';
import { rutasDelModulo } from '../../lib/rutas';

/**
 * Expenses and income (spec 002 §2.10, §7 Expenses): recorded from the daily cash screen, so its access
 * (SuperAdministrador). Writes record the selected store. Thin: schema, access, one service call, answer.
 */
export async function egresosIngresosRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'egresos-ingresos', acceso: RUTAS.cuadreCaja.acceso, tienda: 'requerida' });

  ruta.post('/egresos/guardar', {
    summary: 'Registra un egreso de la tienda seleccionada (fecha hasta hoy, en un periodo abierto), a nombre del usuario que lo registra',
    body: egresoGuardarSchema,
    respuesta: respuestaMensajeDatos(egresoRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.registrarEgreso(trx, request.body, actor),
    mensaje: MENSAJES_EGRESOS_INGRESOS.egresoRegistrado,
    datos: (egreso) => ({ egreso }),
  });

  ruta.get('/egresos/:id', {
    tienda: 'opcional',
    summary: 'Un egreso (de una tienda del usuario)',
    params: idParamsSchema,
    respuesta: respuestaDatos(egresoRespuestaSchema),
    manejador: async (request) => ({ data: { egreso: await servicio.leerEgreso(app.db, request.params.id, actorDe(request)) } }),
  });

  ruta.put('/egresos/:id/actualizar', {
    summary: 'Actualiza un egreso; los valores anteriores quedan en egreso_historial con el usuario y la hora',
    params: idParamsSchema,
    body: egresoGuardarSchema,
    respuesta: respuestaMensajeDatos(egresoRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.actualizarEgreso(trx, request.params.id, request.body, actor),
    mensaje: MENSAJES_EGRESOS_INGRESOS.egresoActualizado,
    datos: (egreso) => ({ egreso }),
  });

  ruta.post('/ingresos/guardar', {
    summary: 'Registra un ingreso de la tienda seleccionada (fecha hasta hoy, en un periodo abierto), a nombre del usuario que lo registra',
    body: ingresoGuardarSchema,
    respuesta: respuestaMensajeDatos(ingresoRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.registrarIngreso(trx, request.body, actor),
    mensaje: MENSAJES_EGRESOS_INGRESOS.ingresoRegistrado,
    datos: (ingreso) => ({ ingreso }),
  });

  ruta.get('/ingresos/:id', {
    tienda: 'opcional',
    summary: 'Un ingreso (de una tienda del usuario)',
    params: idParamsSchema,
    respuesta: respuestaDatos(ingresoRespuestaSchema),
    manejador: async (request) => ({ data: { ingreso: await servicio.leerIngreso(app.db, request.params.id, actorDe(request)) } }),
  });

  ruta.put('/ingresos/:id/actualizar', {
    summary: 'Actualiza un ingreso; los valores anteriores quedan en ingreso_historial con el usuario y la hora',
    params: idParamsSchema,
    body: ingresoGuardarSchema,
    respuesta: respuestaMensajeDatos(ingresoRespuestaSchema),
    casoDeUso: (trx, actor, request) => servicio.actualizarIngreso(trx, request.params.id, request.body, actor),
    mensaje: MENSAJES_EGRESOS_INGRESOS.ingresoActualizado,
    datos: (ingreso) => ({ ingreso }),
  });
}
