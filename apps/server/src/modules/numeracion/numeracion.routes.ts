import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertasRespuestaSchema,
  hoyNegocio,
  idCreadoSchema,
  idParamsSchema,
  MENSAJES_NUMERACION,
  mensajeSchema,
  rangoNumeracionGuardarSchema,
  rangosNumeracionConsultaSchema,
  rangosNumeracionRespuestaSchema,
  respuestaDatos,
  RUTAS,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import * as numeracionService from './numeracion.service';

/** maestros/rangos-numeracion* (docs/decisions-factura-electronica.md): the numbering ranges of every store; SuperAdministrador only. */
export async function numeracionRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.numeracion.acceso } as const;
  const hoy = () => hoyNegocio();

  rutas.get(
    '/maestros/rangos-numeracion',
    {
      config,
      schema: {
        tags: ['numeracion'],
        summary: 'Rangos de numeración (de una tienda con codigo_tienda) con su uso, estado y aviso de hoy',
        querystring: rangosNumeracionConsultaSchema,
        response: { 200: respuestaDatos(rangosNumeracionRespuestaSchema) },
      },
    },
    async (request) => ({
      data: { rangos_numeracion: await numeracionService.listarRangos(app.db, request.query.codigo_tienda || null, hoy()) },
    }),
  );

  rutas.get(
    '/maestros/rangos-numeracion/alertas',
    {
      config,
      schema: {
        tags: ['numeracion'],
        summary: 'Avisos: rangos activos con 90 % o más usado, o que vencen en 30 días o menos',
        response: { 200: respuestaDatos(alertasRespuestaSchema) },
      },
    },
    async () => ({ data: { alertas: await numeracionService.alertasNumeracion(app.db, hoy()) } }),
  );

  rutas.post(
    '/maestros/rangos-numeracion',
    {
      config,
      schema: {
        tags: ['numeracion'],
        summary: 'Crea un rango; activarlo desactiva el otro rango activo de la tienda y el tipo',
        body: rangoNumeracionGuardarSchema,
        response: { 200: idCreadoSchema },
      },
    },
    async (request) => {
      const id = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => numeracionService.crearRango(trx, actor, request.body));
      return { message: MENSAJES_NUMERACION.guardado, data: { id } };
    },
  );

  rutas.put(
    '/maestros/rangos-numeracion/:id',
    {
      config,
      schema: {
        tags: ['numeracion'],
        summary: 'Edita un rango (usado: sin cambiar tienda, tipo, prefijo ni número inicial; el final no baja del último usado)',
        params: idParamsSchema,
        body: rangoNumeracionGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => numeracionService.actualizarRango(trx, actor, request.params.id, request.body));
      return { message: MENSAJES_NUMERACION.actualizado };
    },
  );
}
