import { randomBytes } from 'node:crypto';
import { materialesDelPlan, mejorResultado, semillasParalelas, serviciosDelPlan, tableroSvg, type Pieza, type ResultadoCorte, type TrabajoCorte } from '@tablero/cutting';
import { MENSAJES_CORTE, type Optimizacion, type Optimizar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { renderEtiquetasCorte } from '../../documents/etiquetas-corte';
import { renderPlanosCorte } from '../../documents/planos-corte';
import type { DatosPlanCorte } from '../../documents/corte-comun';
import { AppError } from '../../lib/app-error';
import { FalloPool, type PoolCorte } from './corte.pool';
import * as repositorio from './corte.repository';

/** Where the engine runs and how long it searches. */
export interface MotorCorte {
  pool: PoolCorte;
  /** Search budget per job, ms (CORTE_PRESUPUESTO_MS, default 1000). */
  presupuestoMs: number;
}

export interface ContextoCorte {
  userId: number;
  codigoTienda: string;
  origen: 'optimizador' | 'venta';
}

/** The public links of a plan's documents (relative: the web is served by the same server). */
export function urlsDocumentos(token: string): { url_planos: string; url_labels: string } {
  return { url_planos: `/api/public/corte/${token}/planos.pdf`, url_labels: `/api/public/corte/${token}/etiquetas.pdf` };
}

/** The engine's job from the form: offcuts only in offcut mode, and only their complete rows. */
export function aTrabajo(datos: Optimizar): TrabajoCorte {
  const piezas: Pieza[] = datos.piezas.map((pieza) => ({ ...pieza }));
  const retales = datos.despiece_retales
    ? datos.retales.map((retal) => ({
        cantidad: retal.cantidad ?? 0,
        base: retal.base ?? 0,
        altura: retal.altura ?? 0,
        descripcion: retal.descripcion,
      }))
    : [];
  return { piezas, retales, parametros: { ...datos.parametros } };
}

async function ejecutarMotor(motor: MotorCorte, trabajo: TrabajoCorte): Promise<ResultadoCorte> {
  try {
    // Fixed seeds: the same list gives the same plan (issue 3 item 4). One search per core
    // side by side, the best kept: a second chance at a better plan in the same wait.
    const busquedas = semillasParalelas(1).map((seed) => motor.pool.ejecutar(trabajo, { budgetMs: motor.presupuestoMs, seed }));
    return mejorResultado(await Promise.all(busquedas));
  } catch (error) {
    if (error instanceof FalloPool && error.motivo === 'entrada') {
      // The engine names the piece (1-based) in its message; the field points at its row for the form.
      const campo = error.pieza !== undefined ? `piezas.${error.pieza}` : 'piezas';
      throw new AppError('CORTE_DATOS_INVALIDOS', error.message, { [campo]: [error.message] });
    }
    if (error instanceof FalloPool) throw new AppError('CORTE_NO_DISPONIBLE');
    throw error;
  }
}

/**
 * Optimizes a cut list (spec 001 §7 optimizar/generar, spec 000 §7 board optimisation) in the worker
 * pool, stores the result under a new unguessable token and answers the planilla with its PDF links,
 * the service lines it adds to a sale and every board pattern with its SVG picture.
 */
export async function optimizar(db: Db, motor: MotorCorte, datos: Optimizar, contexto: ContextoCorte): Promise<Optimizacion> {
  const trabajo = aTrabajo(datos);
  const resultado = await ejecutarMotor(motor, trabajo);
  const token = randomBytes(24).toString('base64url');
  const { id } = await repositorio.insertOptimizacion(db, {
    token,
    origen: contexto.origen,
    codigo_tienda: contexto.codigoTienda,
    user_id: contexto.userId,
    entrada: datos,
    resultado,
  });
  return {
    id,
    planilla: {
      ...urlsDocumentos(token),
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
    materiales_canto: materialesDelPlan(resultado.tapacantos),
    tableros: resultado.tableros.map((grupo) => ({ ...grupo, svg: tableroSvg(grupo, trabajo) })),
    avisos: datos.ultimo_corte_eliminado ? [MENSAJES_CORTE.ultimoCorte] : [],
  };
}

async function datosPlan(db: Db, token: string, zonaHoraria: string): Promise<DatosPlanCorte> {
  const fila = await repositorio.getOptimizacionPorToken(db, token);
  if (!fila) throw new AppError('OPTIMIZACION_NO_ENCONTRADA');
  return { ...fila, zonaHoraria };
}

/** The plans PDF of a stored plan; 404 for an unknown token. */
export async function planosPdf(db: Db, token: string, zonaHoraria: string): Promise<Buffer> {
  return renderPlanosCorte(await datosPlan(db, token, zonaHoraria));
}

/** The labels PDF (modo_etiquetas 2) of a stored plan; 404 for an unknown token. */
export async function etiquetasPdf(db: Db, token: string, zonaHoraria: string): Promise<Buffer> {
  return renderEtiquetasCorte(await datosPlan(db, token, zonaHoraria));
}
