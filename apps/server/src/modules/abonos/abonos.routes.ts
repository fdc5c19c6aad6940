import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  abonoCrearSchema,
  abonoRegistradoSchema,
  abonosHistorialConsultaSchema,
  abonosHistorialRespuestaSchema,
  idParamsSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  terceroParamsSchema,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as abonosService from './abonos.service';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { anticiposRoutes } from './anticipos.routes';

export async function abonosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  // The Clientes screen's row actions (spec 001): the roles of /terceros.
  const acceso = RUTAS.terceros.acceso;

  // The advances screen (spec 002 §2.5–§2.7) and the public advance receipt: views of the same ledger.
  await app.register(anticiposRoutes);

  rutas.post(
    '/terceros/:tercero_id/abono',
    {
      // Money received at a store: the store is recorded with the movement.
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['abonos'],
        summary: 'Registra un abono (saldo a favor) de un cliente: movimiento y saldo en una transacción',
        params: terceroParamsSchema,
        body: abonoCrearSchema,
        response: { 200: respuestaMensajeDatos(abonoRegistradoSchema) },
      },
    },
    async (request) => {
      const saldo_abono = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        abonosService.registrarAbono(
          trx,
          { terceroId: request.params.tercero_id, valor: request.body.valor_abono, descripcion: request.body.descripcion_abono },
          actor,
        ),
      );
      return { message: 'Abono registrado con éxito', data: { saldo_abono } };
    },
  );

  rutas.get(
    '/terceros/:id/abono/historial',
    {
      config: { acceso },
      schema: {
        tags: ['abonos'],
        summary: 'Historial de movimientos del saldo de abono de un tercero: una página (per_page 10, 25, 50 o 100; más recientes primero u orden/direccion por columna)',
        params: idParamsSchema,
        querystring: abonosHistorialConsultaSchema,
        response: { 200: respuestaDatos(abonosHistorialRespuestaSchema) },
      },
    },
    async (request) => ({ data: { abonos_terceros: await abonosService.listarHistorial(app.db, request.params.id, request.query) } }),
  );
}
