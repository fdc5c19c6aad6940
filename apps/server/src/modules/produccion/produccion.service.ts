import { sql } from 'kysely';
import type { z } from 'zod';
import {
  ESTADOS_MAQUINA,
  ESTADOS_VENTA,
  estadoOrdenProduccion,
  GRUPOS_SERVICIO,
  MENSAJES_PRODUCCION,
  ORDEN_ETAPAS_PRODUCCION,
  transicionEtapa,
  type EstadoEtapa,
  type EstadoOrdenProduccion,
  type EtapasPorServicioFiltro,
  type EventoEtapa,
  type IniciarEtapa,
  type OrdenProduccionNotificada,
  type etapasPorServicioRespuestaSchema,
  type ordenesEtapaSchema,
  type OrdenEtapaFiltro,
  type PanelControlFiltro,
  type panelProduccionSchema,
  type PararFinalizarEtapa,
  type TipoMotivoSuspension,
  type VentasProduccionFiltro,
  type ventasProduccionPaginaSchema,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as despachosService from '../despachos';
import * as retalesService from '../retales';
import * as repositorio from './produccion.repository';
import type { EtapaBloqueada, FilaEtapa, FiltroOrdenes, LineaVentaProduccion, OrdenBloqueada } from './produccion.repository';

/** Sale states an OP may be generated from: pending invoicing (1), billed (2) and billed without sending (6). */
const ESTADOS_VENTA_CON_PRODUCCION: readonly number[] = [ESTADOS_VENTA.pendienteFacturar, ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

const ahora = () => sql<Date>`clock_timestamp()`;

/**
 * The stages of a sale (docs/decisions-produccion.md): Corte when a line carries a cut plan or a cutting service,
 * Enchape when it has an edge-banding service, Servicios especiales when it has a special service, Empaque always;
 * in the order of spec 002 §9.
 */
export function serviciosDeVenta(lineas: readonly Pick<LineaVentaProduccion, 'con_plano' | 'grupo_servicio_id'>[]): number[] {
  const presentes = new Set<number>([GRUPOS_SERVICIO.EMPAQUE]);
  for (const linea of lineas) {
    if (linea.con_plano) presentes.add(GRUPOS_SERVICIO.CORTE);
    if (linea.grupo_servicio_id !== null) presentes.add(linea.grupo_servicio_id);
  }
  return ORDEN_ETAPAS_PRODUCCION.filter((servicio) => presentes.has(servicio));
}

/** POST produccion/generar-orden: the sale's OP and its stages; 409 when the sale already has one (also under a race). */
export async function generarOrden(trx: Trx, ventaId: number, actor: Actor): Promise<{ id: number }> {
  const tienda = tiendaDelActor(actor);
  const venta = await repositorio.lockVentaCompartida(trx, ventaId, tienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  if (!ESTADOS_VENTA_CON_PRODUCCION.includes(venta.estado_venta_id)) throw new AppError('VENTA_SIN_PRODUCCION');
  const lineas = await repositorio.lineasVentaProduccion(trx, ventaId);
  if (lineas.length === 0) throw new AppError('VENTA_SIN_PRODUCCION');
  // spec 001 §4 Dispatch (docs/decisions-despachos.md): a billed sale waiting for dispatch goes to production first
  // (its turn is withdrawn); one already called or dispatched is refused.
  await despachosService.retirarTurnoPorOrden(trx, ventaId, actor);
  const id = await repositorio.insertOrden(trx, { venta_id: ventaId, codigo_tienda: tienda, usuario_inserta: actor.userId });
  if (id === null) throw new AppError('ORDEN_PRODUCCION_EXISTENTE');
  await repositorio.insertEtapas(trx, id, serviciosDeVenta(lineas));
  return { id };
}

/** POST produccion/orden-etapa: the preparation list (a page of OPs) with their sales' lines. */
export async function listarOrdenEtapa(
  db: Db,
  filtro: OrdenEtapaFiltro,
  page: number,
  perPage: number,
  actor: Actor,
): Promise<z.infer<typeof ordenesEtapaSchema>> {
  const { filas, total } = await repositorio.listOrdenes(
    db,
    {
      codigoTienda: tiendaDelActor(actor),
      ventaId: filtro.venta_id,
      fechaInicial: filtro.fecha_inicial,
      fechaFinal: filtro.fecha_final,
      sinPreparar: filtro.etapa_inicial,
    },
    { page, perPage },
  );
  const productos = await repositorio.listProductosVentas(db, filas.map((f) => f.venta_id));
  return { ordenes_produccion: paginar(filas, total, page, perPage), productos_ventas: productos };
}

/**
 * POST produccion/ventas?page (spec 002 §2.15, §7 Sales list): the store's sales of the state and range (the sale's
 * date, a day in Bogotá), each with whether it has its OP (tiene_orden_produccion).
 */
export async function listarVentasProduccion(
  db: Db,
  filtro: VentasProduccionFiltro,
  page: number,
  perPage: number,
  actor: Actor,
): Promise<z.infer<typeof ventasProduccionPaginaSchema>> {
  const estados = filtro.estado_venta_id === ESTADOS_VENTA.facturado ? [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio] : [ESTADOS_VENTA.pendienteFacturar];
  const { filas, total } = await repositorio.listVentasProduccion(
    db,
    {
      codigoTienda: tiendaDelActor(actor),
      estados,
      fechaInicial: filtro.fecha_inicial,
      fechaFinal: filtro.fecha_final,
      ventaId: filtro.venta_id,
      clienteId: filtro.cliente_id,
      sinOrden: filtro.proceso_produccion,
    },
    { page, perPage },
  );
  return { ventas: paginar(filas, total, page, perPage) };
}

/**
 * POST produccion/proceso-etapa-orden (Preparar material): the OP's first stage becomes its current process. With
 * etapa_id it must be that first stage. A second preparation is refused.
 */
export async function prepararMaterial(trx: Trx, datos: { orden_produccion_id: number; etapa_id: number | null }, actor: Actor): Promise<void> {
  const orden = await repositorio.lockOrden(trx, datos.orden_produccion_id, tiendaDelActor(actor));
  if (!orden) throw new AppError('ORDEN_PRODUCCION_NO_ENCONTRADA');
  if (orden.fecha_material_preparado !== null || orden.completado) throw new AppError('MATERIAL_YA_PREPARADO');
  const etapas = await repositorio.lockEtapasDeOrden(trx, orden.id);
  const primera = etapas[0];
  if (!primera) throw new AppError('ETAPA_PRODUCCION_NO_ENCONTRADA');
  if (datos.etapa_id !== null && datos.etapa_id !== primera.id) throw new AppError('ETAPA_NO_DISPONIBLE');
  await repositorio.updateOrden(trx, orden.id, { proceso_vigente: primera.id, fecha_material_preparado: ahora() });
}

type Panel = z.infer<typeof panelProduccionSchema>;

/** OPs of a filter as the panel shows them: each with its state, its sales' lines and its stages. */
async function leerOrdenesPanel(db: Db, filtro: FiltroOrdenes): Promise<Omit<Panel, 'totales'>> {
  const { filas } = await repositorio.listOrdenes(db, filtro);
  const [productos, etapas] = await Promise.all([
    repositorio.listProductosVentas(db, [...new Set(filas.map((f) => f.venta_id))]),
    repositorio.listEtapasDeOrdenes(db, filas.map((f) => f.id)),
  ]);
  return {
    ordenes_produccion: filas.map((f) => ({ ...f, estado_orden: estadoOrdenProduccion(f) })),
    productos_ventas: productos,
    ordenes_produccion_etapas: etapas,
  };
}

/** POST produccion/panel-control: every OP of the filter (not paged: a day's floor), with lines, stages and the five counters. */
export async function panelControl(db: Db, filtro: PanelControlFiltro, actor: Actor): Promise<Panel> {
  const leidas = await leerOrdenesPanel(db, {
    codigoTienda: tiendaDelActor(actor),
    ventaId: filtro.venta_id,
    ordenId: filtro.produccion_id,
    clienteId: filtro.cliente_id,
    fechaInicial: filtro.fecha_inicial,
    fechaFinal: filtro.fecha_final,
  });
  const ordenes = leidas.ordenes_produccion;
  return {
    ...leidas,
    totales: {
      total_op: ordenes.length,
      total_ov: new Set(ordenes.map((o) => o.venta_id)).size,
      total_pendientes: ordenes.filter((o) => o.estado_orden === 'Pendiente').length,
      total_proceso: ordenes.filter((o) => o.estado_orden === 'En proceso').length,
      total_finalizados: ordenes.filter((o) => o.estado_orden === 'Finalizado').length,
    },
  };
}

/**
 * The payload of `notification-orden-produccion-{tienda}` for one OP, read after the change committed: the OP as a row
 * of panel-control with its sale's lines and its stages (dates as JSON carries them). Null when it is not of the store.
 */
export async function ordenNotificada(
  db: Db,
  ordenId: number,
  codigoTienda: string,
  accion: OrdenProduccionNotificada['accion'],
): Promise<OrdenProduccionNotificada | null> {
  const { ordenes_produccion: [orden], productos_ventas, ordenes_produccion_etapas } = await leerOrdenesPanel(db, { codigoTienda, ordenId });
  if (!orden) return null;
  const datos = { codigo_tienda: codigoTienda, accion, orden_produccion: orden, productos_ventas, ordenes_produccion_etapas };
  // What Socket.IO would send anyway (Date → ISO string), typed as the client receives it.
  return JSON.parse(JSON.stringify(datos)) as OrdenProduccionNotificada;
}

/** POST produccion/etapas-por-servicio: the stages waiting for a service, or an operator's stages in process. */
export async function etapasPorServicio(
  db: Db,
  filtro: EtapasPorServicioFiltro,
  actor: Actor,
): Promise<z.infer<typeof etapasPorServicioRespuestaSchema>> {
  const tienda = tiendaDelActor(actor);
  const etapas =
    filtro.etapas_proceso && filtro.operario_id !== null
      ? await repositorio.listEtapasDeOperario(db, tienda, filtro.operario_id)
      : await repositorio.listEtapasPendientes(db, tienda, filtro.servicio ?? 0);
  const [productos, ocupadas] = await Promise.all([
    repositorio.listProductosVentas(db, [...new Set(etapas.map((e) => e.venta_id))]),
    filtro.etapas_proceso ? Promise.resolve([]) : repositorio.listMaquinasOcupadas(db, filtro.servicio ?? 0),
  ]);
  return { ordenes_produccion_etapas: etapas, lista_productos_servicios: productos, maquinas_ocupadas: ocupadas };
}

/** OP then its stages, locked (the OP before its stage); 404 when the stage is not of the store. */
async function bloquearEtapa(trx: Trx, etapaId: number, actor: Actor): Promise<{ orden: OrdenBloqueada; etapa: EtapaBloqueada; etapas: EtapaBloqueada[] }> {
  const orden = await repositorio.lockOrdenDeEtapa(trx, etapaId, tiendaDelActor(actor));
  if (!orden) throw new AppError('ETAPA_PRODUCCION_NO_ENCONTRADA');
  const etapas = await repositorio.lockEtapasDeOrden(trx, orden.id);
  const etapa = etapas.find((e) => e.id === etapaId);
  if (!etapa) throw new AppError('ETAPA_PRODUCCION_NO_ENCONTRADA');
  return { orden, etapa, etapas };
}

function exigirTransicion(estado: EstadoEtapa, evento: EventoEtapa): EstadoEtapa {
  const nuevo = transicionEtapa(estado, evento);
  if (nuevo === null) throw new AppError('TRANSICION_ETAPA_INVALIDA');
  return nuevo;
}

/**
 * Writes one transition of a locked stage: its row's new values and the event that records it, with who worked it
 * (the operator and machine of the change, else the stage's), the reason, the user and the time. A machine taken by
 * another stage meanwhile is 409 MAQUINA_OCUPADA.
 */
async function registrarTransicion(
  trx: Trx,
  etapa: EtapaBloqueada,
  evento: EventoEtapa,
  nuevo: EstadoEtapa,
  cambio: Omit<repositorio.CambioEtapa, 'estado_etapa'>,
  actor: Actor,
): Promise<void> {
  if ((await repositorio.updateEtapa(trx, etapa.id, { ...cambio, estado_etapa: nuevo })) === 'maquina_ocupada') throw new AppError('MAQUINA_OCUPADA');
  await repositorio.insertEvento(trx, {
    produccion_venta_etapa_id: etapa.id,
    evento,
    estado_anterior: etapa.estado_etapa,
    estado_nuevo: nuevo,
    operario_id: cambio.operario_id ?? etapa.operario_id,
    maquina_id: cambio.maquina_id ?? etapa.maquina_id,
    motivo_suspension_id: cambio.motivo_suspension_id ?? null,
    user_id: actor.userId,
  });
}

/**
 * POST produccion/iniciar-etapa: starts a pending stage, or continues a suspended one (Continuar), on a machine of its
 * service that is not out of service nor running another stage, with an active operator; refused when another OP
 * waiting for that service is priority and this one is not.
 */
export async function iniciarEtapa(trx: Trx, datos: IniciarEtapa, actor: Actor): Promise<{ etapa: FilaEtapa; evento: 'iniciar' | 'continuar' }> {
  const tienda = tiendaDelActor(actor);
  if (!(await repositorio.esOperarioActivo(trx, datos.operario_id))) {
    throw campoInvalido('operario_id', MENSAJES_PRODUCCION.operario);
  }
  const maquina = await repositorio.leerMaquina(trx, datos.maquina_id);
  if (!maquina) throw campoInvalido('maquina_id', MENSAJES_PRODUCCION.maquina);
  const { orden, etapa } = await bloquearEtapa(trx, datos.orden_etapa_id, actor);
  const evento: EventoEtapa = etapa.estado_etapa === 'suspendido' ? 'continuar' : 'iniciar';
  const nuevo = exigirTransicion(etapa.estado_etapa, evento);
  if (orden.completado || orden.proceso_vigente !== etapa.id) throw new AppError('ETAPA_NO_DISPONIBLE');
  if (maquina.grupo_servicio_id !== etapa.grupo_servicio_id) throw new AppError('MAQUINA_OTRO_SERVICIO');
  if (maquina.estado_maquina_id === ESTADOS_MAQUINA.FUERA_DE_SERVICIO) throw new AppError('MAQUINA_FUERA_DE_SERVICIO');
  if (!orden.prioritario && (await repositorio.hayOtraPrioritariaEsperando(trx, tienda, orden.id, etapa.grupo_servicio_id))) {
    throw new AppError('OP_PRIORITARIA');
  }
  if (await repositorio.maquinaOcupada(trx, maquina.id, etapa.id)) throw new AppError('MAQUINA_OCUPADA');
  await registrarTransicion(
    trx,
    etapa,
    evento,
    nuevo,
    {
      operario_id: datos.operario_id,
      maquina_id: maquina.id,
      ...(evento === 'iniciar' ? { fecha_inicio_produccion: ahora() } : {}),
      fecha_suspension: null,
      motivo_suspension_id: null,
    },
    actor,
  );
  if (evento === 'iniciar') await repositorio.recalcularInicioOrden(trx, orden.id);
  return { etapa: (await repositorio.leerEtapa(trx, etapa.id))!, evento };
}

/**
 * POST produccion/parar-finalizar-etapa: with a reason it stops the stage (Parar); without, it finishes it (Finalizar
 * etapa), and the OP moves on to its next stage or, after the last, is complete.
 */
export async function pararFinalizarEtapa(trx: Trx, datos: PararFinalizarEtapa, actor: Actor): Promise<{ etapa: FilaEtapa; evento: 'parar' | 'finalizar' }> {
  const evento = datos.accion ?? (datos.motivo_suspension_id !== null ? 'parar' : 'finalizar');
  if (evento === 'parar' && !(await repositorio.existeMotivoSuspension(trx, datos.motivo_suspension_id!))) {
    throw campoInvalido('motivo_suspension_id', MENSAJES_PRODUCCION.motivo);
  }
  const { orden, etapa, etapas } = await bloquearEtapa(trx, datos.produccion_etapa_id, actor);
  const nuevo = exigirTransicion(etapa.estado_etapa, evento);
  if (evento === 'parar') {
    await registrarTransicion(trx, etapa, evento, nuevo, { fecha_suspension: ahora(), motivo_suspension_id: datos.motivo_suspension_id }, actor);
  } else {
    await registrarTransicion(trx, etapa, evento, nuevo, { fecha_finaliza_produccion: ahora() }, actor);
    const siguiente = etapas.find((e) => e.numero_etapa > etapa.numero_etapa && e.estado_etapa !== 'completado');
    if (siguiente) await repositorio.updateOrden(trx, orden.id, { proceso_vigente: siguiente.id });
    else {
      await repositorio.updateOrden(trx, orden.id, { completado: true, proceso_vigente: null, fecha_finaliza_produccion: ahora() });
      // spec 001 §4 Dispatch: the OP is complete; a billed sale gets its dispatch turn (one pending billing gets it
      // when billed).
      await despachosService.encolarVentaLista(trx, orden.venta_id, 'produccion', actor);
    }
    // docs/decisions-retales.md: finishing Corte cuts the sale's plans (once: a sale billed without an OP was cut by
    // its bill): it consumes the offcuts they use and keeps their leftovers but the discarded ones. Last, after the OP,
    // its stages and the dispatch lock: whoever holds an offcut waits for nothing before them (§3 lock order).
    if (etapa.grupo_servicio_id === GRUPOS_SERVICIO.CORTE) await retalesService.cortarVenta(trx, actor, orden.venta_id, datos.retales_descartados ?? []);
  }
  return { etapa: (await repositorio.leerEtapa(trx, etapa.id))!, evento };
}

/** POST produccion/anular-etapa: cancels the start of a started, unfinished stage (it is pending again; its events stay). */
export async function anularEtapa(trx: Trx, etapaId: number, actor: Actor): Promise<FilaEtapa> {
  const { orden, etapa } = await bloquearEtapa(trx, etapaId, actor);
  const nuevo = exigirTransicion(etapa.estado_etapa, 'anular');
  // The event keeps who had the stage (the row forgets them).
  await registrarTransicion(
    trx,
    etapa,
    'anular',
    nuevo,
    { operario_id: null, maquina_id: null, fecha_inicio_produccion: null, fecha_suspension: null, motivo_suspension_id: null },
    actor,
  );
  await repositorio.recalcularInicioOrden(trx, orden.id);
  return (await repositorio.leerEtapa(trx, etapa.id))!;
}

/** POST produccion/prioridad: only an OP neither priority nor complete; not reversible. */
export async function establecerPrioridad(trx: Trx, ordenId: number, actor: Actor): Promise<void> {
  const orden = await repositorio.lockOrden(trx, ordenId, tiendaDelActor(actor));
  if (!orden) throw new AppError('ORDEN_PRODUCCION_NO_ENCONTRADA');
  if (orden.prioritario || orden.completado) throw new AppError('OP_YA_PRIORITARIA');
  await repositorio.updateOrden(trx, orden.id, { prioritario: true, fecha_prioritario: ahora() });
}

export function listarTiposMotivoSuspension(db: Db): Promise<TipoMotivoSuspension[]> {
  return repositorio.listTiposMotivoSuspension(db);
}

/**
 * The production state of a sale for its detail (spec 000 §2.7 production badge; GET facturas/{id} data.produccion):
 * Pendiente, En proceso or Finalizado from its OP, null without one. The caller has already checked that the actor
 * may read the sale.
 */
export async function estadoProduccionDeVenta(db: Db, ventaId: number): Promise<{ orden_produccion_id: number; estado: EstadoOrdenProduccion } | null> {
  const orden = await repositorio.leerOrdenDeVenta(db, ventaId);
  return orden ? { orden_produccion_id: orden.id, estado: estadoOrdenProduccion(orden) } : null;
}

