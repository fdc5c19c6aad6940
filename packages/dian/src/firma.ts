import { randomUUID } from 'node:crypto';
import { DOMImplementation, DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';
import forge from 'node-forge';
import * as xadesjs from 'xadesjs';
import { KeyInfoX509Data, X509Certificate } from 'xmldsigjs';
import { nombreDistinguido, type CertificadoFirma } from './certificado';
import { NS } from './espacios';
import { fechaHoraColombia } from './valores';
import { verificarFirma } from './verificacion';

/** DIAN's signature policy v2: its URL, description and the SHA-256 of the policy PDF. */
export const POLITICA_FIRMA_DIAN = {
  url: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  descripcion: 'Política de firma para facturas electrónicas de la República de Colombia.',
  hashSha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
} as const;

// xadesjs reaches crypto through WebCrypto (Node's is global) and builds XML through the DOM it is given.
xadesjs.Application.setEngine('NodeJS', globalThis.crypto);
xadesjs.setNodeDependencies({ DOMParser, XMLSerializer, DOMImplementation });

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const FIN_EXTENSIONES = '</ext:UBLExtensions>';
const PLANTILLA_VACIA = /<ext:ExtensionContent\s*\/>|<ext:ExtensionContent><\/ext:ExtensionContent>/;

function derDePem(pem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(pem.replace(/-----(BEGIN|END) [^-]+-----|\s/g, ''), 'base64'));
}

/** IssuerSerial as DIAN implementations write it: RFC 4514 issuer name and the serial in decimal. */
function emisorYSerie(certificadoPem: string): { emisor: string; serie: string } {
  const certificado = forge.pki.certificateFromPem(certificadoPem);
  return { emisor: nombreDistinguido(certificado.issuer), serie: BigInt(`0x${certificado.serialNumber}`).toString(10) };
}

/**
 * One xades:Cert per certificate, the signer's first then its chain, with the IssuerSerial DIAN implementations
 * write (RFC 4514 issuer, decimal serial; xadesjs would write its own ", "-joined name and only the signer).
 */
async function certificadosFirmantes(certificado: CertificadoFirma): Promise<InstanceType<typeof xadesjs.xml.Cert>[]> {
  return Promise.all(
    [certificado.certificadoPem, ...certificado.cadenaPem].map(async (pem) => {
      const cert = new xadesjs.xml.Cert();
      const { emisor, serie } = emisorYSerie(pem);
      cert.IssuerSerial.X509IssuerName = emisor;
      cert.IssuerSerial.X509SerialNumber = serie;
      cert.CertDigest.DigestMethod.Algorithm = SHA256;
      cert.CertDigest.DigestValue = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', derDePem(pem)));
      return cert;
    }),
  );
}

/**
 * Signs a UBL document built by this package with DIAN's XAdES-EPES profile (política de firma v2): enveloped
 * RSA-SHA256 signature in a last ext:UBLExtension added for it, with references to the document, to KeyInfo and
 * to SignedProperties. The builder's text is kept byte for byte: only the signature's extension is inserted.
 */
export async function firmarDocumento(xmlSinFirma: string, certificado: CertificadoFirma, fechaFirma: Date): Promise<string> {
  // The builder leaves out the signature's extension (an empty ExtensionContent breaks UBL's schema): it is added
  // here, empty, signed as such (the enveloped transform removes only ds:Signature) and then filled. The document's
  // own ext:UBLExtensions is its root's first child, so its closing tag is the text's first one: an AttachedDocument
  // carries a signed invoice (with its own extensions and signature) only as CDATA text further on.
  const previo = new DOMParser().parseFromString(xmlSinFirma, 'text/xml');
  const propias = Array.from(previo.documentElement?.childNodes ?? []).find((nodo) => nodo.nodeType === 1) as Element | undefined;
  if (propias?.namespaceURI !== NS.ext || propias.localName !== 'UBLExtensions' || previo.getElementsByTagNameNS(NS.ds, 'Signature').length > 0) {
    throw new Error('El documento ya está firmado o no tiene ext:UBLExtensions');
  }
  const xml = xmlSinFirma.replace(FIN_EXTENSIONES, `<ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension>${FIN_EXTENSIONES}`);
  const documento = new DOMParser().parseFromString(xml, 'text/xml');
  const contenidos = Array.from(documento.getElementsByTagNameNS(NS.ext, 'ExtensionContent'));
  // The last one: after DianExtensions and, in a POS document, its three extensions; the only one, in an AttachedDocument.
  if (contenidos.filter((c) => c.childNodes.length === 0).length !== 1 || contenidos.at(-1)?.childNodes.length !== 0) {
    throw new Error('La firma va en la última ext:ExtensionContent, que debe estar vacía');
  }
  if (fechaFirma < certificado.desde || fechaFirma > certificado.vence) {
    throw new Error('El certificado de firma no está vigente en la fecha de firma');
  }

  const llave = await globalThis.crypto.subtle.importKey('pkcs8', derDePem(certificado.clavePrivadaPem), RSA_SHA256, false, ['sign']);
  const id = `xmldsig-${randomUUID()}`;
  const firma = new xadesjs.SignedXml();
  firma.XmlSignature.Id = id;
  firma.XmlSignature.KeyInfo.Id = `${id}-keyinfo`;
  // One X509Data with the signer's certificate first and then the chain the .p12 carries (política de firma v2
  // §5.2); xadesjs's x509 option would write one X509Data per certificate.
  const datosX509 = new KeyInfoX509Data(derDePem(certificado.certificadoPem));
  for (const pem of certificado.cadenaPem) datosX509.AddCertificate(new X509Certificate(derDePem(pem)));
  firma.XmlSignature.KeyInfo.Add(datosX509);
  firma.Properties!.Target = `#${id}`;
  firma.SignedProperties.Id = `${id}-signedprops`;
  // Filled here rather than through the signingCertificate option, which xadesjs writes in its own format.
  for (const cert of await certificadosFirmantes(certificado)) firma.SignedProperties.SignedSignatureProperties.SigningCertificate.Add(cert);
  // dateformat prints local fields; shifting the instant by −5 h and printing in UTC gives Bogotá's wall time.
  const { fechaHora } = fechaHoraColombia(fechaFirma);
  // xadesjs types its input with the DOM lib; @xmldom/xmldom implements the same interfaces.
  await firma.Sign(RSA_SHA256, llave, documento as unknown as Parameters<xadesjs.SignedXml['Sign']>[2], {
    references: [
      { id: `${id}-ref0`, uri: '', hash: 'SHA-256', transforms: ['enveloped'] },
      { uri: `#${id}-keyinfo`, hash: 'SHA-256' },
    ],
    signingTime: { value: new Date(`${fechaHora.slice(0, 19)}Z`), format: "UTC:yyyy-mm-dd'T'HH:MM:ss'-05:00'" },
    policy: {
      hash: 'SHA-256',
      digestValue: POLITICA_FIRMA_DIAN.hashSha256,
      identifier: { value: POLITICA_FIRMA_DIAN.url, description: POLITICA_FIRMA_DIAN.descripcion },
    },
    signerRole: { claimed: ['supplier'] },
  });
  const nodo = firma.GetXml();
  if (!nodo) throw new Error('xadesjs no produjo la firma');
  const textoFirma = new XMLSerializer().serializeToString(nodo as unknown as Node);
  // The first empty one in the text is the signature's: it is the document's own, before any CDATA.
  const firmado = xml.replace(PLANTILLA_VACIA, () => `<ext:ExtensionContent>${textoFirma}</ext:ExtensionContent>`);
  // A signature DIAN would reject must never leave this function: check it with the independent verifier.
  const verificacion = verificarFirma(firmado);
  if (!verificacion.valida) throw new Error(`La firma producida no es válida: ${verificacion.motivo ?? ''}`);
  return firmado;
}
