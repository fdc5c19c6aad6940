import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCertificado, leerCertificadoP12, type CertificadoFirma } from './certificado';
import { generarCertificadoPrueba } from './certificado-prueba';
import { documentoPosPrueba, facturaPrueba, notaAjustePrueba, notaCreditoPrueba } from './datos-prueba';
import { firmarDocumento } from './firma';
import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito } from './ubl';
import { verificarFirma } from './verificacion';
import { hijos, raizDe, texto, todos, uno } from './xml-prueba';
import { xmlsec1 } from '../test/xmlsec1';

const UNA_HORA = 3_600_000;

let p12: Buffer;
let clave: string;
let certificado: CertificadoFirma;
let factura: ReturnType<typeof construirFactura>;
let firmada: string;
const fechaFirma = new Date(Date.now() + UNA_HORA);

// One RSA key for the whole file: generating keys is the slow part.
beforeAll(async () => {
  ({ p12, clave } = generarCertificadoPrueba({ sujeto: 'Tableros del Valle S.A.S.' }));
  certificado = leerCertificadoP12(p12, clave);
  factura = construirFactura(facturaPrueba());
  firmada = await firmarDocumento(factura.xml, certificado, fechaFirma);
});

function firmaDe(xml: string) {
  return uno(raizDe(xml), 'UBLExtensions/UBLExtension/ExtensionContent/Signature');
}

describe('leerCertificadoP12', () => {
  it('returns the key, the certificate and its facts', () => {
    expect(certificado.clavePrivadaPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(certificado.sujeto).toBe('CN=Tableros del Valle S.A.S.,O=Tablero,C=CO');
    expect(certificado.emisor).toBe(certificado.sujeto);
    const x509 = new X509Certificate(certificado.certificadoPem);
    expect(certificado.serie).toBe(x509.serialNumber.toLowerCase());
    expect(certificado.vence.getTime()).toBe(new Date(x509.validTo).getTime());
    expect(certificado.cadenaPem).toEqual([]);
  });

  it('tells a wrong password, a file that is not a .p12 and a .p12 without key apart, in Spanish', () => {
    expect(() => leerCertificadoP12(p12, `${clave}x`)).toThrow(new ErrorCertificado('La contraseña del certificado no es correcta'));
    expect(() => leerCertificadoP12(Buffer.from('no soy un certificado'), clave)).toThrow(
      new ErrorCertificado('El archivo no es un certificado .p12 válido'),
    );
    const soloCertificado = forge.pkcs12.toPkcs12Asn1(null, forge.pki.certificateFromPem(certificado.certificadoPem), 'abc', { algorithm: '3des' });
    expect(() => leerCertificadoP12(Buffer.from(forge.asn1.toDer(soloCertificado).getBytes(), 'binary'), 'abc')).toThrow(
      new ErrorCertificado('El certificado no contiene la llave privada'),
    );
    try {
      leerCertificadoP12(p12, 'otra');
    } catch (error) {
      expect(error).toBeInstanceOf(ErrorCertificado);
    }
  });
});

describe('firmarDocumento', () => {
  it('puts one XAdES-EPES signature in the last ExtensionContent and leaves the rest of the text untouched', () => {
    const extensiones = todos(raizDe(firmada), 'UBLExtensions/UBLExtension');
    expect(hijos(uno(extensiones[0]!, 'ExtensionContent'), 'Signature')).toHaveLength(0);
    expect(hijos(uno(extensiones[1]!, 'ExtensionContent'), 'Signature')).toHaveLength(1);
    expect(firmada.replace(/<ext:UBLExtension><ext:ExtensionContent><ds:Signature[\s\S]*<\/ds:Signature><\/ext:ExtensionContent><\/ext:UBLExtension>/, '')).toBe(factura.xml);
  });

  it("follows DIAN's signature profile", () => {
    const firma = firmaDe(firmada);
    const id = firma.getAttribute('Id');
    expect(uno(firma, 'SignedInfo/CanonicalizationMethod').getAttribute('Algorithm')).toBe('http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
    expect(uno(firma, 'SignedInfo/SignatureMethod').getAttribute('Algorithm')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const referencias = todos(firma, 'SignedInfo/Reference');
    expect(referencias.map((r) => r.getAttribute('URI'))).toEqual(['', `#${id}-keyinfo`, `#${id}-signedprops`]);
    expect(uno(referencias[0]!, 'Transforms/Transform').getAttribute('Algorithm')).toBe('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    expect(referencias[2]!.getAttribute('Type')).toBe('http://uri.etsi.org/01903#SignedProperties');
    for (const referencia of referencias) {
      expect(uno(referencia, 'DigestMethod').getAttribute('Algorithm')).toBe('http://www.w3.org/2001/04/xmlenc#sha256');
    }
    expect(uno(firma, 'KeyInfo').getAttribute('Id')).toBe(`${id}-keyinfo`);
    const der = new X509Certificate(certificado.certificadoPem).raw;
    expect(texto(firma, 'KeyInfo/X509Data/X509Certificate')).toBe(der.toString('base64'));

    const propiedades = uno(firma, 'Object/QualifyingProperties/SignedProperties/SignedSignatureProperties');
    expect(uno(firma, 'Object/QualifyingProperties').getAttribute('Target')).toBe(`#${id}`);
    const local = new Date(fechaFirma.getTime() - 5 * UNA_HORA).toISOString().slice(0, 19);
    expect(texto(propiedades, 'SigningTime')).toBe(`${local}-05:00`);
    const cert = uno(propiedades, 'SigningCertificate/Cert');
    expect(texto(cert, 'CertDigest/DigestValue')).toBe(createHash('sha256').update(der).digest('base64'));
    expect(texto(cert, 'IssuerSerial/X509IssuerName')).toBe('CN=Tableros del Valle S.A.S.,O=Tablero,C=CO');
    expect(texto(cert, 'IssuerSerial/X509SerialNumber')).toBe(BigInt(`0x${certificado.serie}`).toString());
    const politica = uno(propiedades, 'SignaturePolicyIdentifier/SignaturePolicyId');
    expect(texto(politica, 'SigPolicyId/Identifier')).toBe('https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf');
    expect(texto(politica, 'SigPolicyHash/DigestValue')).toBe('dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=');
    expect(texto(propiedades, 'SignerRole/ClaimedRoles/ClaimedRole')).toBe('supplier');
  });

  it('is accepted by the independent verifier (xml-crypto), for an invoice and a credit note', async () => {
    expect(verificarFirma(firmada)).toEqual({ valida: true });
    const nota = construirNotaCredito(notaCreditoPrueba(factura.cufe));
    expect(verificarFirma(await firmarDocumento(nota.xml, certificado, fechaFirma))).toEqual({ valida: true });
  });

  it('is rejected once one character of the document, the signed properties or the signature value changes', () => {
    const monto = firmada.replace('<cbc:PayableAmount currencyID="COP">179011.61<', '<cbc:PayableAmount currencyID="COP">179011.62<');
    expect(monto).not.toBe(firmada);
    const resultado = verificarFirma(monto);
    expect(resultado.valida).toBe(false);
    expect(resultado.motivo).toMatch(/digest/);

    // The last digit of the signing time, changed to another digit.
    const hora = firmada.replace(/(<xades:SigningTime>[^<]*)(\d)(-05:00<)/, (_, a: string, d: string, b: string) => `${a}${d === '9' ? '8' : '9'}${b}`);
    expect(hora).not.toBe(firmada);
    expect(verificarFirma(hora).valida).toBe(false);

    const valor = /<ds:SignatureValue>([A-Za-z0-9+/])/.exec(firmada)!;
    const otraFirma = firmada.replace(valor[0], `<ds:SignatureValue>${valor[1] === 'A' ? 'B' : 'A'}`);
    expect(verificarFirma(otraFirma)).toMatchObject({ valida: false, motivo: expect.stringMatching(/signature value/) });

    const sinReferencia = firmada.replace(/<ds:Reference URI="#[^"]*-keyinfo">[\s\S]*?<\/ds:Reference>/, '');
    expect(verificarFirma(sinReferencia)).toMatchObject({ valida: false, motivo: expect.stringMatching(/tres referencias/) });
    expect(verificarFirma(factura.xml).valida).toBe(false);
    expect(verificarFirma('<Invoice><sin cerrar>')).toEqual({ valida: false, motivo: 'El XML no está bien formado' });
  });

  it('refuses a document already signed and a certificate out of its validity', async () => {
    await expect(firmarDocumento(firmada, certificado, fechaFirma)).rejects.toThrow(/ya está firmado/);
    await expect(firmarDocumento(factura.xml, certificado, new Date(certificado.vence.getTime() + UNA_HORA))).rejects.toThrow(/vigente/);
  });

  it('carries the chain of the .p12 in X509Data and SigningCertificate, signer first, verified by xmlsec1 from the root alone', async () => {
    // Root → intermediate → signer, packed out of order as some CAs deliver them. The signer reuses this file's key.
    const llaveNueva = () =>
      forge.pki.privateKeyFromPem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
    const llaveRaiz = llaveNueva();
    const llaveIntermedia = llaveNueva();
    const llaveHoja = forge.pki.privateKeyFromPem(certificado.clavePrivadaPem) as forge.pki.rsa.PrivateKey;
    const emitir = (sujeto: string, emisor: string, llave: forge.pki.rsa.PrivateKey, firmante: forge.pki.rsa.PrivateKey, serie: string, ca: boolean) => {
      const cert = forge.pki.createCertificate();
      cert.publicKey = forge.pki.setRsaPublicKey(llave.n, llave.e);
      cert.serialNumber = serie;
      cert.validity.notBefore = new Date(Date.now() - UNA_HORA);
      cert.validity.notAfter = new Date(Date.now() + 24 * UNA_HORA);
      cert.setSubject([{ shortName: 'CN', value: sujeto }]);
      cert.setIssuer([{ shortName: 'CN', value: emisor }]);
      cert.setExtensions(
        ca
          ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true }]
          : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }],
      );
      cert.sign(firmante, forge.md.sha256.create());
      return cert;
    };
    const raiz = emitir('Raíz de prueba', 'Raíz de prueba', llaveRaiz, llaveRaiz, '0a', true);
    const intermedia = emitir('Intermedia de prueba', 'Raíz de prueba', llaveIntermedia, llaveRaiz, '0c', true);
    const hoja = emitir('Firmante', 'Intermedia de prueba', llaveHoja, llaveIntermedia, '0b', false);
    const archivo = forge.pkcs12.toPkcs12Asn1(llaveHoja, [raiz, hoja, intermedia], 'abc', { algorithm: 'aes256' });
    const conCadena = leerCertificadoP12(Buffer.from(forge.asn1.toDer(archivo).getBytes(), 'binary'), 'abc');
    expect(conCadena.sujeto).toBe('CN=Firmante');
    const der = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
    expect(conCadena.cadenaPem.map((pem) => new X509Certificate(pem).raw)).toEqual([der(intermedia), der(raiz)]);

    const xml = await firmarDocumento(factura.xml, conCadena, new Date());
    expect(verificarFirma(xml)).toEqual({ valida: true });
    const firma = firmaDe(xml);
    // One X509Data, the signer's certificate first (política de firma v2 §5.2).
    expect(todos(firma, 'KeyInfo/X509Data')).toHaveLength(1);
    expect(todos(firma, 'KeyInfo/X509Data/X509Certificate').map((c) => c.textContent)).toEqual(
      [hoja, intermedia, raiz].map((cert) => der(cert).toString('base64')),
    );
    const certs = todos(firma, 'Object/QualifyingProperties/SignedProperties/SignedSignatureProperties/SigningCertificate/Cert');
    expect(certs.map((cert) => texto(cert, 'IssuerSerial/X509SerialNumber'))).toEqual(['11', '12', '10']);
    expect(certs.map((cert) => texto(cert, 'IssuerSerial/X509IssuerName'))).toEqual(['CN=Intermedia de prueba', 'CN=Raíz de prueba', 'CN=Raíz de prueba']);
    expect(texto(certs[1]!, 'CertDigest/DigestValue')).toBe(createHash('sha256').update(der(intermedia)).digest('base64'));

    // xmlsec1 trusts only the root: it verifies because X509Data carries the intermediate, and fails without it.
    const raizPem = forge.pki.certificateToPem(raiz);
    expect(xmlsec1(xml, raizPem)).toMatchObject({ valida: true });
    const sinCadena = await firmarDocumento(factura.xml, { ...conCadena, cadenaPem: [] }, new Date());
    expect(verificarFirma(sinCadena)).toEqual({ valida: true });
    expect(xmlsec1(sinCadena, raizPem)).toMatchObject({ valida: false, salida: expect.stringContaining('unable to get local issuer certificate') });
  }, 30_000);

  it('signs a POS document after its three extensions, and its nota de ajuste; both verified by xml-crypto and xmlsec1', async () => {
    const pos = construirDocumentoPos(documentoPosPrueba());
    const posFirmado = await firmarDocumento(pos.xml, certificado, fechaFirma);
    const extensiones = todos(raizDe(posFirmado), 'UBLExtensions/UBLExtension');
    expect(extensiones).toHaveLength(5);
    expect(hijos(uno(extensiones[4]!, 'ExtensionContent'), 'Signature')).toHaveLength(1);
    const notaFirmada = await firmarDocumento(construirNotaAjuste(notaAjustePrueba(pos.cufe)).xml, certificado, fechaFirma);
    for (const xml of [posFirmado, notaFirmada]) {
      expect(verificarFirma(xml)).toEqual({ valida: true });
      expect(xmlsec1(xml, certificado.certificadoPem)).toMatchObject({ valida: true });
    }
    const cajeroCambiado = posFirmado.replace('<Value>Carla Cajera</Value>', '<Value>Otra Cajera</Value>');
    expect(verificarFirma(cajeroCambiado).valida).toBe(false);
    expect(xmlsec1(cajeroCambiado, certificado.certificadoPem)).toMatchObject({ valida: false });
  }, 30_000);

  it('is verified by xmlsec1 for a self-signed certificate, and rejected by it once a centavo changes', () => {
    expect(xmlsec1(firmada, certificado.certificadoPem)).toMatchObject({ valida: true });
    const otro = firmada.replace('<cbc:PayableAmount currencyID="COP">179011.61<', '<cbc:PayableAmount currencyID="COP">179011.62<');
    expect(xmlsec1(otro, certificado.certificadoPem)).toMatchObject({ valida: false, salida: expect.stringContaining('data and digest do not match') });
  }, 30_000);
});
