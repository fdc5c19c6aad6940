import { beforeAll, describe, expect, it } from 'vitest';
import { xmlsec1 } from '../test/xmlsec1';
import { documentoAdjunto, firmarDocumentoAdjunto } from './adjunto';
import { leerCertificadoP12, type CertificadoFirma } from './certificado';
import { generarCertificadoPrueba } from './certificado-prueba';
import { clienteNit, consumidorFinal, documentoPosPrueba, emisorPrueba, facturaPrueba, notaAjustePrueba, notaCreditoPrueba } from './datos-prueba';
import { firmarDocumento } from './firma';
import { sobreSoap } from './soap/sobre';
import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito } from './ubl';

// Every document kind Tablero signs, verified by xmlsec1 (a verifier that shares no code with the package), and refused
// by it once one centavo changes: the XAdES-EPES signature of the invoice (cash and credit), both credit notes
// (concept 2 annulment, concept 1 partial return), the POS document and its nota de ajuste, the invoice as the customer
// receives it inside the AttachedDocument, and the WS-Security signature of the SOAP request sent to DIAN.

const XMLSEC = 60_000;

let certificado: CertificadoFirma;
beforeAll(() => {
  const { p12, clave } = generarCertificadoPrueba({ sujeto: 'Tableros del Valle S.A.S.' });
  certificado = leerCertificadoP12(p12, clave);
});

const credito = construirFactura(facturaPrueba());
const pos = construirDocumentoPos(documentoPosPrueba());

/** Each kind, unsigned, with an amount written in it that a changed centavo must break. */
const documentos: [string, () => string, string][] = [
  ['factura de contado', () => construirFactura(facturaPrueba({ mediosPago: [{ formaPago: 1, codigoMedio: '10' }] })).xml, '179011.61'],
  ['factura a crédito (PaymentMeans 2)', () => credito.xml, '179011.61'],
  ['nota crédito de anulación (concepto 2)', () => construirNotaCredito(notaCreditoPrueba(credito.cufe)).xml, '179011.61'],
  [
    'nota crédito de devolución parcial (concepto 1)',
    () => construirNotaCredito(notaCreditoPrueba(credito.cufe, { adquiriente: consumidorFinal, lineas: facturaPrueba().lineas.slice(1, 2), concepto: '1', descripcionConcepto: 'Devolución de un canto' })).xml,
    '23625.00',
  ],
  ['documento equivalente POS', () => pos.xml, '144586.61'],
  ['nota de ajuste del documento POS (concepto 2)', () => construirNotaAjuste(notaAjustePrueba(pos.cufe)).xml, '144586.61'],
];

const unCentavoMas = (xml: string, valor: string) => {
  const [pesos, decimales] = valor.split('.');
  const otro = `${pesos}.${String(Number(decimales) + 1).padStart(2, '0')}`;
  const cambiado = xml.replace(`<cbc:PayableAmount currencyID="COP">${valor}<`, `<cbc:PayableAmount currencyID="COP">${otro}<`);
  expect(cambiado).not.toBe(xml);
  return cambiado;
};

describe('xmlsec1 verifies the signature of every document kind', () => {
  it.each(documentos)('%s', async (_, construir, pagable) => {
    const firmado = await firmarDocumento(construir(), certificado, new Date());
    expect(xmlsec1(firmado, certificado.certificadoPem)).toMatchObject({ valida: true });
    expect(xmlsec1(unCentavoMas(firmado, pagable), certificado.certificadoPem)).toMatchObject({ valida: false, salida: expect.stringContaining('data and digest do not match') });
  }, XMLSEC);

  it('the invoice inside the AttachedDocument the customer receives is the signed one, byte for byte', async () => {
    const firmada = await firmarDocumento(credito.xml, certificado, new Date());
    const adjunto = documentoAdjunto({
      facturaXmlFirmado: firmada,
      emisor: emisorPrueba,
      adquiriente: clienteNit,
      numero: 'SETP990000101',
      cufe: credito.cufe,
      fechaEmision: '2026-03-02',
      horaEmision: '10:53:10-05:00',
    });
    const llevada = /<cbc:Description><!\[CDATA\[([\s\S]*?)\]\]><\/cbc:Description>/.exec(adjunto)?.[1];
    expect(llevada).toBe(firmada);
    expect(xmlsec1(llevada!, certificado.certificadoPem)).toMatchObject({ valida: true });

    // The container itself is signed by the issuer too, as DIAN's AttachedDocument is delivered: xmlsec1 verifies it,
    // it still carries the invoice byte for byte, and a changed byte of the carried invoice breaks the container's.
    const contenedor = await firmarDocumentoAdjunto(adjunto, certificado, new Date());
    expect(contenedor.indexOf('<ds:Signature')).toBeLessThan(contenedor.indexOf('<![CDATA['));
    expect(xmlsec1(contenedor, certificado.certificadoPem)).toMatchObject({ valida: true });
    expect(/<cbc:Description><!\[CDATA\[([\s\S]*?)\]\]><\/cbc:Description>/.exec(contenedor)?.[1]).toBe(firmada);
    const alterado = contenedor.replace('<cbc:PayableAmount currencyID="COP">179011.61<', '<cbc:PayableAmount currencyID="COP">179011.62<');
    expect(alterado).not.toBe(contenedor);
    expect(xmlsec1(alterado, certificado.certificadoPem)).toMatchObject({ valida: false });
    await expect(firmarDocumentoAdjunto(contenedor, certificado, new Date())).rejects.toThrow(/ya está firmado/);
  }, XMLSEC);

  it('the WS-Security signature of the SOAP request over wsa:To, and refuses another endpoint', () => {
    const destino = 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc';
    const sobre = sobreSoap('SendBillSync', { fileName: 'z0900123456000260000001.zip', contentFile: 'UEsDBA==' }, certificado, destino, new Date());
    expect(xmlsec1(sobre, certificado.certificadoPem, 'ws-security')).toMatchObject({ valida: true });
    const otro = sobre.replace(`>${destino}</wsa:To>`, '>https://vpfe.dian.gov.co/WcfDianCustomerServices.svc</wsa:To>');
    expect(otro).not.toBe(sobre);
    expect(xmlsec1(otro, certificado.certificadoPem, 'ws-security')).toMatchObject({ valida: false });
    // Another key does not verify it either: the signature is the certificate's in the BinarySecurityToken.
    const ajeno = generarCertificadoPrueba({ sujeto: 'Otro firmante' });
    expect(xmlsec1(sobre, leerCertificadoP12(ajeno.p12, ajeno.clave).certificadoPem, 'ws-security')).toMatchObject({ valida: false });
  }, XMLSEC);
});
