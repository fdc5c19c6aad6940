/**
 * Cash drawers (docs/decisions-cajas.md): a store's registers, the cashiers' shifts with their starting float, the
 * close with the count and its difference, the administrator's review, the reopening with a reason, and the guard every
 * cash writer calls inside its transaction (`exigirTurnoAbierto`).
 *
 * A shift's cash is derived, not marked: the cashier's cash rows of the store inside the shift's window (cajas'
 * repository reads the other modules' money tables). Every step is a row of `turno_caja_evento`, and every table is
 * audited by its trigger (migration 202612060100).
 */
import {
  aCentavos,
  dePesos,
  ERRORES,
  FORMAS_PAGO,
  leerRolesTurnoCaja,
  MENSAJES_CAJAS,
  PARAMETRO_ROLES_TURNO_CAJA,
  puedeAcceder,
  ACCIONES,
  totalConteo,
  type AbrirTurno,
  type Caja,
  type CajaGuardar,
  type CerrarTurno,
  type ConsultaLista,
  type MovimientosTurno,
  type OrdenCaja,
  type Pagina,
  type ReabrirTurno,
  type RevisarTurno,
  type Turno,
  type TurnoActual,
  type TurnoCuadre,
  type TurnoDetalle,
  type TurnosConsulta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import type { DatosCierreCaja } from '../../documents/cierre-caja';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import type { ContextoDocumentoPublico } from '../../lib/enlaces';
import * as parametrosService from '../parametros';
import { ENLACE_CIERRE_CAJA } from './enlaces-cajas';
import * as repositorio from './cajas.repository';

// ─── Registers ───────────────────────────────────────────────────────────────────────────────────────────────

const cajaDuplicada = () => new AppError('CAJA_DUPLICADA', undefined, { nombre_caja: [ERRORES.CAJA_DUPLICADA.mensaje] });

/** One page of the store's registers, with who holds each one's open shift. */
export async function listarCajasPagina(db: Db, codigoTienda: string, consulta: ConsultaLista<OrdenCaja>): Promise<Pagina<Caja>> {
  const { filas, total } = await repositorio.listCajasPagina(db, codigoTienda, consulta);
  return paginar(filas, total, consulta.page, consulta.per_page);
}

/** The store's active registers (the open-shift dialog). */
export function listarCajasActivas(db: Db, codigoTienda: string): Promise<Caja[]> {
  return repositorio.listCajasActivas(db, codigoTienda);
}

/** Creates a register in the actor's store; 409 on the name field when the store has one so named. */
export async function crearCaja(trx: Trx, actor: Actor, datos: CajaGuardar): Promise<number> {
  const id = await repositorio.insertCaja(trx, tiendaDelActor(actor), datos);
  if (id === null) throw cajaDuplicada();
  return id;
}

/** Renames or (de)activates a register of the actor's store; 404 for another store's. */
export async function actualizarCaja(trx: Trx, actor: Actor, id: number, datos: CajaGuardar): Promise<void> {
  const resultado = await repositorio.updateCaja(trx, tiendaDelActor(actor), id, datos);
  if (resultado === 'no_existe') throw new AppError('CAJA_NO_ENCONTRADA');
  if (resultado === 'duplicada') throw cajaDuplicada();
}

// ─── The guard of every cash writer ──────────────────────────────────────────────────────────────────────────

/** The roles the parameter ROLES_TURNO_CAJA names (none when it is missing: nobody must open a shift). */
export async function rolesTurnoCaja(db: Db): Promise<string[]> {
  return leerRolesTurnoCaja(await parametrosService.valorParametro(db, PARAMETRO_ROLES_TURNO_CAJA));
}

/**
 * Called by every writer of cash (billing, credit payments, advances, refunds, expenses and income) inside its own
 * transaction, with the payment methods it moves. Only when one of them is Efectivo:
 * - the actor's open shift in the store is locked FOR SHARE to the commit (docs/architecture.md §3, the shift's step),
 *   so its close waits for the movement and counts it;
 * - without one, a role that ROLES_TURNO_CAJA names is refused (409 'Abra un turno de caja antes de recibir o
 *   entregar efectivo'); other roles go on (the movement belongs to no shift).
 * Work with no user (demo data, jobs) is never refused.
 */
export async function exigirTurnoAbierto(trx: Trx, actor: Actor, formasPago: readonly (number | null | undefined)[]): Promise<void> {
  if (actor.userId === null || actor.codigoTienda === null) return;
  if (!formasPago.some((forma) => forma === FORMAS_PAGO.efectivo)) return;
  if ((await repositorio.lockTurnoAbiertoCompartido(trx, actor.userId, actor.codigoTienda)) !== null) return;
  if ((await rolesTurnoCaja(trx)).includes(actor.role)) throw new AppError('TURNO_CAJA_REQUERIDO');
}

// ─── Shifts ──────────────────────────────────────────────────────────────────────────────────────────────────

const numero = (valor: string | number | null) => (valor === null ? null : Number(valor));

/** The cash of a shift by origin, in pesos, and what the drawer should hold: float + in − out. */
async function efectivoDe(db: Db, fila: repositorio.FilaTurno): Promise<{ movimientos: MovimientosTurno; esperado: number }> {
  const e = await repositorio.efectivoDelTurno(db, { usuario_id: fila.usuario_id, codigo_tienda: fila.codigo_tienda, desde: fila.fecha_apertura, hasta: fila.fecha_cierre });
  const centavos =
    aCentavos(fila.base_inicial) +
    aCentavos(e.ventas) +
    aCentavos(e.abonos_credito) +
    aCentavos(e.anticipos) +
    aCentavos(e.ingresos) -
    aCentavos(e.devoluciones) -
    aCentavos(e.egresos);
  return {
    movimientos: {
      ventas: Number(e.ventas),
      abonos_credito: Number(e.abonos_credito),
      anticipos: Number(e.anticipos),
      ingresos: Number(e.ingresos),
      devoluciones: Number(e.devoluciones),
      egresos: Number(e.egresos),
    },
    esperado: dePesos(centavos),
  };
}

/** A row as the lists answer it; an open shift's expected cash is computed now. */
function aTurno(fila: repositorio.FilaTurno, esperado: number): Turno {
  return {
    ...fila,
    base_inicial: Number(fila.base_inicial),
    efectivo_esperado: esperado,
    efectivo_contado: numero(fila.efectivo_contado),
    diferencia: numero(fila.diferencia),
  };
}

async function detalle(db: Db, secreto: string, fila: repositorio.FilaTurno): Promise<TurnoDetalle> {
  const [{ movimientos, esperado }, eventos] = await Promise.all([efectivoDe(db, fila), repositorio.listEventos(db, fila.id)]);
  const cerrado = fila.estado === 'CERRADO';
  return {
    ...aTurno(fila, cerrado ? Number(fila.efectivo_esperado) : esperado),
    movimientos,
    eventos: eventos.map((e) => ({ ...e, valor: numero(e.valor) })),
    enlace_pdf: cerrado ? ENLACE_CIERRE_CAJA.url(secreto, fila.id) : null,
    enlace_pdf_80mm: cerrado ? `${ENLACE_CIERRE_CAJA.url(secreto, fila.id)}/80mm` : null,
  };
}

/** GET cajas/turno-actual: the actor's open shift in the store with its cash so far, and whether their role must open one. */
export async function turnoActual(db: Db, secreto: string, actor: Actor): Promise<TurnoActual> {
  const [fila, roles] = await Promise.all([repositorio.findTurnoAbiertoDe(db, usuarioDelActor(actor), tiendaDelActor(actor)), rolesTurnoCaja(db)]);
  return { turno: fila ? await detalle(db, secreto, fila) : null, debe_abrir_turno: roles.includes(actor.role) };
}

/** A shift of the actor's store: its cashier or a reviewer (Administrador) sees it; 404 otherwise. */
export async function leerTurno(db: Db, secreto: string, actor: Actor, id: number): Promise<TurnoDetalle> {
  const fila = await repositorio.findTurno(db, tiendaDelActor(actor), id);
  if (!fila || (fila.usuario_id !== actor.userId && !puedeAcceder(actor.role, ACCIONES.revisarTurnosCaja.acceso))) throw new AppError('TURNO_CAJA_NO_ENCONTRADO');
  return detalle(db, secreto, fila);
}

/**
 * Opens a shift on an active register of the actor's store with its starting float. One open shift per cashier and
 * store, one per register (unique indexes): a second click finds the first and answers it (same register), else 409.
 */
export async function abrirTurno(trx: Trx, actor: Actor, datos: AbrirTurno): Promise<{ id: number; creado: boolean }> {
  const codigoTienda = tiendaDelActor(actor);
  const usuarioId = usuarioDelActor(actor);
  const caja = await repositorio.findCaja(trx, codigoTienda, datos.caja_id);
  if (!caja) throw campoInvalido('caja_id', MENSAJES_CAJAS.caja);
  if (!caja.activa) throw new AppError('CAJA_INACTIVA');
  const id = await repositorio.insertTurno(trx, { caja_id: caja.id, codigo_tienda: codigoTienda, usuario_id: usuarioId, base_inicial: datos.base_inicial });
  if (id === null) {
    const propio = await repositorio.findTurnoAbiertoDe(trx, usuarioId, codigoTienda);
    if (propio && propio.caja_id === caja.id) return { id: propio.id, creado: false };
    if (propio) throw new AppError('TURNO_CAJA_YA_ABIERTO');
    throw new AppError('CAJA_OCUPADA');
  }
  await repositorio.insertEvento(trx, { turno_caja_id: id, evento: 'ABRIR', usuario_id: usuarioId, valor: datos.base_inicial });
  return { id, creado: true };
}

/**
 * Closes an open shift of the actor's store (its cashier, or a reviewer for a forgotten one): locks it (FOR UPDATE:
 * waits for the cash writers holding it), computes the expected cash, takes the count (by denomination, whose total
 * the server adds up, or the total alone) and stores the difference.
 */
export async function cerrarTurno(trx: Trx, actor: Actor, id: number, datos: CerrarTurno): Promise<Turno> {
  const codigoTienda = tiendaDelActor(actor);
  const turno = await repositorio.lockTurno(trx, codigoTienda, id);
  if (!turno) throw new AppError('TURNO_CAJA_NO_ENCONTRADO');
  if (turno.usuario_id !== actor.userId && !puedeAcceder(actor.role, ACCIONES.revisarTurnosCaja.acceso)) throw new AppError('TURNO_CAJA_AJENO');
  if (turno.estado !== 'ABIERTO') throw new AppError('TURNO_CAJA_CERRADO');
  const fila = (await repositorio.findTurno(trx, codigoTienda, id))!;
  const { esperado } = await efectivoDe(trx, fila);
  const conteo = datos.conteo ? datos.conteo.filter((f) => f.cantidad > 0) : null;
  const contado = conteo ? totalConteo(conteo) : datos.efectivo_contado!;
  if (aCentavos(contado) > 999_999_999_999_99) throw campoInvalido('efectivo_contado', MENSAJES_CAJAS.contado);
  const diferencia = dePesos(aCentavos(contado) - aCentavos(esperado));
  await repositorio.cerrarTurno(trx, id, {
    efectivo_esperado: esperado,
    efectivo_contado: contado,
    diferencia,
    conteo: conteo ? JSON.stringify(conteo) : null,
    observacion_cierre: datos.observacion_cierre,
  });
  await repositorio.insertEvento(trx, { turno_caja_id: id, evento: 'CERRAR', usuario_id: actor.userId, valor: contado, detalle: datos.observacion_cierre });
  const cerrado = (await repositorio.findTurno(trx, codigoTienda, id))!;
  return aTurno(cerrado, esperado);
}

/** Approves (aprobado) or only comments the close of a shift of the actor's store; 409 while it is open. */
export async function revisarTurno(trx: Trx, actor: Actor, id: number, datos: RevisarTurno): Promise<void> {
  const turno = await repositorio.lockTurno(trx, tiendaDelActor(actor), id);
  if (!turno) throw new AppError('TURNO_CAJA_NO_ENCONTRADO');
  if (turno.estado !== 'CERRADO') throw new AppError('TURNO_CAJA_ABIERTO');
  const evento = datos.aprobado ? 'APROBAR' : 'COMENTAR';
  await repositorio.revisarTurno(trx, id, { estado_revision: datos.aprobado ? 'APROBADO' : 'COMENTADO', comentario_revision: datos.comentario, revisado_por: actor.userId });
  await repositorio.insertEvento(trx, { turno_caja_id: id, evento, usuario_id: actor.userId, detalle: datos.comentario });
}

/**
 * Reopens a closed shift with a reason: its window runs on from its first opening, its close and review are cleared.
 * Only the cashier's latest shift in the store, and only while they hold no other open one (windows never overlap).
 */
export async function reabrirTurno(trx: Trx, actor: Actor, id: number, datos: ReabrirTurno): Promise<void> {
  const turno = await repositorio.lockTurno(trx, tiendaDelActor(actor), id);
  if (!turno) throw new AppError('TURNO_CAJA_NO_ENCONTRADO');
  if (turno.estado !== 'CERRADO') throw new AppError('TURNO_CAJA_ABIERTO');
  if (await repositorio.existeTurnoPosterior(trx, turno)) throw new AppError('TURNO_CAJA_NO_REABRIBLE');
  const ocupada = await repositorio.findTurnoAbiertoEnCaja(trx, turno.caja_id);
  if (ocupada) throw new AppError('CAJA_OCUPADA');
  await repositorio.reabrirTurno(trx, id);
  await repositorio.insertEvento(trx, { turno_caja_id: id, evento: 'REABRIR', usuario_id: actor.userId, detalle: datos.motivo });
}

/** One page of the store's shifts, filtered by opening day, register and state; open ones with their cash so far. */
export async function listarTurnos(db: Db, codigoTienda: string, consulta: TurnosConsulta): Promise<Pagina<Turno>> {
  const { filas, total } = await repositorio.listTurnosPagina(db, codigoTienda, consulta);
  const turnos = await Promise.all(filas.map(async (f) => aTurno(f, f.estado === 'CERRADO' ? Number(f.efectivo_esperado) : (await efectivoDe(db, f)).esperado)));
  return paginar(turnos, total, consulta.page, consulta.per_page);
}

/** Cuadre de caja's drawers: the shifts of the stores opened that day (or still open from before). */
export async function turnosDelDia(db: Db, tiendas: readonly string[], fecha: string): Promise<TurnoCuadre[]> {
  const filas = await repositorio.listTurnosDelDia(db, tiendas, fecha);
  return Promise.all(
    filas.map(async (f) => {
      const { conteo: _c, observacion_cierre: _o, comentario_revision: _r, nombre_revisor: _n, fecha_revision: _f, usuario_id: _u, ...resto } = aTurno(
        f,
        f.estado === 'CERRADO' ? Number(f.efectivo_esperado) : (await efectivoDe(db, f)).esperado,
      );
      return resto;
    }),
  );
}

// ─── The closing PDF ─────────────────────────────────────────────────────────────────────────────────────────

/** The closing PDF a signed link names (letter or 80 mm), rendered in the documents pool. 404 for a bad link or an open shift. */
export async function cierreCajaPdf(contexto: ContextoDocumentoPublico, token: string, formato: 'carta' | '80mm'): Promise<{ pdf: Buffer; archivo: string }> {
  const id = ENLACE_CIERRE_CAJA.leer(contexto.secreto, token);
  const fila = id === null ? undefined : await repositorio.findTurnoPorId(contexto.db, id);
  if (!fila || fila.estado !== 'CERRADO') throw new AppError('NO_ENCONTRADO', ENLACE_CIERRE_CAJA.mensajeInvalido);
  const [{ movimientos }, eventos, emisor] = await Promise.all([
    efectivoDe(contexto.db, fila),
    repositorio.listEventos(contexto.db, fila.id),
    parametrosService.leerEmpresa(contexto.db, ''),
  ]);
  const datos: DatosCierreCaja = {
    formato,
    emisor,
    turno: aTurno(fila, Number(fila.efectivo_esperado)),
    movimientos,
    eventos: eventos.map((e) => ({ ...e, valor: numero(e.valor) })),
  };
  const pdf = await contexto.documentos.renderizar('cierre-caja', datos);
  return { pdf, archivo: `cierre-caja-${fila.id}${formato === '80mm' ? '-80mm' : ''}.pdf` };
}
