import {
  centavosDeValor,
  dePesos,
  esEfectivo,
  ESTADOS_VENTA,
  excesoAnticipo,
  filaCompleta as filaDePagoCompleta,
  FORMAS_PAGO,
  formasOfrecidas as formasDeUso,
  formatearNumeroDocumento,
  mensajeFallaFactura,
  MENSAJES_FACTURACION,
  MENSAJES_POS,
  MODOS_FACTURA,
  NOMBRES_TIPO_DOCUMENTO,
  restantePorPagar as restanteDeFilas,
  revisarFilas,
  siguienteClave,
  sumaFilas,
  type AdjuntoComprobante,
  type DocumentosAdmitidos,
  type FacturaDetalle,
  type FormaPago,
  type TipoDocumentoNumeracion,
} from '@tablero/domain';
import { valorNuevaFila } from './redondeo-efectivo';

/**
 * The pure rules of the bill dialog (spec 000 §2.8, §5 Bill dialog): the rows of payment methods,
 * the unpaid remainder a new row receives, credit mode, the change of the cash handed over and the checks before
 * adding a row and before billing. Every sum goes through centavos.
 */

/** One chosen payment method: its amount ('' while empty) and its voucher code when the method requires one. */
export interface FilaPago {
  /** Tells the rows apart (the same method may go twice, e.g. two card vouchers). */
  clave: number;
  forma: FormaPago;
  valor: number | '';
  comprobante: string;
  /** The voucher's picture, compressed, when one was attached (002 §3 adjunto_comprobante). */
  adjunto?: AdjuntoComprobante | null;
}

/** The sum of the rows, in pesos. */
export const sumaPagos = (filas: readonly FilaPago[]): number => sumaFilas(filas);

/** spec 000 §5: what is still unpaid, never below 0 (a new row receives it). */
export const restantePorPagar = (total: number, filas: readonly FilaPago[]): number => restanteDeFilas(total, filas);

/** A row is complete when its amount is above 0 and, where the method requires it, the voucher code is typed. */
export const filaCompleta = (fila: FilaPago): boolean => filaDePagoCompleta('factura', fila);

/**
 * The methods the picker offers: the credit method only in credit mode and while the table has no credit row (a credit
 * invoice carries exactly one; outside credit mode the server refuses it).
 */
export const formasOfrecidas = (formas: readonly FormaPago[], credito: boolean, filas: readonly FilaPago[]): FormaPago[] =>
  formasDeUso('factura', formas, filas, { credito });

/** spec 000 §5: why a method cannot be added now, or null when it can. */
export function motivoNoAgregar(forma: FormaPago | null | undefined, filas: readonly FilaPago[]): string | null {
  if (!forma) return MENSAJES_FACTURACION.seleccionarForma;
  if (filas.some((fila) => !filaCompleta(fila))) return MENSAJES_FACTURACION.camposAntesDeAgregar;
  return null;
}

/** Adds a row of the method with the unpaid remainder (spec 000 §5), a cash row's rounded to the unit (redondeo-efectivo.ts). */
export function agregarFila(total: number, filas: readonly FilaPago[], forma: FormaPago, unidadRedondeo?: number): FilaPago[] {
  return [...filas, { clave: siguienteClave(filas), forma, valor: valorNuevaFila(restantePorPagar(total, filas), forma, unidadRedondeo), comprobante: '' }];
}

/** The credit method of the lookup: the one flagged forma_credito (id 6 in the demo data), else id 6. */
export function formaCredito(formas: readonly FormaPago[]): FormaPago | undefined {
  return formas.find((forma) => forma.forma_credito) ?? formas.find((forma) => forma.id === FORMAS_PAGO.credito);
}

/**
 * Ticking or unticking 'Factura a crédito' (team decision on spec 000 §5, docs/decisions.md): ticking adds one row of
 * the credit method with the unpaid remainder (a debt never counts as cash in the reconciliation); unticking removes
 * the credit rows. Either way the invoice flag ends on: a credit sale is always an electronic invoice
 * (docs/decisions-factura-electronica.md, "Venta a crédito"), and a cash sale starts as one too (the cashier may still
 * switch it to a remission).
 */
export function alternarCredito(
  total: number,
  filas: readonly FilaPago[],
  formas: readonly FormaPago[],
  credito: boolean,
): { filas: FilaPago[]; crear_factura_siigo: boolean } {
  if (!credito) return { filas: filas.filter((fila) => !fila.forma.forma_credito), crear_factura_siigo: true };
  const forma = formaCredito(formas);
  const sinCredito = filas.filter((fila) => !fila.forma.forma_credito);
  return { filas: forma ? agregarFila(total, sinCredito, forma) : sinCredito, crear_factura_siigo: true };
}

/**
 * The invoice flag ('Crear factura en Siigo') as the dialog shows and sends it: in credit mode always on and locked (a
 * credit sale is never a remission; the server refuses it, docs/decisions-factura-electronica.md, "Venta a crédito");
 * otherwise the user's choice, else the store's preset (null while it loads: billing waits for it).
 */
export function interruptorFactura(
  credito: boolean,
  eleccion: boolean | null,
  preset: boolean | null,
): { valor: boolean; decidido: boolean; bloqueado: boolean } {
  if (credito) return { valor: true, decidido: true, bloqueado: true };
  return { valor: eleccion ?? preset ?? false, decidido: eleccion !== null || preset !== null, bloqueado: false };
}

export function hayEfectivo(filas: readonly FilaPago[]): boolean {
  return filas.some((fila) => esEfectivo(fila.forma));
}

/** The amount paid with the advance method, and whether it is above the customer's prepaid balance. */
export const excesoAbono = (filas: readonly FilaPago[], saldoAbono: number) => excesoAnticipo(filas, saldoAbono);

/**
 * spec 000 §5 on submit, in its order (the domain's payment rows rule, the one the server runs): no empty or zero value
 * nor missing voucher code, the credit mode's one credit row, then the sum equal to the total; then the cash received
 * not below the cash amount. Null when it may go.
 */
export function motivoNoFacturar(
  total: number,
  filas: readonly FilaPago[],
  recibido: number | '',
  credito = filas.some((fila) => fila.forma.forma_credito),
  unidadRedondeo?: number,
): string | null {
  const falla = revisarFilas('factura', filas, { total, credito, recibido, ...(unidadRedondeo ? { unidadRedondeo } : {}) });
  return falla ? mensajeFallaFactura(falla) : null;
}

/** The electronic document chosen when the invoice flag is on: the invoice (the buyer's right) or the POS document. */
export type DocumentoElectronico = Extract<TipoDocumentoNumeracion, 'FACTURA' | 'POS'>;

/**
 * Whether the POS equivalent document may be chosen now, or why not (docs/decisions-factura-electronica.md, "Documento
 * equivalente POS"): the server's answer for a cash sale (range, provider, UVT, 5-UVT limit), and credit, which the
 * dialog's box decides. Undefined answer: still loading.
 */
export function opcionPos(admitidos: DocumentosAdmitidos | undefined, credito: boolean): { permitido: boolean; motivo: string | null } {
  if (credito) return { permitido: false, motivo: MENSAJES_POS.credito };
  const pos = admitidos?.documentos.find((documento) => documento.tipo === 'POS');
  if (!pos) return { permitido: false, motivo: admitidos ? null : 'Consultando si la venta admite documento equivalente POS…' };
  return { permitido: pos.permitido, motivo: pos.motivo };
}

/** The document the bill issues: off, a remission; on, the chosen electronic one while it is allowed, else the invoice. */
export function documentoDeFactura(siigo: boolean, eleccion: DocumentoElectronico, posPermitido: boolean): TipoDocumentoNumeracion {
  if (!siigo) return 'REMISION';
  return eleccion === 'POS' && posPermitido ? 'POS' : 'FACTURA';
}

/** The body of POST facturas/{venta_id}/forma-pago (spec 000 §7), as the dialog sends it. */
export interface SolicitudFacturar {
  venta_id: number;
  version: number;
  crear_factura_siigo: boolean;
  /** The document, named (docs/decisions-factura-electronica.md, "Documento equivalente POS"). */
  tipo_documento: TipoDocumentoNumeracion;
  /** Bills stock other orders reserve, once the cashier confirmed it (docs/decisions-reservas.md). */
  confirmar_reservas?: boolean;
  crear_venta_credito: boolean;
  modo_factura: 'C' | 'CR';
  /** Withholdings the customer practises (docs/decisions-retenciones.md); the dialog adds them. */
  retenciones?: { tipo: string; concepto: string | null; base: number; tarifa: number; valor: number }[];
  formaPagoList: {
    id_forma_pago: number;
    nombre_forma_pago: string;
    comprobante_id: string | null;
    requiere_codigo_comprobante: boolean;
    forma_abono: boolean;
    valor_pagado: number;
    adjunto_comprobante: AdjuntoComprobante | null;
  }[];
  valor_recibido: number | null;
}

/** Builds the bill's body; the cash received goes only when cash is among the rows and something was typed. */
export function armarSolicitud(datos: {
  ventaId: number;
  version: number;
  crearFacturaSiigo: boolean;
  credito: boolean;
  filas: readonly FilaPago[];
  recibido: number | '';
  /** The electronic document chosen (the invoice unless told). */
  documento?: DocumentoElectronico;
}): SolicitudFacturar {
  const crearFacturaSiigo = datos.credito || datos.crearFacturaSiigo;
  return {
    venta_id: datos.ventaId,
    version: datos.version,
    // A credit bill is an electronic invoice whatever the switch said (docs/decisions-factura-electronica.md).
    crear_factura_siigo: crearFacturaSiigo,
    tipo_documento: !crearFacturaSiigo ? 'REMISION' : datos.credito ? 'FACTURA' : (datos.documento ?? 'FACTURA'),
    crear_venta_credito: datos.credito,
    modo_factura: datos.credito ? MODOS_FACTURA.credito : MODOS_FACTURA.contado,
    formaPagoList: datos.filas.map((fila) => ({
      id_forma_pago: fila.forma.id,
      nombre_forma_pago: fila.forma.nombre_forma_pago,
      comprobante_id: fila.forma.requiere_codigo_comprobante ? fila.comprobante.trim() : null,
      requiere_codigo_comprobante: fila.forma.requiere_codigo_comprobante,
      forma_abono: fila.forma.forma_abono,
      valor_pagado: dePesos(centavosDeValor(fila.valor)),
      adjunto_comprobante: fila.adjunto ?? null,
    })),
    valor_recibido: hayEfectivo(datos.filas) && datos.recibido !== '' && Number.isFinite(datos.recibido) ? datos.recibido : null,
  };
}

/** Whether the store's numeric id is in LISTA_TIENDA_FACTURA_SIIGO (the Siigo flag's preset, spec 000 §5). */
export function tiendaFacturaSiigo(listaTiendas: readonly number[], tiendaId: number | null | undefined): boolean {
  return tiendaId != null && listaTiendas.includes(tiendaId);
}

/** The sale header as the bill dialog reads it again after a bill that got no answer. */
type EncabezadoLeido = Pick<FacturaDetalle['ventas_encabezado'], 'id' | 'estado_venta_id' | 'tipo_documento' | 'prefijo_factura_dian' | 'nro_factura_dian'>;

/**
 * Why the dialog cannot bill the sale as read now (null while it is pending). A sale that got billed (by this dialog's
 * bill whose answer the network lost, or by another cashier) says so with its document and number, so the cashier
 * neither bills it twice nor thinks it failed (docs/decisions.md "Sin red").
 */
export function avisoNoPendiente(venta: EncabezadoLeido): string | null {
  if (venta.estado_venta_id === ESTADOS_VENTA.pendienteFacturar) return null;
  if (venta.estado_venta_id !== ESTADOS_VENTA.facturado && venta.estado_venta_id !== ESTADOS_VENTA.facturadoSinEnvio) {
    return MENSAJES_FACTURACION.noPendiente(venta.id);
  }
  const documento = venta.tipo_documento ? NOMBRES_TIPO_DOCUMENTO[venta.tipo_documento] : null;
  const numero = formatearNumeroDocumento(venta);
  const cual = [documento, numero].filter(Boolean).join(' ');
  return `La venta No. ${venta.id} ya fue facturada${cual ? `: ${cual}` : ''}`;
}

/**
 * After a bill that got no answer (no network, or none in time) the dialog may not offer Facturar again until it has
 * read the sale after that moment: the bill may have gone through (docs/decisions.md "Sin red"). True while it waits.
 */
export function esperaLectura(sinRespuestaDesde: number | null, leidaEn: number): boolean {
  return sinRespuestaDesde !== null && leidaEn <= sinRespuestaDesde;
}
