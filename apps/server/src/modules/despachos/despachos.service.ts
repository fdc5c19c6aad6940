import { sql, type QueryCreator } from 'kysely';
import {
  ESTADOS_VENTA,
  MENSAJES_DESPACHOS,
  nombreCorto,
  TURNOS_POR_PAGINA_PUBLICA,
  type DespachosFiltro,
  type GuardarDespacho,
  type OrigenTurno,
  type Pagina,
  type TableroPublicoDespachos,
  type TurnoPublicoNotificado,
} from '@tablero/domain';
import type { Database, Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './despachos.repository';

/** Sale states that may be dispatched: billed (2) and billed without sending (6). */
const ESTADOS_DESPACHABLES: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

const ahora = () => sql<Date>`clock_timestamp()`;

/** What an enqueue did: the new turn, or why there is none. */
export type ResultadoEncolar = { turno_id: number; numero_turno: number } | null;

/**
 * The door's enqueue, inside the caller's transaction (the OP's last stage; billing uses the two steps below): the sale
 * gets a turn when it is ready — billed (2 or 6) and either without an OP or with its OP completed — numbered per store
 * and business day. Idempotent: a sale that already has a turn (waiting, called or dispatched) is left alone. Lock
 * order: after the caller's sale or OP, the sale's dispatch lock, then the consecutive, then the turn
 * (docs/architecture.md §3).
 */
export async function encolarVentaLista(trx: Trx, ventaId: number, origen: Exclude<OrigenTurno, 'manual'>, actor: Actor): Promise<ResultadoEncolar> {
  await repositorio.lockDespachoDeVenta(trx, ventaId);
  const venta = await repositorio.leerVentaParaDespacho(trx, ventaId);
  if (!venta || !ESTADOS_DESPACHABLES.includes(venta.estado_venta_id)) return null;
  if (venta.op_completado === false) return null;
  return crearTurno(trx, venta.id, venta.codigo_tienda, origen, actor);
}

/**
 * The sale's dispatch lock as an expression, which billing takes in the statement that locks the sale (after its row,
 * lock order 6 then 13): one round trip less while the bill holds its stock rows.
 */
export function candadoDeFactura(ventaId: number) {
  return repositorio.candadoDespachoDeVenta(ventaId);
}

/**
 * Billing's enqueue, so that the store's bills wait for each other as briefly as possible: billing holds its numbering
 * range from the number to the commit, and every statement in between is waited for by every other cashier of the
 * store. With the sale and its dispatch lock already taken by the bill (`candadoDeFactura`), these CTEs open the
 * statement that takes the number and writes it on the sale (docs/decisions.md, "Una factura en pocas sentencias"):
 * they number a turn only when the sale will be ready once billed (no OP, or its OP completed) and has none yet, a
 * condition read in that statement. Nothing can change it meanwhile: whoever completes the OP or creates a turn takes
 * the dispatch lock first. The rules and the lock order are encolarVentaLista's (the sale, its dispatch lock, the
 * number, the consecutive, the turn).
 */
export function turnoDeFactura(venta: { id: number; codigo_tienda: string }, actor: Actor) {
  return (qc: QueryCreator<Database>) =>
    repositorio.conTurnoNumerado(qc, { venta_id: venta.id, codigo_tienda: venta.codigo_tienda, origen: 'facturacion', usuario_crea: actor.userId }, true);
}

/**
 * What the live channels announce once the bill commits, from the turn its statement created (a new waiting turn, for
 * the customer billed), so that announcing it reads nothing; null without a turn.
 */
export function avisoDeTurnoDeFactura(
  turno: { id: number; numero_turno: number } | null,
  venta: { id: number; codigo_tienda: string; nombres: string | null; apellidos: string | null },
): AvisoTurno | null {
  if (turno === null) return null;
  return avisoDe({ ...turno, codigo_tienda: venta.codigo_tienda, venta_id: venta.id, estado: 'en_cola', nombres: venta.nombres, apellidos: venta.apellidos, nombre_despachador: null });
}

async function crearTurno(trx: Trx, ventaId: number, codigoTienda: string, origen: OrigenTurno, actor: Actor): Promise<ResultadoEncolar> {
  if (await repositorio.lockTurnoActivo(trx, ventaId)) return null;
  const turno = await repositorio.insertTurnoNumerado(trx, { venta_id: ventaId, codigo_tienda: codigoTienda, origen, usuario_crea: actor.userId });
  return turno === null ? null : { turno_id: turno.id, numero_turno: turno.numero_turno };
}

/**
 * The door's check when an OP is generated for a sale (produccion's generarOrden, with the sale FOR SHARE): a turn
 * still waiting is withdrawn (the sale goes to production first); a turn already called or dispatched refuses the OP.
 */
export async function retirarTurnoPorOrden(trx: Trx, ventaId: number, actor: Actor): Promise<void> {
  await repositorio.lockDespachoDeVenta(trx, ventaId);
  const turno = await repositorio.lockTurnoActivo(trx, ventaId);
  if (!turno) return;
  if (turno.estado !== 'en_cola') throw new AppError('VENTA_EN_DESPACHO');
  await retirar(trx, turno.id, actor);
}

/** The door's step when a sale is annulled: its turn, unless already dispatched, is withdrawn. */
export async function retirarTurnoPorAnulacion(trx: Trx, ventaId: number, actor: Actor): Promise<void> {
  await repositorio.lockDespachoDeVenta(trx, ventaId);
  const turno = await repositorio.lockTurnoActivo(trx, ventaId);
  if (!turno || turno.estado === 'despachado') return;
  await retirar(trx, turno.id, actor);
}

async function retirar(trx: Trx, turnoId: number, actor: Actor): Promise<void> {
  await repositorio.updateTurno(trx, turnoId, { estado: 'retirado', fecha_retiro: ahora() });
  await repositorio.insertEvento(trx, turnoId, 'retirar', actor.userId);
}

/** POST despachos/pasar ('Pasar a despacho', spec 000 §2.7): a billed sale of the store without a turn gets one. */
export async function pasarADespacho(trx: Trx, ventaId: number, actor: Actor): Promise<{ turno_id: number; numero_turno: number }> {
  const tienda = tiendaDelActor(actor);
  const venta = await repositorio.lockVentaCompartida(trx, ventaId, tienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  if (!ESTADOS_DESPACHABLES.includes(venta.estado_venta_id)) throw new AppError('VENTA_NO_DESPACHABLE');
  await repositorio.lockDespachoDeVenta(trx, ventaId);
  const turno = await crearTurno(trx, ventaId, tienda, 'manual', actor);
  if (!turno) throw new AppError('VENTA_YA_EN_DESPACHO');
  return turno;
}

/**
 * GET despachos/turnos/{ventaId}/{userId}/venta: the acting user calls the sale's waiting turn (en_cola → en_proceso,
 * they are its dispatcher). A turn already called, dispatched or missing is refused; two calls at once: the turn's
 * row lock lets one through and the other finds it called.
 */
export async function llamarTurno(trx: Trx, ventaId: number, userId: number, actor: Actor): Promise<void> {
  if (userId !== usuarioDelActor(actor)) throw new AppError('DESPACHADOR_NO_PERMITIDO');
  const turno = await repositorio.lockTurnoActivo(trx, ventaId, tiendaDelActor(actor));
  if (!turno) throw new AppError('TURNO_NO_ENCONTRADO');
  if (turno.estado === 'despachado') throw new AppError('TURNO_YA_DESPACHADO');
  if (turno.estado !== 'en_cola') throw new AppError('TURNO_YA_LLAMADO');
  await repositorio.updateTurno(trx, turno.id, { estado: 'en_proceso', fecha_llamado: ahora(), despachador_id: userId });
  await repositorio.insertEvento(trx, turno.id, 'llamar', userId);
}

/** The sale for the detail dialog (spec 001 §3 "Sale header for the detail" and its lines). */
export async function ventaParaDespacho(db: Db, ventaId: number, actor: Actor) {
  const tienda = tiendaDelActor(actor);
  const venta = await repositorio.leerVentaDetalle(db, ventaId, tienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  const [lineas, turno] = await Promise.all([repositorio.listLineasVenta(db, ventaId), repositorio.leerTurnoParaDetalle(db, ventaId)]);
  return { venta, detalle_venta: lineas, turno: turno ?? null };
}

/**
 * POST despachos/guardar ('Realizar despacho'): from a waiting or called turn, with an active messenger (tercero MSJ)
 * and an observation; the dispatch date ends the turn. Twice (also at once): the second finds it dispatched (409).
 */
export async function guardarDespacho(trx: Trx, datos: GuardarDespacho, actor: Actor): Promise<void> {
  const userId = usuarioDelActor(actor);
  if (datos.usuario_id !== null && datos.usuario_id !== userId) throw new AppError('DESPACHADOR_NO_PERMITIDO');
  if (!(await repositorio.esMensajeroActivo(trx, datos.mensajero_id))) {
    throw campoInvalido('mensajero_id', MENSAJES_DESPACHOS.mensajeroObservacion);
  }
  const turno = await repositorio.lockTurnoActivo(trx, datos.venta_id, tiendaDelActor(actor));
  if (!turno) throw new AppError('TURNO_NO_ENCONTRADO');
  if (turno.estado === 'despachado') throw new AppError('TURNO_YA_DESPACHADO');
  await repositorio.updateTurno(trx, turno.id, {
    estado: 'despachado',
    fecha_despacho: ahora(),
    mensajero_id: datos.mensajero_id,
    observacion_despacho: datos.observacion_despacho,
    usuario_despacha: userId,
    // A turn dispatched straight from the queue was never called: its dispatcher is who dispatched it.
    ...(turno.despachador_id === null ? { despachador_id: userId, fecha_llamado: ahora() } : {}),
  });
  await repositorio.insertEvento(trx, turno.id, 'despachar', userId);
}

export type FilaTurno = Awaited<ReturnType<typeof repositorio.listTurnos>>['filas'][number];

/** POST despachos/turnos?page: the store's pending or dispatched turns of the range (default today), and the day's average wait. */
export async function listarTurnos(
  db: Db,
  filtro: DespachosFiltro,
  page: number,
  perPage: number,
  actor: Actor,
): Promise<{ despachos_turnos: Pagina<FilaTurno>; tiempo_espera_promedio_segundos: number | null }> {
  const tienda = tiendaDelActor(actor);
  const hoy = await repositorio.fechaNegocioHoy(db);
  const fechaInicial = filtro.fecha_inicial ?? hoy;
  const fechaFinal = filtro.fecha_final ?? (filtro.fecha_inicial && filtro.fecha_inicial > hoy ? filtro.fecha_inicial : hoy);
  const [{ filas, total }, promedio] = await Promise.all([
    repositorio.listTurnos(
      db,
      {
        codigoTienda: tienda,
        despachados: filtro.modo_consulta === 'despachados',
        fechaInicial,
        fechaFinal,
        ventaId: filtro.venta_id,
        clienteId: filtro.cliente_id,
      },
      { page, perPage },
    ),
    repositorio.esperaPromedioDelDia(db, tienda, hoy),
  ]);
  return { despachos_turnos: paginar(filas, total, page, perPage), tiempo_espera_promedio_segundos: promedio };
}

/** The active store a public board names (its name), or undefined: the public namespace's handshake. */
export function tiendaDelTablero(db: Db, codigoTienda: string) {
  return repositorio.leerTienda(db, codigoTienda);
}

/** GET public/despachos/turnos (no token): the store's board, only the fields a customer in the shop may see. */
export async function tableroPublico(db: Db, codigoTienda: string, page: number): Promise<TableroPublicoDespachos> {
  const tienda = await repositorio.leerTienda(db, codigoTienda);
  if (!tienda) throw new AppError('NO_ENCONTRADO');
  const pagina = { page, perPage: TURNOS_POR_PAGINA_PUBLICA };
  const [proximos, enProceso] = await Promise.all([
    repositorio.listTurnosPublicos(db, codigoTienda, 'en_cola', pagina),
    repositorio.listTurnosPublicos(db, codigoTienda, 'en_proceso', pagina),
  ]);
  return {
    tienda: tienda.nombre_tienda,
    proximos: proximos.filas.map((t) => ({ numero_turno: t.numero_turno, venta_id: t.venta_id, cliente: nombreCorto(t.nombres, t.apellidos) })),
    en_proceso: enProceso.filas.map((t) => ({
      numero_turno: t.numero_turno,
      venta_id: t.venta_id,
      cliente: nombreCorto(t.nombres, t.apellidos),
      despachador: nombreCorto(t.nombre_despachador),
    })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(Math.max(proximos.total, enProceso.total) / TURNOS_POR_PAGINA_PUBLICA)),
  };
}

/** The sale's latest turn for its detail (GET facturas/{id} data.despacho); null when it never had one. */
export async function turnoDeVenta(db: Db, ventaId: number) {
  const t = await repositorio.leerTurnoDeVenta(db, ventaId);
  return t ? { ...t, fecha_despacho: t.fecha_despacho === null ? null : t.fecha_despacho.toISOString() } : null;
}

/** What the live channels announce about a sale's turn after a commit (docs/decisions-despachos.md "Live"). */
export interface AvisoTurno {
  evento: 'new_dispatch' | 'assign_dispatch' | 'remove_dispatch';
  accion: 'crear' | 'llamar' | 'despachar' | 'retirar';
  turno_id: number;
  estado: 'en_cola' | 'en_proceso' | 'despachado' | 'retirado';
  publico: TurnoPublicoNotificado;
}

/** The sale's latest turn as the events carry it; null when the sale never had one. */
export async function avisoDeTurno(db: Db, ventaId: number): Promise<AvisoTurno | null> {
  const t = await repositorio.leerUltimoTurnoDeVenta(db, ventaId);
  return t ? avisoDe(t) : null;
}

/** A turn as the events carry it: the event and action its state announces, and the board's fields. */
function avisoDe(t: {
  id: number;
  codigo_tienda: string;
  numero_turno: number;
  venta_id: number;
  estado: AvisoTurno['estado'];
  nombres: string | null;
  apellidos: string | null;
  nombre_despachador: string | null;
}): AvisoTurno {
  const publico: TurnoPublicoNotificado = {
    codigo_tienda: t.codigo_tienda,
    numero_turno: t.numero_turno,
    venta_id: t.venta_id,
    cliente: nombreCorto(t.nombres, t.apellidos),
    despachador: t.nombre_despachador ? nombreCorto(t.nombre_despachador) : null,
  };
  const porEstado = {
    en_cola: { evento: 'new_dispatch', accion: 'crear' },
    en_proceso: { evento: 'assign_dispatch', accion: 'llamar' },
    despachado: { evento: 'remove_dispatch', accion: 'despachar' },
    retirado: { evento: 'remove_dispatch', accion: 'retirar' },
  } as const;
  return { ...porEstado[t.estado], turno_id: t.id, estado: t.estado, publico };
}
