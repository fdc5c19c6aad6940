import {
  formatearFecha,
  hoyNegocio,
  MENSAJES_NUMERACION,
  PORCENTAJE_AVISO_NUMERACION,
  type EstadoRango,
  type RangoNumeracion,
  type RangoNumeracionGuardar,
  type TipoDocumentoNumeracion,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as repositorio from './numeracion.repository';
import type { NumeroTomado, TomaDeNumero } from './numeracion.repository';

export type { NumeroTomado, TomaDeNumero };

/** Ranges whose validity ends within this many days are named by the SuperAdministrador's alerts. */
export const DIAS_ALERTA_VENCIMIENTO = 30;

interface Uso {
  usados: number;
  total: number;
}

function usoDe(rango: { numero_desde: number; numero_hasta: number; siguiente_numero: number }): Uso {
  return { usados: rango.siguiente_numero - rango.numero_desde, total: rango.numero_hasta - rango.numero_desde + 1 };
}

/** The warning once a range handed out PORCENTAJE_AVISO_NUMERACION % of its numbers, else null. */
function avisoDe(prefijo: string, codigoTienda: string, uso: Uso): string | null {
  return uso.usados * 100 >= PORCENTAJE_AVISO_NUMERACION * uso.total ? MENSAJES_NUMERACION.aviso(prefijo, codigoTienda, uso.usados, uso.total) : null;
}

/** A range's state on `hoy`: only 'vigente' numbers. */
export function estadoRango(
  rango: { activo: boolean; siguiente_numero: number; numero_hasta: number; fecha_desde: string | null; fecha_hasta: string | null },
  hoy: string,
): EstadoRango {
  if (!rango.activo) return 'inactivo';
  if (rango.siguiente_numero > rango.numero_hasta) return 'agotado';
  if (rango.fecha_hasta !== null && rango.fecha_hasta < hoy) return 'vencido';
  if (rango.fecha_desde !== null && rango.fecha_desde > hoy) return 'por_iniciar';
  return 'vigente';
}

function aRango(fila: repositorio.FilaRango, hoy: string): RangoNumeracion {
  const uso = usoDe(fila);
  return {
    ...fila,
    usados: uso.usados,
    porcentaje_usado: Math.floor((uso.usados * 100) / uso.total),
    estado: estadoRango(fila, hoy),
    aviso: fila.activo ? avisoDe(fila.prefijo, fila.codigo_tienda, uso) : null,
  };
}

export interface NumeroAsignado {
  rangoId: number;
  prefijo: string;
  numero: number;
  /** MENSAJES_NUMERACION.aviso when the range has now used 90 % or more of its numbers. */
  aviso: string | null;
}

/**
 * The next document number of the store for `tipo`, inside the billing transaction (lock order item 8, taken last so
 * the hot range row is held for the shortest time): consecutive, never repeated, given back by a rollback. Refused
 * (409, nothing numbered) when the store has no active range, or it is exhausted, expired or not yet valid on `hoy`.
 * `escribir` runs the statement that takes the number: by default alone; the bill opens with it the statement that
 * writes the number on its sale, so the range row is held one round trip less (docs/decisions.md, "Una factura en
 * pocas sentencias"). It answers the row it wrote (with the number taken), or nothing when the range could not number;
 * that row comes back as `escrito`.
 */
export function asignarNumero(trx: Trx, codigoTienda: string, tipo: TipoDocumentoNumeracion, hoy: string): Promise<NumeroAsignado & { escrito: NumeroTomado }>;
export function asignarNumero<F extends NumeroTomado>(
  trx: Trx,
  codigoTienda: string,
  tipo: TipoDocumentoNumeracion,
  hoy: string,
  escribir: (toma: TomaDeNumero) => Promise<F | undefined>,
): Promise<NumeroAsignado & { escrito: F }>;
export async function asignarNumero(
  trx: Trx,
  codigoTienda: string,
  tipo: TipoDocumentoNumeracion,
  hoy: string,
  escribir: (toma: TomaDeNumero) => Promise<NumeroTomado | undefined> = (toma) => repositorio.tomarSiguienteNumero(trx, toma),
): Promise<NumeroAsignado & { escrito: NumeroTomado }> {
  const tomado = await escribir(repositorio.tomaDeNumero(trx, codigoTienda, tipo, hoy));
  if (tomado) {
    const uso = { usados: tomado.numero - tomado.numero_desde + 1, total: tomado.numero_hasta - tomado.numero_desde + 1 };
    return { rangoId: tomado.id, prefijo: tomado.prefijo, numero: tomado.numero, aviso: avisoDe(tomado.prefijo, codigoTienda, uso), escrito: tomado };
  }
  const activo = await repositorio.findRangoActivo(trx, codigoTienda, tipo);
  if (!activo) throw new AppError('NUMERACION_SIN_RANGO', MENSAJES_NUMERACION.sinRango(tipo));
  switch (estadoRango(activo, hoy)) {
    case 'agotado':
      throw new AppError('NUMERACION_AGOTADA', MENSAJES_NUMERACION.agotado(activo.prefijo, activo.numero_hasta));
    case 'vencido':
      throw new AppError('NUMERACION_VENCIDA', MENSAJES_NUMERACION.vencido(activo.prefijo, formatearFecha(activo.fecha_hasta!)));
    case 'por_iniciar':
      throw new AppError('NUMERACION_POR_INICIAR', MENSAJES_NUMERACION.porIniciar(activo.prefijo, formatearFecha(activo.fecha_desde!)));
    default:
      // Changed between the two statements (another writer): the caller's transaction simply ran against it.
      throw new AppError('CONFLICTO_CONCURRENTE');
  }
}

/** Whether the store has a range of `tipo` that numbers on `hoy` (the bill dialog and the POS rule ask before billing). */
export async function tieneRangoVigente(db: Db, codigoTienda: string, tipo: TipoDocumentoNumeracion, hoy: string): Promise<boolean> {
  const activo = await repositorio.findRangoActivo(db, codigoTienda, tipo);
  return activo !== undefined && estadoRango(activo, hoy) === 'vigente';
}

/** GET maestros/rangos-numeracion: every range (of one store when given), with its use and state on `hoy`. */
export async function listarRangos(db: Db, codigoTienda: string | null, hoy: string): Promise<RangoNumeracion[]> {
  return (await repositorio.listRangos(db, codigoTienda)).map((fila) => aRango(fila, hoy));
}

/** One range with its DIAN resolution data (the invoice PDF prints it), or undefined. */
export async function buscarRango(db: Db, id: number, hoy: string = hoyNegocio()): Promise<RangoNumeracion | undefined> {
  const fila = await repositorio.findRango(db, id);
  return fila ? aRango(fila, hoy) : undefined;
}

/** The SuperAdministrador's alerts: active ranges at or above 90 % used, or whose validity ends within 30 days. */
export async function alertasNumeracion(db: Db, hoy: string): Promise<string[]> {
  const filas = await repositorio.listRangosEnAlerta(db, hoy, PORCENTAJE_AVISO_NUMERACION, DIAS_ALERTA_VENCIMIENTO);
  const alertas: string[] = [];
  for (const fila of filas) {
    const aviso = avisoDe(fila.prefijo, fila.codigo_tienda, usoDe(fila));
    if (aviso) alertas.push(aviso);
    if (fila.fecha_hasta !== null) {
      alertas.push(
        fila.fecha_hasta < hoy
          ? MENSAJES_NUMERACION.vencido(fila.prefijo, formatearFecha(fila.fecha_hasta))
          : MENSAJES_NUMERACION.porVencer(fila.prefijo, fila.codigo_tienda, formatearFecha(fila.fecha_hasta)),
      );
    }
  }
  return alertas;
}

function campos(datos: RangoNumeracionGuardar): repositorio.RangoEscritura {
  return {
    codigo_tienda: datos.codigo_tienda,
    tipo_documento: datos.tipo_documento,
    prefijo: datos.prefijo,
    numero_desde: datos.numero_desde,
    numero_hasta: datos.numero_hasta,
    resolucion_numero: datos.resolucion_numero,
    resolucion_fecha: datos.resolucion_fecha,
    // Only an electronic invoice range has one; a remission carries none whatever the form sent.
    clave_tecnica: datos.tipo_documento === 'FACTURA' ? datos.clave_tecnica : null,
    fecha_desde: datos.fecha_desde,
    fecha_hasta: datos.fecha_hasta,
    activo: datos.activo,
  };
}

/** The store exists, and no other range of the prefix in the store shares a number with this one. */
async function verificarRango(trx: Trx, datos: RangoNumeracionGuardar, excepto: number | null): Promise<void> {
  if (!(await repositorio.existeTienda(trx, datos.codigo_tienda))) {
    throw campoInvalido('codigo_tienda', MENSAJES_NUMERACION.tienda);
  }
  const cruce = await repositorio.findCruce(trx, {
    codigoTienda: datos.codigo_tienda,
    prefijo: datos.prefijo,
    desde: datos.numero_desde,
    hasta: datos.numero_hasta,
    excepto,
  });
  if (cruce) {
    const mensaje = MENSAJES_NUMERACION.cruce(datos.prefijo);
    throw new AppError('RANGO_NUMERACION_CRUCE', mensaje, { numero_desde: [mensaje] });
  }
}

/**
 * POST maestros/rangos-numeracion: a new range, numbering from numero_desde. Activating it turns off the store's other
 * active range of its kind in the same transaction (one active range per store and kind). Answers its id.
 */
export async function crearRango(trx: Trx, actor: Actor, datos: RangoNumeracionGuardar): Promise<number> {
  await repositorio.lockRangosDeTienda(trx, datos.codigo_tienda);
  await verificarRango(trx, datos, null);
  if (datos.activo) await repositorio.desactivarOtros(trx, datos.codigo_tienda, datos.tipo_documento, null);
  return repositorio.insertRango(trx, campos(datos), actor.userId);
}

/**
 * PUT maestros/rangos-numeracion/{id}: edits a range. Once it numbered a document its store, kind, prefix and first
 * number stay, and its last number cannot go below the last one used; the next number is never edited.
 */
export async function actualizarRango(trx: Trx, actor: Actor, id: number, datos: RangoNumeracionGuardar): Promise<void> {
  const previo = await repositorio.findRango(trx, id);
  if (!previo) throw new AppError('RANGO_NUMERACION_NO_ENCONTRADO');
  // Both stores' writers, in code order, so an edit that moves a range between stores cannot deadlock with another.
  for (const codigo of [...new Set([previo.codigo_tienda, datos.codigo_tienda])].sort()) await repositorio.lockRangosDeTienda(trx, codigo);
  const rango = await repositorio.lockRango(trx, id);
  if (!rango) throw new AppError('RANGO_NUMERACION_NO_ENCONTRADO');
  const usado = rango.siguiente_numero > rango.numero_desde;
  if (usado) {
    if (datos.codigo_tienda !== rango.codigo_tienda || datos.tipo_documento !== rango.tipo_documento || datos.prefijo !== rango.prefijo) {
      throw campoInvalido('prefijo', MENSAJES_NUMERACION.serieUsada);
    }
    if (datos.numero_desde !== rango.numero_desde) {
      throw campoInvalido('numero_desde', MENSAJES_NUMERACION.desdeUsado);
    }
    const ultimo = rango.siguiente_numero - 1;
    if (datos.numero_hasta < ultimo) {
      const mensaje = MENSAJES_NUMERACION.hastaMenorUsado(ultimo);
      throw campoInvalido('numero_hasta', mensaje);
    }
  }
  await verificarRango(trx, datos, id);
  if (datos.activo) await repositorio.desactivarOtros(trx, datos.codigo_tienda, datos.tipo_documento, id);
  await repositorio.updateRango(trx, id, campos(datos), usado ? rango.siguiente_numero : datos.numero_desde, actor.userId);
}
