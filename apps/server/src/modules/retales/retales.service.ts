import {
  aCentavos,
  dePesos,
  ERRORES,
  hoyNegocio,
  ID_MAXIMO,
  MENSAJES_CORTE,
  MENSAJES_RETALES,
  PARAMETRO_RETAL_LADO_MINIMO,
  RETAL_LADO_MINIMO_POR_DEFECTO,
  sumarDias,
  sumarMeses,
  type Retal,
  type RetalCrear,
  type RetalDescartar,
  type RetalEditar,
  type RetalesAhorroConsulta,
  type RetalesConsulta,
  type RetalMovimiento,
  type RetalPrevisto,
  type RetalUsado,
  type retalesAhorroRespuestaSchema,
  type retalesRespuestaSchema,
  type retalesVentaRespuestaSchema,
} from '@tablero/domain';
import { sql, type QueryCreator } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';
import { tiendaDelActor, type Actor, type ActorUsuario, type Trx } from '../../db/transaccion';
import type { PoolDocumentos } from '../../documents/documentos.pool';
import { retalesDePlan, type RetalDePlan } from '../../documents/retales-plan';
import { AppError, campoInvalido } from '../../lib/app-error';
import { definirEnlace } from '../../lib/enlaces';
import { paginar } from '../../lib/paginacion';
import * as parametrosService from '../parametros';
import * as productosService from '../productos';
import * as repositorio from './retales.repository';

/**
 * The offcut inventory (docs/decisions-retales.md). Every change of an offcut is a row of its ledger, written by
 * repositorio.moverRetales in the same statement pair as the change; other modules reach the offcuts only through the
 * functions of this file, inside their own transaction and at the offcuts' step of the lock order (docs/architecture.md
 * §3: after the sale and its dispatch lock, before the numbering).
 */

/** The labels PDF of a set of offcuts: a short link (a day), printed right after it is asked for. */
export const ENLACE_ETIQUETAS_RETALES = definirEnlace({
  proposito: 'retales-etiquetas',
  vigenciaDias: 1,
  ruta: '/api/public/retales/etiquetas',
  mensajeInvalido: 'El enlace de las etiquetas de retales no es válido o ya expiró',
});

/** The motive of a leftover the operator did not keep when the Corte stage finished. */
const MOTIVO_DESCARTE_CORTE = 'Descartado en el corte';

/** RETAL_LADO_MINIMO, mm: 200 when missing or not a whole number above 0. */
export async function ladoMinimoRetal(db: Db): Promise<number> {
  const texto = await parametrosService.valorParametro(db, PARAMETRO_RETAL_LADO_MINIMO);
  const valor = texto === null ? Number.NaN : Number(texto.trim());
  return Number.isInteger(valor) && valor > 0 ? valor : RETAL_LADO_MINIMO_POR_DEFECTO;
}

function aRetal(fila: repositorio.FilaRetal): Retal {
  return { ...fila, area_m2: Number(fila.area_m2), valor: Number(fila.valor) };
}

// ─── Bodega → Retales ─────────────────────────────────────────────────────────────────────────────────────────

/** GET retales: the store's offcuts the filters match, a page of them, their totals and the minimum side. */
export async function listarRetales(db: Db, actor: Actor, consulta: RetalesConsulta): Promise<z.infer<typeof retalesRespuestaSchema>> {
  const [{ filas, total, totales }, ladoMinimo] = await Promise.all([repositorio.listRetales(db, tiendaDelActor(actor), consulta), ladoMinimoRetal(db)]);
  return {
    retales: paginar(filas.map(aRetal), total, consulta.page, consulta.per_page),
    totales: { cantidad: Number(totales.cantidad), area_m2: Number(totales.area_m2), valor: Number(totales.valor) },
    lado_minimo: ladoMinimo,
  };
}

async function retalDeTienda(db: Db, actor: Actor, id: number): Promise<Retal> {
  const fila = await repositorio.findRetal(db, id, tiendaDelActor(actor));
  if (!fila) throw new AppError('RETAL_NO_ENCONTRADO');
  return aRetal(fila);
}

/** GET retales/:id: an offcut of the store and its ledger, newest first; 404 for another store's. */
export async function leerRetal(db: Db, actor: Actor, id: number): Promise<{ retal: Retal; movimientos: RetalMovimiento[] }> {
  const retal = await retalDeTienda(db, actor, id);
  return { retal, movimientos: await repositorio.listMovimientos(db, id) };
}

/** Each side at least RETAL_LADO_MINIMO: 422 on the short side naming the minimum. */
async function exigirLados(db: Db, base: number, altura: number) {
  const minimo = await ladoMinimoRetal(db);
  const mensaje = `Cada lado del retal debe medir al menos ${minimo} mm (parámetro RETAL_LADO_MINIMO)`;
  if (base < minimo) throw campoInvalido('base', mensaje);
  if (altura < minimo) throw campoInvalido('altura', mensaje);
}

/**
 * POST retales: an offcut added by hand in the store, of a board material (a product with a board's measures, or of a
 * board group), each side at least the minimum; code RM{id}, ledger ALTA_MANUAL.
 */
export async function crearRetal(trx: Trx, actor: Actor, datos: RetalCrear): Promise<number> {
  const producto = await repositorio.findMaterial(trx, datos.producto_id);
  if (!producto) throw campoInvalido('producto_id', MENSAJES_RETALES.producto);
  const conMedidas = producto.medida_largo !== null && producto.medida_ancho !== null;
  if (!conMedidas && !(await productosService.gruposTableros(trx)).includes(producto.grupo_id)) throw campoInvalido('producto_id', MENSAJES_RETALES.noEsTablero);
  await exigirLados(trx, datos.base, datos.altura);
  return repositorio.insertRetalManual(trx, { codigo_tienda: tiendaDelActor(actor), user_id: actor.userId, ...datos });
}

/** An offcut of the store locked for a change; 404 for another store's, 409 RETAL_NO_EDITABLE unless DISPONIBLE. */
async function bloquearEditable(trx: Trx, actor: Actor, id: number): Promise<repositorio.RetalBloqueado> {
  const [retal] = await repositorio.lockRetales(trx, [id]);
  if (!retal || retal.codigo_tienda !== tiendaDelActor(actor)) throw new AppError('RETAL_NO_ENCONTRADO');
  if (retal.estado !== 'DISPONIBLE') throw new AppError('RETAL_NO_EDITABLE');
  return retal;
}

/** PUT retales/:id: new measures (a re-cut) and place of a DISPONIBLE offcut, with the reason; ledger EDICION. */
export async function editarRetal(trx: Trx, actor: ActorUsuario, id: number, datos: RetalEditar): Promise<void> {
  const retal = await bloquearEditable(trx, actor, id);
  await exigirLados(trx, datos.base, datos.altura);
  await repositorio.moverRetales(
    trx,
    [retal],
    { estado: 'DISPONIBLE', venta_uso_id: null, base: datos.base, altura: datos.altura, ubicacion: datos.ubicacion },
    { tipo: 'EDICION', venta_id: null, motivo: datos.motivo, user_id: actor.userId, codigo_tienda: retal.codigo_tienda },
  );
}

/** POST retales/:id/descartar: a DISPONIBLE offcut is thrown away, with the reason; ledger DESCARTE. */
export async function descartarRetal(trx: Trx, actor: ActorUsuario, id: number, datos: RetalDescartar): Promise<void> {
  const retal = await bloquearEditable(trx, actor, id);
  await repositorio.moverRetales(trx, [retal], { estado: 'DESCARTADO', venta_uso_id: null }, { tipo: 'DESCARTE', venta_id: null, motivo: datos.motivo, user_id: actor.userId, codigo_tienda: retal.codigo_tienda });
}

/** POST retales/etiquetas: a short signed link to the labels PDF of offcuts of the store (404 when one is not). */
export async function enlaceEtiquetas(trx: Trx, actor: ActorUsuario, ids: number[], secreto: string): Promise<string> {
  const unicos = [...new Set(ids)].sort((a, b) => a - b);
  const tienda = tiendaDelActor(actor);
  const filas = await repositorio.listRetalesPorIds(trx, unicos);
  if (filas.length !== unicos.length || filas.some((f) => f.codigo_tienda !== tienda)) throw new AppError('RETAL_NO_ENCONTRADO');
  const id = await repositorio.insertEtiquetas(trx, tienda, unicos, actor.userId);
  return ENLACE_ETIQUETAS_RETALES.url(secreto, id);
}

/** What the labels PDF prints of each offcut (crosses to the documents worker). */
export interface DatosEtiquetasRetales {
  etiquetas: { codigo: string; referencia: string; nombre_producto: string; base: number; altura: number; tienda: string; fecha: string; venta_origen_id: number | null }[];
}

/** The labels PDF a link names, rendered in the documents pool; 404 (the link's message) for a link that cannot be served. */
export async function etiquetasPdf(contexto: { db: Db; documentos: PoolDocumentos; secreto: string }, token: string): Promise<Buffer> {
  const id = ENLACE_ETIQUETAS_RETALES.leer(contexto.secreto, token);
  const lote = id === null ? undefined : await repositorio.findEtiquetas(contexto.db, id);
  if (!lote) throw new AppError('RETAL_NO_ENCONTRADO', ENLACE_ETIQUETAS_RETALES.mensajeInvalido);
  const filas = await repositorio.listDatosEtiquetas(contexto.db, lote.retal_ids);
  return contexto.documentos.renderizar('retales-etiquetas', {
    etiquetas: filas.map((f) => ({
      codigo: f.codigo,
      referencia: f.referencia,
      nombre_producto: f.nombre_producto,
      base: f.base,
      altura: f.altura,
      tienda: f.nombre_tienda,
      fecha: hoyNegocio(f.created_at),
      venta_origen_id: f.venta_origen_id,
    })),
  });
}

/** GET retales/disponibles: the store's DISPONIBLE offcuts of a material, largest first, and those the sale holds. */
export async function listarDisponibles(db: Db, actor: Actor, productoId: number, ventaId: number | undefined): Promise<Retal[]> {
  return (await repositorio.listDisponibles(db, tiendaDelActor(actor), productoId, ventaId)).map(aRetal);
}

// ─── The optimizer ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * The inventory offcuts a cut list names (its rows' retal_id, by row index), checked and measured from the inventory:
 * one of the actor's store (else 422 on the row: MENSAJES_CORTE.retalInventario), DISPONIBLE (else 409
 * RETAL_NO_DISPONIBLE naming its code), of the plan's material (the board product of `referencia`; else 409
 * RETAL_NO_CORRESPONDE naming it), and named once. Read without a lock: a plan only proposes; the bill reserves under
 * the lock.
 */
export async function resolverRetalesDePlan(db: Db, actor: Actor, filas: { indice: number; retal_id: number }[], referencia: string): Promise<Map<number, RetalUsado>> {
  if (filas.length === 0) return new Map();
  const tienda = tiendaDelActor(actor);
  const leidos = new Map((await repositorio.listRetalesPorIds(db, [...new Set(filas.map((f) => f.retal_id))])).map((f) => [f.id, f]));
  const resultado = new Map<number, RetalUsado>();
  for (const { indice, retal_id: id } of filas) {
    const fila = leidos.get(id);
    if (!fila || fila.codigo_tienda !== tienda || resultado.has(id)) throw campoInvalido(`retales.${indice}.retal_id`, MENSAJES_CORTE.retalInventario);
    if (fila.estado !== 'DISPONIBLE') throw new AppError('RETAL_NO_DISPONIBLE', noDisponible(fila.codigo));
    if (fila.referencia.trim().toLowerCase() !== referencia.trim().toLowerCase()) {
      throw new AppError('RETAL_NO_CORRESPONDE', `El retal ${fila.codigo} es de ${fila.referencia} - ${fila.nombre_producto}, no del material del plan (${referencia || 'sin referencia'})`);
    }
    resultado.set(id, { retal_id: id, codigo: fila.codigo, base: fila.base, altura: fila.altura });
  }
  return resultado;
}

function noDisponible(codigo: string): string {
  return `El retal ${codigo} ya no está disponible: otra venta lo tomó o fue descartado. Optimice de nuevo el corte`;
}

/** Records the inventory offcuts a stored plan uses (in the plan's own transaction). */
export async function registrarUsoEnPlan(trx: Trx, optimizacionId: number, retalIds: number[]): Promise<void> {
  await repositorio.insertUsoEnPlan(trx, optimizacionId, retalIds);
}

/** The codes of the inventory offcuts a plan uses, by offcut id (its plans PDF titles their boards with them). */
export async function codigosRetalesDePlan(db: Db, optimizacionId: number): Promise<Record<number, string>> {
  return Object.fromEntries((await repositorio.listCodigosDePlan(db, optimizacionId)).map((f) => [f.id, f.codigo]));
}

// ─── The sale ────────────────────────────────────────────────────────────────────────────────────────────────

/** A saved order's line as far as offcuts go: its plan (a board line) or the kept offcut it sells (an offcut line). */
export interface LineaConRetal {
  /** The line's index in the request (productoList.{n}), for the 409's field. */
  indice: number;
  optimizacion_id: number | null;
  retal: { retal_id: number; base: number; altura: number } | null;
}

/** The stored plan a line's lepton names (the cutting dialog keeps the optimizer's answer, with its id), or null. */
function idPlanDeLepton(lepton: unknown): number | null {
  const id = (lepton as { optimizacion?: { id?: unknown } } | null | undefined)?.optimizacion?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= ID_MAXIMO ? id : null;
}

/**
 * Each sale line's stored plan: its lepton's plan id when that plan is of the actor's store (a line cannot name
 * another store's plan, nor one that does not exist), else null.
 */
export async function planesDeLineas(db: Db, actor: Actor, leptons: unknown[]): Promise<(number | null)[]> {
  const ids = leptons.map(idPlanDeLepton);
  const deTienda = await repositorio.listPlanesDeTienda(db, tiendaDelActor(actor), [...new Set(ids.filter((id) => id !== null))]);
  return ids.map((id) => (id !== null && deTienda.has(id) ? id : null));
}

/**
 * Saving an order (ventas' guardarVenta, after the order's row, 6): every inventory offcut its plans use and every
 * offcut line's offcut must be free or held by this sale (else 409 RETAL_NO_DISPONIBLE naming it), and used once only
 * (two offcut lines, two plans, or a plan and a line naming it: 409 RETAL_REPETIDO naming it); an offcut line's
 * offcut must be of the store and of the line's size either way round (else 409 RETAL_NO_CORRESPONDE). The offcuts this
 * sale holds (RESERVADO) that its lines no longer use are given back (LIBERACION): a plan changed before the cut.
 */
export async function revisarRetalesDePedido(trx: Trx, actor: Actor, ventaId: number, lineas: LineaConRetal[]): Promise<void> {
  const tienda = tiendaDelActor(actor);
  const planes = [...new Set(lineas.flatMap((l) => (l.optimizacion_id === null ? [] : [l.optimizacion_id])))];
  const dePlanes = (await repositorio.listRetalesDePlanes(trx, planes)).map((u) => u.retal_id);
  const deLineas = lineas.flatMap((l) => (l.retal ? [l.retal.retal_id] : []));
  const usados = new Set([...dePlanes, ...deLineas]);
  const sostenidos = await repositorio.lockRetalesDeVenta(trx, ventaId);
  const filas = new Map((await repositorio.lockRetales(trx, [...usados])).map((f) => [f.id, f]));
  // The piece exists once: each plan (its lines share it) and each offcut line is one use.
  const repetido = [...dePlanes, ...deLineas].find((id, n, todos) => todos.indexOf(id) !== n);
  if (repetido !== undefined) {
    throw new AppError('RETAL_REPETIDO', `El retal ${filas.get(repetido)?.codigo ?? repetido} está dos veces en la venta: úselo en una sola línea o en un solo corte`);
  }
  for (const linea of lineas) {
    if (!linea.retal) continue;
    const fila = filas.get(linea.retal.retal_id);
    const { base, altura } = linea.retal;
    const mismaMedida = fila && ((fila.base === base && fila.altura === altura) || (fila.base === altura && fila.altura === base));
    if (!fila || fila.codigo_tienda !== tienda || !mismaMedida) {
      throw new AppError('RETAL_NO_CORRESPONDE', `El retal ${fila?.codigo ?? linea.retal.retal_id} no corresponde a las medidas de la línea ${linea.indice + 1} o no es de la tienda`, {
        [`productoList.${linea.indice}.retal`]: [ERRORES.RETAL_NO_CORRESPONDE.mensaje],
      });
    }
  }
  for (const fila of filas.values()) {
    if (fila.codigo_tienda !== tienda || !libreParaVenta(fila, ventaId)) throw new AppError('RETAL_NO_DISPONIBLE', noDisponible(fila.codigo));
  }
  const liberar = sostenidos.filter((r) => r.estado === 'RESERVADO' && !usados.has(r.id));
  await repositorio.moverRetales(trx, liberar, { estado: 'DISPONIBLE', venta_uso_id: null }, { tipo: 'LIBERACION', venta_id: ventaId, motivo: 'La venta ya no lo usa', user_id: actor.userId, codigo_tienda: tienda });
}

/** Free, or already this sale's (held, or consumed by its cut). */
function libreParaVenta(fila: repositorio.RetalBloqueado, ventaId: number): boolean {
  return fila.estado === 'DISPONIBLE' || (fila.venta_uso_id === ventaId && (fila.estado === 'RESERVADO' || fila.estado === 'CONSUMIDO'));
}

/**
 * The lines billing hands to retalesAlFacturar, as a subquery of the sale `v` its first read selects: that read takes
 * them with the sale, before any lock, so the bill holds its stock rows one round trip less. Reading them there is
 * exact: a line that changes afterwards changes the sale's version, which the bill checks under the sale's lock.
 */
export function lineasConRetalesDeFactura(qc: QueryCreator<Database>) {
  return repositorio.consultaLineasConRetales(qc).where('d.venta_id', '=', sql.ref<number>('v.id'));
}

/**
 * Billing a sale (ventas' facturarVenta, after the sale's dispatch lock and before the number: docs/architecture.md §3),
 * with its lines as `lineasConRetalesDeFactura` read them: its plans' offcuts are reserved for it (RESERVADO, ledger
 * RESERVA) and its offcut lines' offcuts consumed (CONSUMO: selling it consumes it), all locked FOR UPDATE in ascending
 * id and each free or already this sale's, else 409 RETAL_NO_DISPONIBLE (two orders, one offcut: the second bill is
 * told). A sale without a production order is cut by its bill (cortarVenta). No statement for a sale with neither plans
 * nor offcut lines: the bill's hot path.
 */
export async function retalesAlFacturar(trx: Trx, actor: Actor, ventaId: number, lineas: readonly repositorio.LineaConRetales[]): Promise<void> {
  if (lineas.length === 0) return;
  const tienda = tiendaDelActor(actor);
  const planes = [...new Set(lineas.flatMap((l) => (l.optimizacion_id === null ? [] : [l.optimizacion_id])))];
  const dePlanes = new Set((await repositorio.listRetalesDePlanes(trx, planes)).map((u) => u.retal_id));
  const deLineas = new Set(lineas.flatMap((l) => (l.retal_linea_id === null ? [] : [l.retal_linea_id])));
  const bloqueados = await repositorio.lockRetales(trx, [...new Set([...dePlanes, ...deLineas])]);
  for (const fila of bloqueados) {
    if (fila.codigo_tienda !== tienda || !libreParaVenta(fila, ventaId)) throw new AppError('RETAL_NO_DISPONIBLE', noDisponible(fila.codigo));
  }
  const movimiento = { venta_id: ventaId, motivo: null, user_id: actor.userId, codigo_tienda: tienda };
  const libres = bloqueados.filter((f) => f.estado === 'DISPONIBLE');
  await repositorio.moverRetales(trx, libres.filter((f) => deLineas.has(f.id)), { estado: 'CONSUMIDO', venta_uso_id: ventaId }, { tipo: 'CONSUMO', ...movimiento });
  await repositorio.moverRetales(trx, libres.filter((f) => !deLineas.has(f.id) && dePlanes.has(f.id)), { estado: 'RESERVADO', venta_uso_id: ventaId }, { tipo: 'RESERVA', ...movimiento });
  if (planes.length > 0 && !(await repositorio.tieneOrdenProduccion(trx, ventaId))) await cortarVenta(trx, actor, ventaId, []);
}

/** The leftovers a sale's plans leave (each plan's material is its line's product), in the order of its lines. */
async function leftoversDeVenta(db: Db, ventaId: number): Promise<{ planes: number[]; retales: (RetalDePlan & { producto_id: number; optimizacion_id: number })[] }> {
  const lineas = await repositorio.listLineasConRetales(db, ventaId);
  const productoDePlan = new Map<number, number>();
  for (const l of lineas) if (l.optimizacion_id !== null && !productoDePlan.has(l.optimizacion_id)) productoDePlan.set(l.optimizacion_id, l.producto_id);
  const planes = [...productoDePlan.keys()];
  if (planes.length === 0) return { planes, retales: [] };
  const [tableros, minimo] = await Promise.all([repositorio.listTablerosDePlanes(db, planes), ladoMinimoRetal(db)]);
  const porPlan = new Map(tableros.map((t) => [t.id, t.tableros]));
  const retales = planes.flatMap((plan) =>
    retalesDePlan(plan, porPlan.get(plan) ?? [], minimo).map((r) => ({ ...r, producto_id: productoDePlan.get(plan)!, optimizacion_id: plan })),
  );
  return { planes, retales };
}

/**
 * The cut of a sale (its bill without an OP, or its OP's Corte stage finishing), once per sale (the marker
 * `retal_corte_venta`; a second cut does nothing): the inventory offcuts its plans use are consumed (held by this
 * sale, or still free when the order is cut before it is billed; held by another sale: 409 RETAL_NO_DISPONIBLE), and
 * every leftover of its plans of both sides at least RETAL_LADO_MINIMO becomes a DISPONIBLE offcut (ALTA_CORTE, code
 * R{plan}-{board}{letter}), except those the operator discarded (`descartados`, their claves), recorded DESCARTADO
 * with their DESCARTE. An unknown clave is a 422 on retales_descartados.
 */
export async function cortarVenta(trx: Trx, actor: Actor, ventaId: number, descartados: readonly string[]): Promise<void> {
  const { planes, retales } = await leftoversDeVenta(trx, ventaId);
  const claves = new Set(retales.map((r) => r.clave));
  const desconocida = descartados.find((clave) => !claves.has(clave));
  if (desconocida !== undefined) throw campoInvalido('retales_descartados', `El retal ${desconocida} no es un sobrante del corte de esta venta`);
  if (planes.length === 0) return;
  if (!(await repositorio.marcarVentaCortada(trx, ventaId, actor.userId))) return;
  const tienda = tiendaDelActor(actor);
  const usados = await repositorio.lockRetales(trx, [...new Set((await repositorio.listRetalesDePlanes(trx, planes)).map((u) => u.retal_id))]);
  for (const fila of usados) {
    if (fila.codigo_tienda !== tienda || !libreParaVenta(fila, ventaId)) throw new AppError('RETAL_NO_DISPONIBLE', noDisponible(fila.codigo));
  }
  await repositorio.moverRetales(
    trx,
    usados.filter((f) => f.estado !== 'CONSUMIDO'),
    { estado: 'CONSUMIDO', venta_uso_id: ventaId },
    { tipo: 'CONSUMO', venta_id: ventaId, motivo: null, user_id: actor.userId, codigo_tienda: tienda },
  );
  const fuera = new Set(descartados);
  await repositorio.insertRetalesDeCorte(
    trx,
    ventaId,
    retales.map((r) => ({ ...r, estado: fuera.has(r.clave) ? 'DESCARTADO' : 'DISPONIBLE' })),
    { user_id: actor.userId, codigo_tienda: tienda },
    MOTIVO_DESCARTE_CORTE,
  );
}

/**
 * Annulling a billed sale (after the sale's lock): every offcut it holds or consumed is free again (LIBERACION for a
 * held one, DEVOLUCION for a consumed one). The offcuts its cut kept stay: they exist on the rack.
 */
export async function devolverRetalesDeVenta(trx: Trx, actor: Actor, ventaId: number): Promise<void> {
  const filas = await repositorio.lockRetalesDeVenta(trx, ventaId);
  if (filas.length === 0) return;
  const movimiento = { venta_id: ventaId, motivo: `Anulación de la venta No. ${ventaId}`, user_id: actor.userId, codigo_tienda: tiendaDelActor(actor) };
  await repositorio.moverRetales(trx, filas.filter((f) => f.estado === 'RESERVADO'), { estado: 'DISPONIBLE', venta_uso_id: null }, { tipo: 'LIBERACION', ...movimiento });
  await repositorio.moverRetales(trx, filas.filter((f) => f.estado === 'CONSUMIDO'), { estado: 'DISPONIBLE', venta_uso_id: null }, { tipo: 'DEVOLUCION', ...movimiento });
}

/** Only an offcut this sale still consumed goes back: one already given back, or never consumed by it, stays as it is. */
const consumidoPor = (ventaId: number) => (retal: { estado: string; venta_uso_id: number | null }) => retal.estado === 'CONSUMIDO' && retal.venta_uso_id === ventaId;

/**
 * A partial return of a billed sale (ventas' registrarDevolucionParcial, after the sale's lock (6) and before its
 * credit note's document (10): docs/architecture.md §3, step 8a) with the sale's lines it leaves fully returned
 * (`ventaDetalleIds`, earlier returns counted): the kept offcut each offcut line among them sold comes back DISPONIBLE
 * (DEVOLUCION, `venta_uso_id` null), locked FOR UPDATE in ascending id. Only an offcut this sale still consumed moves:
 * one already given back, or never consumed by it, is left as it is. A plan's offcuts stay CONSUMIDO: they were cut
 * (docs/decisions-retales.md, "La venta"). No statement for a return that completes no line. Answers the codes given
 * back, which the return's message names.
 */
export async function devolverRetalesDeLineas(trx: Trx, actor: Actor, ventaId: number, ventaDetalleIds: readonly number[]): Promise<string[]> {
  if (ventaDetalleIds.length === 0) return [];
  const ids = await repositorio.listRetalesDeLineas(trx, ventaId, ventaDetalleIds);
  const consumidos = (await repositorio.lockRetales(trx, ids)).filter(consumidoPor(ventaId));
  await repositorio.moverRetales(
    trx,
    consumidos,
    { estado: 'DISPONIBLE', venta_uso_id: null },
    { tipo: 'DEVOLUCION', venta_id: ventaId, motivo: `Devolución parcial de la venta No. ${ventaId}`, user_id: actor.userId, codigo_tienda: tiendaDelActor(actor) },
  );
  return consumidos.map((f) => f.codigo);
}

/** The codes of the offcuts `devolverRetalesDeLineas` would give back now (read, not locked): the return's preview names them. */
export async function retalesQueVuelven(db: Db, ventaId: number, ventaDetalleIds: readonly number[]): Promise<string[]> {
  if (ventaDetalleIds.length === 0) return [];
  const ids = await repositorio.listRetalesDeLineas(db, ventaId, ventaDetalleIds);
  return (await repositorio.listRetalesPorIds(db, ids)).filter(consumidoPor(ventaId)).map((f) => f.codigo);
}

/**
 * GET retales/venta/:id: whether the sale was cut, the leftovers its plans leave (PREVISTO before the cut; the kept
 * offcut's id and state after) and the inventory offcuts it uses (its plans' and its offcut lines').
 */
export async function retalesDeVenta(db: Db, actor: Actor, ventaId: number): Promise<z.infer<typeof retalesVentaRespuestaSchema>> {
  if (!(await repositorio.findVenta(db, ventaId, tiendaDelActor(actor)))) throw new AppError('VENTA_NO_ENCONTRADA');
  const [{ planes, retales }, cortada, lineas] = await Promise.all([leftoversDeVenta(db, ventaId), repositorio.ventaCortada(db, ventaId), repositorio.listLineasConRetales(db, ventaId)]);
  const [cortados, nombres, usos] = await Promise.all([
    cortada ? repositorio.listRetalesCortados(db, planes) : Promise.resolve([]),
    repositorio.listNombresProductos(db, [...new Set(retales.map((r) => r.producto_id))]),
    repositorio.listRetalesDePlanes(db, planes),
  ]);
  const nombre = new Map(nombres.map((p) => [p.id, p.nombre_producto]));
  const kept = new Map(cortados.map((c) => [`${c.optimizacion_id}:${c.numero_tablero}:${c.indice}`, c]));
  const previstos: RetalPrevisto[] = retales.map((r) => {
    const fila = kept.get(r.clave);
    return {
      clave: r.clave,
      codigo: r.codigo,
      producto_id: r.producto_id,
      nombre_producto: nombre.get(r.producto_id) ?? '',
      base: r.base,
      altura: r.altura,
      numero_tablero: r.numero_tablero,
      retal_id: fila?.id ?? null,
      estado: fila?.estado ?? 'PREVISTO',
    };
  });
  const ids = [...new Set([...usos.map((u) => u.retal_id), ...lineas.flatMap((l) => (l.retal_linea_id === null ? [] : [l.retal_linea_id]))])];
  const usados = (await repositorio.listRetalesPorIds(db, ids)).map(aRetal);
  return { cortada, retales: previstos, usados };
}

// ─── Savings report ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET retales/ahorro: per business month (ZONA_NEGOCIO) of the CONSUMO of offcuts plans used (a consumption its
 * annulment gave back does not count): plans, offcuts, their m², and the new boards those plans did not need
 * (placas_sin_retales − cant_placas, at least 0, counted once per plan in the month of its cut) at the board's price
 * in the store. Sums in integer centavos; months with nothing are zeros.
 */
export async function ahorroRetales(db: Db, actor: Actor, consulta: RetalesAhorroConsulta): Promise<z.infer<typeof retalesAhorroRespuestaSchema>> {
  const desde = `${consulta.desde}-01`;
  const hasta = sumarDias(sumarMeses(`${consulta.hasta}-01`, 1), -1);
  const filas = await repositorio.listConsumosDePlanes(db, tiendaDelActor(actor), enDiasNegocio('m.fecha', { desde, hasta }));
  interface Mes {
    planes: Set<number>;
    retales: Set<number>;
    area: number;
    tableros: number;
    centavos: number;
  }
  const meses = new Map<string, Mes>();
  for (let mes = desde; mes <= hasta; mes = sumarMeses(mes, 1)) meses.set(mes.slice(0, 7), { planes: new Set(), retales: new Set(), area: 0, tableros: 0, centavos: 0 });
  const planesContados = new Set<number>();
  for (const fila of filas) {
    const mes = meses.get(hoyNegocio(fila.fecha).slice(0, 7));
    if (!mes) continue;
    mes.planes.add(fila.optimizacion_id);
    if (!mes.retales.has(fila.retal_id)) {
      mes.retales.add(fila.retal_id);
      mes.area += Number(fila.area_m2);
    }
    if (!planesContados.has(fila.optimizacion_id)) {
      planesContados.add(fila.optimizacion_id);
      const ahorrados = Math.max(0, (fila.placas_sin_retales ?? fila.cant_placas) - fila.cant_placas);
      mes.tableros += ahorrados;
      mes.centavos += ahorrados * aCentavos(fila.precio_tablero);
    }
  }
  const redondearArea = (m2: number) => Math.round(m2 * 1_000_000) / 1_000_000;
  const lista = [...meses].map(([mes, m]) => ({ mes, planes: m.planes.size, retales_usados: m.retales.size, area_m2: redondearArea(m.area), tableros_ahorrados: m.tableros, valor: dePesos(m.centavos) }));
  return {
    meses: lista,
    total: {
      planes: lista.reduce((s, m) => s + m.planes, 0),
      retales_usados: lista.reduce((s, m) => s + m.retales_usados, 0),
      area_m2: redondearArea(lista.reduce((s, m) => s + m.area_m2, 0)),
      tableros_ahorrados: lista.reduce((s, m) => s + m.tableros_ahorrados, 0),
      valor: dePesos(lista.reduce((s, m) => s + aCentavos(m.valor), 0)),
    },
  };
}
