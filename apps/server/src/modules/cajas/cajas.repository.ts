// Every SQL query of the cajas module (docs/decisions-cajas.md). It writes only its own tables; a shift's cash is read
// from the other modules' money tables (read only, as cuadre-caja and cierre-mes read them): the cashier's cash rows of
// the store inside the shift's window.
import { sql, type RawBuilder } from 'kysely';
import { FORMAS_PAGO, TIPOS_MOVIMIENTO_ABONO, TIPOS_MOVIMIENTO_CREDITO, type EventoTurnoCaja, type OrdenCaja, type OrdenTurno, type ConsultaLista, type TurnosConsulta } from '@tablero/domain';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';
import { buscarEn } from '../../db/busqueda';
import type { Trx } from '../../db/transaccion';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

// ─── Registers ───────────────────────────────────────────────────────────────────────────────────────────────

/** The store's registers with the cashier of each one's open shift. */
function cajasConTurno(db: Db, codigoTienda: string) {
  return db
    .selectFrom('caja')
    .leftJoin('turno_caja as t', (j) => j.onRef('t.caja_id', '=', 'caja.id').on('t.estado', '=', 'ABIERTO'))
    .leftJoin('usuario as u', 'u.id', 't.usuario_id')
    .where('caja.codigo_tienda', '=', codigoTienda)
    .select(['caja.id', 'caja.codigo_tienda', 'caja.nombre_caja', 'caja.activa', 'u.name as turno_abierto_por']);
}

const COLUMNAS_ORDEN_CAJAS: Record<OrdenCaja, string> = { nombre_caja: 'caja.nombre_caja', activa: 'caja.activa' };

/** One page of the store's registers (by name unless another column was chosen), accent-free search by name. */
export function listCajasPagina(db: Db, codigoTienda: string, consulta: ConsultaLista<OrdenCaja>) {
  let filtrada = cajasConTurno(db, codigoTienda);
  if (consulta.query) filtrada = filtrada.where((eb) => buscarEn(eb, { texto: ['caja.nombre_caja'] }, consulta.query!));
  return paginarConsulta(
    ordenarLista(filtrada, COLUMNAS_ORDEN_CAJAS, consulta, 'caja.id', (q) => q.orderBy('caja.nombre_caja').orderBy('caja.id')),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/** The store's active registers, by name (the open-shift dialog's select). */
export function listCajasActivas(db: Db, codigoTienda: string) {
  return cajasConTurno(db, codigoTienda).where('caja.activa', '=', true).orderBy('caja.nombre_caja').orderBy('caja.id').execute();
}

/** A new register; null when the store already has one of that name (any case). */
export async function insertCaja(trx: Trx, codigoTienda: string, datos: { nombre_caja: string; activa: boolean }): Promise<number | null> {
  const fila = await sql<{ id: number }>`
    insert into caja (codigo_tienda, nombre_caja, activa) values (${codigoTienda}, ${datos.nombre_caja}, ${datos.activa})
    on conflict do nothing returning id
  `.execute(trx);
  return fila.rows[0]?.id ?? null;
}

/** Renames or (de)activates a register of the store: 'no_existe', 'duplicada' or 'ok'. */
export async function updateCaja(trx: Trx, codigoTienda: string, id: number, datos: { nombre_caja: string; activa: boolean }): Promise<'ok' | 'no_existe' | 'duplicada'> {
  const existe = await trx.selectFrom('caja').select('id').where('id', '=', id).where('codigo_tienda', '=', codigoTienda).forUpdate().executeTakeFirst();
  if (!existe) return 'no_existe';
  const otra = await trx
    .selectFrom('caja')
    .select('id')
    .where('codigo_tienda', '=', codigoTienda)
    .where('id', '<>', id)
    .where(sql<boolean>`lower(nombre_caja) = lower(${datos.nombre_caja})`)
    .executeTakeFirst();
  if (otra) return 'duplicada';
  await trx.updateTable('caja').set({ nombre_caja: datos.nombre_caja, activa: datos.activa, updated_at: sql`now()` }).where('id', '=', id).execute();
  return 'ok';
}

export function findCaja(db: Db, codigoTienda: string, id: number) {
  return db.selectFrom('caja').selectAll().where('id', '=', id).where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
}

// ─── Shifts ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A shift with its register's and people's names, as every list and the PDF show it. */
function turnosConNombres(db: Db) {
  return db
    .selectFrom('turno_caja as t')
    .innerJoin('caja as c', 'c.id', 't.caja_id')
    .innerJoin('usuario as u', 'u.id', 't.usuario_id')
    .leftJoin('usuario as r', 'r.id', 't.revisado_por')
    .select([
      't.id',
      't.caja_id',
      'c.nombre_caja',
      't.codigo_tienda',
      't.usuario_id',
      'u.name as nombre_usuario',
      't.estado',
      't.base_inicial',
      't.fecha_apertura',
      't.fecha_cierre',
      't.efectivo_esperado',
      't.efectivo_contado',
      't.diferencia',
      't.conteo',
      't.observacion_cierre',
      't.estado_revision',
      't.comentario_revision',
      'r.name as nombre_revisor',
      't.fecha_revision',
    ]);
}
export type FilaTurno = Awaited<ReturnType<typeof findTurno>> & {};

export function findTurno(db: Db, codigoTienda: string, id: number) {
  return turnosConNombres(db).where('t.id', '=', id).where('t.codigo_tienda', '=', codigoTienda).executeTakeFirst();
}

/** A shift by id alone (the PDF's signed link names it). */
export function findTurnoPorId(db: Db, id: number) {
  return turnosConNombres(db).where('t.id', '=', id).executeTakeFirst();
}

/** The user's open shift in the store, if any. */
export function findTurnoAbiertoDe(db: Db, usuarioId: number, codigoTienda: string) {
  return turnosConNombres(db).where('t.usuario_id', '=', usuarioId).where('t.codigo_tienda', '=', codigoTienda).where('t.estado', '=', 'ABIERTO').executeTakeFirst();
}

/**
 * The user's open shift in the store, locked FOR SHARE (docs/architecture.md §3, the shift's step): a cash writer
 * holds it to its commit, so a close (FOR UPDATE) waits for the movement and counts it. Many writers share it.
 */
export async function lockTurnoAbiertoCompartido(trx: Trx, usuarioId: number, codigoTienda: string): Promise<number | null> {
  const fila = await trx
    .selectFrom('turno_caja')
    .select('id')
    .where('usuario_id', '=', usuarioId)
    .where('codigo_tienda', '=', codigoTienda)
    .where('estado', '=', 'ABIERTO')
    .forShare()
    .executeTakeFirst();
  return fila?.id ?? null;
}

/** Locks a shift of the store for a change of its state (close, review, reopen). */
export function lockTurno(trx: Trx, codigoTienda: string, id: number) {
  return trx.selectFrom('turno_caja').selectAll().where('id', '=', id).where('codigo_tienda', '=', codigoTienda).forUpdate().executeTakeFirst();
}

/**
 * Opens a shift; null when the user already holds one in the store or the register is taken (the partial unique
 * indexes), so two clicks open one shift and the caller finds the first.
 */
export async function insertTurno(trx: Trx, datos: { caja_id: number; codigo_tienda: string; usuario_id: number; base_inicial: number }): Promise<number | null> {
  const fila = await sql<{ id: number }>`
    insert into turno_caja (caja_id, codigo_tienda, usuario_id, base_inicial)
    values (${datos.caja_id}, ${datos.codigo_tienda}, ${datos.usuario_id}, ${datos.base_inicial})
    on conflict do nothing returning id
  `.execute(trx);
  return fila.rows[0]?.id ?? null;
}

/** The open shift on a register, if any (who holds it). */
export function findTurnoAbiertoEnCaja(db: Db, cajaId: number) {
  return db.selectFrom('turno_caja').select(['id', 'usuario_id']).where('caja_id', '=', cajaId).where('estado', '=', 'ABIERTO').executeTakeFirst();
}

/** Closes a shift: its end is PostgreSQL's clock now, after the lock (every movement that held it is inside). */
export async function cerrarTurno(
  trx: Trx,
  id: number,
  datos: { efectivo_esperado: number; efectivo_contado: number; diferencia: number; conteo: string | null; observacion_cierre: string | null },
) {
  await trx
    .updateTable('turno_caja')
    .set({ ...datos, estado: 'CERRADO', fecha_cierre: sql`clock_timestamp()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function revisarTurno(trx: Trx, id: number, datos: { estado_revision: 'APROBADO' | 'COMENTADO'; comentario_revision: string | null; revisado_por: number | null }) {
  await trx
    .updateTable('turno_caja')
    .set({ ...datos, fecha_revision: sql`clock_timestamp()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Reopens a closed shift: its window runs on from the first opening, the close's figures and the review cleared. */
export async function reabrirTurno(trx: Trx, id: number) {
  await trx
    .updateTable('turno_caja')
    .set({
      estado: 'ABIERTO',
      fecha_cierre: null,
      efectivo_esperado: null,
      efectivo_contado: null,
      diferencia: null,
      conteo: null,
      observacion_cierre: null,
      estado_revision: null,
      comentario_revision: null,
      revisado_por: null,
      fecha_revision: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Whether the user opened a shift in the store after this one (then this one is not theirs to reopen). */
export async function existeTurnoPosterior(db: Db, turno: { id: number; usuario_id: number; codigo_tienda: string }): Promise<boolean> {
  const fila = await db
    .selectFrom('turno_caja')
    .select('id')
    .where('usuario_id', '=', turno.usuario_id)
    .where('codigo_tienda', '=', turno.codigo_tienda)
    .where('id', '>', turno.id)
    .executeTakeFirst();
  return fila !== undefined;
}

export async function insertEvento(trx: Trx, datos: { turno_caja_id: number; evento: EventoTurnoCaja; usuario_id: number | null; detalle?: string | null; valor?: number | null }) {
  await trx
    .insertInto('turno_caja_evento')
    .values({ detalle: null, valor: null, ...datos })
    .execute();
}

export function listEventos(db: Db, turnoId: number) {
  return db
    .selectFrom('turno_caja_evento as e')
    .leftJoin('usuario as u', 'u.id', 'e.usuario_id')
    .select(['e.id', 'e.evento', 'u.name as nombre_usuario', 'e.detalle', 'e.valor', 'e.fecha'])
    .where('e.turno_caja_id', '=', turnoId)
    .orderBy('e.id')
    .execute();
}

const COLUMNAS_ORDEN_TURNOS: Record<OrdenTurno, string> = {
  fecha_apertura: 't.fecha_apertura',
  nombre_caja: 'c.nombre_caja',
  estado: 't.estado',
  diferencia: 't.diferencia',
};

/** One page of the store's shifts (latest first unless another column was chosen), by opening day, register, state. */
export function listTurnosPagina(db: Db, codigoTienda: string, consulta: TurnosConsulta) {
  let filtrada = turnosConNombres(db).where('t.codigo_tienda', '=', codigoTienda);
  if (consulta.fecha_desde || consulta.fecha_hasta) {
    filtrada = filtrada.where(enDiasNegocio('t.fecha_apertura', { desde: consulta.fecha_desde ?? undefined, hasta: consulta.fecha_hasta ?? undefined }));
  }
  if (consulta.caja_id) filtrada = filtrada.where('t.caja_id', '=', consulta.caja_id);
  if (consulta.estado) filtrada = filtrada.where('t.estado', '=', consulta.estado);
  if (consulta.query) filtrada = filtrada.where((eb) => buscarEn(eb, { texto: ['u.name', 'c.nombre_caja'] }, consulta.query!));
  return paginarConsulta(
    ordenarLista(filtrada, COLUMNAS_ORDEN_TURNOS, consulta, 't.id', (q) => q.orderBy('t.fecha_apertura', 'desc').orderBy('t.id', 'desc')),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/** The shifts of the stores opened on a business day, or still open then (Cuadre de caja's drawers). */
export function listTurnosDelDia(db: Db, tiendas: readonly string[], fecha: string) {
  return turnosConNombres(db)
    .where('t.codigo_tienda', 'in', [...tiendas])
    .where((eb) => eb.or([enDiasNegocio('t.fecha_apertura', { desde: fecha, hasta: fecha }), eb.and([eb('t.estado', '=', 'ABIERTO'), enDiasNegocio('t.fecha_apertura', { hasta: fecha })])]))
    .orderBy('t.codigo_tienda')
    .orderBy('c.nombre_caja')
    .orderBy('t.id')
    .execute();
}

// ─── A shift's cash ──────────────────────────────────────────────────────────────────────────────────────────

export interface EfectivoTurno {
  ventas: string;
  abonos_credito: string;
  anticipos: string;
  ingresos: string;
  devoluciones: string;
  egresos: string;
}

/** The window [desde, hasta] of a row's instant column (hasta null: still open). */
function enVentana(columna: string, desde: Date, hasta: Date | null): RawBuilder<boolean> {
  const ref = sql.ref(columna);
  return hasta ? sql<boolean>`${ref} >= ${desde} and ${ref} <= ${hasta}` : sql<boolean>`${ref} >= ${desde}`;
}

/**
 * The cash (method 1) the cashier moved in the store inside the window, by origin (docs/decisions-cajas.md "Qué
 * pertenece a un turno"): sales' cash payments written by them (venta_forma_pago.user_id), credit payments and
 * advances they received, income they recorded; refunds they gave back (annulments and partial returns) and expenses
 * they recorded. A row's instant is its insert (its transaction's start).
 */
export async function efectivoDelTurno(db: Db, turno: { usuario_id: number; codigo_tienda: string; desde: Date; hasta: Date | null }): Promise<EfectivoTurno> {
  const { usuario_id: u, codigo_tienda: t, desde, hasta } = turno;
  const efectivo = FORMAS_PAGO.efectivo;
  const { rows } = await sql<EfectivoTurno>`
    select
      coalesce((select sum(p.valor_pagado) from venta_forma_pago p join venta v on v.id = p.venta_id
                 where p.forma_pago_id = ${efectivo} and p.user_id = ${u} and v.codigo_tienda = ${t}
                   and ${enVentana('p.created_at', desde, hasta)}), 0) as ventas,
      coalesce((select sum(fp.valor_pagado) from cuenta_credito_movimiento m
                  join cuenta_credito_movimiento_forma_pago fp on fp.cuenta_credito_movimiento_id = m.id
                 where m.tipo_movimiento_credito_id = ${TIPOS_MOVIMIENTO_CREDITO.PAGO} and fp.forma_pago_id = ${efectivo}
                   and m.user_id = ${u} and m.codigo_tienda = ${t} and ${enVentana('m.fecha_inserta', desde, hasta)}), 0) as abonos_credito,
      coalesce((select sum(an.valor_abono) from abono_tercero an
                 where an.tipo_movimiento_abono_id = ${TIPOS_MOVIMIENTO_ABONO.ABONO} and an.forma_pago_id = ${efectivo}
                   and an.user_id = ${u} and an.codigo_tienda = ${t} and ${enVentana('an.fecha_inserta', desde, hasta)}), 0) as anticipos,
      coalesce((select sum(i.valor_ingreso) from ingreso i
                 where i.forma_pago_id = ${efectivo} and i.usuario_responsable = ${u} and i.codigo_tienda = ${t}
                   and ${enVentana('i.fecha_inserta', desde, hasta)}), 0) as ingresos,
      coalesce((select sum(d.valor) from devolucion_dinero d
                 where d.forma_pago_id = ${efectivo} and d.usuario_id = ${u} and d.codigo_tienda = ${t}
                   and ${enVentana('d.created_at', desde, hasta)}), 0) as devoluciones,
      coalesce((select sum(e.valor_egreso) from egreso e
                 where e.forma_pago_id = ${efectivo} and e.usuario_responsable = ${u} and e.codigo_tienda = ${t}
                   and ${enVentana('e.fecha_inserta', desde, hasta)}), 0) as egresos
  `.execute(db);
  return rows[0]!;
}
