// Routes of the production figures (beyond the spec; docs/decisions-produccion.md), registered by produccionRoutes.
import type { FastifyInstance } from 'fastify';
import { respuestaArchivo, respuestaDatos, RUTAS, TIPOS_ARCHIVO } from '@tablero/domain';
import { indicadoresProduccionRespuestaSchema, indicadoresRangoSchema } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as servicio from './indicadores.service';
import { enviarXlsx } from '../../lib/libro-xlsx';
import { rutasDelModulo } from '../../lib/rutas';

/** 'Indicadores producción.xlsx' → 'Indicadores produccion.xlsx': the plain name for clients that ignore filename*. */

const DESCRIPCION =
  'Fechas de negocio (America/Bogota), ambas incluidas y requeridas; fecha_final hasta hoy y a lo sumo 366 días. Las etapas cuentan por su ' +
  'fecha de finalización, para su último operario y su última máquina; tiempos en segundos. Las suspensiones por motivo son los «parar» ' +
  'hechos en el rango, cada una hasta el siguiente evento de su etapa (o hasta ahora si sigue suspendida).';

/** SuperAdministrador, the selected store. Thin: read, call one service function, answer. */
export async function indicadoresRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'produccion', acceso: RUTAS.produccionIndicadores.acceso, tienda: 'requerida' });

  ruta.post('/produccion/indicadores', {
    summary: 'Indicadores de un rango: por operario y por máquina, etapas finalizadas y tiempos promedio por servicio; suspensiones por motivo',
    description: DESCRIPCION,
    body: indicadoresRangoSchema,
    respuesta: respuestaDatos(indicadoresProduccionRespuestaSchema),
    manejador: async (request) => ({ data: await servicio.indicadores(app.dbLectura, request.body, actorDe(request)) }),
  });

  ruta.post('/produccion/indicadores/exportar', {
    summary: 'Los indicadores del rango en .xlsx, «Indicadores producción.xlsx»: hojas Operarios, Máquinas y Motivos de suspensión (tiempos en minutos)',
    description: DESCRIPCION,
    body: indicadoresRangoSchema,
    respuesta: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]),
    manejador: async (request, reply) => {
      const { archivo, nombre } = await servicio.exportar(app.dbLectura, request.body, actorDe(request));
      return enviarXlsx(reply, archivo, nombre);
    },
  });
}
