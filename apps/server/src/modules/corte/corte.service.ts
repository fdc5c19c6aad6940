import { materialesDelPlan, mejorResultado, semillasParalelas, serviciosDelPlan, tableroSvg, type Pieza, type ResultadoCorte, type TrabajoCorte } from '@tablero/cutting';
import { GRUPO_TAPACANTOS, MENSAJES_CORTE, type CantoPlan, type MaterialCanto, type Optimizacion, type Optimizar, type RetalUsado } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { PlanCorteGuardado } from '../../documents/corte-comun';
import { AppError } from '../../lib/app-error';
import { enTransaccion, tiendaDelActor, type ActorUsuario } from '../../db/transaccion';
import { definirEnlace, type ContextoDocumentoPublico } from '../../lib/enlaces';
import * as retalesService from '../retales';
import { FalloPool, type PoolCorte } from './corte.pool';
import * as repositorio from './corte.repository';

/** Where the engine runs and how long it searches. */
export interface MotorCorte {
  pool: PoolCorte;
  /** Search budget per job, ms (CORTE_PRESUPUESTO_MS, default 1000). */
  presupuestoMs: number;
}

/** How a plan is asked for (who asks is the actor). */
export interface ContextoCorte {
  origen: 'optimizador' | 'venta';
  /** The app's token secret: it signs the plan's public links. */
  secreto: string;
}

/**
 * A plan's public links (docs/decisions-corte.md). They work two years: the link is stored with the sale line and
 * printed on its documents; a sale may be reopened, billed and dispatched weeks later and the customer may open the
 * plan from the invoice long after, so the link outlives the sale's life with room to spare.
 */
export const ENLACE_PLAN = definirEnlace({
  proposito: 'corte-plan',
  vigenciaDias: 730,
  ruta: '/api/public/corte',
  mensajeInvalido: 'El enlace del plan de corte no es válido o ya expiró',
});

const LADOS_CANTO = ['canto_base_top', 'canto_base_bottom', 'canto_altura_left', 'canto_altura_right'] as const;

/**
 * The public links of a plan's documents, signed now (relative: the web is served by the same server). Other modules
 * (sales, invoices) may sign fresh ones from a plan's id.
 */
export function urlsDocumentos(secreto: string, id: number, ahora: Date = new Date()): { url_planos: string; url_labels: string } {
  const url = ENLACE_PLAN.url(secreto, id, ahora);
  return { url_planos: `${url}/planos.pdf`, url_labels: `${url}/etiquetas.pdf` };
}

/**
 * The edge products of a cut list by id (spec 000 §3 "Edge": id and name). Each id must be a product of the
 * edge-banding group (spec 001 §9: the edge search lists product group 2); otherwise 422 naming every side
 * that is wrong ('piezas.3.canto_base_top'), so the form marks the cell.
 */
export async function resolverCantos(db: Db, datos: Optimizar): Promise<Map<number, CantoPlan>> {
  const ids = [...new Set(datos.piezas.flatMap((pieza) => LADOS_CANTO.map((lado) => pieza[lado]).filter((id) => id !== null)))];
  const productos = new Map((await repositorio.findProductosCanto(db, ids)).map((producto) => [producto.id, producto]));
  const errores: Record<string, string[]> = {};
  datos.piezas.forEach((pieza, index) => {
    for (const lado of LADOS_CANTO) {
      const id = pieza[lado];
      if (id === null) continue;
      const producto = productos.get(id);
      if (!producto) errores[`piezas.${index}.${lado}`] = [MENSAJES_CORTE.canto];
      else if (producto.grupo_id !== GRUPO_TAPACANTOS) errores[`piezas.${index}.${lado}`] = [MENSAJES_CORTE.noEsCanto];
    }
  });
  const primero = Object.values(errores)[0]?.[0];
  if (primero) throw new AppError('CORTE_DATOS_INVALIDOS', primero, errores);
  return new Map([...productos.values()].map(({ id, referencia, nombre_producto }) => [id, { id, referencia, nombre_producto }]));
}

/**
 * The engine's job from the form: each edge named by its product's reference (the reference picks the banding
 * service and names the material), offcuts only in offcut mode, and only their complete rows. A row naming a kept
 * offcut (retal_id) is that offcut as the inventory measures it, once (docs/decisions-retales.md); `inventario` holds
 * them by id, and a job without them leaves those rows out (the same list with the inventory offcuts left out).
 */
export function aTrabajo(datos: Optimizar, cantos: Map<number, CantoPlan>, inventario: Map<number, RetalUsado> = new Map(), conInventario = true): TrabajoCorte {
  const referencia = (id: number | null) => (id === null ? null : (cantos.get(id)?.referencia ?? null));
  const piezas: Pieza[] = datos.piezas.map((pieza) => ({
    ...pieza,
    canto_base_top: referencia(pieza.canto_base_top),
    canto_base_bottom: referencia(pieza.canto_base_bottom),
    canto_altura_left: referencia(pieza.canto_altura_left),
    canto_altura_right: referencia(pieza.canto_altura_right),
  }));
  const retales = datos.despiece_retales
    ? datos.retales.flatMap((retal) => {
        const deInventario = retal.retal_id === null ? undefined : inventario.get(retal.retal_id);
        if (deInventario) return conInventario ? [{ cantidad: 1, base: deInventario.base, altura: deInventario.altura, descripcion: deInventario.codigo }] : [];
        return [{ cantidad: retal.cantidad ?? 0, base: retal.base ?? 0, altura: retal.altura ?? 0, descripcion: retal.descripcion }];
      })
    : [];
  return { piezas, retales, parametros: { ...datos.parametros } };
}

async function ejecutarMotor(motor: MotorCorte, trabajo: TrabajoCorte, retalMinimo: number, fraccionPresupuesto = 1): Promise<ResultadoCorte> {
  try {
    // Fixed seeds: the same list gives the same plan (docs/decisions-corte.md, Hilos de trabajo). One search per core
    // side by side, the best kept: a second chance at a better plan in the same wait. The leftovers it reports are
    // the ones the store keeps (RETAL_LADO_MINIMO on each side, docs/decisions-retales.md).
    const opciones = { budgetMs: Math.max(1, Math.round(motor.presupuestoMs * fraccionPresupuesto)), retalMinimo: { base: retalMinimo, altura: retalMinimo } };
    const busquedas = semillasParalelas(1).map((seed) => motor.pool.ejecutar(trabajo, { ...opciones, seed }));
    return mejorResultado(await Promise.all(busquedas));
  } catch (error) {
    if (error instanceof FalloPool && error.motivo === 'entrada') {
      // The engine names the piece (1-based) in its message; the field points at its row for the form.
      const campo = error.pieza !== undefined ? `piezas.${error.pieza}` : 'piezas';
      throw new AppError('CORTE_DATOS_INVALIDOS', error.message, { [campo]: [error.message] });
    }
    if (error instanceof FalloPool) throw new AppError('CORTE_NO_DISPONIBLE', undefined, undefined, error);
    throw error;
  }
}

/** The edge material lines: per edge product (id, reference, name), the roll metres plus one, rounded down. */
function materialesCanto(resultado: ResultadoCorte, cantos: Map<number, CantoPlan>): MaterialCanto[] {
  const porReferencia = new Map([...cantos.values()].map((canto) => [canto.referencia, canto]));
  return materialesDelPlan(resultado.tapacantos).flatMap((linea) => {
    const canto = porReferencia.get(linea.referencia);
    return canto ? [{ producto_id: canto.id, referencia: canto.referencia, nombre_producto: canto.nombre_producto, cantidad: linea.cantidad }] : [];
  });
}

/**
 * Optimizes a cut list (spec 001 §7 optimizar/generar, spec 000 §7 board optimisation) in the worker
 * pool, stores the result and answers the planilla with its signed PDF links, the service and edge material
 * lines it adds to a sale and every board pattern with its SVG picture.
 */
export async function optimizar(db: Db, motor: MotorCorte, actor: ActorUsuario, datos: Optimizar, contexto: ContextoCorte): Promise<Optimizacion> {
  const cantos = await resolverCantos(db, datos);
  // docs/decisions-retales.md: rows naming a kept offcut count in offcut mode only, measured by the inventory.
  const filasInventario = datos.despiece_retales ? datos.retales.flatMap((retal, indice) => (retal.retal_id === null ? [] : [{ indice, retal_id: retal.retal_id }])) : [];
  const [inventario, retalMinimo] = await Promise.all([retalesService.resolverRetalesDePlan(db, actor, filasInventario, datos.referencia), retalesService.ladoMinimoRetal(db)]);
  const trabajo = aTrabajo(datos, cantos, inventario);
  const resultado = await ejecutarMotor(motor, trabajo, retalMinimo);
  // The inventory offcuts the plan cuts: its offcut boards' rows that name one.
  const filasRetal = datos.despiece_retales ? datos.retales : [];
  const usados = [
    ...new Map(
      resultado.tableros.flatMap((grupo) => {
        const id = grupo.origen === 'retal' && grupo.retal !== undefined ? filasRetal[grupo.retal]?.retal_id : null;
        const usado = id ? inventario.get(id) : undefined;
        return usado ? [[usado.retal_id, usado] as const] : [];
      }),
    ).values(),
  ];
  // What the same list needs without them (a smaller search): the boards the kept offcuts saved, for the savings report.
  const placasSinRetales = usados.length === 0 ? null : (await ejecutarMotor(motor, aTrabajo(datos, cantos, inventario, false), retalMinimo, 0.4)).cant_placas;
  const entrada: Optimizar = inventario.size === 0
    ? datos
    : { ...datos, retales: datos.retales.map((retal) => { const r = retal.retal_id === null ? undefined : inventario.get(retal.retal_id); return r ? { ...retal, cantidad: 1, base: r.base, altura: r.altura } : retal; }) };
  const { id } = await enTransaccion(db, async (trx) => {
    const guardada = await repositorio.insertOptimizacion(trx, {
      origen: contexto.origen,
      codigo_tienda: tiendaDelActor(actor),
      user_id: actor.userId,
      entrada,
      resultado,
      cantos: [...cantos.values()],
      placas_sin_retales: placasSinRetales,
    });
    await retalesService.registrarUsoEnPlan(trx, guardada.id, usados.map((u) => u.retal_id));
    return guardada;
  });
  return {
    id,
    planilla: {
      ...urlsDocumentos(contexto.secreto, id),
      cant_placas: resultado.cant_placas,
      cant_desp_sierra: resultado.cant_desp_sierra,
      ptje_aprov: resultado.ptje_aprov,
      tapacantos: resultado.tapacantos,
      despiece_retales: datos.despiece_retales,
      cobrar_canto: datos.canto,
    },
    cant_retales: resultado.cant_retales,
    cant_cortes: resultado.cant_cortes,
    limite_inferior: resultado.limite_inferior,
    servicios: serviciosDelPlan(trabajo.piezas, resultado.tapacantos, datos.canto),
    materiales_canto: materialesCanto(resultado, cantos),
    tableros: resultado.tableros.map((grupo) => ({ ...grupo, svg: tableroSvg(grupo, trabajo) })),
    avisos: datos.ultimo_corte_eliminado ? [MENSAJES_CORTE.ultimoCorte] : [],
    retales_usados: usados,
    placas_sin_retales: placasSinRetales,
  };
}

/**
 * The plan a public link names, as its documents need it (its large JSON columns as text, for the worker); 404
 * (ENLACE_PLAN.mensajeInvalido) when the link is malformed, altered, expired or names no plan.
 */
export async function datosPlan(contexto: Omit<ContextoDocumentoPublico, 'documentos'>, token: string): Promise<PlanCorteGuardado> {
  const id = ENLACE_PLAN.leer(contexto.secreto, token);
  const plan = id === null ? undefined : await planGuardado(contexto.db, id);
  if (!plan) throw new AppError('OPTIMIZACION_NO_ENCONTRADA', ENLACE_PLAN.mensajeInvalido);
  return plan;
}

/**
 * A stored plan by its id as the documents need it (its large JSON columns as text, for the worker); undefined when
 * there is none. Another module's document that draws a plan (the quotation's PDF) reads it here.
 */
export async function planGuardado(db: Db, id: number): Promise<PlanCorteGuardado | undefined> {
  const [fila, codigos, ladoMinimo] = await Promise.all([repositorio.getOptimizacionDocumento(db, id), retalesService.codigosRetalesDePlan(db, id), retalesService.ladoMinimoRetal(db)]);
  if (!fila) return undefined;
  return {
    id: fila.id,
    entradaJson: fila.entrada_json,
    resultadoJson: fila.resultado_json,
    cantos: fila.cantos,
    nombres: fila.nombres,
    apellidos: fila.apellidos,
    numero_documento: fila.numero_documento,
    referencia: fila.referencia,
    fecha: fila.fecha,
    retalesCodigos: codigos,
    ladoMinimoRetal: ladoMinimo,
  };
}

/** The plans PDF of a stored plan, rendered in the documents pool; 404 for a link that is not valid. */
export async function planosPdf(contexto: ContextoDocumentoPublico, token: string): Promise<Buffer> {
  return contexto.documentos.renderizar('planos-corte', await datosPlan(contexto, token));
}

/** The labels PDF (modo_etiquetas 2) of a stored plan, rendered in the documents pool; 404 for a link that is not valid. */
export async function etiquetasPdf(contexto: ContextoDocumentoPublico, token: string): Promise<Buffer> {
  return contexto.documentos.renderizar('etiquetas-corte', await datosPlan(contexto, token));
}
