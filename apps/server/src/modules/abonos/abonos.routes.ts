import type { FastifyInstance } from 'fastify';
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
import * as abonosService from './abonos.service';
import { rutasDelModulo } from '../../lib/rutas';
import { anticiposRoutes } from './anticipos.routes';

export async function abonosRoutes(app: FastifyInstance) {
  // The Clientes screen's row actions (spec 001): the roles of /terceros.
  const ruta = rutasDelModulo(app, { tag: 'abonos', acceso: RUTAS.terceros.acceso });

  // The advances screen (spec 002 §2.5–§2.7) and the public advance receipt: views of the same ledger.
  await app.register(anticiposRoutes);

  ruta.post('/terceros/:tercero_id/abono', {
    // Money received at a store: the store is recorded with the movement.
    tienda: 'requerida',
    summary: 'Registra un abono (saldo a favor) de un cliente: movimiento y saldo en una transacción',
    params: terceroParamsSchema,
    body: abonoCrearSchema,
    respuesta: respuestaMensajeDatos(abonoRegistradoSchema),
    casoDeUso: (trx, actor, request) =>
      abonosService.registrarAbono(
        trx,
        { terceroId: request.params.tercero_id, valor: request.body.valor_abono, descripcion: request.body.descripcion_abono },
        actor,
      ),
    mensaje: 'Abono registrado con éxito',
    datos: (saldo_abono) => ({ saldo_abono }),
  });

  ruta.get('/terceros/:id/abono/historial', {
    summary: 'Historial de movimientos del saldo de abono de un tercero: una página (per_page 10, 25, 50 o 100; más recientes primero u orden/direccion por columna)',
    params: idParamsSchema,
    querystring: abonosHistorialConsultaSchema,
    respuesta: respuestaDatos(abonosHistorialRespuestaSchema),
    manejador: async (request) => ({ data: { abonos_terceros: await abonosService.listarHistorial(app.db, request.params.id, request.query) } }),
  });
}
