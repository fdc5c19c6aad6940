import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A self-signed RSA 2048 certificate packed as a password-protected PKCS#12, as an ONAC certificate arrives:
 * for tests and for the habilitación demo, never accepted by DIAN in production.
 */
export function generarCertificadoPrueba(opciones: { diasVigencia?: number; sujeto?: string } = {}): {
  p12: Buffer;
  clave: string;
} {
  // Node's native generator takes milliseconds where forge's pure-JS one takes seconds.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const llave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificado = forge.pki.createCertificate();
  certificado.publicKey = forge.pki.setRsaPublicKey(llave.n, llave.e);
  // Positive serial: a leading 0x01 byte keeps the DER INTEGER from being read as negative.
  certificado.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const ahora = new Date();
  certificado.validity.notBefore = new Date(ahora.getTime() - 60_000);
  certificado.validity.notAfter = new Date(ahora.getTime() + (opciones.diasVigencia ?? 365) * 86_400_000);
  // DER order, most general first, as CAs issue them; UTF8String so names with tildes survive.
  const nombre = [
    { shortName: 'C', value: 'CO' },
    { shortName: 'O', value: 'Tablero' },
    { shortName: 'CN', value: opciones.sujeto ?? 'Tablero prueba de firma', valueTagClass: forge.asn1.Type.UTF8 },
  ] as forge.pki.CertificateField[];
  certificado.setSubject(nombre);
  certificado.setIssuer(nombre);
  certificado.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
  ]);
  certificado.sign(llave, forge.md.sha256.create());
  const clave = randomBytes(9).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(llave, [certificado], clave, {
    algorithm: '3des',
    friendlyName: 'firma',
    generateLocalKeyId: true,
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), clave };
}
