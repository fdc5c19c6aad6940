import { beforeAll, describe, expect, it } from 'vitest';
import { erroresCodigos, erroresEsquema, validarDocumentoDian } from '../test/validador-dian';
import { documentoAdjunto, firmarDocumentoAdjunto } from './adjunto';
import { leerCertificadoP12, type CertificadoFirma } from './certificado';
import { generarCertificadoPrueba } from './certificado-prueba';
import { clienteNit, consumidorFinal, documentoPosPrueba, emisorPrueba, facturaPrueba, notaAjustePrueba, notaCreditoPrueba } from './datos-prueba';
import { firmarDocumento } from './firma';
import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito } from './ubl';

// Every UBL shape Tablero builds, unsigned and signed, through the independent check of test/validador-dian.ts:
// UBL 2.1 + DIAN's schemas with xmllint, and every code against DIAN's lists.

const XMLLINT = 60_000;
const VALIDO = { esquema: [], codigos: [] };

let certificado: CertificadoFirma;
const factura = construirFactura(facturaPrueba());
const pos = construirDocumentoPos(documentoPosPrueba());

const respuestaDian =
  '<?xml version="1.0" encoding="utf-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>9123</cbc:ID>' +
  '<cbc:IssueDate>2026-03-02</cbc:IssueDate><cbc:IssueTime>10:55:01-05:00</cbc:IssueTime></ApplicationResponse>';

beforeAll(() => {
  const { p12, clave } = generarCertificadoPrueba({ sujeto: 'Tableros del Valle S.A.S.' });
  certificado = leerCertificadoP12(p12, clave);
});

const firmar = (xml: string) => firmarDocumento(xml, certificado, new Date());

const documentos: [string, () => string][] = [
  ['a credit invoice (PaymentMeans 2, PaymentDueDate)', () => factura.xml],
  ['a cash invoice', () => construirFactura(facturaPrueba({ mediosPago: [{ formaPago: 1, codigoMedio: '48' }, { formaPago: 1, codigoMedio: '10' }] })).xml],
  [
    'an invoice with withholdings (ReteFuente, ReteIVA, ReteICA)',
    () =>
      construirFactura(
        facturaPrueba({
          retenciones: [
            { codigo: '06', porcentaje: '2.50', baseCentavos: 100_000_000, valorCentavos: 2_500_000 },
            { codigo: '05', porcentaje: '15.00', baseCentavos: 19_000_000, valorCentavos: 2_850_000 },
            { codigo: '07', porcentaje: '1.104', baseCentavos: 100_000_000, valorCentavos: 1_104_000 },
          ],
        }),
      ).xml,
  ],
  ['an invoice to the consumidor final', () => construirFactura(facturaPrueba({ adquiriente: consumidorFinal, mediosPago: [{ formaPago: 1, codigoMedio: '10' }] })).xml],
  ['a credit note (concept 2)', () => construirNotaCredito(notaCreditoPrueba(factura.cufe)).xml],
  [
    'a partial credit note (concept 1) to the consumidor final',
    () =>
      construirNotaCredito(
        notaCreditoPrueba(factura.cufe, {
          adquiriente: consumidorFinal,
          lineas: facturaPrueba().lineas.slice(1, 2),
          concepto: '1',
          descripcionConcepto: 'Devolución de un canto',
        }),
      ).xml,
  ],
  ['a POS equivalent document to the consumidor final', () => pos.xml],
  ['a POS equivalent document to a company, card and cash', () => construirDocumentoPos(documentoPosPrueba({ adquiriente: clienteNit, mediosPago: [{ formaPago: 1, codigoMedio: '48' }, { formaPago: 1, codigoMedio: '10' }] })).xml],
  ['a nota de ajuste annulling a POS document (concept 2)', () => construirNotaAjuste(notaAjustePrueba(pos.cufe)).xml],
  ['a partial nota de ajuste (concept 1)', () => construirNotaAjuste(notaAjustePrueba(pos.cufe, { concepto: '1', descripcionConcepto: 'Devolución de un tablero' })).xml],
];

describe('the UBL documents validate against UBL 2.1 + DIAN and write only DIAN codes', () => {
  it.each(documentos)('%s, unsigned', (_, xml) => {
    expect(validarDocumentoDian(xml())).toEqual(VALIDO);
  }, XMLLINT);

  it.each(documentos)('%s, signed', async (_, xml) => {
    expect(validarDocumentoDian(await firmar(xml()))).toEqual(VALIDO);
  }, XMLLINT);

  it('the AttachedDocument, with and without DIAN’s answer, and the invoice it carries', async () => {
    const datos = {
      facturaXmlFirmado: await firmar(factura.xml),
      emisor: emisorPrueba,
      adquiriente: clienteNit,
      numero: 'SETP990000101',
      cufe: factura.cufe,
      fechaEmision: '2026-03-02',
      horaEmision: '10:53:10-05:00',
    };
    expect(validarDocumentoDian(documentoAdjunto(datos))).toEqual(VALIDO);
    expect(validarDocumentoDian(documentoAdjunto({ ...datos, respuestaDian }))).toEqual(VALIDO);
    // Signed by the issuer, as it is delivered: its own ext:UBLExtensions holds the signature and still validates.
    expect(validarDocumentoDian(await firmarDocumentoAdjunto(documentoAdjunto({ ...datos, respuestaDian }), certificado, new Date()))).toEqual(VALIDO);
    // The carried invoice is checked too: a wrong code inside it is reported.
    const adjunto = documentoAdjunto({ ...datos, facturaXmlFirmado: datos.facturaXmlFirmado.replace('<cbc:PaymentMeansCode>10<', '<cbc:PaymentMeansCode>ABC<') });
    expect(erroresCodigos(adjunto)).toEqual(["Adjunto: Invoice/PaymentMeans/PaymentMeansCode: 'ABC' no está en la lista MediosPago"]);
  }, XMLLINT);
});

describe('the independent check finds', () => {
  it("the shop's name of a tax, a unit, a payment method, a concept or a place outside DIAN's lists", () => {
    const cambiado = factura.xml
      .replace('<cbc:Name>INC</cbc:Name>', '<cbc:Name>Impuesto al consumo 8%</cbc:Name>')
      .replaceAll('unitCode="MTR"', 'unitCode="ML"')
      .replace('<cbc:ID>2</cbc:ID><cbc:PaymentMeansCode>', '<cbc:ID>3</cbc:ID><cbc:PaymentMeansCode>')
      .replaceAll('<cbc:CityName>Cali</cbc:CityName>', '<cbc:CityName>Santiago de Cali</cbc:CityName>')
      .replaceAll('<cbc:Percent>5.00</cbc:Percent>', '<cbc:Percent>7.00</cbc:Percent>');
    expect(erroresCodigos(cambiado)).toEqual([
      "Invoice/InvoiceLine/InvoicedQuantity/@unitCode: 'ML' no está en la lista UnidadesMedida",
      "Invoice/InvoiceLine/Price/BaseQuantity/@unitCode: 'ML' no está en la lista UnidadesMedida",
      "Invoice/AccountingSupplierParty/Party/PhysicalLocation/Address/CityName: 'Santiago de Cali' no es el nombre de 76001 en Municipio ('Cali')",
      "Invoice/AccountingSupplierParty/Party/PartyTaxScheme/RegistrationAddress/CityName: 'Santiago de Cali' no es el nombre de 76001 en Municipio ('Cali')",
      "Invoice/PaymentMeans/ID: '3' no está en la lista FormasPago",
      "Invoice/TaxTotal/TaxSubtotal/TaxCategory/Percent: '7.00' no está en la lista TarifaImpuestoIVA",
      "Invoice/TaxTotal/TaxSubtotal/TaxCategory/TaxScheme/Name: 'Impuesto al consumo 8%' no es el nombre de 04 en TipoImpuesto ('INC')",
      "Invoice/InvoiceLine/TaxTotal/TaxSubtotal/TaxCategory/Percent: '7.00' no está en la lista TarifaImpuestoIVA",
    ]);
    const nota = construirNotaCredito(notaCreditoPrueba(factura.cufe))
      .xml.replace('<cbc:ResponseCode>2<', '<cbc:ResponseCode>9<')
      .replace('schemeName="CUDE-SHA384"', 'schemeName="CUFE-SHA384"');
    expect(erroresCodigos(nota)).toEqual([
      "CreditNote/UUID/@schemeName: 'CUFE-SHA384' no está en la lista AlgoritmoCUDE",
      "CreditNote/DiscrepancyResponse/ResponseCode: '9' no está en la lista ConceptoNotaCredito",
    ]);
  });

  it("a POS document or nota de ajuste with a code outside the Anexo de documento equivalente, or a POS extension missing or misspelt", () => {
    const cambiado = pos.xml.replace('<cbc:InvoiceTypeCode>20<', '<cbc:InvoiceTypeCode>21<').replace('schemeName="CUDE-SHA384"', 'schemeName="CUFE-SHA384"');
    expect(erroresCodigos(cambiado)).toEqual(["Invoice/InvoiceTypeCode: '21' no está en la lista TipoDocumento"]);
    expect(erroresCodigos(pos.xml.replace('schemeName="CUDE-SHA384"', 'schemeName="CUFE-SHA384"'))).toEqual([
      "Invoice/UUID/@schemeName: 'CUFE-SHA384' no está en la lista AlgoritmoCUDE",
    ]);
    expect(erroresCodigos(pos.xml.replace('<Name>UbicaciónCaja</Name>', '<Name>UbicacionCaja</Name>'))).toEqual([
      'PuntoVenta/InformacionCajaVenta: Names PlacaCaja, UbicacionCaja, Cajero, TipoCaja, CódigoVenta, SubTotal; el anexo pide PlacaCaja, UbicaciónCaja, Cajero, TipoCaja, CódigoVenta, SubTotal',
    ]);
    const sinBeneficios = pos.xml.replace(/<ext:UBLExtension><ext:ExtensionContent><BeneficiosComprador>.*?<\/BeneficiosComprador><\/ext:ExtensionContent><\/ext:UBLExtension>/, '');
    expect(erroresCodigos(sinBeneficios)).toEqual(['Falta la extensión BeneficiosComprador/InformacionBeneficiosComprador del documento equivalente POS']);
    const nota = construirNotaAjuste(notaAjustePrueba(pos.cufe)).xml.replace('<cbc:CustomizationID>20<', '<cbc:CustomizationID>10<');
    expect(erroresCodigos(nota)).toEqual(["CreditNote/CustomizationID: '10' no está en la lista tipo de documento equivalente (Anexo DE)"]);
  });

  it('a municipality of another department, an unknown responsibility and identification type', () => {
    const cambiado = factura.xml
      .replace('<cbc:TaxLevelCode listName="48">O-23<', '<cbc:TaxLevelCode listName="48">O-23;O-99<')
      .replace('schemeName="31">800199436</cbc:ID>', 'schemeName="32">800199436</cbc:ID>')
      .replace('<cbc:ID>11001</cbc:ID>', '<cbc:ID>05001</cbc:ID>');
    const errores = erroresCodigos(cambiado);
    expect(errores).toContain("Invoice/AccountingCustomerParty/Party/PartyTaxScheme/TaxLevelCode: 'O-99' no está en la lista TipoResponsabilidad");
    expect(errores).toContain("Invoice/AccountingCustomerParty/Party/PartyIdentification/ID/@schemeName: '32' no está en la lista TipoIdFiscal");
    expect(errores).toContain('Invoice/AccountingCustomerParty/Party/PhysicalLocation/Address/ID: el municipio 05001 no es del departamento 11');
  });

  it('a schema error, and accepts only the one known conflict of DIAN’s schema (a check digit in schemeID)', async () => {
    expect(erroresEsquema(factura.xml)).toEqual([]);
    const fuera = factura.xml.replace(/<cbc:LineCountNumeric>(\d+)<\/cbc:LineCountNumeric>/, '<cbc:LineCount>$1</cbc:LineCount>');
    expect(erroresEsquema(fuera).join('\n')).toMatch(/element LineCount: Schemas validity error : Element '\{[^}]+\}LineCount': This element is not expected/);
    const otroEsquema = factura.xml.replace('schemeID="8" schemeName="31">900123456</sts:ProviderID>', 'schemeID="x" schemeName="31">900123456</sts:ProviderID>');
    expect(erroresEsquema(otroEsquema)).toEqual([expect.stringMatching(/ProviderID', attribute 'schemeID': \[facet 'enumeration'\] The value 'x'/)]);
    // The signature is validated in place too (ext:ExtensionContent is lax): XML-DSig and XAdES 1.3.2.
    const firmada = await firmar(factura.xml);
    const sinCanonicalizacion = firmada.replace(/<ds:CanonicalizationMethod [^>]*\/>/, '');
    expect(erroresEsquema(sinCanonicalizacion).join('\n')).toMatch(/Element '\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}SignatureMethod': This element is not expected\. Expected is \( \{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}CanonicalizationMethod/);
    const propiedadExtra = firmada.replace('<xades:SignedSignatureProperties>', '<xades:SignedSignatureProperties><xades:Desconocida/>');
    expect(erroresEsquema(propiedadExtra).join('\n')).toMatch(/Element '\{http:\/\/uri\.etsi\.org\/01903\/v1\.3\.2#\}Desconocida': This element is not expected/);
  }, XMLLINT);
});
