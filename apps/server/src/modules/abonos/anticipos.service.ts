// The advances screens (spec 002 §2.5–§2.7, §4 Advance, §5 Advance, §7 Advances and public/anticipo; docs/decisions-anticipos.md). An
// advance IS the prepaid balance (docs/decisions-anticipos.md): tercero.saldo_abono with its ledger abono_tercero, an
// advance a type-1 movement (the same one a 001 abono writes), its annulment a type 3 naming it.
import {
  aCentavos,
  dePesos,
  faltaComprobante,
  formaPermitida,
  formatearFechaHora,
  formatearPesos,
  MENSAJES_ANTICIPOS,
  TIPOS_MOVIMIENTO_ABONO,
  type Anticipo,
  type AnticipoAnulado,
  type AnticipoCrear,
  type AnticipoRegistrado,
  type AnticiposConsulta,
  type AnticiposRespuesta,
  type DevolucionForma,
  type DevolucionPrevia,
  type MovimientoAnticipo,
  type MovimientosAnticipoConsulta,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
// Types only: pdfkit and the layouts load on the documents worker, never on the request thread.
import type { DatosReciboAnticipo } from '../../documents/anticipo-recibo';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import type { ContextoDocumentoPublico } from '../../lib/enlaces';
import * as cajasService from '../cajas';
import * as devolucionesService from '../devoluciones';
import * as parametrosService from '../parametros';
import * as periodosService from '../periodos';
import { moverSaldoAbono } from './abonos.service';
import * as repositorio from './abonos.repository';
import * as anticipos from './anticipos.repository';
import { ENLACE_RECIBO_ANTICIPO } from './enlaces-anticipo';

/**
 * The advances' movement names as spec 002 calls them (the ledger's own names are the 001 abono's: 'Abono',
 * 'Anulación de abono'); an advance and a 001 abono are the same type-1 movement.
 */
export const NOMBRES_TIPO_MOVIMIENTO_ANTICIPO: Record<number, string> = {
  1: 'Anticipo',
  2: 'Pago de venta',
  3: 'Anulación de anticipo',
  4: 'Anulación de pago de venta',
};

/**
 * The error codes of the advances' refusals (the message is always MENSAJES_ANTICIPOS'): domain/errores.ts has no code
 * of their own yet, so each uses the closest existing one with the same HTTP status.
 */
const CODIGOS = {
  /** 409: the balance no longer holds the advance. */
  usado: 'ANTICIPO_USADO',
  /** 409: annulled already (typically by someone who clicked first). */
  yaAnulado: 'ANTICIPO_YA_ANULADO',
  /** 409: the movement is not an advance (type 1). */
  noAnulable: 'ANTICIPO_NO_ANULABLE',
  /** 409: the third party is not a customer. */
  soloClientes: 'ABONO_SOLO_CLIENTES',
} as const;

// ---------------------------------------------------------------- reads

/** GET /anticipos: a page of customers with any advance movement, by name, and the filtered set's total balance. */
export async function listarAnticipos(db: Db, consulta: AnticiposConsulta): Promise<AnticiposRespuesta> {
  const [filas, { total, suma }] = await Promise.all([
    anticipos.listAnticipos(db, { clienteId: consulta.cliente_id, page: consulta.page, perPage: consulta.per_page }),
    anticipos.totalesAnticipos(db, consulta.cliente_id),
  ]);
  const lista: Anticipo[] = filas.map((fila) => ({
    id: fila.id,
    cliente_id: fila.id,
    numero_documento: fila.numero_documento,
    nombres: fila.nombres,
    apellidos: fila.apellidos,
    total_anticipo: Number(fila.saldo_abono),
  }));
  return { anticipos: paginar(lista, total, consulta.page, consulta.per_page), total_anticipos: dePesos(aCentavos(suma)) };
}

/** GET /anticipos/saldo?cliente_id: the customer's advance balance; 404 when the third party does not exist. */
export async function saldoAnticipo(db: Db, clienteId: number): Promise<number> {
  const tercero = await anticipos.findSaldo(db, clienteId);
  if (!tercero) throw new AppError('TERCERO_NO_ENCONTRADO');
  return Number(tercero.saldo_abono);
}

/**
 * GET /anticipos/{id}/movimientos (id = the customer): a page of the ledger, newest first. Advances (type 1) and their
 * annulments (3) carry the advance receipt's link; rows with a sale (2, 4) carry none: the web opens the sale.
 */
export async function listarMovimientosAnticipo(
  db: Db,
  secreto: string,
  terceroId: number,
  consulta: MovimientosAnticipoConsulta,
): Promise<Pagina<MovimientoAnticipo>> {
  if (!(await anticipos.findSaldo(db, terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
  const { filas, total } = await anticipos.listMovimientosAnticipo(db, terceroId, { page: consulta.page, perPage: consulta.per_page });
  const ahora = new Date();
  const movimientos = filas.map((fila): MovimientoAnticipo => {
    const tipo = fila.tipo_movimiento_abono_id;
    const reciboDe = tipo === TIPOS_MOVIMIENTO_ABONO.ABONO ? fila.id : tipo === TIPOS_MOVIMIENTO_ABONO.ANULACION ? fila.movimiento_origen_id : null;
    return {
      id: fila.id,
      consecutivo_anticipo: fila.consecutivo_anticipo,
      fecha_anticipo: fila.fecha_abono,
      fecha_inserta: fila.fecha_inserta.toISOString(),
      tipo_movimiento_anticipo_id: tipo,
      nombre_tipo_movimiento_anticipo: NOMBRES_TIPO_MOVIMIENTO_ANTICIPO[tipo] ?? fila.nombre_tipo_movimiento_abono,
      descripcion_movimiento: fila.descripcion_abono,
      valor_movimiento: Number(fila.valor_abono),
      saldo_anticipo: Number(fila.saldo_abono),
      usuario_inserta: fila.nombre_usuario ?? null,
      venta_id: fila.venta_id,
      anulado: fila.reverso_id !== null,
      nombre_forma_pago: tipo === TIPOS_MOVIMIENTO_ABONO.ABONO ? (fila.nombre_forma_pago ?? null) : null,
      codigo_comprobante: fila.codigo_comprobante,
      enlace_documento: reciboDe !== null ? ENLACE_RECIBO_ANTICIPO.url(secreto, reciboDe, ahora) : null,
    };
  });
  return paginar(movimientos, total, consulta.page, consulta.per_page);
}

// ---------------------------------------------------------------- writes

/**
 * POST /anticipos/guardar: an advance is money received at the store: a type-1 movement (its consecutive from the
 * business's sequence, its payment method and voucher code, the observation as its description, the chosen date) and
 * the raised balance, under the customer's row lock (lock order 4: tercero, then abono_tercero), in the caller's
 * transaction. 422 for an unknown customer, a method not offered (6, 8, inactive, unknown) or a missing voucher code;
 * 409 for a third party who is not a customer.
 */
export async function registrarAnticipo(db: Trx, datos: AnticipoCrear, actor: Actor): Promise<Omit<AnticipoRegistrado, 'enlace_documento'>> {
  const codigoTienda = tiendaDelActor(actor);
  // Lock order step 0, before any row lock: the period of the advance's date (docs/decisions-periodos.md).
  await periodosService.exigirPeriodosAbiertos(db, codigoTienda, [datos.fecha_anticipo]);
  await cajasService.exigirTurnoAbierto(db, actor, [datos.forma_pago_id]);
  const forma = await anticipos.findFormaPago(db, datos.forma_pago_id);
  // The domain's payment rows rule (formas-pago/filas-pago.ts): an active method other than Crédito and the advance
  // itself, with its voucher code where it requires one.
  if (!formaPermitida('anticipo', forma)) throw campoInvalido('forma_pago_id', MENSAJES_ANTICIPOS.formaNoPermitida);
  if (faltaComprobante('anticipo', { forma, comprobante: datos.codigo_comprobante })) throw campoInvalido('codigo_comprobante', MENSAJES_ANTICIPOS.comprobante);

  const tercero = await repositorio.lockSaldoAbono(db, datos.cliente_id);
  if (!tercero) throw campoInvalido('cliente_id', MENSAJES_ANTICIPOS.cliente);
  if (tercero.tipo_tercero !== 'C') throw new AppError(CODIGOS.soloClientes, MENSAJES_ANTICIPOS.soloClientes);
  const { id, consecutivo_anticipo, saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: datos.cliente_id,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ABONO,
      fecha_abono: datos.fecha_anticipo,
      descripcion_abono: datos.observacion_anticipo,
      valor_abono: datos.valor_anticipo,
      forma_pago_id: forma.id,
      codigo_comprobante: datos.codigo_comprobante,
    },
    actor,
  );
  return { id, consecutivo_anticipo: consecutivo_anticipo!, total_anticipo: Number(saldo) };
}

/** The signed link (30 days) of an advance's receipt (public/anticipo/{token}), for answers that hand it to the web. */
export function enlaceReciboAnticipo(secreto: string, movimientoId: number): string {
  return ENLACE_RECIBO_ANTICIPO.url(secreto, movimientoId);
}

/**
 * PUT /anticipos/movimientos/{id}/anular (spec 002 §4: only type 1): a type-3 movement reversing the advance (its
 * value back out, naming it, with the advance's payment method so the day's cash nets out by method) and the lowered
 * balance, under the customer's row lock. 404 when the id names no movement; 409 when it is not an advance, was
 * annulled already, or the balance no longer holds it (part of it was spent). Answers the annulment's id and the
 * new balance.
 */
export async function anularAnticipo(db: Trx, movimientoId: number, actor: Actor): Promise<AnticipoAnulado> {
  const codigoTienda = tiendaDelActor(actor);
  const anticipo = await anticipos.findMovimiento(db, movimientoId);
  if (!anticipo) throw new AppError('NO_ENCONTRADO', MENSAJES_ANTICIPOS.noEncontrado);
  if (anticipo.tipo_movimiento_abono_id !== TIPOS_MOVIMIENTO_ABONO.ABONO) throw new AppError(CODIGOS.noAnulable, MENSAJES_ANTICIPOS.noAnulable);
  // Lock order step 0, before any row lock: today's period here and the advance's, in the store that received it.
  const recibido = await anticipos.findRecibo(db, anticipo.id);
  await periodosService.exigirPeriodosAbiertosVarios(db, [
    { codigo_tienda: codigoTienda, fecha: new Date() },
    ...(recibido ? [{ codigo_tienda: recibido.codigo_tienda ?? codigoTienda, fecha: recibido.fecha_abono }] : []),
  ]);
  const tercero = await repositorio.lockSaldoAbono(db, anticipo.tercero_id);
  if (!tercero) throw new AppError('TERCERO_NO_ENCONTRADO');
  // Read under the lock: every annulment of this advance is written by someone holding it.
  if (await repositorio.buscarReverso(db, anticipo.id)) throw new AppError(CODIGOS.yaAnulado, MENSAJES_ANTICIPOS.yaAnulado);
  const centavos = aCentavos(anticipo.valor_abono);
  if (aCentavos(tercero.saldo_abono) < centavos) {
    throw new AppError(CODIGOS.usado, MENSAJES_ANTICIPOS.saldoInsuficiente(formatearPesos(tercero.saldo_abono), formatearPesos(anticipo.valor_abono)));
  }
  const valor = -dePesos(centavos);
  const { id, saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: anticipo.tercero_id,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ANULACION,
      descripcion_abono: `Anulación del anticipo No. ${anticipo.consecutivo_anticipo}`,
      valor_abono: valor,
      movimiento_origen_id: anticipo.id,
      forma_pago_id: anticipo.forma_pago_id,
    },
    actor,
  );
  // The advance's money goes back today, as money out of today's cash (decisions-reportes-dinero.md "Devoluciones").
  await devolucionesService.registrarDevolucion(db, actor, 'anticipo', anticipo.id, await formasDevolucionAnticipo(db, anticipo.id));
  return { id, total_anticipo: Number(saldo) };
}

/** What an advance's annulment gives back: its value in its method (nothing for a method that brought no money). */
async function formasDevolucionAnticipo(db: Db, movimientoId: number): Promise<DevolucionForma[]> {
  const forma = await anticipos.findFormaDevolucion(db, movimientoId);
  if (!forma || forma.forma_pago_id === null || forma.forma_credito || forma.forma_abono) return [];
  return devolucionesService.agruparFormas([{ forma_pago_id: forma.forma_pago_id, nombre_forma_pago: forma.nombre_forma_pago, valor: forma.valor }]);
}

/**
 * GET /anticipos/movimientos/{id}/devolucion: what annulling the advance would give back now, as the annul dialog says
 * it. 404 when the id names no movement; 409 when it is not an advance or was annulled already.
 */
export async function previaDevolucionAnticipo(db: Db, movimientoId: number): Promise<DevolucionPrevia> {
  const anticipo = await anticipos.findMovimiento(db, movimientoId);
  if (!anticipo) throw new AppError('NO_ENCONTRADO', MENSAJES_ANTICIPOS.noEncontrado);
  if (anticipo.tipo_movimiento_abono_id !== TIPOS_MOVIMIENTO_ABONO.ABONO) throw new AppError(CODIGOS.noAnulable, MENSAJES_ANTICIPOS.noAnulable);
  if (await repositorio.buscarReverso(db, anticipo.id)) throw new AppError(CODIGOS.yaAnulado, MENSAJES_ANTICIPOS.yaAnulado);
  return devolucionesService.previa('anticipo', anticipo.id, await formasDevolucionAnticipo(db, anticipo.id));
}

// ---------------------------------------------------------------- public receipt

/**
 * The data of the receipt a public link names (spec 002 §7 public/anticipo/{id}). 404 with
 * ENLACE_RECIBO_ANTICIPO.mensajeInvalido when the link is malformed, altered, for another purpose, expired, or names no advance.
 */
export async function datosReciboAnticipo(contexto: Omit<ContextoDocumentoPublico, 'documentos'>, token: string): Promise<DatosReciboAnticipo> {
  const id = ENLACE_RECIBO_ANTICIPO.leer(contexto.secreto, token);
  const fila = id === null ? undefined : await anticipos.findRecibo(contexto.db, id);
  if (!fila) throw new AppError('NO_ENCONTRADO', ENLACE_RECIBO_ANTICIPO.mensajeInvalido);
  const telefonos = [...new Set([fila.numero_celular, fila.numero_telefonico].filter((t): t is string => !!t && t.trim() !== ''))];
  return {
    consecutivo: fila.consecutivo_anticipo!,
    fecha: fila.fecha_abono,
    registrado: formatearFechaHora(fila.fecha_inserta),
    valor: Number(fila.valor_abono),
    forma_pago: fila.nombre_forma_pago ?? '',
    codigo_comprobante: fila.codigo_comprobante,
    observacion: fila.descripcion_abono,
    recibido_por: fila.nombre_usuario ?? null,
    emisor: await parametrosService.leerEmpresa(contexto.db, fila.nombre_tienda ?? ''),
    tienda: fila.codigo_tienda ? { codigo: fila.codigo_tienda, nombre: fila.nombre_tienda ?? '' } : null,
    cliente: {
      nombre: `${fila.nombres} ${fila.apellidos}`.trim(),
      tipo_documento: fila.nombre_tipo_documento ?? '',
      numero_documento: fila.numero_documento,
      telefono: telefonos.join(' · ') || null,
      correo: fila.correo_electronico || null,
    },
    anulacion: fila.fecha_anulacion ? { fecha: formatearFechaHora(fila.fecha_anulacion), usuario: fila.usuario_anulacion ?? null } : null,
  };
}

/** The receipt PDF a public link names, rendered in the documents pool (503 when it is saturated), with its file name. */
export async function reciboAnticipoPdf(contexto: ContextoDocumentoPublico, token: string): Promise<{ pdf: Buffer; archivo: string }> {
  const datos = await datosReciboAnticipo(contexto, token);
  const pdf = await contexto.documentos.renderizar('anticipo-recibo', datos);
  return { pdf, archivo: `recibo-anticipo-${datos.consecutivo}.pdf` };
}
