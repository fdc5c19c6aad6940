import { createHash, X509Certificate } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { NS } from './espacios';

const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const TIPO_PROPIEDADES = 'http://uri.etsi.org/01903#SignedProperties';
const POLITICA = 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf';

export interface ResultadoVerificacion {
  valida: boolean;
  motivo?: string;
}

function hijos(padre: Element, ns: string, nombre: string): Element[] {
  return Array.from(padre.childNodes).filter(
    (nodo): nodo is Element => nodo.nodeType === 1 && (nodo as Element).namespaceURI === ns && (nodo as Element).localName === nombre,
  );
}

function texto(padre: Element | undefined, ...ruta: [string, string][]): string | undefined {
  let actual: Element | undefined = padre;
  for (const [ns, nombre] of ruta) actual = actual ? hijos(actual, ns, nombre)[0] : undefined;
  return actual?.textContent ?? undefined;
}

/**
 * Checks a signed DIAN document with xml-crypto, a library independent of the one that signs (xadesjs): the DIAN
 * layout (one signature, in the last ext:ExtensionContent, after DianExtensions and, in a POS document, its three
 * extensions; the only one, in an AttachedDocument; references to the document, KeyInfo and
 * SignedProperties), every reference digest, the signature value with the embedded certificate, and that
 * SigningCertificate names that certificate and the policy is DIAN's.
 */
export function verificarFirma(xmlFirmado: string): ResultadoVerificacion {
  let documento: Document;
  try {
    const alFallar = (nivel: string, mensaje: string) => {
      if (nivel !== 'warning') throw new Error(mensaje);
    };
    documento = new DOMParser({ onError: alFallar }).parseFromString(xmlFirmado, 'text/xml');
  } catch {
    return { valida: false, motivo: 'El XML no está bien formado' };
  }
  if (!documento.documentElement) return { valida: false, motivo: 'El XML no está bien formado' };
  const firmas = Array.from(documento.getElementsByTagNameNS(NS.ds, 'Signature'));
  if (firmas.length !== 1) return { valida: false, motivo: `Se esperaba una firma y hay ${firmas.length}` };
  const firma = firmas[0]!;
  const contenidos = documento.getElementsByTagNameNS(NS.ext, 'ExtensionContent');
  // An invoice, note or POS document carries DianExtensions before its signature; an AttachedDocument only the signature.
  const minimo = documento.documentElement.localName === 'AttachedDocument' ? 1 : 2;
  if (contenidos.length < minimo || firma.parentNode !== contenidos.item(contenidos.length - 1)) {
    return { valida: false, motivo: 'La firma no está en la última ext:ExtensionContent' };
  }

  const infoFirmada = hijos(firma, NS.ds, 'SignedInfo')[0];
  const infoClave = hijos(firma, NS.ds, 'KeyInfo')[0];
  const propiedades = firma.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0) ?? undefined;
  if (!infoFirmada || !infoClave || !propiedades) return { valida: false, motivo: 'Faltan SignedInfo, KeyInfo o SignedProperties' };
  const referencias = hijos(infoFirmada, NS.ds, 'Reference');
  const uris = referencias.map((referencia) => referencia.getAttribute('URI'));
  const documentoCompleto = referencias.find((referencia) => referencia.getAttribute('URI') === '');
  const transformaciones = documentoCompleto
    ? Array.from(documentoCompleto.getElementsByTagNameNS(NS.ds, 'Transform')).map((t) => t.getAttribute('Algorithm'))
    : [];
  const referenciaPropiedades = referencias.find((referencia) => referencia.getAttribute('URI') === `#${propiedades.getAttribute('Id')}`);
  if (
    referencias.length !== 3 ||
    !transformaciones.includes(ENVELOPED) ||
    !uris.includes(`#${infoClave.getAttribute('Id')}`) ||
    referenciaPropiedades?.getAttribute('Type') !== TIPO_PROPIEDADES
  ) {
    return { valida: false, motivo: 'La firma no tiene las tres referencias de DIAN (documento, KeyInfo, SignedProperties)' };
  }

  const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    // xml-crypto types nodes with the DOM lib; @xmldom/xmldom implements the same interfaces.
    verificador.loadSignature(firma as unknown as Parameters<SignedXml['loadSignature']>[0]);
    if (!verificador.checkSignature(xmlFirmado)) {
      const fallida = verificador.getReferences().find((referencia) => referencia.validationError);
      return { valida: false, motivo: fallida?.validationError?.message ?? 'Una referencia de la firma no coincide' };
    }
  } catch (error) {
    return { valida: false, motivo: error instanceof Error ? error.message : String(error) };
  }

  const pem = SignedXml.getCertFromKeyInfo(infoClave as unknown as Parameters<typeof SignedXml.getCertFromKeyInfo>[0]);
  if (!pem) return { valida: false, motivo: 'KeyInfo no trae el certificado' };
  const certificado = new X509Certificate(pem);
  const firmadas = hijos(propiedades, NS.xades, 'SignedSignatureProperties')[0];
  const primerCert = firmadas
    ? hijos(firmadas, NS.xades, 'SigningCertificate').flatMap((lista) => hijos(lista, NS.xades, 'Cert'))[0]
    : undefined;
  const digestoDeclarado = texto(primerCert, [NS.xades, 'CertDigest'], [NS.ds, 'DigestValue']);
  if (digestoDeclarado !== createHash('sha256').update(certificado.raw).digest('base64')) {
    return { valida: false, motivo: 'SigningCertificate no corresponde al certificado de KeyInfo' };
  }
  const politica = texto(firmadas, [NS.xades, 'SignaturePolicyIdentifier'], [NS.xades, 'SignaturePolicyId'], [NS.xades, 'SigPolicyId'], [NS.xades, 'Identifier']);
  if (politica !== POLITICA) return { valida: false, motivo: 'La política de firma no es la de DIAN (v2)' };
  if (!texto(firmadas, [NS.xades, 'SigningTime'])) return { valida: false, motivo: 'Falta SigningTime' };
  return { valida: true };
}
