import { X509Certificate, createHash, createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba } from '../certificado-prueba';
import { leerCertificadoP12, type CertificadoFirma } from '../certificado';
import { leerSolicitudSoap, revisarSobreSoap, sobreSoap, verificarSobreSoap } from './sobre';

const DESTINO = 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc';
const AHORA = new Date('2026-11-25T15:00:00.000Z');

let certificado: CertificadoFirma;
let otro: CertificadoFirma;
beforeAll(() => {
  const { p12, clave } = generarCertificadoPrueba();
  certificado = leerCertificadoP12(p12, clave);
  const segundo = generarCertificadoPrueba({ sujeto: 'Otro firmante' });
  otro = leerCertificadoP12(segundo.p12, segundo.clave);
});

function entre(xml: string, inicio: string, fin: string): string {
  const desde = xml.indexOf(inicio);
  const hasta = xml.indexOf(fin, desde);
  expect(desde, inicio).toBeGreaterThanOrEqual(0);
  expect(hasta, fin).toBeGreaterThan(desde);
  return xml.slice(desde, hasta + fin.length);
}

describe('sobreSoap', () => {
  it('writes the SOAP 1.2 envelope with WS-Addressing, the timestamp, the certificate and the parameters in WSDL order', () => {
    const xml = sobreSoap('SendTestSetAsync', { testSetId: 'set-1', contentFile: 'UEsDBA==', fileName: 'z&1.zip' }, certificado, DESTINO, AHORA);
    expect(xml).toContain('<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:wcf="http://wcf.dian.colombia">');
    expect(xml).toContain('<wsa:Action>http://wcf.dian.colombia/IWcfDianCustomerServices/SendTestSetAsync</wsa:Action>');
    expect(xml).toContain(`>${DESTINO}</wsa:To>`);
    expect(xml).toContain('<wsu:Created>2026-11-25T15:00:00.000Z</wsu:Created><wsu:Expires>2026-11-25T15:05:00.000Z</wsu:Expires>');
    const der = certificado.certificadoPem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(entre(xml, '<wsse:BinarySecurityToken', '</wsse:BinarySecurityToken>')).toContain(`>${der}<`);
    expect(xml).toContain(
      '<wcf:SendTestSetAsync><wcf:fileName>z&amp;1.zip</wcf:fileName><wcf:contentFile>UEsDBA==</wcf:contentFile><wcf:testSetId>set-1</wcf:testSetId></wcf:SendTestSetAsync>',
    );
    expect(xml).not.toContain('PRIVATE KEY');
    expect(leerSolicitudSoap(xml)).toEqual({
      operacion: 'SendTestSetAsync',
      accion: 'http://wcf.dian.colombia/IWcfDianCustomerServices/SendTestSetAsync',
      para: DESTINO,
      parametros: { fileName: 'z&1.zip', contentFile: 'UEsDBA==', testSetId: 'set-1' },
    });
  });

  it('signs wsa:To so that an independent RSA-SHA256 check over the hand-canonicalized XML succeeds', () => {
    const xml = sobreSoap('GetStatus', { trackId: 'abc' }, certificado, DESTINO, AHORA);
    const id = /<wsa:To [^>]*wsu:Id="([^"]+)"/.exec(xml)![1]!;
    // Exclusive C14N of wsa:To with InclusiveNamespaces "soap wcf": the two listed prefixes plus the visibly used ones,
    // sorted by prefix, then the attributes.
    const paraCanonico =
      '<wsa:To xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:wcf="http://wcf.dian.colombia" ' +
      'xmlns:wsa="http://www.w3.org/2005/08/addressing" ' +
      'xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd" ' +
      `wsu:Id="${id}">${DESTINO}</wsa:To>`;
    const digesto = createHash('sha256').update(paraCanonico).digest('base64');
    expect(xml).toContain(`<ds:Reference URI="#${id}">`);
    expect(xml).toContain(`<ds:DigestValue>${digesto}</ds:DigestValue>`);

    const infoFirmada = entre(xml, '<ds:SignedInfo>', '</ds:SignedInfo>')
      .replace('<ds:SignedInfo>', '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">')
      .replace(/<(ds:\w+)([^>]*)\/>/g, '<$1$2></$1>')
      .replace(
        '<InclusiveNamespaces PrefixList="soap wcf" xmlns="http://www.w3.org/2001/10/xml-exc-c14n#"/>',
        '<InclusiveNamespaces xmlns="http://www.w3.org/2001/10/xml-exc-c14n#" PrefixList="soap wcf"></InclusiveNamespaces>',
      );
    const valorFirma = entre(xml, '<ds:SignatureValue>', '</ds:SignatureValue>').replace(/<\/?ds:SignatureValue>/g, '');
    expect(createVerify('RSA-SHA256').update(infoFirmada).verify(certificado.certificadoPem, valorFirma, 'base64')).toBe(true);
    // KeyInfo names the BinarySecurityToken instead of repeating the certificate.
    const idToken = /<wsse:BinarySecurityToken [^>]*wsu:Id="([^"]+)"/.exec(xml)![1];
    expect(entre(xml, '<ds:KeyInfo>', '</ds:KeyInfo>')).toContain(`<wsse:Reference URI="#${idToken}" ValueType=`);
  });
});

describe('verificarSobreSoap', () => {
  it('accepts the envelope it signed', () => {
    const xml = sobreSoap('GetStatus', { trackId: 'abc' }, certificado, DESTINO, AHORA);
    const revision = revisarSobreSoap(xml, AHORA);
    if (!revision.valido) throw new Error(revision.motivo);
    expect(new X509Certificate(revision.certificadoPem).fingerprint256).toBe(new X509Certificate(certificado.certificadoPem).fingerprint256);
    expect(verificarSobreSoap(xml, new Date(AHORA.getTime() + 60_000))).toBe(true);
  });

  it('refuses an altered wsa:To', () => {
    const xml = sobreSoap('GetStatus', { trackId: 'abc' }, certificado, DESTINO, AHORA);
    const alterado = xml.replace(`>${DESTINO}</wsa:To>`, '>https://vpfe.dian.gov.co/WcfDianCustomerServices.svc</wsa:To>');
    expect(alterado).not.toBe(xml);
    expect(verificarSobreSoap(alterado, AHORA)).toBe(false);
  });

  it('refuses a token swapped for another certificate', () => {
    const xml = sobreSoap('GetStatus', { trackId: 'abc' }, certificado, DESTINO, AHORA);
    const propio = certificado.certificadoPem.replace(/-----[A-Z ]+-----|\s/g, '');
    const ajeno = otro.certificadoPem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(revisarSobreSoap(xml.replace(propio, ajeno), AHORA)).toMatchObject({ valido: false });
  });

  it('refuses an expired timestamp, a second wsa:To and a non-SOAP body', () => {
    const xml = sobreSoap('GetStatus', { trackId: 'abc' }, certificado, DESTINO, AHORA);
    expect(revisarSobreSoap(xml, new Date(AHORA.getTime() + 11 * 60_000))).toEqual({
      valido: false,
      motivo: 'El sello de tiempo del mensaje no está vigente',
    });
    const doble = xml.replace('</soap:Header>', '<wsa:To>https://otro.example</wsa:To></soap:Header>');
    expect(verificarSobreSoap(doble, AHORA)).toBe(false);
    expect(verificarSobreSoap('<html>Service Unavailable</html>', AHORA)).toBe(false);
    expect(verificarSobreSoap('no es xml', AHORA)).toBe(false);
  });
});
