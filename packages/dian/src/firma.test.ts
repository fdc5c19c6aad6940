import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCertificado, leerCertificadoP12, type CertificadoFirma } from './certificado';
import { generarCertificadoPrueba } from './certificado-prueba';
import { facturaPrueba, notaCreditoPrueba } from './datos-prueba';
import { firmarDocumento } from './firma';
import { construirFactura, construirNotaCredito } from './ubl';
import { verificarFirma } from './verificacion';
import { hijos, raizDe, texto, todos, uno } from './xml-prueba';

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
  it('puts one XAdES-EPES signature in the second ExtensionContent and leaves the rest of the text untouched', () => {
    const extensiones = todos(raizDe(firmada), 'UBLExtensions/UBLExtension');
    expect(hijos(uno(extensiones[0]!, 'ExtensionContent'), 'Signature')).toHaveLength(0);
    expect(hijos(uno(extensiones[1]!, 'ExtensionContent'), 'Signature')).toHaveLength(1);
    expect(firmada.replace(/<ext:ExtensionContent><ds:Signature[\s\S]*<\/ds:Signature><\/ext:ExtensionContent>/, '<ext:ExtensionContent/>')).toBe(factura.xml);
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
    await expect(firmarDocumento(firmada, certificado, fechaFirma)).rejects.toThrow(/vacía/);
    await expect(firmarDocumento(factura.xml, certificado, new Date(certificado.vence.getTime() + UNA_HORA))).rejects.toThrow(/vigente/);
  });

  it('lists every certificate of the chain in SigningCertificate', async () => {
    // A CA and a leaf issued by it, packed as CAs deliver them: leaf key, leaf certificate and CA certificate. The
    // leaf reuses this file's key; only the CA needs a new one.
    const pemCa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' });
    const llaveCa = forge.pki.privateKeyFromPem(pemCa.toString());
    const llaveHoja = forge.pki.privateKeyFromPem(certificado.clavePrivadaPem) as forge.pki.rsa.PrivateKey;
    const emitir = (sujeto: string, llave: forge.pki.rsa.PrivateKey, firmante: forge.pki.rsa.PrivateKey, serie: string) => {
      const cert = forge.pki.createCertificate();
      cert.publicKey = forge.pki.setRsaPublicKey(llave.n, llave.e);
      cert.serialNumber = serie;
      cert.validity.notBefore = new Date(Date.now() - UNA_HORA);
      cert.validity.notAfter = new Date(Date.now() + 24 * UNA_HORA);
      cert.setSubject([{ shortName: 'CN', value: sujeto }]);
      cert.setIssuer([{ shortName: 'CN', value: 'CA de prueba' }]);
      cert.sign(firmante, forge.md.sha256.create());
      return cert;
    };
    const ca = emitir('CA de prueba', llaveCa, llaveCa, '0a');
    const hoja = emitir('Firmante', llaveHoja, llaveCa, '0b');
    const archivo = forge.pkcs12.toPkcs12Asn1(llaveHoja, [ca, hoja], 'abc', { algorithm: 'aes256' });
    const conCadena = leerCertificadoP12(Buffer.from(forge.asn1.toDer(archivo).getBytes(), 'binary'), 'abc');
    expect(conCadena.sujeto).toBe('CN=Firmante');
    expect(conCadena.cadenaPem).toHaveLength(1);

    const xml = await firmarDocumento(factura.xml, conCadena, new Date());
    expect(verificarFirma(xml)).toEqual({ valida: true });
    const certs = todos(firmaDe(xml), 'Object/QualifyingProperties/SignedProperties/SignedSignatureProperties/SigningCertificate/Cert');
    expect(certs.map((cert) => texto(cert, 'IssuerSerial/X509SerialNumber'))).toEqual(['11', '10']);
    expect(texto(certs[1]!, 'CertDigest/DigestValue')).toBe(
      createHash('sha256').update(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(ca)).getBytes(), 'binary')).digest('base64'),
    );
  });
});
