import { sql, type Insertable, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import {
  type EstadoEtapa,
  type etapaProduccionSchema,
  type ordenProduccionSchema,
  type productoVentaProduccionSchema,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';
import { lineasDeVenta, ventaConNombres } from '../../db/lectura-venta';
import type { Trx } from '../../db/transaccion';
import { limitesPagina, sqlPagina } from '../../lib/paginacion';
import type { ProduccionTablas } from './produccion.tablas';

/** PostgreSQL's unique_violation on the named constraint or index. */
function esViolacionUnica(error: unknown, restriccion: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === '23505' && e.constraint === restriccion;
}

// ---------------------------------------------------------------------------------------------------------------
// Generating an OP

/** The sale an OP is generated from, in the store, locked FOR SHARE (lock order 6: an annulment waits for the OP). */
export { lockVentaCompartida } from '../../db/lectura-venta';

/** The sale's lines as production reads them: whether each carries a cut plan, and its product's service group. */
export function lineasVentaProduccion(trx: Trx, ventaId: number) {
  return lineasDeVenta(trx, ventaId)
    .select(['d.item', sql<boolean>`d.response_lepton is not null`.as('con_plano'), 'p.grupo_servicio_id'])
    .execute();
}

/** Inferred from the query (its columns' types). */
export type LineaVentaProduccion = Awaited<ReturnType<typeof lineasVentaProduccion>>[number];

/** Inserts the OP; null when the sale already has one (unique venta_id, also when two requests race). */
export async function insertOrden(trx: Trx, datos: { venta_id: number; codigo_tienda: string; usuario_inserta: number | null }): Promise<number | null> {
  const fila = await trx
    .insertInto('produccion_venta')
    .values(datos)
    .onConflict((oc) => oc.column('venta_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return fila?.id ?? null;
}

export async function insertEtapas(trx: Trx, ordenId: number, servicios: readonly number[]): Promise<void> {
  await trx
    .insertInto('produccion_venta_etapa')
    .values(servicios.map((grupo_servicio_id, n) => ({ produccion_venta_id: ordenId, numero_etapa: n + 1, grupo_servicio_id })))
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Locks and reads inside a stage's use case (OP first, then its stage: docs/decisions-produccion.md)

const COLUMNAS_ORDEN_BLOQUEADA = ['id', 'venta_id', 'prioritario', 'completado', 'proceso_vigente', 'fecha_material_preparado'] as const;

/** The store's OP, FOR UPDATE. */
export function lockOrden(trx: Trx, ordenId: number, codigoTienda: string) {
  return trx
    .selectFrom('produccion_venta')
    .select(COLUMNAS_ORDEN_BLOQUEADA)
    .where('id', '=', ordenId)
    .where('codigo_tienda', '=', codigoTienda)
    .forUpdate()
    .executeTakeFirst();
}

/** The store's OP that owns the stage, FOR UPDATE (the OP before its stage). */
export function lockOrdenDeEtapa(trx: Trx, etapaId: number, codigoTienda: string) {
  return trx
    .selectFrom('produccion_venta')
    .select(COLUMNAS_ORDEN_BLOQUEADA)
    .where('id', '=', (eb) => eb.selectFrom('produccion_venta_etapa').select('produccion_venta_id').where('id', '=', etapaId))
    .where('codigo_tienda', '=', codigoTienda)
    .forUpdate()
    .executeTakeFirst();
}

/** Inferred from the query (its columns' types). */
export type OrdenBloqueada = NonNullable<Awaited<ReturnType<typeof lockOrden>>>;

/** The stages of an OP, FOR UPDATE, by number. */
export function lockEtapasDeOrden(trx: Trx, ordenId: number) {
  return trx
    .selectFrom('produccion_venta_etapa')
    .select(['id', 'produccion_venta_id', 'numero_etapa', 'grupo_servicio_id', 'estado_etapa', 'operario_id', 'maquina_id', 'fecha_inicio_produccion'])
    .where('produccion_venta_id', '=', ordenId)
    .orderBy('numero_etapa')
    .forUpdate()
    .execute();
}

/** Inferred from the query (its columns' types). */
export type EtapaBloqueada = Awaited<ReturnType<typeof lockEtapasDeOrden>>[number];

export function leerMaquina(trx: Trx, maquinaId: number) {
  return trx.selectFrom('maquina').select(['id', 'grupo_servicio_id', 'estado_maquina_id']).where('id', '=', maquinaId).executeTakeFirst();
}

/** An active third party of type Operario. */
export async function esOperarioActivo(trx: Trx, terceroId: number): Promise<boolean> {
  const fila = await trx
    .selectFrom('tercero')
    .select('id')
    .where('id', '=', terceroId)
    .where('tipo_tercero', '=', 'OP')
    .where('activo', '=', true)
    .executeTakeFirst();
  return fila !== undefined;
}

export async function existeMotivoSuspension(trx: Trx, id: number): Promise<boolean> {
  const fila = await trx.selectFrom('tipo_motivo_suspension_produccion').select('id').where('id', '=', id).where('activo', '=', true).executeTakeFirst();
  return fila !== undefined;
}

/** Another unfinished priority OP of the store whose current stage, of this service, waits (pending or suspended). */
export async function hayOtraPrioritariaEsperando(trx: Trx, codigoTienda: string, ordenId: number, grupoServicioId: number): Promise<boolean> {
  const fila = await trx
    .selectFrom('produccion_venta as pv')
    .innerJoin('produccion_venta_etapa as e', 'e.id', 'pv.proceso_vigente')
    .select('pv.id')
    .where('pv.codigo_tienda', '=', codigoTienda)
    .where('pv.id', '<>', ordenId)
    .where('pv.prioritario', '=', true)
    .where('pv.completado', '=', false)
    .where('e.grupo_servicio_id', '=', grupoServicioId)
    .where('e.estado_etapa', 'in', ['pendiente', 'suspendido'])
    .limit(1)
    .executeTakeFirst();
  return fila !== undefined;
}

/** Whether the machine runs a stage now (the partial unique index is the guard under races; this gives the early answer). */
export async function maquinaOcupada(trx: Trx, maquinaId: number, etapaId: number): Promise<boolean> {
  const fila = await trx
    .selectFrom('produccion_venta_etapa')
    .select('id')
    .where('maquina_id', '=', maquinaId)
    .where('estado_etapa', '=', 'en_proceso')
    .where('id', '<>', etapaId)
    .executeTakeFirst();
  return fila !== undefined;
}

export interface CambioEtapa {
  estado_etapa: EstadoEtapa;
  operario_id?: number | null;
  maquina_id?: number | null;
  fecha_inicio_produccion?: RawBuilder<Date> | null;
  fecha_finaliza_produccion?: RawBuilder<Date> | null;
  fecha_suspension?: RawBuilder<Date> | null;
  motivo_suspension_id?: number | null;
}

/** Applies a transition to a stage; 'maquina_ocupada' when another stage took the machine meanwhile. */
export async function updateEtapa(trx: Trx, etapaId: number, cambio: CambioEtapa): Promise<'ok' | 'maquina_ocupada'> {
  try {
    await trx
      .updateTable('produccion_venta_etapa')
      .set({ ...cambio, fecha_actualiza: sql<Date>`clock_timestamp()` })
      .where('id', '=', etapaId)
      .execute();
    return 'ok';
  } catch (error) {
    if (esViolacionUnica(error, 'produccion_venta_etapa_maquina_ocupada_uq')) return 'maquina_ocupada';
    throw error;
  }
}

export async function insertEvento(
  trx: Trx,
  datos: Omit<Insertable<ProduccionTablas['produccion_etapa_evento']>, 'id' | 'fecha'>,
): Promise<void> {
  await trx.insertInto('produccion_etapa_evento').values(datos).execute();
}

export async function updateOrden(
  trx: Trx,
  ordenId: number,
  cambio: {
    prioritario?: boolean;
    fecha_prioritario?: RawBuilder<Date>;
    completado?: boolean;
    proceso_vigente?: number | null;
    fecha_material_preparado?: RawBuilder<Date>;
    fecha_finaliza_produccion?: RawBuilder<Date> | null;
  },
): Promise<void> {
  await trx
    .updateTable('produccion_venta')
    .set({ ...cambio, fecha_actualiza: sql<Date>`clock_timestamp()` })
    .where('id', '=', ordenId)
    .execute();
}

/** The OP's start is its earliest started stage's (null again when an annulment leaves none started). */
export async function recalcularInicioOrden(trx: Trx, ordenId: number): Promise<void> {
  await trx
    .updateTable('produccion_venta')
    .set({
      fecha_inicio_produccion: (eb) =>
        eb.selectFrom('produccion_venta_etapa').select((e) => e.fn.min('fecha_inicio_produccion').as('inicio')).where('produccion_venta_id', '=', ordenId),
      fecha_actualiza: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', ordenId)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

/** An OP as the lists answer it (its fields and their order: the domain's ordenProduccionSchema). */
export type FilaOrdenProduccion = z.infer<typeof ordenProduccionSchema>;

export interface FiltroOrdenes {
  codigoTienda: string;
  ventaId?: number | null;
  ordenId?: number | null;
  clienteId?: number | null;
  fechaInicial?: string | null;
  fechaFinal?: string | null;
  /** Only the OPs whose material is not prepared yet (the preparation screen). */
  sinPreparar?: boolean;
}

function condicionesOrdenes(f: FiltroOrdenes) {
  const partes = [sql`pv.codigo_tienda = ${f.codigoTienda}`];
  if (f.ventaId) partes.push(sql`pv.venta_id = ${f.ventaId}`);
  if (f.ordenId) partes.push(sql`pv.id = ${f.ordenId}`);
  if (f.clienteId) partes.push(sql`v.cliente_id = ${f.clienteId}`);
  // Business days as instants, so the (codigo_tienda, fecha_inserta) index serves the range.
  if (f.fechaInicial || f.fechaFinal) partes.push(enDiasNegocio('pv.fecha_inserta', { desde: f.fechaInicial, hasta: f.fechaFinal }));
  if (f.sinPreparar) partes.push(sql`pv.fecha_material_preparado is null and not pv.completado`);
  return sql.join(partes, sql` and `);
}

/** The OPs of a filter (newest first), one page or all; each with its sale's customer and sold quantity. */
export async function listOrdenes(db: Db | Trx, f: FiltroOrdenes, pagina?: { page: number; perPage: number }) {
  const donde = condicionesOrdenes(f);
  const limite = pagina ? sqlPagina(pagina) : sql``;
  const filas = await sql<FilaOrdenProduccion>`
    select pv.id, pv.venta_id, pv.codigo_tienda, v.cliente_id, v.fecha_venta, pv.fecha_inserta, pv.fecha_actualiza,
           pv.fecha_material_preparado, pv.fecha_inicio_produccion, pv.fecha_finaliza_produccion, pv.prioritario,
           pv.completado,
           exists (select 1 from produccion_venta_etapa s where s.produccion_venta_id = pv.id and s.estado_etapa = 'suspendido') as suspendido,
           pv.proceso_vigente,
           (select nullif(d.response_lepton->>'url_planos', '') from venta_detalle d
            where d.venta_id = pv.venta_id and d.response_lepton ? 'url_planos' order by d.item limit 1) as link_planos_lepton,
           coalesce((select sum(d.cantidad) from venta_detalle d join producto p on p.id = d.producto_id
                     where d.venta_id = pv.venta_id and p.grupo_servicio_id is null), 0)::float8 as cantidad_vendida,
           t.numero_documento as numero_documento_tercero, t.nombres as nombres_tercero, t.apellidos as apellidos_tercero
    from produccion_venta pv
    join venta v on v.id = pv.venta_id
    join tercero t on t.id = v.cliente_id
    where ${donde}
    order by pv.prioritario desc, pv.id desc
    ${limite}
  `.execute(db);
  let total = filas.rows.length;
  if (pagina) {
    const conteo = await sql<{ total: number }>`
      select count(*)::int as total from produccion_venta pv join venta v on v.id = pv.venta_id where ${donde}
    `.execute(db);
    total = conteo.rows[0]?.total ?? 0;
  }
  return { filas: filas.rows, total };
}

/** A line of an OP's sale (the domain's productoVentaProduccionSchema). */
export type FilaProductoVenta = z.infer<typeof productoVentaProduccionSchema>;

/** The lines of these sales (products and services), by sale and item. */
export async function listProductosVentas(db: Db | Trx, ventaIds: readonly number[]): Promise<FilaProductoVenta[]> {
  if (ventaIds.length === 0) return [];
  return db
    .selectFrom('venta_detalle as d')
    .innerJoin('producto as p', 'p.id', 'd.producto_id')
    .leftJoin('tipo_medida as tm', 'tm.id', 'p.tipo_medida_id')
    .select([
      'd.venta_id',
      'd.item',
      'd.producto_id',
      'p.referencia',
      'p.nombre_producto',
      sql<number>`d.cantidad::float8`.as('cantidad'),
      'p.grupo_servicio_id',
      'd.item_padre',
      sql<boolean>`d.response_lepton is not null`.as('con_plano'),
      sql<string | null>`nullif(d.response_lepton->>'url_planos', '')`.as('link_planos_lepton'),
      'tm.nombre_tipo_medida as unidad',
    ])
    .where('d.venta_id', 'in', [...ventaIds])
    .orderBy('d.venta_id')
    .orderBy('d.item')
    .execute();
}

/** A stage as the answers carry it (the domain's etapaProduccionSchema, spec 002 §2.17). */
export type FilaEtapa = z.infer<typeof etapaProduccionSchema>;

/** Stages with every field of spec 002 §2.17, filtered by `donde` (over `e` the stage and `pv` its OP). */
export async function listEtapasDonde(db: Db | Trx, donde: RawBuilder<unknown>, orden: RawBuilder<unknown>): Promise<FilaEtapa[]> {
  const filas = await sql<FilaEtapa>`
    select e.id, e.produccion_venta_id, pv.venta_id, e.numero_etapa, e.grupo_servicio_id, g.nombre_grupo_servicio, e.estado_etapa,
           e.estado_etapa = 'completado' as completado, e.estado_etapa = 'suspendido' as suspendido, pv.prioritario,
           e.fecha_inicio_produccion, e.fecha_finaliza_produccion, e.fecha_actualiza, e.fecha_suspension, e.motivo_suspension_id,
           m.nombre_tipo_motivo_suspension_produccion, e.operario_id, o.nombres as nombres_operario, o.apellidos as apellidos_operario,
           e.maquina_id, q.referencia as referencia_maquina, q.nombre_maquina,
           coalesce(tiempos.trabajado, 0)::float8 as tiempo_trabajado_segundos,
           coalesce(tiempos.suspendido, 0)::float8 as tiempo_suspendido_segundos,
           coalesce(extract(epoch from (coalesce(espera.inicio, clock_timestamp()) - espera.lista)), 0)::float8 as tiempo_espera_segundos
    from produccion_venta_etapa e
    join produccion_venta pv on pv.id = e.produccion_venta_id
    join grupo_servicio g on g.id = e.grupo_servicio_id
    left join tipo_motivo_suspension_produccion m on m.id = e.motivo_suspension_id
    left join tercero o on o.id = e.operario_id
    left join maquina q on q.id = e.maquina_id
    left join lateral (
      select sum(extract(epoch from (coalesce(x.siguiente, clock_timestamp()) - x.fecha))) filter (where x.estado_nuevo = 'en_proceso') as trabajado,
             sum(extract(epoch from (coalesce(x.siguiente, clock_timestamp()) - x.fecha))) filter (where x.estado_nuevo = 'suspendido') as suspendido
      from (
        select ev.fecha, ev.estado_nuevo, lead(ev.fecha) over (order by ev.id) as siguiente
        from produccion_etapa_evento ev
        where ev.produccion_venta_etapa_id = e.id
          and ev.id > coalesce((select max(a.id) from produccion_etapa_evento a where a.produccion_venta_etapa_id = e.id and a.evento = 'anular'), 0)
      ) x
    ) tiempos on true
    left join lateral (
      select greatest(
               case when anterior.id is null then pv.fecha_material_preparado else anterior.fecha_finaliza_produccion end,
               anulacion.fecha
             ) as lista,
             (select min(ev.fecha) from produccion_etapa_evento ev
              where ev.produccion_venta_etapa_id = e.id and ev.evento = 'iniciar' and ev.id > coalesce(anulacion.id, 0)) as inicio
      from (select 1) uno
      left join lateral (
        select p.id, p.fecha_finaliza_produccion from produccion_venta_etapa p
        where p.produccion_venta_id = e.produccion_venta_id and p.numero_etapa < e.numero_etapa
        order by p.numero_etapa desc limit 1
      ) anterior on true
      left join lateral (
        select a.id, a.fecha from produccion_etapa_evento a
        where a.produccion_venta_etapa_id = e.id and a.evento = 'anular' order by a.id desc limit 1
      ) anulacion on true
    ) espera on true
    where ${donde}
    order by ${orden}
  `.execute(db);
  return filas.rows;
}

/** Every stage of these OPs, by OP and number. */
export function listEtapasDeOrdenes(db: Db | Trx, ordenIds: readonly number[]): Promise<FilaEtapa[]> {
  if (ordenIds.length === 0) return Promise.resolve([]);
  // Filtered on the OP: the planner then reads each OP's stages through their index instead of joining every OP.
  return listEtapasDonde(db, sql`pv.id in (${sql.join([...ordenIds])})`, sql`e.produccion_venta_id desc, e.numero_etapa`);
}

/** One stage (the answer of a transition). */
export async function leerEtapa(db: Db | Trx, etapaId: number): Promise<FilaEtapa | undefined> {
  const [fila] = await listEtapasDonde(db, sql`e.id = ${etapaId}`, sql`e.id`);
  return fila;
}

/**
 * The stages waiting for a service in the store (pending or suspended, the OP's current process): priority OPs first,
 * in the order they became priority, then by OP.
 */
export function listEtapasPendientes(db: Db, codigoTienda: string, grupoServicioId: number): Promise<FilaEtapa[]> {
  return listEtapasDonde(
    db,
    sql`pv.codigo_tienda = ${codigoTienda} and pv.proceso_vigente = e.id and not pv.completado
        and e.grupo_servicio_id = ${grupoServicioId} and e.estado_etapa in ('pendiente', 'suspendido')`,
    sql`pv.prioritario desc, pv.fecha_prioritario nulls last, pv.id`,
  );
}

/** The operator's stages in process or suspended, in the store. */
export function listEtapasDeOperario(db: Db, codigoTienda: string, operarioId: number): Promise<FilaEtapa[]> {
  return listEtapasDonde(
    db,
    sql`pv.codigo_tienda = ${codigoTienda} and e.operario_id = ${operarioId} and e.estado_etapa in ('en_proceso', 'suspendido')`,
    sql`e.fecha_inicio_produccion, e.id`,
  );
}

/** The machines of a service running a stage now, with the stage that holds each (any store: machines are shared). */
export function listMaquinasOcupadas(db: Db, grupoServicioId: number) {
  return db
    .selectFrom('produccion_venta_etapa as e')
    .innerJoin('produccion_venta as pv', 'pv.id', 'e.produccion_venta_id')
    .innerJoin('maquina as q', 'q.id', 'e.maquina_id')
    .innerJoin('grupo_servicio as g', 'g.id', 'e.grupo_servicio_id')
    .leftJoin('tercero as o', 'o.id', 'e.operario_id')
    .select([
      'q.id as maquina_id',
      'e.id as produccion_etapa_id',
      'e.produccion_venta_id',
      'pv.codigo_tienda',
      'g.nombre_grupo_servicio',
      'o.nombres as nombres_operario',
      'o.apellidos as apellidos_operario',
    ])
    .where('q.grupo_servicio_id', '=', grupoServicioId)
    .where('e.estado_etapa', '=', 'en_proceso')
    .orderBy('q.id')
    .execute();
}

export function listTiposMotivoSuspension(db: Db) {
  return db
    .selectFrom('tipo_motivo_suspension_produccion')
    .select(['id', 'nombre_tipo_motivo_suspension_produccion'])
    .where('activo', '=', true)
    .orderBy('id')
    .execute();
}

/** A sale's OP as the sale detail's badge needs it (spec 000 §2.7), or undefined without OP. */
export function leerOrdenDeVenta(db: Db, ventaId: number) {
  return db.selectFrom('produccion_venta').select(['id', 'completado', 'fecha_inicio_produccion']).where('venta_id', '=', ventaId).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------------
// The sales list of Generar orden producción (spec 002 §2.15, §3 Sale (production listing), §7 Sales list)

export interface FiltroVentasProduccion {
  codigoTienda: string;
  /** The sale states the list shows: [1] pending billing, or [2, 6] billed (with and without sending). */
  estados: readonly number[];
  /** 'YYYY-MM-DD', both included: the sale's date as a calendar day in the business's zone. */
  fechaInicial: string;
  fechaFinal: string;
  ventaId: number | null;
  clienteId: number | null;
  /** Only the sales that have no OP yet (Pendientes producción). */
  sinOrden: boolean;
}

function condicionesVentasProduccion(f: FiltroVentasProduccion): RawBuilder<boolean> {
  // The bounds are instants computed once (as the billing list does), so the (codigo_tienda, estado_venta_id,
  // fecha_venta, id) index serves the filter and the order.
  const partes = [
    sql`v.codigo_tienda = ${f.codigoTienda}`,
    sql`v.estado_venta_id = any(${[...f.estados]}::int[])`,
    enDiasNegocio('v.fecha_venta', { desde: f.fechaInicial, hasta: f.fechaFinal }),
  ];
  if (f.ventaId !== null) partes.push(sql`v.id = ${f.ventaId}`);
  if (f.clienteId !== null) partes.push(sql`v.cliente_id = ${f.clienteId}`);
  if (f.sinOrden) partes.push(sql`not exists (select 1 from produccion_venta pv where pv.venta_id = v.id)`);
  return sql<boolean>`${sql.join(partes, sql` and `)}`;
}

/** One page of the store's sales of the filter, newest first (the id breaks ties), and how many the filter selects. */
export async function listVentasProduccion(db: Db, f: FiltroVentasProduccion, pagina: { page: number; perPage: number }) {
  const donde = condicionesVentasProduccion(f);
  const [filas, conteo] = await Promise.all([
    ventaConNombres(db)
      .select((eb) => [
        'v.id',
        'v.codigo_tienda',
        'v.cliente_id',
        'v.fecha_venta',
        'ti.nombre_tienda',
        't.numero_documento as numero_documento_tercero',
        't.nombres as nombres_tercero',
        't.apellidos as apellidos_tercero',
        'u.name as nombre_vendedor',
        'v.fecha_factura_dian',
        'v.permite_fe',
        sql<number>`v.total_subtotal_venta::float8`.as('total_venta_neta'),
        sql<number>`v.total_venta::float8`.as('total_venta_bruta'),
        sql<number>`v.total_impuestos_venta::float8`.as('total_impuestos'),
        sql<number>`v.total_descuento::float8`.as('total_descuento'),
        sql<number>`coalesce(v.valor_venta_cambio_favor, 0)::float8`.as('valor_venta_cambio_favor'),
        'v.estado_venta_id',
        'e.nombre_estado_venta',
        'v.tipo_pago_id',
        'tp.nombre_tipo_pago',
        sql<string | null>`null::text`.as('nombre_tipo_envio'),
        sql<string | null>`null::text`.as('observacion_despacho'),
        jsonArrayFrom(
          eb
            .selectFrom('venta_forma_pago as vf')
            .innerJoin('forma_pago as fp', 'fp.id', 'vf.forma_pago_id')
            .select(['vf.id', 'vf.forma_pago_id', 'fp.nombre_forma_pago', sql<number>`vf.valor_pagado::float8`.as('valor_pagado'), 'vf.codigo_comprobante_pago'])
            .whereRef('vf.venta_id', '=', 'v.id')
            .orderBy('vf.id'),
        ).as('formas_pagos'),
        sql<boolean>`exists (select 1 from produccion_venta pv where pv.venta_id = v.id)`.as('tiene_orden_produccion'),
      ])
      .where(donde)
      .orderBy('v.fecha_venta', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limitesPagina(pagina).limite)
      .offset(limitesPagina(pagina).desde)
      .execute(),
    sql<{ total: number }>`select count(*)::int as total from venta v where ${donde}`.execute(db),
  ]);
  return { filas, total: conteo.rows[0]?.total ?? 0 };
}
