import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { CONCEPTOS_NOTA_CREDITO, FORMAS_PAGO, IMPUESTOS, MEDIOS_PAGO, nombreDian } from './codigos';
import { calcularCude, calcularCufe, codigoSeguridadSoftware, type CamposCodigoUnico } from './cufe';
import { AGENCIA_DIAN, DV_DIAN, NIT_DIAN, NS } from './espacios';
import { parteAdquiriente, parteContable, parteEmisor } from './partes';
import { textoQr } from './qr';
import type { DatosFactura, DatosNotaCredito, DocumentoConstruido, MedioPago } from './tipos';
import { totalesDocumento, type TotalImpuesto, type TotalesDocumento } from './totales';
import { FORMATO_FECHA, FORMATO_HORA, valorDian } from './valores';

/** The number DIAN reserves for the anonymous buyer ("consumidor final"), written with identification type 13. */
export const CONSUMIDOR_FINAL = '222222222222';

const MONEDA = 'COP';
const UNECE = 'United Nations Economic Commission for Europe';

type Tipo = 'factura' | 'notaCredito';

/** What differs between an invoice and a credit note. */
const PERFIL = {
  factura: {
    raiz: 'Invoice',
    ns: NS.invoice,
    sts: NS.stsFactura,
    schemaLocation: `${NS.invoice}     http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd`,
    perfil: 'DIAN 2.1: Factura Electrónica de Venta',
    personalizacion: '10',
    codigoTipo: ['cbc:InvoiceTypeCode', '01'],
    esquemaCodigo: 'CUFE-SHA384',
    linea: 'cac:InvoiceLine',
    cantidad: 'cbc:InvoicedQuantity',
  },
  notaCredito: {
    raiz: 'CreditNote',
    ns: NS.creditNote,
    sts: NS.stsNota,
    schemaLocation: `${NS.creditNote}     http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-CreditNote-2.1.xsd`,
    perfil: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta',
    // 20: a credit note that references an electronic invoice.
    personalizacion: '20',
    codigoTipo: ['cbc:CreditNoteTypeCode', '91'],
    esquemaCodigo: 'CUDE-SHA384',
    linea: 'cac:CreditNoteLine',
    cantidad: 'cbc:CreditedQuantity',
  },
} as const;

/** Every amount the XML writes, as text, computed once so the XML and the CUFE/CUDE use the very same strings. */
interface Textos {
  bruto: string;
  baseGravable: string;
  conImpuestos: string;
  pagar: string;
  /** TaxTotal/TaxAmount per tax code. */
  impuesto: Map<string, string>;
  otrosImpuestos: string;
}

function textosDe(totales: TotalesDocumento): Textos {
  return {
    bruto: valorDian(totales.brutoCentavos),
    baseGravable: valorDian(totales.baseGravableCentavos),
    conImpuestos: valorDian(totales.totalConImpuestosCentavos),
    pagar: valorDian(totales.totalPagarCentavos),
    impuesto: new Map(totales.impuestos.map((impuesto) => [impuesto.codigo, valorDian(impuesto.valorCentavos)])),
    otrosImpuestos: valorDian(
      totales.impuestos.filter((impuesto) => impuesto.codigo !== '01').reduce((suma, impuesto) => suma + impuesto.valorCentavos, 0),
    ),
  };
}

function validarComunes(datos: DatosFactura | DatosNotaCredito): void {
  if (datos.ambiente !== 1 && datos.ambiente !== 2) throw new Error(`Ambiente DIAN no válido: ${String(datos.ambiente)}`);
  if (!datos.numero.trim()) throw new Error('Falta el número del documento');
  if (!FORMATO_FECHA.test(datos.fechaEmision)) throw new Error(`Fecha de emisión no válida: '${datos.fechaEmision}'`);
  if (!FORMATO_HORA.test(datos.horaEmision)) {
    throw new Error(`Hora de emisión no válida: '${datos.horaEmision}' (se espera HH:MM:SS-05:00)`);
  }
  if (!/^\d{5,15}$/.test(datos.emisor.nit) || !/^\d$/.test(datos.emisor.dv)) {
    throw new Error('El NIT del emisor debe ir en dígitos, sin DV, y el DV en un dígito');
  }
  const adquiriente = datos.adquiriente;
  if (!/^[A-Za-z0-9-]{1,20}$/.test(adquiriente.numero)) {
    throw new Error(`Número de identificación del adquiriente no válido: '${adquiriente.numero}'`);
  }
  if (adquiriente.numero === CONSUMIDOR_FINAL && adquiriente.tipoIdentificacion !== '13') {
    throw new Error('El consumidor final se identifica con el tipo 13');
  }
  if (adquiriente.tipoIdentificacion === '31' && !/^\d$/.test(adquiriente.dv ?? '')) {
    throw new Error('El NIT del adquiriente requiere su dígito de verificación');
  }
  if (!datos.software.id.trim() || !datos.software.pin.trim()) throw new Error('Faltan el identificador o el PIN del software');
  if (datos.mediosPago.length === 0) throw new Error('El documento no tiene medio de pago');
  for (const medio of datos.mediosPago) {
    nombreDian(FORMAS_PAGO, 'FormasPago', String(medio.formaPago));
    nombreDian(MEDIOS_PAGO, 'MediosPago', medio.codigoMedio);
    if (medio.formaPago === 2 && !FORMATO_FECHA.test(medio.vencimiento ?? '')) {
      throw new Error('Un pago a crédito requiere la fecha de vencimiento (YYYY-MM-DD)');
    }
  }
}

function camposCodigo(datos: DatosFactura | DatosNotaCredito, textos: Textos): CamposCodigoUnico {
  return {
    numero: datos.numero,
    fecha: datos.fechaEmision,
    hora: datos.horaEmision,
    valorBruto: textos.bruto,
    valorIva: textos.impuesto.get('01') ?? '0.00',
    valorInc: textos.impuesto.get('04') ?? '0.00',
    valorIca: textos.impuesto.get('03') ?? '0.00',
    valorTotal: textos.pagar,
    nitEmisor: datos.emisor.nit,
    documentoAdquiriente: datos.adquiriente.numero,
    ambiente: datos.ambiente,
  };
}

function monto(padre: XMLBuilder, nombre: string, texto: string): void {
  padre.ele(nombre, { currencyID: MONEDA }).txt(texto);
}

function mediosDePago(padre: XMLBuilder, medios: MedioPago[]): void {
  for (const medio of medios) {
    const nodo = padre.ele('cac:PaymentMeans');
    nodo.ele('cbc:ID').txt(String(medio.formaPago));
    nodo.ele('cbc:PaymentMeansCode').txt(medio.codigoMedio);
    if (medio.formaPago === 2 && medio.vencimiento) nodo.ele('cbc:PaymentDueDate').txt(medio.vencimiento);
  }
}

function totalImpuesto(padre: XMLBuilder, impuesto: TotalImpuesto, textoTotal: string): void {
  const total = padre.ele('cac:TaxTotal');
  monto(total, 'cbc:TaxAmount', textoTotal);
  for (const subtotal of impuesto.subtotales) {
    const nodo = total.ele('cac:TaxSubtotal');
    monto(nodo, 'cbc:TaxableAmount', valorDian(subtotal.baseCentavos));
    monto(nodo, 'cbc:TaxAmount', valorDian(subtotal.valorCentavos));
    const categoria = nodo.ele('cac:TaxCategory');
    categoria.ele('cbc:Percent').txt(subtotal.porcentaje);
    const esquema = categoria.ele('cac:TaxScheme');
    esquema.ele('cbc:ID').txt(impuesto.codigo);
    // DIAN's name of the code, never the shop's name of its tax (docs/decisions-factura-electronica.md).
    esquema.ele('cbc:Name').txt(nombreDian(IMPUESTOS, 'TipoImpuesto', impuesto.codigo));
  }
}

function extensiones(
  raiz: XMLBuilder,
  datos: DatosFactura | DatosNotaCredito,
  tipo: Tipo,
  codigoSeguridad: string,
  qr: string,
): void {
  const contenedor = raiz.ele('ext:UBLExtensions');
  const dian = contenedor.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele('sts:DianExtensions');
  if (tipo === 'factura') {
    const resolucion = (datos as DatosFactura).resolucion;
    const control = dian.ele('sts:InvoiceControl');
    control.ele('sts:InvoiceAuthorization').txt(resolucion.numero);
    const periodo = control.ele('sts:AuthorizationPeriod');
    periodo.ele('cbc:StartDate').txt(resolucion.fechaDesde);
    periodo.ele('cbc:EndDate').txt(resolucion.fechaHasta);
    const autorizadas = control.ele('sts:AuthorizedInvoices');
    if (resolucion.prefijo) autorizadas.ele('sts:Prefix').txt(resolucion.prefijo);
    autorizadas.ele('sts:From').txt(String(resolucion.desde));
    autorizadas.ele('sts:To').txt(String(resolucion.hasta));
  }
  dian
    .ele('sts:InvoiceSource')
    .ele('cbc:IdentificationCode', {
      listAgencyID: '6',
      listAgencyName: UNECE,
      listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
    })
    .txt('CO');
  const proveedor = dian.ele('sts:SoftwareProvider');
  proveedor
    .ele('sts:ProviderID', { schemeAgencyID: '195', schemeAgencyName: AGENCIA_DIAN, schemeID: datos.software.dvProveedor, schemeName: '31' })
    .txt(datos.software.nitProveedor);
  proveedor.ele('sts:SoftwareID', { schemeAgencyID: '195', schemeAgencyName: AGENCIA_DIAN }).txt(datos.software.id);
  dian.ele('sts:SoftwareSecurityCode', { schemeAgencyID: '195', schemeAgencyName: AGENCIA_DIAN }).txt(codigoSeguridad);
  dian
    .ele('sts:AuthorizationProvider')
    .ele('sts:AuthorizationProviderID', { schemeAgencyID: '195', schemeAgencyName: AGENCIA_DIAN, schemeID: DV_DIAN, schemeName: '31' })
    .txt(NIT_DIAN);
  dian.ele('sts:QRCode').txt(qr);
  // No empty extension for the signature: UBL requires one element in every ExtensionContent, so the unsigned
  // document would not validate; firmarDocumento adds the second UBLExtension with the signature.
}

function lineas(raiz: XMLBuilder, totales: TotalesDocumento, tipo: Tipo): void {
  const perfil = PERFIL[tipo];
  totales.lineas.forEach(({ linea, netoCentavos, impuestos }, indice) => {
    const nodo = raiz.ele(perfil.linea);
    nodo.ele('cbc:ID').txt(String(indice + 1));
    nodo.ele(perfil.cantidad, { unitCode: linea.unidad }).txt(linea.cantidad);
    monto(nodo, 'cbc:LineExtensionAmount', valorDian(netoCentavos));
    const descuento = (): void => {
      if (linea.descuentoCentavos === 0) return;
      const cargo = nodo.ele('cac:AllowanceCharge');
      cargo.ele('cbc:ID').txt('1');
      cargo.ele('cbc:ChargeIndicator').txt('false');
      cargo.ele('cbc:AllowanceChargeReason').txt('Descuento');
      cargo.ele('cbc:MultiplierFactorNumeric').txt(linea.porcentajeDescuento);
      monto(cargo, 'cbc:Amount', valorDian(linea.descuentoCentavos));
      monto(cargo, 'cbc:BaseAmount', valorDian(linea.brutoCentavos));
    };
    const impuestosLinea = (): void => {
      for (const impuesto of impuestos) totalImpuesto(nodo, impuesto, valorDian(impuesto.valorCentavos));
    };
    // UBL 2.1 puts AllowanceCharge before TaxTotal in InvoiceLine and after it in CreditNoteLine.
    if (tipo === 'factura') {
      descuento();
      impuestosLinea();
    } else {
      impuestosLinea();
      descuento();
    }
    const item = nodo.ele('cac:Item');
    item.ele('cbc:Description').txt(linea.descripcion);
    item.ele('cac:SellersItemIdentification').ele('cbc:ID').txt(linea.codigo);
    item
      .ele('cac:StandardItemIdentification')
      .ele('cbc:ID', { schemeID: '999', schemeName: 'Estándar de adopción del contribuyente' })
      .txt(linea.codigo);
    const precio = nodo.ele('cac:Price');
    monto(precio, 'cbc:PriceAmount', valorDian(linea.precioUnitarioCentavos));
    // PriceAmount is the price of one unit: UBL reads it per BaseQuantity, and DIAN checks the line as quantity ×
    // PriceAmount, so both agree only with 1 (docs/decisions-factura-electronica.md, "BaseQuantity").
    precio.ele('cbc:BaseQuantity', { unitCode: linea.unidad }).txt('1');
  });
}

function construir(tipo: Tipo, datos: DatosFactura | DatosNotaCredito): DocumentoConstruido {
  validarComunes(datos);
  const perfil = PERFIL[tipo];
  const totales = totalesDocumento(datos.lineas);
  const textos = textosDe(totales);
  const campos = camposCodigo(datos, textos);
  const cufe =
    tipo === 'factura'
      ? calcularCufe({ ...campos, claveTecnica: (datos as DatosFactura).resolucion.claveTecnica })
      : calcularCude({ ...campos, pinSoftware: datos.software.pin });
  const codigoSeguridad = codigoSeguridadSoftware(datos.software.id, datos.software.pin, datos.numero);
  const qr = textoQr({
    ambiente: datos.ambiente,
    numero: datos.numero,
    fecha: datos.fechaEmision,
    hora: datos.horaEmision,
    nitEmisor: datos.emisor.nit,
    documentoAdquiriente: datos.adquiriente.numero,
    valorBruto: textos.bruto,
    valorIva: campos.valorIva,
    valorOtrosImpuestos: textos.otrosImpuestos,
    valorTotal: textos.pagar,
    codigoUnico: cufe,
    etiquetaCodigo: tipo === 'factura' ? 'CUFE' : 'CUDE',
  });

  const documento = create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  // Every namespace, signature ones included, is declared on the root: the XAdES digests of KeyInfo and
  // SignedProperties are then the same whether a verifier canonicalises in context or re-injects the root's xmlns.
  const raiz = documento.ele(perfil.ns, perfil.raiz, {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ds': NS.ds,
    'xmlns:ext': NS.ext,
    'xmlns:sts': perfil.sts,
    'xmlns:xades': NS.xades,
    'xmlns:xades141': NS.xades141,
    'xmlns:xsi': NS.xsi,
  });
  raiz.att(NS.xsi, 'xsi:schemaLocation', perfil.schemaLocation);
  extensiones(raiz, datos, tipo, codigoSeguridad, qr);
  raiz.ele('cbc:UBLVersionID').txt('UBL 2.1');
  raiz.ele('cbc:CustomizationID').txt(perfil.personalizacion);
  raiz.ele('cbc:ProfileID').txt(perfil.perfil);
  raiz.ele('cbc:ProfileExecutionID').txt(String(datos.ambiente));
  raiz.ele('cbc:ID').txt(datos.numero);
  raiz.ele('cbc:UUID', { schemeID: String(datos.ambiente), schemeName: perfil.esquemaCodigo }).txt(cufe);
  raiz.ele('cbc:IssueDate').txt(datos.fechaEmision);
  raiz.ele('cbc:IssueTime').txt(datos.horaEmision);
  if (tipo === 'factura') {
    // UBL's CreditNote has no DueDate; an invoice sold on credit carries the last due date of its payments.
    const vencimientos = datos.mediosPago.flatMap((medio) => (medio.formaPago === 2 && medio.vencimiento ? [medio.vencimiento] : []));
    if (vencimientos.length > 0) raiz.ele('cbc:DueDate').txt(vencimientos.sort().at(-1)!);
  }
  raiz.ele(perfil.codigoTipo[0]).txt(perfil.codigoTipo[1]);
  for (const nota of datos.notas ?? []) raiz.ele('cbc:Note').txt(nota);
  raiz.ele('cbc:DocumentCurrencyCode', { listAgencyID: '6', listAgencyName: UNECE, listID: 'ISO 4217 Alpha' }).txt(MONEDA);
  raiz.ele('cbc:LineCountNumeric').txt(String(datos.lineas.length));
  if (tipo === 'notaCredito') {
    const nota = datos as DatosNotaCredito;
    if (!nota.factura.numero || !/^[0-9a-f]{96}$/.test(nota.factura.cufe) || !FORMATO_FECHA.test(nota.factura.fechaEmision)) {
      throw new Error('La nota crédito requiere el número, el CUFE y la fecha de la factura que corrige');
    }
    if (!nota.descripcionConcepto.trim()) throw new Error('La nota crédito requiere el concepto DIAN y su descripción');
    nombreDian(CONCEPTOS_NOTA_CREDITO, 'ConceptoNotaCredito', nota.concepto);
    const discrepancia = raiz.ele('cac:DiscrepancyResponse');
    discrepancia.ele('cbc:ReferenceID').txt(nota.factura.numero);
    discrepancia.ele('cbc:ResponseCode').txt(nota.concepto);
    discrepancia.ele('cbc:Description').txt(nota.descripcionConcepto);
    const referencia = raiz.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    referencia.ele('cbc:ID').txt(nota.factura.numero);
    referencia.ele('cbc:UUID', { schemeName: 'CUFE-SHA384' }).txt(nota.factura.cufe);
    referencia.ele('cbc:IssueDate').txt(nota.factura.fechaEmision);
  }
  const prefijo = tipo === 'factura' ? (datos as DatosFactura).resolucion.prefijo : undefined;
  parteContable(raiz, 'cac:AccountingSupplierParty', parteEmisor(datos.emisor, prefijo));
  parteContable(raiz, 'cac:AccountingCustomerParty', parteAdquiriente(datos.adquiriente));
  mediosDePago(raiz, datos.mediosPago);
  for (const impuesto of totales.impuestos) totalImpuesto(raiz, impuesto, textos.impuesto.get(impuesto.codigo)!);
  const legal = raiz.ele('cac:LegalMonetaryTotal');
  monto(legal, 'cbc:LineExtensionAmount', textos.bruto);
  monto(legal, 'cbc:TaxExclusiveAmount', textos.baseGravable);
  monto(legal, 'cbc:TaxInclusiveAmount', textos.conImpuestos);
  monto(legal, 'cbc:PayableAmount', textos.pagar);
  lineas(raiz, totales, tipo);
  return { xml: documento.end({ prettyPrint: false }), cufe, codigoSeguridad, qr };
}

/** UBL 2.1 Invoice (venta nacional, operación estándar) with its CUFE, security code and QR, ready to sign. */
export function construirFactura(datos: DatosFactura): DocumentoConstruido {
  const { resolucion } = datos;
  const vigencia = FORMATO_FECHA.test(resolucion.fechaDesde) && FORMATO_FECHA.test(resolucion.fechaHasta);
  if (!resolucion.numero || !resolucion.claveTecnica || !vigencia) {
    throw new Error('La resolución de numeración está incompleta (número, vigencia y clave técnica)');
  }
  // DIAN rejects a number outside the authorised range; catching it here names the cause.
  const consecutivo = datos.numero.startsWith(resolucion.prefijo) ? Number(datos.numero.slice(resolucion.prefijo.length)) : NaN;
  if (!Number.isInteger(consecutivo) || consecutivo < resolucion.desde || consecutivo > resolucion.hasta) {
    const { prefijo, desde, hasta } = resolucion;
    throw new Error(`El número ${datos.numero} no pertenece al rango autorizado ${prefijo}${desde}–${prefijo}${hasta}`);
  }
  return construir('factura', datos);
}

/** UBL 2.1 CreditNote referencing an electronic invoice (CustomizationID 20), with its CUDE. */
export function construirNotaCredito(datos: DatosNotaCredito): DocumentoConstruido {
  return construir('notaCredito', datos);
}
