import forge from 'node-forge';

/** The signing material read from a PKCS#12 file: PEMs for WebCrypto/xml-crypto and the facts shown to the user. */
export interface CertificadoFirma {
  /** PKCS#8 PEM ('BEGIN PRIVATE KEY'), the form WebCrypto imports. */
  clavePrivadaPem: string;
  /** The certificate paired with the key. */
  certificadoPem: string;
  /** The other certificates of the file (intermediate and root CAs): the signer's issuer first, up to the root, then any unrelated one in file order. */
  cadenaPem: string[];
  sujeto: string;
  emisor: string;
  /** Serial number, lowercase hex as in the certificate. */
  serie: string;
  desde: Date;
  vence: Date;
}

/** A .p12 that cannot be used to sign; the message is for the user. */
export class ErrorCertificado extends Error {
  override name = 'ErrorCertificado';
}

/** RFC 4514 string of a forge name ('CN=Tablero,O=Ejemplo,C=CO'): most specific attribute first, specials escaped. */
export function nombreDistinguido(nombre: forge.pki.Certificate['subject']): string {
  return nombre.attributes
    .map((atributo) => {
      // forge leaves UTF8String values as raw bytes.
      const texto = String(atributo.value);
      const valor = (Number(atributo.valueTagClass) === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(texto) : texto)
        .replace(/[\\,+"<>;=]/g, (caracter) => `\\${caracter}`)
        .replace(/^[ #]/, (caracter) => `\\${caracter}`)
        .replace(/ $/, '\\ ');
      return `${atributo.shortName ?? atributo.type}=${valor}`;
    })
    .reverse()
    .join(',');
}

function abrirPkcs12(p12: Buffer, clave: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new ErrorCertificado('El archivo no es un certificado .p12 válido');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, clave);
  } catch (error) {
    // forge reports a failed MAC check (the only evidence of a wrong password) with this wording.
    if (error instanceof Error && /Invalid password|MAC could not be verified/i.test(error.message)) {
      throw new ErrorCertificado('La contraseña del certificado no es correcta');
    }
    throw new ErrorCertificado('El archivo no es un certificado .p12 válido');
  }
}

/** The certificates other than the signer's, ordered up the chain (each one the issuer of the one before). */
function cadena(propio: forge.pki.Certificate, certificados: forge.pki.Certificate[]): forge.pki.Certificate[] {
  const restantes = certificados.filter((cert) => cert !== propio);
  const ordenada: forge.pki.Certificate[] = [];
  for (let actual = propio; ; ) {
    // A self-signed certificate ends the chain.
    if (actual.isIssuer(actual)) break;
    const emisor = restantes.find((cert) => !ordenada.includes(cert) && actual.isIssuer(cert));
    if (!emisor) break;
    ordenada.push(emisor);
    actual = emisor;
  }
  return [...ordenada, ...restantes.filter((cert) => !ordenada.includes(cert))];
}

/** Opens a PKCS#12 (.p12/.pfx) with its password and returns the key, the certificate that matches it and the chain. */
export function leerCertificadoP12(p12: Buffer, clave: string): CertificadoFirma {
  const pfx = abrirPkcs12(p12, clave);
  const bolsasClave = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const llave = bolsasClave.find((bolsa) => bolsa.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!llave) throw new ErrorCertificado('El certificado no contiene la llave privada');
  const certificados = (pfx.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bolsa) => bolsa.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  // The signing certificate is the one whose public key is the private key's, whatever its position in the file.
  const propio = certificados.find((cert) => {
    const publica = cert.publicKey as forge.pki.rsa.PublicKey;
    return publica.n !== undefined && publica.n.equals(llave.n) && publica.e.equals(llave.e);
  });
  if (!propio) throw new ErrorCertificado('El certificado no contiene la llave privada');
  return {
    clavePrivadaPem: forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(llave))),
    certificadoPem: forge.pki.certificateToPem(propio),
    cadenaPem: cadena(propio, certificados).map((cert) => forge.pki.certificateToPem(cert)),
    sujeto: nombreDistinguido(propio.subject),
    emisor: nombreDistinguido(propio.issuer),
    serie: propio.serialNumber.toLowerCase(),
    desde: propio.validity.notBefore,
    vence: propio.validity.notAfter,
  };
}
