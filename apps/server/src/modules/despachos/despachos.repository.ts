import { sql, type Expression, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { type EstadoTurno, type EventoTurno, type OrigenTurno } from '@tablero/domain';
import { filasPreparadas, type Database, type Db } from '../../db/database';
import { enDiasNegocio, hoyNegocioSql } from '../../db/dias-negocio';
import { lineasDeVenta, NOMBRES_VENTA } from '../../db/lectura-venta';
import type { Trx } from '../../db/transaccion';
import { paginarConsulta } from '../../lib/paginacion';

/** Every SQL query of despachos. It reads ventas', produccion's, terceros' and usuarios' tables; it writes only its own. */

/**
 * The dispatch lock of one sale (lock order, docs/architecture.md §3): a transaction advisory lock taken after the
 * sale's or the OP's row, before the consecutive and the turn. Billing (sale updated) and finishing the OP's last
 * stage (OP updated) each take it after their own write and then read the other's: whichever comes second sees the
 * first one committed, so a sale billed while its OP finishes gets exactly one turn.
 */
export async function lockDespachoDeVenta(trx: Trx, ventaId: number): Promise<void> {
  await sql`select ${candadoDespachoDeVenta(ventaId)}`.execute(trx);
}

/** The expression that takes lockDespachoDeVenta's lock, for a statement that takes it after the sale's row (billing's). */
export function candadoDespachoDeVenta(ventaId: number): RawBuilder<void> {
  return sql<void>`pg_advisory_xact_lock(hashtext(${`despacho_venta:${ventaId}`}))`;
}

export interface VentaParaDespacho {
  id: number;
  codigo_tienda: string;
  estado_venta_id: number;
  /** null without an OP. */
  op_completado: boolean | null;
  /** It has a turn that is not withdrawn (waiting, called or dispatched). */
  con_turno: boolean;
}

/**
 * The sale's state, its OP's and whether it has a turn (plain reads: the caller holds the dispatch lock of the sale,
 * which every writer that creates or withdraws a turn takes first).
 */
export async function leerVentaParaDespacho(trx: Trx, ventaId: number): Promise<VentaParaDespacho | undefined> {
  const consulta = trx
    .selectFrom('venta as v')
    .select(['v.id', 'v.codigo_tienda', 'v.estado_venta_id', opCompletadoDe(sql.ref('v.id')).as('op_completado'), conTurnoDe(sql.ref('v.id')).as('con_turno')])
    .where('v.id', '=', ventaId);
  return (await filasPreparadas(trx, 'venta_para_despacho', consulta))[0];
}

/** The sale's OP completed (null without an OP): VentaParaDespacho's `op_completado`. */
function opCompletadoDe(ventaId: Expression<number>) {
  return sql<boolean | null>`(select pv.completado from produccion_venta pv where pv.venta_id = ${ventaId})`;
}

/** The sale has a turn that is not withdrawn: VentaParaDespacho's `con_turno`. */
function conTurnoDe(ventaId: Expression<number>) {
  return sql<boolean>`exists (select from despacho_turno t where t.venta_id = ${ventaId} and t.estado <> 'retirado')`;
}

/**
 * The sale will be ready for dispatch once billed (no OP, or its OP completed) and has no turn yet: the condition
 * billing's turn CTEs carry (conTurnoNumerado's `soloSiLista`), read in the statement that writes the bill, under the
 * sale's dispatch lock the bill took before it.
 */
function listaParaTurnoDeFactura(ventaId: number) {
  const venta = sql<number>`${ventaId}::int`;
  return sql<SqlBool>`${opCompletadoDe(venta)} is not false and not ${conTurnoDe(venta)}`;
}

/** 'Pasar a despacho': the store's sale FOR SHARE (lock order 6), so a bill or an annulment of it waits. */
export { lockVentaCompartida } from '../../db/lectura-venta';

export interface DatosTurnoNuevo {
  venta_id: number;
  codigo_tienda: string;
  origen: OrigenTurno;
  usuario_crea: number | null;
}

/**
 * A new turn numbered for the store's business day (Bogotá, by PostgreSQL's clock), with its 'crear' event, as three
 * CTEs a statement opens with: the consecutive's upsert (its row lock orders the turns and is held until the commit,
 * so a rollback gives the number back), the turn (`turno`: its id and number; no row when the sale already has a turn
 * that is not withdrawn, by the partial unique index) and the event. The advisory lock and the active-turn check
 * before it make that the rare case of a turn created meanwhile by hand. Billing opens with them the statement that
 * writes its number on the sale, while it holds its numbering range (docs/decisions.md, "Una factura en pocas
 * sentencias").
 */
export function conTurnoNumerado(qc: QueryCreator<Database>, datos: DatosTurnoNuevo, soloSiLista = false) {
  return qc
    .with('consecutivo', (q) =>
      q
        .insertInto('despacho_consecutivo')
        .columns(['codigo_tienda', 'fecha', 'ultimo'])
        // With `soloSiLista` (billing), no row when the sale is not ready (listaParaTurnoDeFactura): no number is
        // taken from the day's consecutive, and no turn or event follows.
        .expression(
          q
            .selectNoFrom([sql<string>`${datos.codigo_tienda}`.as('codigo_tienda'), hoyNegocioSql().as('fecha'), sql<number>`1`.as('ultimo')])
            .where(soloSiLista ? listaParaTurnoDeFactura(datos.venta_id) : sql<SqlBool>`true`),
        )
        .onConflict((oc) => oc.columns(['codigo_tienda', 'fecha']).doUpdateSet({ ultimo: sql<number>`despacho_consecutivo.ultimo + 1` }))
        .returning(['fecha', 'ultimo']),
    )
    .with('turno', (q) =>
      q
        .insertInto('despacho_turno')
        .columns(['venta_id', 'codigo_tienda', 'fecha_turno', 'numero_turno', 'origen', 'usuario_crea'])
        .expression((eb) =>
          eb
            .selectFrom('consecutivo')
            .select([
              sql<number>`${datos.venta_id}::int`.as('venta_id'),
              sql<string>`${datos.codigo_tienda}`.as('codigo_tienda'),
              'consecutivo.fecha',
              'consecutivo.ultimo',
              sql<OrigenTurno>`${datos.origen}`.as('origen'),
              sql<number | null>`${datos.usuario_crea}::int`.as('usuario_crea'),
            ]),
        )
        .onConflict((oc) => oc.column('venta_id').where(sql<boolean>`estado <> 'retirado'`).doNothing())
        .returning(['id', 'numero_turno']),
    )
    .with('evento', (q) =>
      q
        .insertInto('despacho_turno_evento')
        .columns(['turno_id', 'evento', 'user_id'])
        .expression((eb) => eb.selectFrom('turno').select(['turno.id', sql<EventoTurno>`'crear'`.as('evento'), sql<number | null>`${datos.usuario_crea}::int`.as('user_id')])),
    );
}

/** A new turn in one statement (see conTurnoNumerado): its id and number, or null when the sale already has one. */
export async function insertTurnoNumerado(trx: Trx, datos: DatosTurnoNuevo): Promise<{ id: number; numero_turno: number } | null> {
  return (await filasPreparadas(trx, 'turno_numerado', conTurnoNumerado(trx, datos).selectFrom('turno').select(['turno.id', 'turno.numero_turno'])))[0] ?? null;
}

/** Today's business date in Bogotá, as PostgreSQL sees the clock. */
export async function fechaNegocioHoy(trx: Trx | Db): Promise<string> {
  const { rows } = await sql<{ hoy: string }>`select ${hoyNegocioSql()}::text as hoy`.execute(trx);
  return rows[0]!.hoy;
}

export interface TurnoBloqueado {
  id: number;
  venta_id: number;
  codigo_tienda: string;
  numero_turno: number;
  estado: EstadoTurno;
  despachador_id: number | null;
}

/** The sale's active turn (not withdrawn) FOR UPDATE; in the store when one is given. */
export function lockTurnoActivo(trx: Trx, ventaId: number, codigoTienda?: string): Promise<TurnoBloqueado | undefined> {
  let consulta = trx
    .selectFrom('despacho_turno')
    .select(['id', 'venta_id', 'codigo_tienda', 'numero_turno', 'estado', 'despachador_id'])
    .where('venta_id', '=', ventaId)
    .where('estado', '<>', 'retirado');
  if (codigoTienda !== undefined) consulta = consulta.where('codigo_tienda', '=', codigoTienda);
  return consulta.forUpdate().executeTakeFirst();
}

export async function updateTurno(
  trx: Trx,
  id: number,
  cambios: Partial<{
    estado: EstadoTurno;
    fecha_llamado: ReturnType<typeof sql<Date>>;
    despachador_id: number | null;
    fecha_despacho: ReturnType<typeof sql<Date>>;
    mensajero_id: number;
    observacion_despacho: string;
    usuario_despacha: number | null;
    fecha_retiro: ReturnType<typeof sql<Date>>;
  }>,
): Promise<void> {
  await trx.updateTable('despacho_turno').set(cambios).where('id', '=', id).execute();
}

export async function insertEvento(trx: Trx, turnoId: number, evento: EventoTurno, userId: number | null): Promise<void> {
  await trx.insertInto('despacho_turno_evento').values({ turno_id: turnoId, evento, user_id: userId }).execute();
}

/** An active messenger (tercero of type MSJ). */
export async function esMensajeroActivo(trx: Trx, terceroId: number): Promise<boolean> {
  const fila = await trx.selectFrom('tercero').select('id').where('id', '=', terceroId).where('tipo_tercero', '=', 'MSJ').where('activo', '=', true).executeTakeFirst();
  return fila !== undefined;
}

export interface FiltroTurnos {
  codigoTienda: string;
  despachados: boolean;
  fechaInicial: string;
  fechaFinal: string;
  ventaId: number | null;
  clienteId: number | null;
}

/** Turns (`dt`) with their sale (`v`) and its customer (`c`): what the turns list and the public board read. */
function turnosConCliente(db: Db) {
  return db.selectFrom('despacho_turno as dt').innerJoin('venta as v', 'v.id', 'dt.venta_id').innerJoin('tercero as c', 'c.id', 'v.cliente_id');
}

function consultaTurnos(db: Db, f: FiltroTurnos) {
  let consulta = turnosConCliente(db).where('dt.codigo_tienda', '=', f.codigoTienda);
  if (f.despachados) {
    consulta = consulta
      .where('dt.estado', '=', 'despachado')
      .where(enDiasNegocio('dt.fecha_despacho', { desde: f.fechaInicial, hasta: f.fechaFinal }));
  } else {
    consulta = consulta
      .where('dt.estado', 'in', ['en_cola', 'en_proceso'])
      .where('dt.fecha_turno', '>=', f.fechaInicial)
      .where('dt.fecha_turno', '<=', f.fechaFinal);
  }
  if (f.ventaId !== null) consulta = consulta.where('dt.venta_id', '=', f.ventaId);
  if (f.clienteId !== null) consulta = consulta.where('v.cliente_id', '=', f.clienteId);
  return consulta;
}

/** The turn's dispatcher (the user who called it) and messenger, by name, for a query over `despacho_turno as dt`. */
const nombreDespachador = () => sql<string | null>`(select u.name from usuario u where u.id = dt.despachador_id)`.as('nombre_despachador');
const nombreMensajero = () =>
  sql<string | null>`(select trim(m.nombres || ' ' || m.apellidos) from tercero m where m.id = dt.mensajero_id)`.as('nombre_mensajero');

/** A page of POST despachos/turnos: pending by turn (oldest first), dispatched by dispatch date (newest first). */
export async function listTurnos(db: Db, f: FiltroTurnos, pagina: { page: number; perPage: number }) {
  const base = consultaTurnos(db, f);
  let filas = base.select([
    'dt.venta_id as id',
    'dt.id as turno_id',
    'dt.numero_turno',
    'dt.estado',
    'dt.fecha_turno',
    'dt.fecha_creacion',
    sql<Date | null>`(select pv.fecha_finaliza_produccion from produccion_venta pv where pv.venta_id = dt.venta_id)`.as('fecha_finaliza_produccion'),
    'dt.fecha_llamado',
    'dt.fecha_despacho',
    nombreDespachador(),
    nombreMensajero(),
    'dt.observacion_despacho',
    'c.numero_documento as numero_documento_tercero',
    'c.nombres as nombres_tercero',
    'c.apellidos as apellidos_tercero',
    NOMBRES_VENTA.vendedor.as('nombre_vendedor'),
    sql<number>`floor(extract(epoch from coalesce(dt.fecha_llamado, dt.fecha_despacho, clock_timestamp()) - dt.fecha_creacion))::int`.as('tiempo_espera_segundos'),
  ]);
  filas = f.despachados
    ? filas.orderBy('dt.fecha_despacho', 'desc').orderBy('dt.id', 'desc')
    : filas.orderBy('dt.fecha_turno').orderBy('dt.numero_turno');
  return paginarConsulta(filas, pagina, base);
}

/** The store's average wait (creation → call) of the turns called on the business day; null when none was. */
export async function esperaPromedioDelDia(db: Db, codigoTienda: string, fecha: string): Promise<number | null> {
  const fila = await db
    .selectFrom('despacho_turno')
    .select(sql<number | null>`round(avg(extract(epoch from coalesce(fecha_llamado, fecha_despacho) - fecha_creacion)))::int`.as('promedio'))
    .where('codigo_tienda', '=', codigoTienda)
    .where('estado', 'in', ['en_proceso', 'despachado'])
    .where(enDiasNegocio(sql<Date>`coalesce(fecha_llamado, fecha_despacho)`, { desde: fecha, hasta: fecha }))
    .executeTakeFirst();
  return fila?.promedio ?? null;
}

/** The sale header for the detail dialog (spec 001 §3 "Sale header for the detail"). */
export function leerVentaDetalle(db: Db | Trx, ventaId: number, codigoTienda: string) {
  return db
    .selectFrom('venta as v')
    .select([
      'v.id',
      'v.codigo_tienda',
      'v.fecha_venta',
      'v.estado_venta_id',
      NOMBRES_VENTA.estado.as('nombre_estado_venta'),
      'v.tipo_pago_id',
      NOMBRES_VENTA.tipoPago.as('nombre_tipo_pago'),
      'v.total_venta as total_venta_bruta',
      'v.observacion_venta',
      NOMBRES_VENTA.documentoCliente.as('numero_documento_tercero'),
      NOMBRES_VENTA.nombresCliente.as('nombres_tercero'),
      NOMBRES_VENTA.apellidosCliente.as('apellidos_tercero'),
      NOMBRES_VENTA.vendedor.as('nombre_vendedor'),
    ])
    .where('v.id', '=', ventaId)
    .where('v.codigo_tienda', '=', codigoTienda)
    .executeTakeFirst();
}

/** The sale's lines for the detail dialog: reference, name, quantity, total and the cut plan. */
export function listLineasVenta(db: Db | Trx, ventaId: number) {
  return lineasDeVenta(db, ventaId)
    .select(['d.item', 'd.producto_id', 'p.referencia', 'p.nombre_producto', 'd.cantidad as cantidad_vendida', 'd.valor_total', 'd.response_lepton'])
    .execute();
}

/** A turn as the public board shows it, and the fields it needs to build it. */
function consultaPublica(db: Db) {
  return turnosConCliente(db).select(['dt.id', 'dt.venta_id', 'dt.codigo_tienda', 'dt.numero_turno', 'dt.estado', 'c.nombres', 'c.apellidos', nombreDespachador()]);
}

/** The sale's latest turn (any state) with its dispatch, for the sale's detail. */
export function leerTurnoDeVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('despacho_turno')
    .select(['id as turno_id', 'numero_turno', 'estado', 'fecha_despacho', 'observacion_despacho'])
    .where('venta_id', '=', ventaId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sale's latest turn (any state) for the dispatch dialog: who called it, who took it, with what observation. */
export function leerTurnoParaDetalle(db: Db, ventaId: number) {
  return db
    .selectFrom('despacho_turno as dt')
    .select([
      'dt.id as turno_id',
      'dt.numero_turno',
      'dt.estado',
      'dt.fecha_creacion',
      'dt.fecha_llamado',
      'dt.fecha_despacho',
      'dt.observacion_despacho',
      nombreDespachador(),
      nombreMensajero(),
    ])
    .where('dt.venta_id', '=', ventaId)
    .orderBy('dt.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sale's latest turn (any state), for the events after a commit. */
export function leerUltimoTurnoDeVenta(db: Db, ventaId: number) {
  return consultaPublica(db).where('dt.venta_id', '=', ventaId).orderBy('dt.id', 'desc').limit(1).executeTakeFirst();
}

/**
 * The public board's page: the store's turns of the business day (and earlier days' still pending) in one state,
 * oldest first.
 */
export async function listTurnosPublicos(db: Db, codigoTienda: string, estado: 'en_cola' | 'en_proceso', pagina: { page: number; perPage: number }) {
  const base = db.selectFrom('despacho_turno as dt').where('dt.codigo_tienda', '=', codigoTienda).where('dt.estado', '=', estado);
  const turnos = consultaPublica(db)
    .where('dt.codigo_tienda', '=', codigoTienda)
    .where('dt.estado', '=', estado)
    .orderBy('dt.fecha_turno')
    .orderBy('dt.numero_turno');
  // The joins only name the customer and the dispatcher: the turns alone are counted.
  return paginarConsulta(turnos, pagina, base);
}

/** The store's name for the board; undefined for an unknown or inactive store. */
export function leerTienda(db: Db, codigoTienda: string) {
  return db.selectFrom('tienda').select(['codigo_tienda', 'nombre_tienda']).where('codigo_tienda', '=', codigoTienda).where('activo', '=', true).executeTakeFirst();
}
