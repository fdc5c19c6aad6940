import {
  CONSUMIDOR_FINAL,
  type Adquiriente,
  type DatosDocumentoPos,
  type DatosFactura,
  type DatosNotaAjuste,
  type DatosNotaCredito,
  type Emisor,
  type ImpuestoLinea,
  type LineaDocumento,
  type MedioPago,
  type Software,
} from '@tablero/dian';
import { aCentavos, calcularDvNit, claseTributariaDeLinea, CODIGO_IVA_DIAN, esVentaCredito, formatearNumeroDocumento, TIPOS_PERSONA, type DocumentoDeVentaFE, type TipoDocumentoNumeracion } from '@tablero/domain';
import type { VentaParaProveedor } from './proveedores/proveedor';
import type { listLineasDevueltas, listLineasParaEmitir, listPagosParaEmitir, VentaParaEmitir } from './emision.repository';

/**
 * From a billed sale's rows to the DIAN document's data (pure, tested without a database). Amounts stay in the
 * centavos the sale stored, so the invoice adds up exactly as the sale and its printed representation do.
 */

type Linea = Awaited<ReturnType<typeof listLineasParaEmitir>>[number];
type Pago = Awaited<ReturnType<typeof listPagosParaEmitir>>[number];
type LineaDevuelta = Awaited<ReturnType<typeof listLineasDevueltas>>[number];

const MONTOS_LINEA = ['valor_bruto', 'valor_descuento', 'valor_subtotal', 'valor_impuesto', 'valor_otros_impuestos'] as const;

/**
 * The lines a credit note carries (docs/decisions-factura-electronica.md, "Devolución parcial"): a partial return's
 * note (devolucionId) only that return's lines, with its quantities and amounts; the annulment's note (null) what is
 * left of each line after the partial returns (a line returned whole is left out). Amounts in the stored centavos.
 */
export function lineasDeNota(lineas: Linea[], devueltas: LineaDevuelta[], devolucionId: number | null): Linea[] {
  const texto = (centavos: number) => (centavos / 100).toFixed(2);
  const resultado: Linea[] = [];
  for (const linea of lineas) {
    const propias = devueltas.filter((d) => d.item === linea.item && (devolucionId === null || d.devolucion_venta_id === devolucionId));
    if (devolucionId !== null) {
      if (propias.length === 0) continue;
      const suma = (campo: (typeof MONTOS_LINEA)[number]) => propias.reduce((t, d) => t + aCentavos(d[campo]), 0);
      // Quantities have two decimals (DECIMALES_CANTIDAD_LINEA): added in hundredths, as the amounts in centavos.
      const cantidad = propias.reduce((t, d) => t + aCentavos(d.cantidad), 0) / 100;
      resultado.push({ ...linea, cantidad: String(cantidad), ...Object.fromEntries(MONTOS_LINEA.map((c) => [c, texto(suma(c))])) });
      continue;
    }
    const devuelta = propias.reduce((t, d) => t + aCentavos(d.cantidad), 0);
    const restante = aCentavos(linea.cantidad) - devuelta;
    if (restante <= 0) continue;
    if (devuelta === 0) {
      resultado.push(linea);
      continue;
    }
    const resto = (campo: (typeof MONTOS_LINEA)[number]) => texto(aCentavos(linea[campo]) - propias.reduce((t, d) => t + aCentavos(d[campo]), 0));
    resultado.push({ ...linea, cantidad: String(restante / 100), ...Object.fromEntries(MONTOS_LINEA.map((c) => [c, resto(c)])) });
  }
  return resultado;
}

/** What the settings give the document: the issuer, the software and the environment. */
export interface EmisorConfigurado {
  emisor: Emisor;
  software: Software;
  ambiente: 1 | 2;
}


function porcentajeTexto(valor: string | number): string {
  return Number(valor).toFixed(2);
}

export function adquirienteDeVenta(venta: VentaParaEmitir): Adquiriente {
  const limpio = venta.numero_documento.replace(/[.\s]/g, '');
  const esNit = venta.tipo_identificacion === '31';
  // A NIT may be stored with its check digit ('900123456-7'); DIAN wants them apart.
  const conDv = esNit ? /^(\d+)-(\d)$/.exec(limpio) : null;
  const numero = conDv ? conDv[1]! : limpio.replace(/[^0-9A-Za-z]/g, '');
  const consumidorFinal = numero === CONSUMIDOR_FINAL;
  const nombre = `${venta.nombres} ${venta.apellidos}`.trim();
  return {
    tipoIdentificacion: consumidorFinal ? '13' : venta.tipo_identificacion,
    numero,
    ...(esNit ? { dv: conDv ? conDv[2]! : calcularDvNit(numero) } : {}),
    nombre: consumidorFinal ? 'Consumidor final' : nombre,
    tipoPersona: venta.tipo_persona === TIPOS_PERSONA[1] ? 1 : 2,
    responsabilidades: [venta.responsabilidad_fiscal],
    ...(venta.direccion_residencia ? { direccion: venta.direccion_residencia } : {}),
    // Only the DIVIPOLA codes: the document writes DIAN's names of them.
    ...(venta.state_code && venta.city_code ? { ubicacion: { departamentoCodigo: venta.state_code, municipioCodigo: venta.city_code } } : {}),
    ...(venta.correo_electronico ? { correo: venta.correo_electronico } : {}),
    ...(venta.numero_celular ? { telefono: venta.numero_celular } : {}),
  };
}

export function lineasDeVenta(venta: VentaParaEmitir, lineas: Linea[]): LineaDocumento[] {
  return lineas.map((l) => {
    const base = aCentavos(l.valor_subtotal);
    const impuestos: ImpuestoLinea[] = [];
    // The tax's DIAN code and kind (docs/decisions-factura-electronica.md, "Clase tributaria"): an excluded line carries
    // no tax subtotal at all; an exempt one carries its IVA at 0 % on its base; a taxed one its code at its rate.
    if (claseTributariaDeLinea(l.porcentaje_impuesto, l.clase_tributaria) !== 'Excluded') {
      impuestos.push({
        codigo: l.codigo_impuesto_dian,
        porcentaje: porcentajeTexto(l.porcentaje_impuesto),
        baseCentavos: base,
        valorCentavos: aCentavos(l.valor_impuesto),
      });
    }
    if (aCentavos(l.valor_otros_impuestos) > 0) {
      impuestos.push({
        codigo: venta.codigo_impuesto_adicional ?? CODIGO_IVA_DIAN,
        porcentaje: porcentajeTexto(venta.porcentaje_impuesto_adicional),
        baseCentavos: base,
        valorCentavos: aCentavos(l.valor_otros_impuestos),
      });
    }
    return {
      codigo: l.referencia,
      descripcion: l.nombre_producto,
      cantidad: String(Number(l.cantidad)),
      unidad: l.nombre_corto_tipo_medida === 'ML' ? 'MTR' : '94',
      precioUnitarioCentavos: aCentavos(l.precio_unitario),
      brutoCentavos: aCentavos(l.valor_bruto),
      descuentoCentavos: aCentavos(l.valor_descuento),
      porcentajeDescuento: porcentajeTexto(l.porcentaje_descuento),
      impuestos,
    };
  });
}

/**
 * A credit sale's due date: the one its bill wrote (billing day + its account's term; docs/decisions-factura-electronica.md,
 * "Venta a crédito"), never one computed again from the moment the document is built. Null for a cash sale.
 */
export function vencimientoDeVenta(venta: Pick<VentaParaEmitir, 'tipo_pago_id' | 'fecha_vencimiento'>): string | null {
  if (!esVentaCredito(venta)) return null;
  if (!venta.fecha_vencimiento) throw new Error('La venta a crédito no tiene fecha de vencimiento');
  return venta.fecha_vencimiento;
}

/**
 * One PaymentMeans per distinct method code; a credit sale (the one rule, docs/decisions.md, Facturación, Tipo de pago)
 * is DIAN's forma de pago 2 with the sale's due date (PaymentDueDate, and the invoice's DueDate), a cash sale forma de
 * pago 1.
 */
export function mediosDePago(venta: VentaParaEmitir, pagos: Pago[]): MedioPago[] {
  const vencimiento = vencimientoDeVenta(venta);
  const codigos = [...new Set(pagos.map((p) => p.codigo_medio_pago_dian))];
  if (codigos.length === 0) codigos.push('10');
  return codigos.map((codigoMedio) => ({
    formaPago: vencimiento ? 2 : 1,
    codigoMedio,
    ...(vencimiento ? { vencimiento } : {}),
  }));
}

/**
 * The DIAN document a billed sale gets: a sale billed as POS its POS equivalent document, any other electronic one its
 * invoice (docs/decisions-factura-electronica.md, "Documento equivalente POS").
 */
export function documentoDeVentaFe(venta: { tipo_documento: TipoDocumentoNumeracion | null }): DocumentoDeVentaFE {
  return venta.tipo_documento === 'POS' ? 'POS' : 'FACTURA';
}

/** The document's number as the DIAN receives it (cbc:ID) and every screen prints it: formatearNumeroDocumento. */
export function numeroFactura(venta: Pick<VentaParaEmitir, 'prefijo_factura_dian' | 'nro_factura_dian'>): string {
  return formatearNumeroDocumento(venta) ?? '';
}

/** What an invoice and its credit note both carry: the sale's customer, lines and payments, the issuer and the moment. */
function documentoDeVenta(venta: VentaParaEmitir, lineas: Linea[], pagos: Pago[], configurado: EmisorConfigurado, emision: { fecha: string; hora: string }) {
  return {
    ambiente: configurado.ambiente,
    fechaEmision: emision.fecha,
    horaEmision: emision.hora,
    emisor: configurado.emisor,
    adquiriente: adquirienteDeVenta(venta),
    software: configurado.software,
    lineas: lineasDeVenta(venta, lineas),
    mediosPago: mediosDePago(venta, pagos),
  };
}

/**
 * What a numbered document (an invoice, a POS document) carries besides the sale: its number, the sale's observation
 * and its range's resolution. Throws naming the kind of range (`rango`) when the sale's range lacks its resolution.
 */
function documentoNumerado(
  venta: VentaParaEmitir,
  lineas: Linea[],
  pagos: Pago[],
  configurado: EmisorConfigurado,
  emision: { fecha: string; hora: string },
  rango: string,
) {
  if (!venta.resolucion_numero || !venta.fecha_desde || !venta.fecha_hasta || !venta.prefijo || venta.numero_desde === null || venta.numero_hasta === null) {
    throw new Error(`La venta no tiene el rango de numeración de ${rango} con su resolución`);
  }
  return {
    ...documentoDeVenta(venta, lineas, pagos, configurado, emision),
    numero: numeroFactura(venta),
    ...(venta.observacion_venta ? { notas: [venta.observacion_venta] } : {}),
    resolucion: {
      numero: venta.resolucion_numero,
      fechaDesde: venta.fecha_desde,
      fechaHasta: venta.fecha_hasta,
      prefijo: venta.prefijo,
      desde: venta.numero_desde,
      hasta: venta.numero_hasta,
    },
  };
}

/** Everything the invoice needs; throws the missing piece's Spanish name when the sale or settings lack it. */
export function datosFactura(
  venta: VentaParaEmitir,
  lineas: Linea[],
  pagos: Pago[],
  configurado: EmisorConfigurado,
  emision: { fecha: string; hora: string },
): DatosFactura {
  const documento = documentoNumerado(venta, lineas, pagos, configurado, emision, 'factura electrónica');
  if (!venta.clave_tecnica) throw new Error(`El rango de numeración ${documento.resolucion.prefijo} no tiene la clave técnica de la DIAN`);
  return { ...documento, resolucion: { ...documento.resolucion, claveTecnica: venta.clave_tecnica } };
}

/** The software's name in a POS document's FabricanteSoftware: Tablero issues it, for the issuer (its own software). */
export const NOMBRE_SOFTWARE = 'Tablero';
/** DIAN's InformacionCajaVenta/TipoCaja of every Tablero till. */
export const TIPO_CAJA_POS = 'Caja registradora POS';

/**
 * The documento equivalente electrónico tiquete POS (docs/decisions-factura-electronica.md, "Documento equivalente
 * POS"): the invoice's data with its range's resolution (no technical key: its CUDE uses the software PIN) and the
 * three POS extensions: the till is the store (its code, its name and the issuer's address), the cashier the user who
 * billed, the sale's code its id; the software maker the issuer itself with 'Tablero'; the buyer's benefits its
 * document and name with 0 points (Tablero has no loyalty programme, and DIAN asks for the group anyway).
 */
export function datosDocumentoPos(
  venta: VentaParaEmitir,
  lineas: Linea[],
  pagos: Pago[],
  configurado: EmisorConfigurado,
  emision: { fecha: string; hora: string },
): DatosDocumentoPos {
  const documento = documentoNumerado(venta, lineas, pagos, configurado, emision, 'documento equivalente POS');
  const { emisor } = configurado;
  const { adquiriente } = documento;
  return {
    ...documento,
    puntoVenta: {
      placaCaja: `Caja ${venta.codigo_tienda}`,
      ubicacionCaja: `${venta.nombre_tienda}, ${emisor.direccion}`,
      cajero: venta.nombre_facturador ?? 'Sin cajero',
      tipoCaja: TIPO_CAJA_POS,
      codigoVenta: String(venta.id),
    },
    fabricante: { nombreApellido: emisor.razonSocial, razonSocial: emisor.razonSocial, nombreSoftware: NOMBRE_SOFTWARE },
    beneficios: { codigo: adquiriente.numero, nombresApellidos: adquiriente.nombre, puntos: '0' },
  };
}

/**
 * What a credit note and a nota de ajuste both carry: the annulment's (DIAN concept 2) with what the sale still holds,
 * or a partial return's (concept 1) with that return's lines (lineasDeNota), and the sale's payments. The caller adds
 * the document it corrects: an invoice's credit note names the invoice (`factura`, by its CUFE), a POS document's nota
 * de ajuste names that document (`documento`, by its CUDE; docs/decisions-factura-electronica.md, "Documento
 * equivalente POS").
 */
export function datosNota(
  venta: VentaParaEmitir,
  lineas: Linea[],
  pagos: Pago[],
  configurado: EmisorConfigurado,
  emision: { fecha: string; hora: string },
  nota: { numero: string; concepto: string; motivo: string },
): Omit<DatosNotaCredito, 'factura'> & Omit<DatosNotaAjuste, 'documento'> {
  return {
    ...documentoDeVenta(venta, lineas, pagos, configurado, emision),
    numero: nota.numero,
    // DIAN's ConceptoNotaCredito code chosen at the annulment, and its reason as DiscrepancyResponse/Description.
    concepto: nota.concepto,
    descripcionConcepto: nota.motivo,
  };
}

/** What Siigo builds its own invoice from. */
export function ventaParaProveedor(venta: VentaParaEmitir, lineas: Linea[], pagos: Pago[], fecha: string): VentaParaProveedor {
  const adquiriente = adquirienteDeVenta(venta);
  return {
    ventaId: venta.id,
    fecha,
    cliente: {
      tipoIdentificacion: adquiriente.tipoIdentificacion,
      numero: adquiriente.numero,
      ...(adquiriente.dv ? { dv: adquiriente.dv } : {}),
      nombre: adquiriente.nombre,
      ...(adquiriente.correo ? { correo: adquiriente.correo } : {}),
    },
    lineas: lineas.map((l) => ({
      codigo: l.referencia,
      descripcion: l.nombre_producto,
      cantidad: String(Number(l.cantidad)),
      precioUnitarioCentavos: aCentavos(l.precio_unitario),
      descuentoCentavos: aCentavos(l.valor_descuento),
      // By the line's tax kind ("Siigo: tipo de producto y clase tributaria"): an exempt line carries its Siigo IVA at 0 %.
      siigoImpuestoIds: l.siigo_impuesto_id !== null && claseTributariaDeLinea(l.porcentaje_impuesto, l.clase_tributaria) !== 'Excluded' ? [l.siigo_impuesto_id] : [],
    })),
    pagos: pagos.map((p) => ({
      nombreFormaPago: p.nombre_forma_pago,
      valorCentavos: aCentavos(p.valor_pagado),
      credito: p.forma_credito,
      ...(p.forma_credito && venta.fecha_vencimiento ? { vencimiento: venta.fecha_vencimiento } : {}),
    })),
    totalCentavos: aCentavos(venta.total_venta),
    ...(venta.observacion_venta ? { observaciones: venta.observacion_venta } : {}),
  };
}
