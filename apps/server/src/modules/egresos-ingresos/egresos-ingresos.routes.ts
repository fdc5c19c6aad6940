import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { actorDe } from '../../plugins/auth';
import * as servicio from './egresos-ingresos.service';

/**
 * Expenses and income (spec 002 §2.10, §7 Expenses): recorded from the daily cash screen, so its access
 * (SuperAdministrador). Writes record the selected store. Thin: schema, access, one service call, answer.
 */
export async function egresosIngresosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.cuadreCaja.acceso;

  rutas.post(
    '/egresos/guardar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Registra un egreso de la tienda seleccionada (fecha hasta hoy, en un periodo abierto), a nombre del usuario que lo registra',
        body: egresoGuardarSchema,
        response: { 200: respuestaMensajeDatos(egresoRespuestaSchema) },
      },
    },
    async (request) => {
      const egreso = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.registrarEgreso(trx, request.body, actor));
      return { message: MENSAJES_EGRESOS_INGRESOS.egresoRegistrado, data: { egreso } };
    },
  );

  rutas.get(
    '/egresos/:id',
    {
      config: { acceso },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Un egreso (de una tienda del usuario)',
        params: idParamsSchema,
        response: { 200: respuestaDatos(egresoRespuestaSchema) },
      },
    },
    async (request) => ({ data: { egreso: await servicio.leerEgreso(app.db, request.params.id, actorDe(request)) } }),
  );

  rutas.put(
    '/egresos/:id/actualizar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Actualiza un egreso; los valores anteriores quedan en egreso_historial con el usuario y la hora',
        params: idParamsSchema,
        body: egresoGuardarSchema,
        response: { 200: respuestaMensajeDatos(egresoRespuestaSchema) },
      },
    },
    async (request) => {
      const egreso = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        servicio.actualizarEgreso(trx, request.params.id, request.body, actor),
      );
      return { message: MENSAJES_EGRESOS_INGRESOS.egresoActualizado, data: { egreso } };
    },
  );

  rutas.post(
    '/ingresos/guardar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Registra un ingreso de la tienda seleccionada (fecha hasta hoy, en un periodo abierto), a nombre del usuario que lo registra',
        body: ingresoGuardarSchema,
        response: { 200: respuestaMensajeDatos(ingresoRespuestaSchema) },
      },
    },
    async (request) => {
      const ingreso = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => servicio.registrarIngreso(trx, request.body, actor));
      return { message: MENSAJES_EGRESOS_INGRESOS.ingresoRegistrado, data: { ingreso } };
    },
  );

  rutas.get(
    '/ingresos/:id',
    {
      config: { acceso },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Un ingreso (de una tienda del usuario)',
        params: idParamsSchema,
        response: { 200: respuestaDatos(ingresoRespuestaSchema) },
      },
    },
    async (request) => ({ data: { ingreso: await servicio.leerIngreso(app.db, request.params.id, actorDe(request)) } }),
  );

  rutas.put(
    '/ingresos/:id/actualizar',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['egresos-ingresos'],
        summary: 'Actualiza un ingreso; los valores anteriores quedan en ingreso_historial con el usuario y la hora',
        params: idParamsSchema,
        body: ingresoGuardarSchema,
        response: { 200: respuestaMensajeDatos(ingresoRespuestaSchema) },
      },
    },
    async (request) => {
      const ingreso = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        servicio.actualizarIngreso(trx, request.params.id, request.body, actor),
      );
      return { message: MENSAJES_EGRESOS_INGRESOS.ingresoActualizado, data: { ingreso } };
    },
  );
}
