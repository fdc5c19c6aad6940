import { createHash } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import {
  clienteNit,
  consumidorFinal,
  documentoPosPrueba,
  emisorPrueba,
  facturaPrueba,
  lineasVarias,
  notaAjustePrueba,
  notaCreditoPrueba,
} from './datos-prueba';
import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito } from './ubl';
import { centavos, hijos, raizDe, secuencia, texto, todos, uno } from './xml-prueba';

// Children order of UBL 2.1 (maindoc XSDs), restricted to what DIAN's profile uses; the builder must follow it.
const ORDEN_INVOICE = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'UUID', 'IssueDate',
  'IssueTime', 'DueDate', 'InvoiceTypeCode', 'Note', 'DocumentCurrencyCode', 'LineCountNumeric', 'InvoicePeriod',
  'OrderReference', 'BillingReference', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PaymentMeans',
  'PaymentTerms', 'PrepaidPayment', 'AllowanceCharge', 'TaxTotal', 'WithholdingTaxTotal', 'LegalMonetaryTotal', 'InvoiceLine',
];
const ORDEN_CREDIT_NOTE = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'UUID', 'IssueDate',
  'IssueTime', 'CreditNoteTypeCode', 'Note', 'DocumentCurrencyCode', 'LineCountNumeric', 'InvoicePeriod',
  'DiscrepancyResponse', 'OrderReference', 'BillingReference', 'AccountingSupplierParty', 'AccountingCustomerParty',
  'PaymentMeans', 'PaymentTerms', 'AllowanceCharge', 'TaxTotal', 'LegalMonetaryTotal', 'CreditNoteLine',
];
// UBL 2.1 puts the line AllowanceCharge before TaxTotal in InvoiceLine and after it in CreditNoteLine.
const ORDEN_INVOICE_LINE = ['ID', 'Note', 'InvoicedQuantity', 'LineExtensionAmount', 'AllowanceCharge', 'TaxTotal', 'Item', 'Price'];
const ORDEN_CREDIT_NOTE_LINE = ['ID', 'Note', 'CreditedQuantity', 'LineExtensionAmount', 'TaxTotal', 'AllowanceCharge', 'Item', 'Price'];
const ORDEN_DIAN_EXTENSIONS = ['InvoiceControl', 'InvoiceSource', 'SoftwareProvider', 'SoftwareSecurityCode', 'AuthorizationProvider', 'QRCode'];

/** Every child is a known one and they come in the schema's order. */
function enOrden(nombres: string[], orden: string[]): void {
  const posiciones = nombres.map((nombre) => orden.indexOf(nombre));
  expect(posiciones, `desconocidos en ${nombres.join(', ')}`).not.toContain(-1);
  expect(posiciones).toEqual([...posiciones].sort((a, b) => a - b));
}

const sha384 = (valor: string) => createHash('sha384').update(valor, 'utf8').digest('hex');

/** The document TaxTotal of a tax scheme, or undefined. */
function totalImpuesto(raiz: Element, codigo: string): Element | undefined {
  return hijos(raiz, 'TaxTotal').find((total) => todos(total, 'TaxSubtotal/TaxCategory/TaxScheme/ID')[0]?.textContent === codigo);
}

/** The CUFE/CUDE terms read back from the XML strings, hashed independently of the package. */
function codigoDesdeXml(raiz: Element, clave: string): string {
  const impuesto = (codigo: string) => {
    const total = totalImpuesto(raiz, codigo);
    return total ? texto(total, 'TaxAmount') : '0.00';
  };
  return sha384(
    [
      texto(raiz, 'ID'),
      texto(raiz, 'IssueDate'),
      texto(raiz, 'IssueTime'),
      texto(raiz, 'LegalMonetaryTotal/LineExtensionAmount'),
      '01',
      impuesto('01'),
      '04',
      impuesto('04'),
      '03',
      impuesto('03'),
      texto(raiz, 'LegalMonetaryTotal/PayableAmount'),
      texto(raiz, 'AccountingSupplierParty/Party/PartyTaxScheme/CompanyID'),
      texto(raiz, 'AccountingCustomerParty/Party/PartyTaxScheme/CompanyID'),
      clave,
      texto(raiz, 'ProfileExecutionID'),
    ].join(''),
  );
}

/** The amounts add up: lines, tax subtotals, LegalMonetaryTotal. */
function cuadra(raiz: Element, nombreLinea: string): void {
  const lineas = hijos(raiz, nombreLinea);
  let sumaLineas = 0;
  for (const linea of lineas) {
    const neto = centavos(texto(linea, 'LineExtensionAmount'));
    sumaLineas += neto;
    const descuentos = todos(linea, 'AllowanceCharge');
    const bruto = descuentos.length ? centavos(texto(descuentos[0]!, 'BaseAmount')) : neto;
    expect(bruto - descuentos.reduce((suma, d) => suma + centavos(texto(d, 'Amount')), 0)).toBe(neto);
    for (const total of hijos(linea, 'TaxTotal')) {
      const subtotales = hijos(total, 'TaxSubtotal').map((s) => centavos(texto(s, 'TaxAmount')));
      expect(centavos(texto(total, 'TaxAmount'))).toBe(subtotales.reduce((a, b) => a + b, 0));
    }
  }
  let impuestos = 0;
  for (const total of hijos(raiz, 'TaxTotal')) {
    const subtotales = hijos(total, 'TaxSubtotal').map((s) => centavos(texto(s, 'TaxAmount')));
    expect(centavos(texto(total, 'TaxAmount'))).toBe(subtotales.reduce((a, b) => a + b, 0));
    impuestos += centavos(texto(total, 'TaxAmount'));
    // Each document subtotal is the sum of the lines' subtotals of that scheme and percentage.
    for (const subtotal of hijos(total, 'TaxSubtotal')) {
      const codigo = texto(subtotal, 'TaxCategory/TaxScheme/ID');
      const porcentaje = texto(subtotal, 'TaxCategory/Percent');
      const deLineas = lineas
        .flatMap((linea) => todos(linea, 'TaxTotal/TaxSubtotal'))
        .filter((s) => texto(s, 'TaxCategory/TaxScheme/ID') === codigo && texto(s, 'TaxCategory/Percent') === porcentaje);
      expect(centavos(texto(subtotal, 'TaxAmount'))).toBe(deLineas.reduce((suma, s) => suma + centavos(texto(s, 'TaxAmount')), 0));
      expect(centavos(texto(subtotal, 'TaxableAmount'))).toBe(deLineas.reduce((suma, s) => suma + centavos(texto(s, 'TaxableAmount')), 0));
    }
  }
  const legal = uno(raiz, 'LegalMonetaryTotal');
  expect(centavos(texto(legal, 'LineExtensionAmount'))).toBe(sumaLineas);
  expect(centavos(texto(legal, 'TaxInclusiveAmount'))).toBe(sumaLineas + impuestos);
  expect(centavos(texto(legal, 'PayableAmount'))).toBe(centavos(texto(legal, 'TaxInclusiveAmount')));
  expect(texto(raiz, 'LineCountNumeric')).toBe(String(lineas.length));
}

describe('construirFactura', () => {
  const construida = construirFactura(facturaPrueba());
  const raiz = raizDe(construida.xml);

  it('writes the Invoice children, the DianExtensions and the lines in DIAN/UBL order', () => {
    expect(raiz.localName).toBe('Invoice');
    expect(secuencia(raiz)).toEqual([
      'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'UUID', 'IssueDate',
      'IssueTime', 'DueDate', 'InvoiceTypeCode', 'Note', 'DocumentCurrencyCode', 'LineCountNumeric',
      'AccountingSupplierParty', 'AccountingCustomerParty', 'PaymentMeans', 'TaxTotal', 'LegalMonetaryTotal', 'InvoiceLine',
    ]);
    enOrden(secuencia(raiz), ORDEN_INVOICE);
    // Only DianExtensions: the signature's extension is added by firmarDocumento (an empty one breaks UBL's schema).
    const extensiones = todos(raiz, 'UBLExtensions/UBLExtension');
    expect(extensiones).toHaveLength(1);
    expect(secuencia(uno(extensiones[0]!, 'ExtensionContent/DianExtensions'))).toEqual(ORDEN_DIAN_EXTENSIONS);
    for (const linea of hijos(raiz, 'InvoiceLine')) enOrden(secuencia(linea), ORDEN_INVOICE_LINE);
    expect(secuencia(hijos(raiz, 'InvoiceLine')[0]!)).toContain('AllowanceCharge');
  });

  it('writes the header values DIAN requires', () => {
    expect(texto(raiz, 'UBLVersionID')).toBe('UBL 2.1');
    expect(texto(raiz, 'CustomizationID')).toBe('10');
    expect(texto(raiz, 'ProfileID')).toBe('DIAN 2.1: Factura Electrónica de Venta');
    expect(texto(raiz, 'ProfileExecutionID')).toBe('2');
    expect(texto(raiz, 'InvoiceTypeCode')).toBe('01');
    expect(texto(raiz, 'DocumentCurrencyCode')).toBe('COP');
    const uuid = uno(raiz, 'UUID');
    expect(uuid.getAttribute('schemeID')).toBe('2');
    expect(uuid.getAttribute('schemeName')).toBe('CUFE-SHA384');
    const dian = uno(raiz, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions');
    expect(texto(dian, 'InvoiceControl/InvoiceAuthorization')).toBe('18760000001');
    expect(texto(dian, 'InvoiceControl/AuthorizedInvoices/Prefix')).toBe('SETP');
    expect(texto(dian, 'SoftwareProvider/SoftwareID')).toBe('56f2ae4e-9812-4fad-9255-08fcfcd5ccb0');
    expect(texto(dian, 'AuthorizationProvider/AuthorizationProviderID')).toBe('800197268');
    expect(texto(dian, 'SoftwareSecurityCode')).toBe(construida.codigoSeguridad);
    expect(texto(dian, 'SoftwareSecurityCode')).toBe(sha384('56f2ae4e-9812-4fad-9255-08fcfcd5ccb012345SETP990000101'));
    const proveedor = uno(raiz, 'AccountingSupplierParty/Party');
    expect(uno(proveedor, 'PartyTaxScheme/CompanyID').getAttribute('schemeID')).toBe('8');
    expect(texto(proveedor, 'PartyTaxScheme/TaxLevelCode')).toBe('O-13;O-15');
    expect(texto(proveedor, 'PartyLegalEntity/CorporateRegistrationScheme/ID')).toBe('SETP');
    expect(texto(proveedor, 'PhysicalLocation/Address/ID')).toBe('76001');
    expect(construida.xml).not.toContain('12345SETP'); // the PIN never travels in the XML
  });

  it('writes a credit sale: PaymentMeans 2 with PaymentDueDate, and DueDate', () => {
    const pago = uno(raiz, 'PaymentMeans');
    expect(texto(pago, 'ID')).toBe('2');
    expect(texto(pago, 'PaymentMeansCode')).toBe('10');
    expect(texto(pago, 'PaymentDueDate')).toBe('2026-04-01');
    expect(texto(raiz, 'DueDate')).toBe('2026-04-01');
    const contado = raizDe(construirFactura(facturaPrueba({ mediosPago: [{ formaPago: 1, codigoMedio: '48' }] })).xml);
    expect(todos(contado, 'DueDate')).toHaveLength(0);
    expect(todos(contado, 'PaymentMeans/PaymentDueDate')).toHaveLength(0);
  });

  it('groups several taxes: one TaxTotal per scheme, one TaxSubtotal per percentage', () => {
    expect(hijos(raiz, 'TaxTotal').map((total) => todos(total, 'TaxSubtotal/TaxCategory/TaxScheme/ID').map((id) => id.textContent))).toEqual([
      ['01', '01'],
      ['04'],
    ]);
    const iva = totalImpuesto(raiz, '01')!;
    expect(hijos(iva, 'TaxSubtotal').map((s) => texto(s, 'TaxCategory/Percent'))).toEqual(['19.00', '5.00']);
    expect(texto(iva, 'TaxAmount')).toBe('24210.26');
    expect(hijos(iva, 'TaxSubtotal').map((s) => texto(s, 'TaxableAmount'))).toEqual(['121501.35', '22500.00']);
    const inc = totalImpuesto(raiz, '04')!;
    expect(texto(inc, 'TaxSubtotal/TaxCategory/Percent')).toBe('8.00');
    expect(texto(inc, 'TaxSubtotal/TaxCategory/TaxScheme/Name')).toBe('INC');
    expect(texto(inc, 'TaxAmount')).toBe('800.00');
    expect(uno(iva, 'TaxAmount').getAttribute('currencyID')).toBe('COP');
  });

  it('writes the line discount as an AllowanceCharge and the line net value', () => {
    const linea = hijos(raiz, 'InvoiceLine')[0]!;
    const descuento = uno(linea, 'AllowanceCharge');
    expect(texto(descuento, 'ChargeIndicator')).toBe('false');
    expect(texto(descuento, 'MultiplierFactorNumeric')).toBe('10.00');
    expect(texto(descuento, 'Amount')).toBe('13500.15');
    expect(texto(descuento, 'BaseAmount')).toBe('135001.50');
    expect(texto(linea, 'LineExtensionAmount')).toBe('121501.35');
    expect(uno(linea, 'InvoicedQuantity').getAttribute('unitCode')).toBe('94');
    expect(texto(linea, 'Item/Description')).toBe('Tablero MDF 15 mm corte 60x40');
    expect(texto(linea, 'Item/SellersItemIdentification/ID')).toBe('MDF-15');
    expect(uno(linea, 'Item/StandardItemIdentification/ID').getAttribute('schemeID')).toBe('999');
    expect(texto(linea, 'Price/PriceAmount')).toBe('45000.50');
    expect(texto(linea, 'Price/BaseQuantity')).toBe('1');
    expect(todos(hijos(raiz, 'InvoiceLine')[1]!, 'AllowanceCharge')).toHaveLength(0);
    expect(uno(hijos(raiz, 'InvoiceLine')[1]!, 'InvoicedQuantity').getAttribute('unitCode')).toBe('MTR');
  });

  it('prices every line per one unit: BaseQuantity 1 in the line unit, gross = quantity × PriceAmount', () => {
    for (const linea of hijos(raiz, 'InvoiceLine')) {
      const base = uno(linea, 'Price/BaseQuantity');
      expect(base.textContent).toBe('1');
      expect(base.getAttribute('unitCode')).toBe(uno(linea, 'InvoicedQuantity').getAttribute('unitCode'));
      const descuento = todos(linea, 'AllowanceCharge/Amount').reduce((suma, d) => suma + centavos(d.textContent ?? ''), 0);
      const bruto = Number(texto(linea, 'InvoicedQuantity')) * centavos(texto(linea, 'Price/PriceAmount'));
      expect(Math.round(bruto / Number(base.textContent))).toBe(centavos(texto(linea, 'LineExtensionAmount')) + descuento);
    }
  });

  it("writes DIAN's name of each tax code, and refuses a code outside DIAN's list", () => {
    const nombres = todos(raiz, 'TaxTotal/TaxSubtotal/TaxCategory/TaxScheme').map((esquema) => `${texto(esquema, 'ID')} ${texto(esquema, 'Name')}`);
    expect([...new Set(nombres)]).toEqual(['01 IVA', '04 INC']);
    const ica = { ...lineasVarias[2]!, impuestos: [{ ...lineasVarias[2]!.impuestos[0]!, codigo: '03' }] };
    const conIca = raizDe(construirFactura(facturaPrueba({ lineas: [ica] })).xml);
    expect(texto(conIca, 'TaxTotal/TaxSubtotal/TaxCategory/TaxScheme/Name')).toBe('ICA');
    const otro = { ...ica, impuestos: [{ ...ica.impuestos[0]!, codigo: 'ZZ' }] };
    expect(() => construirFactura(facturaPrueba({ lineas: [otro] }))).toThrow("Línea 1: el impuesto 'ZZ' no está en la lista TipoImpuesto de la DIAN");
    expect(() => construirFactura(facturaPrueba({ lineas: [{ ...ica, unidad: 'KG' }] }))).toThrow(/UnidadesMedida/);
    expect(() => construirFactura(facturaPrueba({ mediosPago: [{ formaPago: 1, codigoMedio: '99' }] }))).toThrow(
      "El código '99' no está en la lista MediosPago de la DIAN",
    );
    expect(() => construirFactura(facturaPrueba({ adquiriente: { ...clienteNit, responsabilidades: ['O-99'] } }))).toThrow(/TipoResponsabilidad/);
    expect(() => construirFactura(facturaPrueba({ adquiriente: { ...clienteNit, tipoIdentificacion: '99' } }))).toThrow(/TipoIdFiscal/);
  });

  it("writes DIAN's names of the department and municipality codes, and refuses a place outside DIAN's lists", () => {
    const direcciones = todos(raiz, 'AccountingCustomerParty/Party/PhysicalLocation/Address');
    expect(direcciones.map((d) => `${texto(d, 'ID')} ${texto(d, 'CityName')} ${texto(d, 'CountrySubentityCode')} ${texto(d, 'CountrySubentity')}`)).toEqual([
      '11001 Bogotá, D.c. 11 Bogotá',
    ]);
    const conUbicacion = (departamentoCodigo: string, municipioCodigo: string) =>
      construirFactura(facturaPrueba({ adquiriente: { ...clienteNit, ubicacion: { departamentoCodigo, municipioCodigo } } }));
    expect(() => conUbicacion('27', '27493')).toThrow("El código '27493' no está en la lista Municipio de la DIAN");
    expect(() => conUbicacion('76', '05001')).toThrow('El municipio 05001 no pertenece al departamento 76');
    expect(() => conUbicacion('00', '00001')).toThrow(/Departamentos/);
  });

  it("writes DIAN's name of each party's tributo", () => {
    const tributos = todos(raiz, 'AccountingSupplierParty/Party/PartyTaxScheme/TaxScheme').concat(
      todos(raiz, 'AccountingCustomerParty/Party/PartyTaxScheme/TaxScheme'),
    );
    expect(tributos.map((t) => `${texto(t, 'ID')} ${texto(t, 'Name')}`)).toEqual(['01 IVA', '01 IVA']);
    const consumidor = raizDe(construirFactura(facturaPrueba({ adquiriente: consumidorFinal })).xml);
    expect(texto(consumidor, 'AccountingCustomerParty/Party/PartyTaxScheme/TaxScheme/Name')).toBe('No aplica');
    const ambos = raizDe(construirFactura(facturaPrueba({ emisor: { ...emisorPrueba, tributo: 'ZA' } })).xml);
    expect(texto(ambos, 'AccountingSupplierParty/Party/PartyTaxScheme/TaxScheme/Name')).toBe('IVA e INC');
  });

  it('writes totals that add up', () => {
    cuadra(raiz, 'InvoiceLine');
    const legal = uno(raiz, 'LegalMonetaryTotal');
    expect(texto(legal, 'LineExtensionAmount')).toBe('154001.35');
    expect(texto(legal, 'TaxExclusiveAmount')).toBe('154001.35');
    expect(texto(legal, 'TaxInclusiveAmount')).toBe('179011.61');
    expect(texto(legal, 'PayableAmount')).toBe('179011.61');
  });

  it('leaves an untaxed line out of TaxExclusiveAmount (the taxable base) but not out of the totals', () => {
    const exenta = { ...lineasVarias[1]!, codigo: 'MUESTRA', brutoCentavos: 500_000, precioUnitarioCentavos: 40_000, impuestos: [] };
    const otra = raizDe(construirFactura(facturaPrueba({ lineas: [...lineasVarias, exenta] })).xml);
    cuadra(otra, 'InvoiceLine');
    expect(texto(otra, 'LegalMonetaryTotal/LineExtensionAmount')).toBe('159001.35');
    expect(texto(otra, 'LegalMonetaryTotal/TaxExclusiveAmount')).toBe('154001.35');
    expect(texto(otra, 'LegalMonetaryTotal/PayableAmount')).toBe('184011.61');
    expect(todos(hijos(otra, 'InvoiceLine')[3]!, 'TaxTotal')).toHaveLength(0);
  });

  it('puts in cbc:UUID the CUFE recomputed from the XML strings', () => {
    expect(texto(raiz, 'UUID')).toBe(construida.cufe);
    expect(codigoDesdeXml(raiz, 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c')).toBe(construida.cufe);
  });

  it('writes the QR text with the CUFE and the habilitación or production catalogue', () => {
    expect(texto(raiz, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions/QRCode')).toBe(construida.qr);
    expect(construida.qr.split('\n')).toEqual([
      'NumFac: SETP990000101',
      'FecFac: 2026-03-02',
      'HorFac: 10:53:10-05:00',
      'NitFac: 900123456',
      'DocAdq: 800199436',
      'ValFac: 154001.35',
      'ValIva: 24210.26',
      'ValOtroIm: 800.00',
      'ValTolFac: 179011.61',
      `CUFE: ${construida.cufe}`,
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${construida.cufe}`,
    ]);
    const produccion = construirFactura(facturaPrueba({ ambiente: 1 }));
    expect(produccion.qr).toContain(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${produccion.cufe}`);
    expect(produccion.cufe).not.toBe(construida.cufe);
  });

  it('writes the consumidor final as DIAN defines it', () => {
    const factura = construirFactura(facturaPrueba({ adquiriente: consumidorFinal, mediosPago: [{ formaPago: 1, codigoMedio: '10' }] }));
    const cliente = uno(raizDe(factura.xml), 'AccountingCustomerParty');
    expect(texto(cliente, 'AdditionalAccountID')).toBe('2');
    const identificacion = uno(cliente, 'Party/PartyTaxScheme/CompanyID');
    expect(identificacion.textContent).toBe('222222222222');
    expect(identificacion.getAttribute('schemeName')).toBe('13');
    expect(identificacion.hasAttribute('schemeID')).toBe(false);
    expect(texto(cliente, 'Party/PartyIdentification/ID')).toBe('222222222222');
    expect(texto(cliente, 'Party/PartyTaxScheme/TaxLevelCode')).toBe('R-99-PN');
    expect(texto(cliente, 'Party/PartyTaxScheme/TaxScheme/ID')).toBe('ZZ');
    expect(todos(cliente, 'Party/PhysicalLocation')).toHaveLength(0);
    expect(codigoDesdeXml(raizDe(factura.xml), 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c')).toBe(factura.cufe);
    expect(factura.qr).toContain('DocAdq: 222222222222');
  });

  it('escapes text and keeps the CUFE consistent with special characters', () => {
    const factura = construirFactura(facturaPrueba({ notas: ['Entrega <urgente> & "frágil"'] }));
    expect(texto(raizDe(factura.xml), 'Note')).toBe('Entrega <urgente> & "frágil"');
    expect(texto(raizDe(factura.xml), 'AccountingCustomerParty/Party/PartyName/Name')).toBe('Muebles & Diseño Ltda.');
  });

  it('refuses inconsistent data with a clear message', () => {
    const [primera, ...resto] = lineasVarias;
    expect(() => construirFactura(facturaPrueba({ lineas: [{ ...primera!, descuentoCentavos: primera!.brutoCentavos + 1 }, ...resto] }))).toThrow(
      /Línea 1: el descuento .* es mayor que el valor bruto/,
    );
    expect(() => construirFactura(facturaPrueba({ lineas: [] }))).toThrow(/no tiene líneas/);
    expect(() => construirFactura(facturaPrueba({ lineas: [{ ...primera!, brutoCentavos: 10.5 }] }))).toThrow(/entero de centavos/);
    expect(() => construirFactura(facturaPrueba({ lineas: [{ ...primera!, cantidad: '0' }] }))).toThrow(/cantidad/);
    expect(() =>
      construirFactura(facturaPrueba({ lineas: [{ ...primera!, impuestos: [...primera!.impuestos, ...primera!.impuestos] }] })),
    ).toThrow(/aparece dos veces/);
    expect(() => construirFactura(facturaPrueba({ mediosPago: [{ formaPago: 2, codigoMedio: '10' }] }))).toThrow(/vencimiento/);
    expect(() => construirFactura(facturaPrueba({ numero: 'SETP1' }))).toThrow(/rango autorizado/);
    expect(() => construirFactura(facturaPrueba({ horaEmision: '10:53:10' }))).toThrow(/-05:00/);
    expect(() => construirFactura(facturaPrueba({ adquiriente: { ...consumidorFinal, tipoIdentificacion: '31', dv: '1' } }))).toThrow(
      /tipo 13/,
    );
  });
});

describe('construirNotaCredito', () => {
  const factura = construirFactura(facturaPrueba());
  const nota = construirNotaCredito(notaCreditoPrueba(factura.cufe));
  const raiz = raizDe(nota.xml);

  it('writes the CreditNote children and lines in DIAN/UBL order, without InvoiceControl nor DueDate', () => {
    expect(raiz.localName).toBe('CreditNote');
    expect(secuencia(raiz)).toEqual([
      'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'UUID', 'IssueDate',
      'IssueTime', 'CreditNoteTypeCode', 'DocumentCurrencyCode', 'LineCountNumeric', 'DiscrepancyResponse',
      'BillingReference', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PaymentMeans', 'TaxTotal',
      'LegalMonetaryTotal', 'CreditNoteLine',
    ]);
    enOrden(secuencia(raiz), ORDEN_CREDIT_NOTE);
    for (const linea of hijos(raiz, 'CreditNoteLine')) enOrden(secuencia(linea), ORDEN_CREDIT_NOTE_LINE);
    expect(secuencia(hijos(raiz, 'CreditNoteLine')[0]!)).toEqual(['ID', 'CreditedQuantity', 'LineExtensionAmount', 'TaxTotal', 'AllowanceCharge', 'Item', 'Price']);
    const dian = uno(raiz, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions');
    expect(secuencia(dian)).toEqual(ORDEN_DIAN_EXTENSIONS.slice(1));
  });

  it('references the invoice and the DIAN concept', () => {
    expect(texto(raiz, 'CustomizationID')).toBe('20');
    expect(texto(raiz, 'ProfileID')).toBe('DIAN 2.1: Nota Crédito de Factura Electrónica de Venta');
    expect(texto(raiz, 'CreditNoteTypeCode')).toBe('91');
    expect(uno(raiz, 'UUID').getAttribute('schemeName')).toBe('CUDE-SHA384');
    expect(texto(raiz, 'DiscrepancyResponse/ReferenceID')).toBe('SETP990000101');
    expect(texto(raiz, 'DiscrepancyResponse/ResponseCode')).toBe('2');
    expect(texto(raiz, 'BillingReference/InvoiceDocumentReference/ID')).toBe('SETP990000101');
    expect(texto(raiz, 'BillingReference/InvoiceDocumentReference/UUID')).toBe(factura.cufe);
    expect(uno(raiz, 'BillingReference/InvoiceDocumentReference/UUID').getAttribute('schemeName')).toBe('CUFE-SHA384');
    expect(texto(raiz, 'BillingReference/InvoiceDocumentReference/IssueDate')).toBe('2026-03-02');
  });

  it('computes the CUDE from the XML strings with the software PIN, and totals that add up', () => {
    cuadra(raiz, 'CreditNoteLine');
    expect(texto(raiz, 'UUID')).toBe(nota.cufe);
    expect(codigoDesdeXml(raiz, '12345')).toBe(nota.cufe);
    expect(nota.qr).toContain(`CUDE: ${nota.cufe}`);
  });

  it('refuses a note without a valid invoice reference', () => {
    expect(() => construirNotaCredito(notaCreditoPrueba('no-es-un-cufe'))).toThrow(/factura que corrige/);
    expect(() => construirNotaCredito(notaCreditoPrueba(factura.cufe, { concepto: '' }))).toThrow(/ConceptoNotaCredito/);
    expect(() => construirNotaCredito(notaCreditoPrueba(factura.cufe, { concepto: '6' }))).toThrow(/ConceptoNotaCredito/);
  });
});

// The POS equivalent document and its nota de ajuste, per the Anexo técnico documento equivalente electrónico v1.0
// (Res. 000165 de 2023): §8.2 (header and extensions of the POS document), §8.12 (notes), §14.1.3 (CUDE).
describe('construirDocumentoPos', () => {
  const pos = construirDocumentoPos(documentoPosPrueba());
  const raiz = raizDe(pos.xml);

  it('is an Invoice of type 20 under the POS profile, numbered within its resolution', () => {
    expect(raiz.localName).toBe('Invoice');
    enOrden(secuencia(raiz), ORDEN_INVOICE);
    expect(texto(raiz, 'CustomizationID')).toBe('10');
    expect(texto(raiz, 'ProfileID')).toBe('DIAN 2.1: Documento Equivalente POS');
    expect(texto(raiz, 'InvoiceTypeCode')).toBe('20');
    expect(texto(raiz, 'ID')).toBe('POS5001');
    const control = uno(raiz, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions/InvoiceControl');
    expect(texto(control, 'InvoiceAuthorization')).toBe('18760000002');
    expect(texto(control, 'AuthorizedInvoices/Prefix')).toBe('POS');
    expect(texto(control, 'AuthorizedInvoices/From')).toBe('5000');
    expect(texto(raiz, 'AccountingSupplierParty/Party/PartyTaxScheme/CompanyID')).toBe('900123456');
    expect(hijos(raiz, 'DueDate')).toEqual([]);
  });

  it('is identified by a CUDE of the XML strings with the software PIN (no technical key)', () => {
    cuadra(raiz, 'InvoiceLine');
    expect(uno(raiz, 'UUID').getAttribute('schemeName')).toBe('CUDE-SHA384');
    expect(texto(raiz, 'UUID')).toBe(pos.cufe);
    expect(codigoDesdeXml(raiz, '12345')).toBe(pos.cufe);
    expect(pos.qr).toContain(`CUDE: ${pos.cufe}`);
    expect(pos.qr).toContain(`documentkey=${pos.cufe}`);
  });

  it('carries the software maker, the buyer benefits and the cash register, with the subtotal of the lines', () => {
    const extensiones = hijos(uno(raiz, 'UBLExtensions'), 'UBLExtension').map((e) => hijos(uno(e, 'ExtensionContent'))[0]!.localName);
    expect(extensiones).toEqual(['DianExtensions', 'FabricanteSoftware', 'BeneficiosComprador', 'PuntoVenta']);
    const pares = (ruta: string) => {
      const nodos = hijos(uno(raiz, `UBLExtensions/UBLExtension/ExtensionContent/${ruta}`));
      return nodos.filter((n) => n.localName === 'Name').map((n, i) => [n.textContent, nodos[i * 2 + 1]!.textContent]);
    };
    expect(pares('FabricanteSoftware/InformacionDelFabricanteDelSoftware')).toEqual([
      ['NombreApellido', 'Tableros del Valle S.A.S.'],
      ['RazonSocial', 'Tableros del Valle S.A.S.'],
      ['NombreSoftware', 'Tablero'],
    ]);
    expect(pares('BeneficiosComprador/InformacionBeneficiosComprador')).toEqual([
      ['Codigo', '222222222222'],
      ['NombresApellidos', 'Consumidor final'],
      ['Puntos', '0'],
    ]);
    expect(pares('PuntoVenta/InformacionCajaVenta')).toEqual([
      ['PlacaCaja', 'CENTRO'],
      ['UbicaciónCaja', 'Cra 5 # 10-20, Cali'],
      ['Cajero', 'Carla Cajera'],
      ['TipoCaja', 'Caja registradora POS'],
      ['CódigoVenta', '731'],
      ['SubTotal', texto(raiz, 'LegalMonetaryTotal/LineExtensionAmount')],
    ]);
  });

  it('refuses a number outside its range, an incomplete resolution and an empty register field', () => {
    expect(() => construirDocumentoPos(documentoPosPrueba({ numero: 'POS9001' }))).toThrow(/no pertenece al rango autorizado POS5000–POS9000/);
    const sinNumero = { ...documentoPosPrueba().resolucion, numero: '' };
    expect(() => construirDocumentoPos(documentoPosPrueba({ resolucion: sinNumero }))).toThrow(/número y vigencia/);
    const sinCajero = { ...documentoPosPrueba().puntoVenta, cajero: ' ' };
    expect(() => construirDocumentoPos(documentoPosPrueba({ puntoVenta: sinCajero }))).toThrow(/Cajero/);
  });
});

describe('construirNotaAjuste', () => {
  const pos = construirDocumentoPos(documentoPosPrueba());
  const nota = construirNotaAjuste(notaAjustePrueba(pos.cufe));
  const raiz = raizDe(nota.xml);

  it('is a CreditNote of type 94 whose CustomizationID names the POS document it corrects, without the POS extensions', () => {
    expect(raiz.localName).toBe('CreditNote');
    enOrden(secuencia(raiz), ORDEN_CREDIT_NOTE);
    expect(texto(raiz, 'CustomizationID')).toBe('20');
    expect(texto(raiz, 'ProfileID')).toBe('DIAN 2.1: Nota de ajuste crédito al documento equivalente');
    expect(texto(raiz, 'CreditNoteTypeCode')).toBe('94');
    expect(hijos(uno(raiz, 'UBLExtensions'), 'UBLExtension')).toHaveLength(1);
  });

  it('references the POS document by its CUDE and type, with the concept', () => {
    expect(texto(raiz, 'DiscrepancyResponse/ReferenceID')).toBe('POS5001');
    expect(texto(raiz, 'DiscrepancyResponse/ResponseCode')).toBe('2');
    const referencia = uno(raiz, 'BillingReference/InvoiceDocumentReference');
    expect(texto(referencia, 'ID')).toBe('POS5001');
    expect(texto(referencia, 'UUID')).toBe(pos.cufe);
    expect(uno(referencia, 'UUID').getAttribute('schemeName')).toBe('CUDE-SHA384');
    expect(texto(referencia, 'DocumentTypeCode')).toBe('20');
  });

  it('computes its CUDE from the XML strings with the software PIN', () => {
    cuadra(raiz, 'CreditNoteLine');
    expect(codigoDesdeXml(raiz, '12345')).toBe(nota.cufe);
  });

  it('refuses a note without a valid POS reference', () => {
    expect(() => construirNotaAjuste(notaAjustePrueba('no-es-un-cude'))).toThrow('La nota requiere el número, el CUDE y la fecha del documento equivalente que corrige');
    expect(() => construirNotaAjuste(notaAjustePrueba(pos.cufe, { concepto: '7' }))).toThrow(/ConceptoNotaCredito/);
  });
});
