import type { FastifyInstance } from 'fastify';
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
import { rutasDelModulo } from '../../lib/rutas';
import * as configuracionService from './configuracion.service';

/** maestros/factura-electronica* (docs/decisions-factura-electronica.md): the company and e-invoicing settings; SuperAdministrador only. */
export async function configuracionRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'factura-electronica', acceso: RUTAS.facturaElectronica.acceso });

  ruta.get('/maestros/factura-electronica', {
    summary: 'Configuración de factura electrónica sin sus secretos (solo si están configurados) y los avisos de lo que falta',
    respuesta: respuestaDatos(configuracionFeRespuestaSchema),
    manejador: async () => ({ data: await configuracionService.verConfiguracion(app.db, app.tokenSecret) }),
  });

  ruta.get('/maestros/factura-electronica/alertas', {
    summary: 'Aviso del certificado de firma vencido o que vence en 30 días o menos',
    respuesta: respuestaDatos(alertasRespuestaSchema),
    manejador: async () => ({ data: { alertas: await configuracionService.alertasCertificado(app.db) } }),
  });

  ruta.put('/maestros/factura-electronica', {
    summary: 'Guarda la configuración (menos el certificado); un secreto en blanco conserva el guardado',
    body: configuracionFeGuardarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => configuracionService.guardarConfiguracion(trx, actor, app.tokenSecret, request.body),
    mensaje: MENSAJES_CONFIGURACION_FE.guardado,
  });

  ruta.post('/maestros/factura-electronica/certificado', {
    // The file travels as base64 (4/3 of its bytes) inside JSON.
    bodyLimit: 2 * TAMANO_MAXIMO_CERTIFICADO,
    summary: 'Carga el certificado de firma (.p12/.pfx en base64 y su contraseña); se guarda cifrado',
    body: certificadoFeCargarSchema,
    respuesta: respuestaMensajeDatos(certificadoFeRespuestaSchema),
    // The file is opened (or refused with a 422) before the transaction: parsing it is no work for a transaction that
    // holds a connection and may run again.
    manejador: async (request) => {
      const cargado = configuracionService.abrirCertificadoCargado(request.body);
      const certificado = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        configuracionService.guardarCertificado(trx, actor, app.tokenSecret, cargado),
      );
      return { message: MENSAJES_CONFIGURACION_FE.certificadoCargado, data: { certificado } };
    },
  });
}
