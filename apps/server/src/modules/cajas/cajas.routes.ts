import type { FastifyInstance } from 'fastify';
import {
  abrirTurnoSchema,
  ACCIONES,
  cajaGuardarSchema,
  cajasActivasRespuestaSchema,
  cajasConsultaSchema,
  cajasRespuestaSchema,
  cerrarTurnoSchema,
  idParamsSchema,
  mensajeSchema,
  MENSAJES_CAJAS,
  reabrirTurnoSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  revisarTurnoSchema,
  RUTAS,
  turnoActualSchema,
  turnoDetalleSchema,
  turnoSchema,
  turnosConsultaSchema,
  turnosRespuestaSchema,
} from '@tablero/domain';
import { ejecutarCasoDeUso, tiendaDelActor } from '../../db/transaccion';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as cajasService from './cajas.service';

/**
 * Cash drawers (docs/decisions-cajas.md). Cashiers (the Caja screen's roles) open, see and close their shift; the
 * store's reviewers (Administrador, and SuperAdministrador) set up registers, list the shifts, approve or comment a
 * close and reopen one. Everything works in the selected store. Thin: schema, access, one service call, answer.
 */
export async function cajasRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'cajas', acceso: RUTAS.caja.acceso, tienda: 'requerida' });
  const revisores = ACCIONES.revisarTurnosCaja.acceso;

  ruta.get('/maestros/cajas', {
    acceso: revisores,
    summary: 'Las cajas de la tienda (paginado, por nombre), con el cajero de su turno abierto',
    querystring: cajasConsultaSchema,
    respuesta: respuestaDatos(cajasRespuestaSchema),
    manejador: async (request) => ({ data: { cajas: await cajasService.listarCajasPagina(app.db, tiendaDelActor(actorDe(request)), request.query) } }),
  });

  ruta.crear('/maestros/cajas/guardar', {
    acceso: revisores,
    summary: 'Crea una caja en la tienda (nombre único en la tienda sin distinguir mayúsculas)',
    body: cajaGuardarSchema,
    casoDeUso: (trx, actor, request) => cajasService.crearCaja(trx, actor, request.body),
    mensaje: MENSAJES_CAJAS.cajaCreada,
  });

  ruta.put('/maestros/cajas/:id/actualizar', {
    acceso: revisores,
    summary: 'Cambia el nombre de una caja de la tienda o la activa/inactiva',
    params: idParamsSchema,
    body: cajaGuardarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => cajasService.actualizarCaja(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_CAJAS.cajaActualizada,
  });

  ruta.get('/cajas/activas', {
    summary: 'Las cajas activas de la tienda, para abrir un turno',
    respuesta: respuestaDatos(cajasActivasRespuestaSchema),
    manejador: async (request) => ({ data: { cajas: await cajasService.listarCajasActivas(app.db, tiendaDelActor(actorDe(request))) } }),
  });

  ruta.get('/cajas/turno-actual', {
    summary: 'El turno abierto del usuario en la tienda con su efectivo esperado hasta ahora (o null), y si su rol debe abrir turno (ROLES_TURNO_CAJA)',
    respuesta: respuestaDatos(turnoActualSchema),
    manejador: async (request) => ({ data: await cajasService.turnoActual(app.db, app.tokenSecret, actorDe(request)) }),
  });

  ruta.post('/cajas/turnos/abrir', {
    summary: 'Abre un turno en una caja activa de la tienda con su base inicial; un segundo clic responde el mismo turno',
    body: abrirTurnoSchema,
    respuesta: respuestaMensajeDatos(turnoDetalleSchema),
    manejador: async (request) => {
      const actor = actorDe(request);
      const { id } = await ejecutarCasoDeUso(app.db, actor, (trx, a) => cajasService.abrirTurno(trx, a, request.body));
      return { message: MENSAJES_CAJAS.turnoAbierto, data: await cajasService.leerTurno(app.db, app.tokenSecret, actor, id) };
    },
  });

  ruta.get('/cajas/turnos', {
    acceso: revisores,
    summary: 'Los turnos de la tienda (paginado; más recientes primero), por día de apertura, caja y estado',
    querystring: turnosConsultaSchema,
    respuesta: respuestaDatos(turnosRespuestaSchema),
    manejador: async (request) => ({ data: { turnos: await cajasService.listarTurnos(app.db, tiendaDelActor(actorDe(request)), request.query) } }),
  });

  ruta.get('/cajas/turnos/:id', {
    summary: 'Un turno de la tienda (su cajero o quien revisa): efectivo por origen, historial y enlaces al PDF del cierre',
    params: idParamsSchema,
    respuesta: respuestaDatos(turnoDetalleSchema),
    manejador: async (request) => ({ data: await cajasService.leerTurno(app.db, app.tokenSecret, actorDe(request), request.params.id) }),
  });

  ruta.post('/cajas/turnos/:id/cerrar', {
    summary: 'Cierra un turno abierto con el conteo por denominación o el total: guarda el esperado, lo contado y la diferencia',
    params: idParamsSchema,
    body: cerrarTurnoSchema,
    respuesta: respuestaMensajeDatos(turnoSchema),
    casoDeUso: (trx, actor, request) => cajasService.cerrarTurno(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_CAJAS.turnoCerrado,
    datos: (turno) => turno,
  });

  ruta.post('/cajas/turnos/:id/revisar', {
    acceso: revisores,
    summary: 'Aprueba el cierre de un turno (aprobado true, comentario opcional) o solo lo comenta (aprobado false, comentario requerido)',
    params: idParamsSchema,
    body: revisarTurnoSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => cajasService.revisarTurno(trx, actor, request.params.id, request.body),
    mensaje: (_, request) => (request.body.aprobado ? MENSAJES_CAJAS.turnoAprobado : MENSAJES_CAJAS.turnoComentado),
  });

  ruta.post('/cajas/turnos/:id/reabrir', {
    acceso: revisores,
    summary: 'Reabre un turno cerrado con un motivo: su ventana sigue desde la apertura y se borra la revisión',
    params: idParamsSchema,
    body: reabrirTurnoSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => cajasService.reabrirTurno(trx, actor, request.params.id, request.body),
    mensaje: MENSAJES_CAJAS.turnoReabierto,
  });

  // The closing PDF's signed links: no session and no store header (the link names the shift).
  const publico = rutasDelModulo(app, { tag: 'cajas' });
  publico.documentoPublico('/public/cierre-caja/:token', {
    summary: 'PDF del cierre de un turno de caja, tamaño carta. Enlace firmado, vigente 30 días',
    leer: (contexto, token) => cajasService.cierreCajaPdf(contexto, token, 'carta'),
    codigo: 'NO_ENCONTRADO',
    detalle: 'Abra de nuevo el turno en la pantalla Caja para obtener un enlace nuevo.',
  });
  publico.documentoPublico('/public/cierre-caja/:token/80mm', {
    summary: 'PDF del cierre de un turno de caja en 80 mm (tirilla). Enlace firmado, vigente 30 días',
    leer: (contexto, token) => cajasService.cierreCajaPdf(contexto, token, '80mm'),
    codigo: 'NO_ENCONTRADO',
    detalle: 'Abra de nuevo el turno en la pantalla Caja para obtener un enlace nuevo.',
  });
}
