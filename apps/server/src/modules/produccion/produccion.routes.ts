import type { FastifyInstance } from 'fastify';
import {
  anularEtapaSchema,
  etapaCambiadaSchema,
  etapasPorServicioRespuestaSchema,
  etapasPorServicioSchema,
  eventoOrdenProduccion,
  generarOrdenSchema,
  iniciarEtapaSchema,
  MENSAJES_PRODUCCION,
  mensajeSchema,
  ordenesEtapaSchema,
  ordenEtapaFiltroSchema,
  ordenGeneradaSchema,
  panelControlSchema,
  panelProduccionSchema,
  pararFinalizarEtapaSchema,
  prioridadSchema,
  procesoEtapaOrdenSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  salaProduccion,
  tiposMotivosSuspensionRespuestaSchema,
  ventasProduccionPaginaSchema,
  ventasProduccionSchema,
  type OrdenProduccionNotificada,
  type Rol,
} from '@tablero/domain';
import type { FastifyRequest } from 'fastify';
import { tiendaDelActor } from '../../db/transaccion';
import { actorDe } from '../../plugins/auth';
import { indicadoresRoutes } from './indicadores.routes';
import * as despachosService from '../despachos';
import * as servicio from './produccion.service';
import { rutasDelModulo } from '../../lib/rutas';

/** Stage management (gestion-etapa) and preparation (preparar): SuperAdministrador and Operario (spec 002 §2, §6). */
const GESTION: readonly Rol[] = RUTAS.produccionGestionEtapa.acceso as readonly Rol[];
const PREPARAR: readonly Rol[] = RUTAS.produccionPreparar.acceso as readonly Rol[];
/** Whatever the stage screen and the preparation screen read (the suspension reasons). */
const PRODUCCION: readonly Rol[] = [...new Set([...GESTION, ...PREPARAR])];

/**
 * Production (spec 002 §2.15–2.18, §7 Production; docs/decisions-produccion.md). Every call works in the selected store.
 * Thin: schema, access, one service call (writes in one transaction), answer.
 */
export async function produccionRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'produccion', acceso: RUTAS.produccion.acceso, tienda: 'requerida' });

  /**
   * After the change committed, the store's production room gets the OP as it is now
   * (`notification-orden-produccion-{tienda}`, docs/architecture.md §9). A notice, not the answer: a failure to read
   * it is logged and the request still answers.
   */
  const avisarOrden = async (request: FastifyRequest, ordenId: number, accion: OrdenProduccionNotificada['accion']) => {
    try {
      const tienda = tiendaDelActor(actorDe(request));
      const datos = await servicio.ordenNotificada(app.db, ordenId, tienda, accion);
      if (datos) app.tiempoReal.emitirASala(salaProduccion(tienda), eventoOrdenProduccion(tienda), datos);
    } catch (error) {
      request.log.warn({ err: error }, 'tiempo real: no se pudo leer la orden de producción');
    }
  };

  ruta.post('/produccion/generar-orden', {
    acceso: RUTAS.produccionGenerar.acceso,
    summary: 'Genera la orden de producción de una venta (una por venta) con sus etapas',
    body: generarOrdenSchema,
    respuesta: respuestaMensajeDatos(ordenGeneradaSchema),
    casoDeUso: (trx, actor, request) => servicio.generarOrden(trx, request.body.venta_id, actor),
    trasConfirmar: async (orden, request) => {
      await avisarOrden(request, orden.id, 'generar');
      await despachosService.avisarTurnoDeVenta(app, request.body.venta_id, request.log);
    },
    mensaje: MENSAJES_PRODUCCION.ordenGenerada,
    datos: (orden) => ({ orden_produccion: orden }),
  });

  ruta.paginaFiltrada('/produccion/orden-etapa', {
    acceso: PREPARAR,
    summary: 'Una página de órdenes de producción (etapa_inicial: solo las que no tienen el material preparado) con las líneas de sus ventas',
    filtro: ordenEtapaFiltroSchema,
    datos: ordenesEtapaSchema,
    listar: servicio.listarOrdenEtapa,
  });

  ruta.paginaFiltrada('/produccion/ventas', {
    acceso: RUTAS.produccionGenerar.acceso,
    summary:
      'Una página de ventas para Generar orden producción: estado 1 (pendiente facturar) o 2 (facturado, con 6); proceso_produccion: solo las que no tienen OP',
    filtro: ventasProduccionSchema,
    datos: ventasProduccionPaginaSchema,
    listar: servicio.listarVentasProduccion,
  });

  ruta.post('/produccion/proceso-etapa-orden', {
    acceso: PREPARAR,
    summary: 'Preparar material: la primera etapa de la OP queda disponible para la planta',
    body: procesoEtapaOrdenSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => servicio.prepararMaterial(trx, request.body, actor),
    trasConfirmar: (_, request) => avisarOrden(request, request.body.orden_produccion_id, 'preparar'),
    mensaje: MENSAJES_PRODUCCION.materialPreparado,
  });

  ruta.post('/produccion/panel-control', {
    summary: 'El panel: órdenes del filtro con sus líneas, etapas y los cinco contadores',
    body: panelControlSchema,
    respuesta: respuestaDatos(panelProduccionSchema),
    manejador: async (request) => ({ data: await servicio.panelControl(app.db, request.body, actorDe(request)) }),
  });

  ruta.post('/produccion/etapas-por-servicio', {
    acceso: GESTION,
    summary: 'Etapas que esperan un servicio (etapas_pendientes) o las etapas en proceso de un operario (etapas_proceso)',
    body: etapasPorServicioSchema,
    respuesta: respuestaDatos(etapasPorServicioRespuestaSchema),
    manejador: async (request) => ({ data: await servicio.etapasPorServicio(app.db, request.body, actorDe(request)) }),
  });

  ruta.post('/produccion/iniciar-etapa', {
    acceso: GESTION,
    summary: 'Inicia una etapa pendiente o continúa una suspendida, con operario y máquina',
    body: iniciarEtapaSchema,
    respuesta: respuestaMensajeDatos(etapaCambiadaSchema),
    casoDeUso: (trx, actor, request) => servicio.iniciarEtapa(trx, request.body, actor),
    trasConfirmar: ({ etapa }, request) => avisarOrden(request, etapa.produccion_venta_id, 'iniciar'),
    mensaje: ({ evento }) => (evento === 'continuar' ? MENSAJES_PRODUCCION.etapaReanudada : MENSAJES_PRODUCCION.etapaIniciada),
    datos: ({ etapa }) => ({ orden_produccion_etapa: etapa }),
  });

  ruta.post('/produccion/parar-finalizar-etapa', {
    acceso: GESTION,
    summary: 'Con motivo_suspension_id suspende la etapa (Parar); sin él la finaliza. accion (parar | finalizar) lo dice explícitamente',
    body: pararFinalizarEtapaSchema,
    respuesta: respuestaMensajeDatos(etapaCambiadaSchema),
    casoDeUso: (trx, actor, request) => servicio.pararFinalizarEtapa(trx, request.body, actor),
    trasConfirmar: async ({ etapa, evento }, request) => {
      await avisarOrden(request, etapa.produccion_venta_id, evento);
      if (evento === 'finalizar') await despachosService.avisarTurnoDeVenta(app, etapa.venta_id, request.log);
    },
    mensaje: ({ evento }) => (evento === 'parar' ? MENSAJES_PRODUCCION.etapaSuspendida : MENSAJES_PRODUCCION.etapaFinalizada),
    datos: ({ etapa }) => ({ orden_produccion_etapa: etapa }),
  });

  ruta.post('/produccion/prioridad', {
    summary: 'Establece una OP como prioritaria (no reversible)',
    body: prioridadSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => servicio.establecerPrioridad(trx, request.body.id, actor),
    trasConfirmar: (_, request) => avisarOrden(request, request.body.id, 'prioridad'),
    mensaje: MENSAJES_PRODUCCION.prioridadEstablecida,
  });

  ruta.post('/produccion/anular-etapa', {
    summary: 'Anula el inicio de una etapa iniciada y no finalizada: vuelve a pendiente',
    body: anularEtapaSchema,
    respuesta: respuestaMensajeDatos(etapaCambiadaSchema),
    casoDeUso: (trx, actor, request) => servicio.anularEtapa(trx, request.body.produccion_etapa_id, actor),
    trasConfirmar: (etapa, request) => avisarOrden(request, etapa.produccion_venta_id, 'anular'),
    mensaje: MENSAJES_PRODUCCION.etapaAnulada,
    datos: (etapa) => ({ orden_produccion_etapa: etapa }),
  });

  ruta.get('/produccion/tipos-motivos-suspension', {
    acceso: PRODUCCION,
    // The reasons are the same in every store.
    tienda: 'opcional',
    summary: 'Motivos de suspensión activos',
    respuesta: respuestaDatos(tiposMotivosSuspensionRespuestaSchema),
    manejador: async () => ({ data: { tipos_motivos_suspension: await servicio.listarTiposMotivoSuspension(app.db) } }),
  });

  await indicadoresRoutes(app);
}
