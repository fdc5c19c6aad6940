import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { CONCEPTOS_NOTA_CREDITO, FORMAS_PAGO, IMPUESTOS, MEDIOS_PAGO, nombreDian, RETENCIONES } from './codigos';
import { calcularCude, calcularCufe, codigoSeguridadSoftware, type CamposCodigoUnico } from './cufe';
import { AGENCIA_DIAN, DV_DIAN, NIT_DIAN, NS } from './espacios';
import { parteAdquiriente, parteContable, parteEmisor } from './partes';
import { textoQr } from './qr';
import type { DatosComunes, DatosDocumentoPos, DatosFactura, DatosNotaAjuste, DatosNotaCredito, DocumentoConstruido, MedioPago, RetencionDocumento } from './tipos';
import { totalesDocumento, type TotalImpuesto, type TotalesDocumento } from './totales';
import { FORMATO_FECHA, FORMATO_HORA, valorDian } from './valores';

/** The number DIAN reserves for the anonymous buyer ("consumidor final"), written with identification type 13. */
export const CONSUMIDOR_FINAL = '222222222222';

const MONEDA = 'COP';
const UNECE = 'United Nations Economic Commission for Europe';

/**
 * The four documents: the electronic invoice and its credit note (Anexo técnico 1.9), the POS equivalent document and
 * its nota de ajuste (Anexo técnico documento equivalente electrónico v1.0, Res. 000165 de 2023). The POS document is
 * an Invoice and its note a CreditNote; the codes 20 and 94 are from the latter annex's document type list, which
 * DIAN's 1.9 lists do not carry (docs/decisions-factura-electronica.md, "Documento equivalente POS").
 */
type Tipo = 'factura' | 'notaCredito' | 'pos' | 'notaAjuste';
type Datos = DatosFactura | DatosNotaCredito | DatosDocumentoPos | DatosNotaAjuste;

/**
 * What the root fixes, whichever document it carries: its namespaces, the element of its type code, its lines and their
 * quantity, and the UBL 2.1 schema it declares in xsi:schemaLocation.
 */
const RAICES = {
  Invoice: { ns: NS.invoice, sts: NS.stsFactura, elementoTipo: 'cbc:InvoiceTypeCode', linea: 'cac:InvoiceLine', cantidad: 'cbc:InvoicedQuantity' },
  CreditNote: { ns: NS.creditNote, sts: NS.stsNota, elementoTipo: 'cbc:CreditNoteTypeCode', linea: 'cac:CreditNoteLine', cantidad: 'cbc:CreditedQuantity' },
} as const;

/** A document of the given root: ProfileID, CustomizationID, its type code and the scheme of its CUFE or CUDE. */
function perfilDocumento<R extends keyof typeof RAICES>(
  raiz: R,
  documento: { perfil: string; personalizacion: string; codigoTipo: string; esquemaCodigo: 'CUFE-SHA384' | 'CUDE-SHA384' },
) {
  const { elementoTipo, ...deLaRaiz } = RAICES[raiz];
  return {
    raiz,
    ...deLaRaiz,
    schemaLocation: `${deLaRaiz.ns}     http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-${raiz}-2.1.xsd`,
    perfil: documento.perfil,
    personalizacion: documento.personalizacion,
    codigoTipo: [elementoTipo, documento.codigoTipo] as const,
    esquemaCodigo: documento.esquemaCodigo,
  };
}

/** What differs between the four documents. */
const PERFIL = {
  // CustomizationID 10: operación estándar.
  factura: perfilDocumento('Invoice', { perfil: 'DIAN 2.1: Factura Electrónica de Venta', personalizacion: '10', codigoTipo: '01', esquemaCodigo: 'CUFE-SHA384' }),
  // 20: a credit note that references an electronic invoice.
  notaCredito: perfilDocumento('CreditNote', { perfil: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta', personalizacion: '20', codigoTipo: '91', esquemaCodigo: 'CUDE-SHA384' }),
  // 10: operación estándar, the one operation of the POS document.
  pos: perfilDocumento('Invoice', { perfil: 'DIAN 2.1: Documento Equivalente POS', personalizacion: '10', codigoTipo: '20', esquemaCodigo: 'CUDE-SHA384' }),
  // 20: in a nota de ajuste the CustomizationID names the kind of equivalent document it corrects (20, POS).
  notaAjuste: perfilDocumento('CreditNote', { perfil: 'DIAN 2.1: Nota de ajuste crédito al documento equivalente', personalizacion: '20', codigoTipo: '94', esquemaCodigo: 'CUDE-SHA384' }),
};

/** An Invoice root (invoice, POS document) or a CreditNote root (the notes that correct them). */
const esFactura = (tipo: Tipo) => PERFIL[tipo].raiz === 'Invoice';
/** Numbered within a DIAN resolution, which the document declares in InvoiceControl. */
const conResolucion = (datos: Datos, tipo: Tipo): datos is DatosFactura | DatosDocumentoPos => esFactura(tipo) && 'resolucion' in datos;

/** The document a note corrects, as its BillingReference writes it. */
interface Referencia {
  numero: string;
  codigo: string;
  esquema: 'CUFE-SHA384' | 'CUDE-SHA384';
  fecha: string;
  /** The corrected document's type code, written by a nota de ajuste (20, the POS document). */
  tipoDocumento?: string;
}

function referenciaDe(datos: Datos, tipo: Tipo): Referencia | undefined {
  if (tipo === 'notaCredito') {
    const { factura } = datos as DatosNotaCredito;
    return { numero: factura.numero, codigo: factura.cufe, esquema: 'CUFE-SHA384', fecha: factura.fechaEmision };
  }
  if (tipo === 'notaAjuste') {
    const { documento } = datos as DatosNotaAjuste;
    return { numero: documento.numero, codigo: documento.cude, esquema: 'CUDE-SHA384', fecha: documento.fechaEmision, tipoDocumento: '20' };
  }
  return undefined;
}

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

function validarComunes(datos: DatosComunes): void {
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

function camposCodigo(datos: DatosComunes, textos: Textos): CamposCodigoUnico {
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
  // DIAN's name of the code, never the shop's name of its tax (docs/decisions-factura-electronica.md).
  const nombre = nombreDian(IMPUESTOS, 'TipoImpuesto', impuesto.codigo);
  for (const subtotal of impuesto.subtotales) subtotalImpuesto(total, subtotal, impuesto.codigo, nombre);
}

/** One cac:TaxSubtotal of a TaxTotal or a WithholdingTaxTotal: base, amount, rate and DIAN's scheme. */
function subtotalImpuesto(padre: XMLBuilder, subtotal: { baseCentavos: number; valorCentavos: number; porcentaje: string }, codigo: string, nombre: string): void {
  const nodo = padre.ele('cac:TaxSubtotal');
  monto(nodo, 'cbc:TaxableAmount', valorDian(subtotal.baseCentavos));
  monto(nodo, 'cbc:TaxAmount', valorDian(subtotal.valorCentavos));
  const categoria = nodo.ele('cac:TaxCategory');
  categoria.ele('cbc:Percent').txt(subtotal.porcentaje);
  const esquema = categoria.ele('cac:TaxScheme');
  esquema.ele('cbc:ID').txt(codigo);
  esquema.ele('cbc:Name').txt(nombre);
}

/**
 * The withholdings the buyer practises (docs/decisions-retenciones.md), one cac:WithholdingTaxTotal per scheme after the
 * taxes (UBL 2.1 Invoice order: TaxTotal, WithholdingTaxTotal, LegalMonetaryTotal). Informative for DIAN: they change
 * neither PayableAmount nor the CUFE, whose 15 terms take only the IVA, INC and ICA TaxTotals and PayableAmount (Anexo técnico 1.9's CUFE; cufe.ts).
 */
function totalesRetencion(padre: XMLBuilder, retenciones: readonly RetencionDocumento[]): void {
  for (const retencion of retenciones) {
    const nombre = nombreDian(RETENCIONES, 'TipoImpuesto', retencion.codigo);
    if (!/^\d{1,3}\.\d{2,4}$/.test(retencion.porcentaje)) throw new Error(`Porcentaje de retención no válido: '${retencion.porcentaje}'`);
    if (!Number.isSafeInteger(retencion.valorCentavos) || retencion.valorCentavos <= 0 || retencion.valorCentavos > retencion.baseCentavos) {
      throw new Error(`Retención ${nombre} sin valor o mayor que su base`);
    }
    const total = padre.ele('cac:WithholdingTaxTotal');
    monto(total, 'cbc:TaxAmount', valorDian(retencion.valorCentavos));
    subtotalImpuesto(total, retencion, retencion.codigo, nombre);
  }
}

function extensiones(raiz: XMLBuilder, datos: Datos, tipo: Tipo, codigoSeguridad: string, qr: string, subtotal: string): void {
  const contenedor = raiz.ele('ext:UBLExtensions');
  const dian = contenedor.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele('sts:DianExtensions');
  if (conResolucion(datos, tipo)) {
    const resolucion = datos.resolucion;
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
  if (tipo === 'pos') extensionesPos(contenedor, datos as DatosDocumentoPos, subtotal);
  // No empty extension for the signature: UBL requires one element in every ExtensionContent, so the unsigned
  // document would not validate; firmarDocumento adds the second UBLExtension with the signature.
}

/**
 * The three extensions of the POS document (Anexo técnico documento equivalente electrónico v1.0, §8.2.1; rules DEPD11
 * and DEPD21 reject a POS document without any of them): Name/Value pairs in the document's own namespace, with the
 * Names literally as the annex writes them, accents included.
 */
function extensionesPos(contenedor: XMLBuilder, datos: DatosDocumentoPos, subtotal: string): void {
  const grupo = (externo: string, interno: string, pares: [string, string][]) => {
    const nodo = contenedor.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele(NS.invoice, externo).ele(NS.invoice, interno);
    for (const [nombre, valor] of pares) {
      if (!valor.trim()) throw new Error(`El documento POS requiere ${nombre} (${interno})`);
      nodo.ele(NS.invoice, 'Name').txt(nombre);
      nodo.ele(NS.invoice, 'Value').txt(valor);
    }
  };
  const { fabricante, beneficios, puntoVenta } = datos;
  grupo('FabricanteSoftware', 'InformacionDelFabricanteDelSoftware', [
    ['NombreApellido', fabricante.nombreApellido],
    ['RazonSocial', fabricante.razonSocial],
    ['NombreSoftware', fabricante.nombreSoftware],
  ]);
  grupo('BeneficiosComprador', 'InformacionBeneficiosComprador', [
    ['Codigo', beneficios.codigo],
    ['NombresApellidos', beneficios.nombresApellidos],
    ['Puntos', beneficios.puntos],
  ]);
  grupo('PuntoVenta', 'InformacionCajaVenta', [
    ['PlacaCaja', puntoVenta.placaCaja],
    ['UbicaciónCaja', puntoVenta.ubicacionCaja],
    ['Cajero', puntoVenta.cajero],
    ['TipoCaja', puntoVenta.tipoCaja],
    ['CódigoVenta', puntoVenta.codigoVenta],
    ['SubTotal', subtotal],
  ]);
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
    if (esFactura(tipo)) {
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

function construir(tipo: Tipo, datos: Datos): DocumentoConstruido {
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
  const referencia = referenciaDe(datos, tipo);

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
  extensiones(raiz, datos, tipo, codigoSeguridad, qr, textos.bruto);
  raiz.ele('cbc:UBLVersionID').txt('UBL 2.1');
  raiz.ele('cbc:CustomizationID').txt(perfil.personalizacion);
  raiz.ele('cbc:ProfileID').txt(perfil.perfil);
  raiz.ele('cbc:ProfileExecutionID').txt(String(datos.ambiente));
  raiz.ele('cbc:ID').txt(datos.numero);
  raiz.ele('cbc:UUID', { schemeID: String(datos.ambiente), schemeName: perfil.esquemaCodigo }).txt(cufe);
  raiz.ele('cbc:IssueDate').txt(datos.fechaEmision);
  raiz.ele('cbc:IssueTime').txt(datos.horaEmision);
  if (esFactura(tipo)) {
    // UBL's CreditNote has no DueDate; an invoice sold on credit carries the last due date of its payments.
    const vencimientos = datos.mediosPago.flatMap((medio) => (medio.formaPago === 2 && medio.vencimiento ? [medio.vencimiento] : []));
    if (vencimientos.length > 0) raiz.ele('cbc:DueDate').txt(vencimientos.sort().at(-1)!);
  }
  raiz.ele(perfil.codigoTipo[0]).txt(perfil.codigoTipo[1]);
  for (const nota of datos.notas ?? []) raiz.ele('cbc:Note').txt(nota);
  raiz.ele('cbc:DocumentCurrencyCode', { listAgencyID: '6', listAgencyName: UNECE, listID: 'ISO 4217 Alpha' }).txt(MONEDA);
  raiz.ele('cbc:LineCountNumeric').txt(String(datos.lineas.length));
  if (referencia) {
    const nota = datos as DatosNotaCredito | DatosNotaAjuste;
    const corregido = tipo === 'notaCredito' ? 'de la factura' : 'del documento equivalente';
    if (!referencia.numero || !/^[0-9a-f]{96}$/.test(referencia.codigo) || !FORMATO_FECHA.test(referencia.fecha)) {
      const codigo = referencia.esquema === 'CUFE-SHA384' ? 'el CUFE' : 'el CUDE';
      throw new Error(`La nota requiere el número, ${codigo} y la fecha ${corregido} que corrige`);
    }
    if (!nota.descripcionConcepto.trim()) throw new Error('La nota requiere el concepto DIAN y su descripción');
    // The nota de ajuste's concepts (Anexo de documento equivalente, list 16.6) have the codes of ConceptoNotaCredito.
    nombreDian(CONCEPTOS_NOTA_CREDITO, 'ConceptoNotaCredito', nota.concepto);
    const discrepancia = raiz.ele('cac:DiscrepancyResponse');
    discrepancia.ele('cbc:ReferenceID').txt(referencia.numero);
    discrepancia.ele('cbc:ResponseCode').txt(nota.concepto);
    discrepancia.ele('cbc:Description').txt(nota.descripcionConcepto);
    const documentoReferido = raiz.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    documentoReferido.ele('cbc:ID').txt(referencia.numero);
    documentoReferido.ele('cbc:UUID', { schemeName: referencia.esquema }).txt(referencia.codigo);
    documentoReferido.ele('cbc:IssueDate').txt(referencia.fecha);
    if (referencia.tipoDocumento) documentoReferido.ele('cbc:DocumentTypeCode').txt(referencia.tipoDocumento);
  }
  const prefijo = conResolucion(datos, tipo) ? datos.resolucion.prefijo : undefined;
  parteContable(raiz, 'cac:AccountingSupplierParty', parteEmisor(datos.emisor, prefijo));
  parteContable(raiz, 'cac:AccountingCustomerParty', parteAdquiriente(datos.adquiriente));
  mediosDePago(raiz, datos.mediosPago);
  for (const impuesto of totales.impuestos) totalImpuesto(raiz, impuesto, textos.impuesto.get(impuesto.codigo)!);
  if (tipo === 'factura') totalesRetencion(raiz, (datos as DatosFactura).retenciones ?? []);
  const legal = raiz.ele('cac:LegalMonetaryTotal');
  monto(legal, 'cbc:LineExtensionAmount', textos.bruto);
  monto(legal, 'cbc:TaxExclusiveAmount', textos.baseGravable);
  monto(legal, 'cbc:TaxInclusiveAmount', textos.conImpuestos);
  monto(legal, 'cbc:PayableAmount', textos.pagar);
  lineas(raiz, totales, tipo);
  return { xml: documento.end({ prettyPrint: false }), cufe, codigoSeguridad, qr };
}

/** The resolution of a numbered document: complete, and the number within its range (DIAN rejects it otherwise). */
function validarResolucion(datos: DatosFactura | DatosDocumentoPos, claveRequerida: boolean): void {
  const { resolucion } = datos;
  const vigencia = FORMATO_FECHA.test(resolucion.fechaDesde) && FORMATO_FECHA.test(resolucion.fechaHasta);
  const sinClave = claveRequerida && !('claveTecnica' in resolucion && resolucion.claveTecnica);
  if (!resolucion.numero || !vigencia || sinClave) {
    const partes = claveRequerida ? 'número, vigencia y clave técnica' : 'número y vigencia';
    throw new Error(`La resolución de numeración está incompleta (${partes})`);
  }
  const consecutivo = datos.numero.startsWith(resolucion.prefijo) ? Number(datos.numero.slice(resolucion.prefijo.length)) : NaN;
  if (!Number.isInteger(consecutivo) || consecutivo < resolucion.desde || consecutivo > resolucion.hasta) {
    const { prefijo, desde, hasta } = resolucion;
    throw new Error(`El número ${datos.numero} no pertenece al rango autorizado ${prefijo}${desde}–${prefijo}${hasta}`);
  }
}

/** UBL 2.1 Invoice (venta nacional, operación estándar) with its CUFE, security code and QR, ready to sign. */
export function construirFactura(datos: DatosFactura): DocumentoConstruido {
  validarResolucion(datos, true);
  return construir('factura', datos);
}

/**
 * The documento equivalente electrónico tiquete POS: an Invoice with InvoiceTypeCode 20, its CUDE (software PIN, the
 * CUFE's 15 terms otherwise), the resolution of its range and the POS extensions, ready to sign.
 */
export function construirDocumentoPos(datos: DatosDocumentoPos): DocumentoConstruido {
  validarResolucion(datos, false);
  return construir('pos', datos);
}

/** UBL 2.1 CreditNote referencing an electronic invoice (CustomizationID 20), with its CUDE. */
export function construirNotaCredito(datos: DatosNotaCredito): DocumentoConstruido {
  return construir('notaCredito', datos);
}

/** UBL 2.1 CreditNote correcting a POS equivalent document: the nota de ajuste crédito (CreditNoteTypeCode 94), with its CUDE. */
export function construirNotaAjuste(datos: DatosNotaAjuste): DocumentoConstruido {
  return construir('notaAjuste', datos);
}
