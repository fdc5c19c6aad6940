import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertasRespuestaSchema,
  certificadoFeCargarSchema,
  certificadoFeRespuestaSchema,
  configuracionFeGuardarSchema,
  configuracionFeRespuestaSchema,
  MENSAJES_CONFIGURACION_FE,
  mensajeSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  TAMANO_MAXIMO_CERTIFICADO,
} from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import * as configuracionService from './configuracion.service';

/** maestros/factura-electronica* (docs/decisions-factura-electronica.md): the company and e-invoicing settings; SuperAdministrador only. */
export async function configuracionRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.facturaElectronica.acceso } as const;

  rutas.get(
    '/maestros/factura-electronica',
    {
      config,
      schema: {
        tags: ['factura-electronica'],
        summary: 'Configuración de factura electrónica sin sus secretos (solo si están configurados) y los avisos de lo que falta',
        response: { 200: respuestaDatos(configuracionFeRespuestaSchema) },
      },
    },
    async () => ({ data: await configuracionService.verConfiguracion(app.db, app.tokenSecret) }),
  );

  rutas.get(
    '/maestros/factura-electronica/alertas',
    {
      config,
      schema: {
        tags: ['factura-electronica'],
        summary: 'Aviso del certificado de firma vencido o que vence en 30 días o menos',
        response: { 200: respuestaDatos(alertasRespuestaSchema) },
      },
    },
    async () => ({ data: { alertas: await configuracionService.alertasCertificado(app.db) } }),
  );

  rutas.put(
    '/maestros/factura-electronica',
    {
      config,
      schema: {
        tags: ['factura-electronica'],
        summary: 'Guarda la configuración (menos el certificado); un secreto en blanco conserva el guardado',
        body: configuracionFeGuardarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => configuracionService.guardarConfiguracion(trx, actor, app.tokenSecret, request.body));
      return { message: MENSAJES_CONFIGURACION_FE.guardado };
    },
  );

  rutas.post(
    '/maestros/factura-electronica/certificado',
    {
      config,
      // The file travels as base64 (4/3 of its bytes) inside JSON.
      bodyLimit: 2 * TAMANO_MAXIMO_CERTIFICADO,
      schema: {
        tags: ['factura-electronica'],
        summary: 'Carga el certificado de firma (.p12/.pfx en base64 y su contraseña); se guarda cifrado',
        body: certificadoFeCargarSchema,
        response: { 200: respuestaMensajeDatos(certificadoFeRespuestaSchema) },
      },
    },
    async (request) => {
      const cargado = configuracionService.abrirCertificadoCargado(request.body);
      const certificado = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        configuracionService.guardarCertificado(trx, actor, app.tokenSecret, cargado),
      );
      return { message: MENSAJES_CONFIGURACION_FE.certificadoCargado, data: { certificado } };
    },
  );
}
