import type { FastifyInstance } from 'fastify';
import {
  alertasRespuestaSchema,
  hoyNegocio,
  idParamsSchema,
  MENSAJES_NUMERACION,
  mensajeSchema,
  rangoNumeracionGuardarSchema,
  rangosNumeracionConsultaSchema,
  rangosNumeracionRespuestaSchema,
  respuestaDatos,
  RUTAS,
} from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import * as numeracionService from './numeracion.service';

/** maestros/rangos-numeracion* (docs/decisions-factura-electronica.md): the numbering ranges of every store; SuperAdministrador only. */
export async function numeracionRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'numeracion', acceso: RUTAS.numeracion.acceso });
  const hoy = () => hoyNegocio();

  ruta.get('/maestros/rangos-numeracion', {
    summary: 'Rangos de numeración (de una tienda con codigo_tienda) con su uso, estado y aviso de hoy',
    querystring: rangosNumeracionConsultaSchema,
    respuesta: respuestaDatos(rangosNumeracionRespuestaSchema),
    manejador: async (request) => ({
      data: { rangos_numeracion: await numeracionService.listarRangos(app.db, request.query.codigo_tienda || null, hoy()) },
    }),
  });

  ruta.get('/maestros/rangos-numeracion/alertas', {
    summary: 'Avisos: rangos activos con 90 % o más usado, o que vencen en 30 días o menos',
    respuesta: respuestaDatos(alertasRespuestaSchema),
    manejador: async () => ({ data: { alertas: await numeracionService.alertasNumeracion(app.db, hoy()) } }),
  });

  ruta.crear('/maestros/rangos-numeracion', {
    summary: 'Crea un rango; activarlo desactiva el otro rango activo de la tienda y el tipo',
    body: rangoNumeracionGuardarSchema,
    casoDeUso: (trx, actor, request) => numeracionService.crearRango(trx, actor, request.body),
    mensaje: MENSAJES_NUMERACION.guardado,
  });

  ruta.put('/maestros/rangos-numeracion/:id', {
    summary: 'Edita un rango (usado: sin cambiar tienda, tipo, prefijo ni número inicial; el final no baja del último usado)',
    params: idParamsSchema,
    body: rangoNumeracionGuardarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => numeracionService.actualizarRango(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_NUMERACION.actualizado,
  });
}
