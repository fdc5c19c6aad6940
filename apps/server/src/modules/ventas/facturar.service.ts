import {
  aCentavos,
  dePesos,
  ESTADOS_VENTA,
  esFormaAnticipo,
  esFormaCredito,
  fallaFacturaEnCampo,
  MENSAJES_FACTURACION,
  MENSAJES_VENTA,
  MODOS_FACTURA,
  revisarFilas,
  sumaFilas,
  sumarDias,
  tipoDocumentoDeFactura,
  tipoPagoDeFactura,
  valorEfectivo,
  type AnularVenta,
  type FormaDeFila,
  type Facturar,
  type TipoDocumentoNumeracion,
} from '@tablero/domain';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { leerImagenAdjunta } from '../../lib/adjuntos';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as abonosService from '../abonos';
import * as cajasService from '../cajas';
import * as cuentasCreditoService from '../cuentas-credito';
import * as despachosService from '../despachos';
import * as devolucionesService from '../devoluciones';
import * as facturaElectronicaService from '../factura-electronica';
import * as inventarioService from '../inventario';
import * as numeracionService from '../numeracion';
import * as periodosService from '../periodos';
import * as retalesInventario from '../retales';
import * as retencionesService from '../retenciones';
import { quedaPorDevolver } from './devolucion-parcial.repository';
import { exigirDocumentoPos } from './documento-pos.service';
import { cobroRedondeado } from './redondeo-efectivo.service';
import { formasDevolucionVenta } from './devolucion-venta.service';
import { findFacturacion } from './facturas.repository';
import * as repositorio from './facturar.repository';
import { insertHistorial, lockVenta } from './pedidos.repository';
import { bloquearYRevisarReservas } from './reservas.service';
import { asentarRetencionesFactura, prepararRetencionesFactura } from './retenciones-factura';

/** What a bill answers besides the link (the route signs it). */
export interface Facturada {
  venta_id: number;
  tipo_documento: TipoDocumentoNumeracion;
  prefijo_factura_dian: string;
  nro_factura_dian: number;
  valor_venta_cambio_favor: number;
  /** The cash rounding (docs/decisions-redondeo-envios.md), signed. */
  ajuste_redondeo: number;
  /** The range's 90 % warning, for whoever billed (the route shows it to SuperAdministrador only). */
  aviso_numeracion: string | null;
  /** The dispatch turn the bill created, for the route to announce after the commit; null without one. */
  avisoDespacho: despachosService.AvisoTurno | null;
}

/** The document a sale's stock movements name: the annulment finds the bill's movements by it. */
export const documentoStockVenta = (ventaId: number) => `Venta No. ${ventaId}`;


/**
 * POST facturas/{venta_id}/forma-pago (spec 000 §2.8, §5 Bill dialog): bills a pending sale of the actor's store, in
 * one transaction under the lock order (docs/architecture.md §3): checks the payments, takes the stock out (1–3), spends
 * the prepaid balance (4), charges the credit account (5), locks the sale and checks again that it is still pending at
 * the version read (6), writes the payments and the state history (new rows, no lock anyone waits on), and takes the
 * document number last (8), just before the sale's update and the commit.
 * Anything refused leaves nothing written.
 */
export async function facturarVenta(trx: Trx, actor: Actor, ventaId: number, datos: Facturar, hoy: string, cola?: facturaElectronicaService.ColaTrabajos): Promise<Facturada> {
  const codigoTienda = tiendaDelActor(actor);
  // Lock order step 0, before any row lock: the period of today (docs/decisions-periodos.md).
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [hoy]);
  await cajasService.exigirTurnoAbierto(trx, actor, datos.formaPagoList.map((f) => f.id_forma_pago));
  const venta = await repositorio.findFacturaPorHacer(trx, ventaId, codigoTienda, [...new Set(datos.formaPagoList.map((f) => f.id_forma_pago))], retalesInventario.lineasConRetalesDeFactura(trx));
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarEstado(venta, ventaId, datos.version);

  // The schema refuses it at the route; a caller that builds the body without the schema meets it here: credit is never a remission.
  const tipo = tipoDocumentoDeFactura(datos);
  if (datos.crear_venta_credito && tipo === 'REMISION') {
    throw campoInvalido(datos.tipo_documento ? 'tipo_documento' : 'crear_factura_siigo', MENSAJES_FACTURACION.creditoSinFactura);
  }
  // The POS equivalent document (docs/decisions-factura-electronica.md, "Documento equivalente POS"): a cash sale of up
  // to 5 UVT before taxes, a POS range in force and a provider that sends it; refused here, before anything is written.
  if (tipo === 'POS') await exigirDocumentoPos(trx, codigoTienda, venta.total_subtotal_venta, datos.crear_venta_credito, hoy);
  // spec 000 §5 Bill dialog, through the domain's payment rows rule (the one the dialog runs): every row names an
  // active method, a value above 0 and, where the method asks for it, the voucher code; credit mode carries exactly one
  // credit row; the rows add up to the sale's total; the cash received covers the cash. The client's names and flags
  // are not trusted, the table's are.
  const formas = new Map(venta.formas.map((f) => [f.id, f]));
  const filas = datos.formaPagoList.map((pago) => ({ forma: formas.get(pago.id_forma_pago), valor: pago.valor_pagado, comprobante: pago.comprobante_id }));
  // What the rows pay: the total less the withholdings the customer practises (docs/decisions-retenciones.md), its cash
  // part rounded to the store's unit, so the rows add up to that plus the rounding (docs/decisions-redondeo-envios.md).
  const { retenciones, totalFilasCentavos } = await prepararRetencionesFactura(trx, ventaId, datos, aCentavos(venta.total_venta));
  const redondeo = await cobroRedondeado(trx, dePesos(totalFilasCentavos), filas);
  const falla = revisarFilas('factura', filas, { total: dePesos(totalFilasCentavos), credito: datos.crear_venta_credito, recibido: datos.valor_recibido, unidadRedondeo: redondeo.unidad });
  if (falla) {
    const { mensaje, campo } = fallaFacturaEnCampo(falla);
    throw campoInvalido(campo, mensaje);
  }
  // The voucher pictures, decoded and checked before anything is written (a refused picture leaves nothing).
  const adjuntos = datos.formaPagoList.map((pago, n) =>
    pago.adjunto_comprobante ? leerImagenAdjunta(pago.adjunto_comprobante, `comprobante-venta-${ventaId}-${n + 1}`, `formaPagoList.${n}.adjunto_comprobante`) : null,
  );
  const centavosDe = (de: (forma: FormaDeFila) => boolean) => aCentavos(sumaFilas(filas.filter((fila) => de(fila.forma!))));
  const anticipo = centavosDe(esFormaAnticipo);
  const credito = centavosDe(esFormaCredito);
  const efectivo = aCentavos(valorEfectivo(filas));
  // spec 000 §2.8: the change is the cash received minus the cash paid (none when no cash row or no amount given).
  const recibido = efectivo > 0 && datos.valor_recibido !== null ? aCentavos(datos.valor_recibido) : null;
  const cambio = recibido === null ? 0 : recibido - efectivo;
  const cuentaCredito = credito > 0 ? await cuentasCreditoService.cuentaDeTercero(trx, venta.cliente_id) : undefined;
  if (credito > 0 && !cuentaCredito) {
    throw new AppError('CUENTA_CREDITO_REQUERIDA', MENSAJES_VENTA.sinCuentaCredito(`${venta.nombres} ${venta.apellidos}`.trim()));
  }
  // A credit sale is due its billing day (the business's) plus its account's term (docs/decisions-factura-electronica.md,
  // "Venta a crédito"); the e-invoice's PaymentDueDate, the PDF and the aging by due date read this date.
  const fechaVencimiento = cuentaCredito ? sumarDias(hoy, cuentaCredito.plazo_dias) : null;

  try {
    // Stock out per product (lock order 1–3); it may go below zero (docs/decisions.md "Facturación").
    const { cantidades } = venta;
    // docs/decisions-reservas.md: billing takes no stock that orders saved before this one hold unless the cashier
    // confirmed it; the check locks the same stock rows (1 and 3) the movement below takes, so nothing changes in
    // between, and hands them to it (locked and read once).
    const reservas = await bloquearYRevisarReservas(trx, codigoTienda, { ventaId, soloAnteriores: true }, cantidades.map((c) => ({ productoId: c.producto_id, cantidad: Number(c.cantidad) })));
    await reservas.revisar(datos.confirmar_reservas === true);
    await inventarioService.moverStockVarios(trx, {
      codigoTienda,
      tipo: 'VENTA',
      userId: actor.userId,
      motivo: `Facturación de la venta No. ${ventaId}`,
      documento: documentoStockVenta(ventaId),
      cambios: cantidades.map((c) => ({ productoId: c.producto_id, cantidad: -Number(c.cantidad) })),
      bloqueado: reservas.bloqueado,
    });
    if (anticipo > 0) await abonosService.usarAbono(trx, { terceroId: venta.cliente_id, valor: dePesos(anticipo), ventaId }, actor);
    if (credito > 0) await cuentasCreditoService.cargarCredito(trx, { terceroId: venta.cliente_id, ventaId, valor: dePesos(credito) }, actor);
    await asentarRetencionesFactura(trx, actor, retenciones, credito > 0, hoy);
  } catch (error) {
    // These steps wait on the ledgers' row locks: a cashier who lost the race to bill this same sale learns that it is
    // billed, not that the prepaid balance the winner just spent is short.
    if (error instanceof AppError) {
      const actual = await repositorio.findVentaParaFacturar(trx, ventaId, codigoTienda);
      if (actual) verificarEstado(actual, ventaId, datos.version ?? venta.version);
    }
    throw error;
  }

  // The sale, locked now (lock order 6) with its dispatch lock (13), and the payments written only if it is still the
  // pending sale this bill read.
  const version = datos.version ?? venta.version;
  const bloqueada = await repositorio.bloquearVentaYEscribirPagos(
    trx,
    { id: ventaId, codigoTienda, version },
    datos.formaPagoList.map((pago, n) => ({
      forma_pago_id: pago.id_forma_pago,
      valor_pagado: (aCentavos(pago.valor_pagado) / 100).toFixed(2),
      codigo_comprobante_pago: formas.get(pago.id_forma_pago)!.requiere_codigo_comprobante ? pago.comprobante_id : null,
      adjunto: adjuntos[n] ?? null,
    })),
    actor.userId,
    despachosService.candadoDeFactura(ventaId),
  );
  if (!bloqueada) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarEstado(bloqueada, ventaId, version);
  // docs/decisions-retales.md: the offcuts its plans use are reserved and its offcut lines' consumed, and a sale without
  // an OP is cut now (its kept leftovers). Lock order: after the sale's dispatch lock, before the number (§3): a writer
  // holding an offcut only goes on to the number, the payments' e-invoice, the summaries and the turn.
  await retalesInventario.retalesAlFacturar(trx, actor, ventaId, venta.lineas_retales);
  // The number last (lock order 8): the range row is the one every bill of the store waits for, so it is held only
  // for one statement (the number, the sale's update and the dispatch turn, whose consecutive comes after it) and the
  // commit. The payments and the history are new rows nobody else waits on. spec 001 §4 Dispatch
  // (docs/decisions-despachos.md): a sale without an OP (or whose OP already finished) gets its dispatch turn in that
  // statement, under the sale's dispatch lock taken with the sale.
  const turno = despachosService.turnoDeFactura({ id: ventaId, codigo_tienda: codigoTienda }, actor);
  const factura = {
    estado_venta_id: ESTADOS_VENTA.facturado,
    tipo_documento: tipo,
    facturador_id: actor.userId,
    modo_factura: datos.crear_venta_credito ? MODOS_FACTURA.credito : MODOS_FACTURA.contado,
    // The bill decides the sale's payment type (docs/decisions.md, Facturación, Tipo de pago): written with the charge.
    tipo_pago_id: tipoPagoDeFactura(datos.crear_venta_credito),
    fecha_vencimiento: fechaVencimiento,
    // An invoice and a POS document go to DIAN (docs/decisions-factura-electronica.md); a remission never does.
    crear_factura_siigo: tipo !== 'REMISION',
    permite_fe: tipo !== 'REMISION',
    valor_recibido_efectivo: recibido === null ? null : (recibido / 100).toFixed(2),
    valor_venta_cambio_favor: (cambio / 100).toFixed(2),
    ajuste_redondeo: redondeo.ajuste.toFixed(2),
  } as const;
  const { escrito, ...numero } = await numeracionService.asignarNumero(trx, codigoTienda, tipo, hoy, (toma) =>
    repositorio.updateVentaFacturada(trx, ventaId, factura, toma, turno),
  );
  const avisoDespacho = despachosService.avisoDeTurnoDeFactura(escrito.turno, { ...venta, codigo_tienda: codigoTienda });
  // docs/decisions-factura-electronica.md, Estados y envío: a store set to send automatically queues its electronic
  // invoice in this same transaction.
  if (tipo !== 'REMISION' && cola) await facturaElectronicaService.programarEnvioAutomatico(trx, actor, ventaId, cola);
  return {
    venta_id: ventaId,
    tipo_documento: tipo,
    prefijo_factura_dian: numero.prefijo,
    nro_factura_dian: numero.numero,
    valor_venta_cambio_favor: dePesos(cambio),
    ajuste_redondeo: redondeo.ajuste,
    aviso_numeracion: numero.aviso,
    avisoDespacho,
  };
}

function verificarEstado(venta: { estado_venta_id: number; version: number }, ventaId: number, version: number | undefined) {
  if (venta.estado_venta_id !== ESTADOS_VENTA.pendienteFacturar) throw new AppError('VENTA_NO_PENDIENTE', MENSAJES_FACTURACION.noPendiente(ventaId));
  if (version !== undefined && venta.version !== version) throw new AppError('VENTA_VERSION_CAMBIO', MENSAJES_FACTURACION.versionCambio(ventaId));
}

const ESTADOS_ANULABLES: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

function verificarAnulable(venta: { estado_venta_id: number }) {
  if (!ESTADOS_ANULABLES.includes(venta.estado_venta_id)) throw new AppError('ANULAR_NO_FACTURADA', MENSAJES_FACTURACION.anularNoFacturada);
}

/** What an annulment answers: the credit note it queued, if the sale has an electronic invoice. */
export interface Anulacion {
  notaCredito: facturaElectronicaService.NotaCreditoEnCola | null;
}

/**
 * PUT facturas/{venta_id}/anular (spec 000 §2.10; docs/decisions.md, Facturación): annuls a billed sale of the actor's
 * store in one transaction under the lock order: gives back the stock its bill took out (ANULACION, the same
 * quantities), the prepaid balance it spent and its credit charge, then locks the sale, checks again it is still billed
 * (a second annulment meanwhile finds it annulled and rolls back) and sets state 3 with who, when and the reason. The
 * number stays. A sale with an electronic invoice (its invoice document, in any state) needs DIAN's concept and a
 * reason, and is annulled with a credit note queued here; the note's job sends it once DIAN accepted the invoice
 * (docs/decisions-factura-electronica.md, "Anulación con nota crédito"). A remission issues no DIAN document.
 */
export async function anularVenta(trx: Trx, actor: Actor, ventaId: number, anulacion: AnularVenta = {}, cola?: facturaElectronicaService.ColaTrabajos): Promise<Anulacion> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.findVentaParaFacturar(trx, ventaId, codigoTienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarAnulable(venta);
  // Refused before anything is written; checked again under the locks below.
  if (await facturaElectronicaService.tieneFacturaElectronica(trx, ventaId)) exigirConceptoYMotivo(anulacion);
  // Lock order step 0, before any row lock: today's period and the one the sale was billed in.
  const facturacion = await findFacturacion(trx, ventaId);
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [new Date(), ...(facturacion?.fecha_factura ? [facturacion.fecha_factura] : [])]);

  const descripcion = `Anulación de la venta No. ${ventaId}`;
  await inventarioService.reversarMovimientosDocumento(trx, {
    codigoTienda,
    productoIds: await repositorio.listProductosDeVenta(trx, ventaId),
    // Net of what partial returns put back (docs/decisions-factura-electronica.md, "Devolución parcial").
    tipoOriginal: ['VENTA', 'DEVOLUCION'],
    documento: documentoStockVenta(ventaId),
    tipo: 'ANULACION',
    userId: actor.userId,
    motivo: descripcion,
  });
  await abonosService.devolverAbonoVenta(trx, { ventaId, descripcion }, actor);
  await cuentasCreditoService.reversarCreditoVenta(trx, { ventaId, descripcion }, actor);
  await retencionesService.anularRetencionesVenta(trx, ventaId, actor);

  const bloqueada = await lockVenta(trx, ventaId, codigoTienda);
  if (!bloqueada) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarAnulable(bloqueada);
  // A sale marked accepted by DIAN without its document (billed through another system) cannot be corrected from here.
  if ((await facturaElectronicaService.estadoFactura(trx, ventaId)) === null && bloqueada.fecha_factura_dian !== null) {
    throw new AppError('ANULAR_ACEPTADA_DIAN');
  }
  // docs/decisions-retales.md: the offcuts it held or consumed are free again (those its cut kept stay). After the sale
  // (6) and before its credit note's document (10), as the lock order places offcuts (8a).
  await retalesInventario.devolverRetalesDeVenta(trx, actor, ventaId);
  let notaCredito: Anulacion['notaCredito'] = null;
  // An electronic invoice or POS document, sent or not: a never-sent one gets its document now (registrarNota).
  if (await facturaElectronicaService.tieneFacturaElectronica(trx, ventaId)) {
    const { concepto_nota, motivo } = exigirConceptoYMotivo(anulacion);
    if (!cola) throw new Error('Anular una factura electrónica necesita la cola de trabajos para su nota crédito');
    // A sale its partial returns gave back whole has nothing left to credit: their notes already did (docs/decisions-
    // factura-electronica.md, "Devolución parcial").
    if (await quedaPorDevolver(trx, ventaId)) {
      notaCredito = await facturaElectronicaService.registrarNotaCreditoAnulacion(trx, actor, ventaId, { concepto_nota, motivo }, cola);
    }
  }
  await repositorio.updateVentaAnulada(trx, ventaId, actor.userId);
  // spec 001 §4 Dispatch: an annulled sale leaves the dispatch queue (a dispatched turn stays as the record it is).
  await despachosService.retirarTurnoPorAnulacion(trx, ventaId, actor);
  await insertHistorial(trx, ventaId, bloqueada.estado_venta_id, ESTADOS_VENTA.anulado, actor.userId, anulacion.motivo ?? null);
  // The money that came in with the bill goes back today, as money out of today's cash (decisions-reportes-dinero.md).
  await devolucionesService.registrarDevolucion(trx, actor, 'venta', ventaId, await formasDevolucionVenta(trx, ventaId));
  return { notaCredito };
}

/** The credit note's DIAN concept and reason, both required (422 on the missing field, in the domain's words). */
function exigirConceptoYMotivo(anulacion: AnularVenta): { concepto_nota: string; motivo: string } {
  if (!anulacion.concepto_nota) throw campoInvalido('concepto_nota', MENSAJES_FACTURACION.conceptoAnulacion);
  if (!anulacion.motivo) throw campoInvalido('motivo', MENSAJES_FACTURACION.motivoAnulacion);
  return { concepto_nota: anulacion.concepto_nota, motivo: anulacion.motivo };
}
