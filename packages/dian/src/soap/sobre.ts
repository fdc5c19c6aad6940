import { randomUUID } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { CertificadoFirma } from '../certificado';
import { BASE64_BINARY, EXC_C14N, NS, RSA_SHA256, SHA256, X509V3, accionDian } from './espacios';
import { ErrorXmlDian, descendientes, elementos, escaparXml, hijo, hijos, leerXml } from './xml';

/** The operations of DIAN's WcfDianCustomerServices this system calls. */
export type OperacionDian = 'SendBillSync' | 'SendTestSetAsync' | 'GetStatusZip' | 'GetStatus' | 'GetNumberingRange';

/** Each operation's parameters, named as in DIAN's WSDL. */
export interface ParametrosOperacionDian {
  /** contentFile: base64 of the ZIP that holds the signed XML; fileName: the ZIP's name. */
  SendBillSync: { fileName: string; contentFile: string };
  SendTestSetAsync: { fileName: string; contentFile: string; testSetId: string };
  /** trackId: the ZipKey SendTestSetAsync answered. */
  GetStatusZip: { trackId: string };
  /** trackId: the document's CUFE/CUDE. */
  GetStatus: { trackId: string };
  /** accountCode: issuer NIT; accountCodeT: the software owner's NIT (the same for own software); softwareCode: SoftwareID. */
  GetNumberingRange: { accountCode: string; accountCodeT: string; softwareCode: string };
}

/** The WSDL's sequence order of each operation's parameters (WCF reads them in order). */
const ORDEN_PARAMETROS: { [O in OperacionDian]: (keyof ParametrosOperacionDian[O] & string)[] } = {
  SendBillSync: ['fileName', 'contentFile'],
  SendTestSetAsync: ['fileName', 'contentFile', 'testSetId'],
  GetStatusZip: ['trackId'],
  GetStatus: ['trackId'],
  GetNumberingRange: ['accountCode', 'accountCodeT', 'softwareCode'],
};

export const OPERACIONES_DIAN = Object.keys(ORDEN_PARAMETROS) as OperacionDian[];

/**
 * How long the WS-Security timestamp stays valid. Only wsa:To is signed, so the timestamp limits replay only as far
 * as the receiver checks it; WCF adds its own 5-minute clock skew on top.
 */
const VIGENCIA_SOBRE_MS = 5 * 60_000;
/** Clock difference tolerated when checking a timestamp (WCF's default MaxClockSkew). */
const DESFASE_RELOJ_MS = 5 * 60_000;

function derBase64(certificadoPem: string): string {
  return certificadoPem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/**
 * The SOAP 1.2 request of a DIAN operation, signed the way DIAN's WS-Security profile asks: WS-Addressing Action and
 * To, a Timestamp, the certificate as an X509v3 BinarySecurityToken and an XML signature (exclusive C14N, RSA-SHA256,
 * SHA-256 digest) over wsa:To whose KeyInfo points at the token.
 */
export function sobreSoap<O extends OperacionDian>(
  operacion: O,
  parametros: ParametrosOperacionDian[O],
  certificado: CertificadoFirma,
  destino: string,
  ahora: Date = new Date(),
): string {
  const sufijo = randomUUID().replace(/-/g, '').toUpperCase();
  const ids = { timestamp: `TS-${sufijo}`, token: `X509-${sufijo}`, para: `ID-${sufijo}`, firma: `SIG-${sufijo}`, referencia: `STR-${sufijo}` };
  const valores = parametros as unknown as Record<string, string>;
  const cuerpo = ORDEN_PARAMETROS[operacion]
    .map((nombre) => {
      const valor = valores[nombre];
      if (typeof valor !== 'string') throw new Error(`Falta el parámetro ${nombre} de ${operacion}`);
      return `<wcf:${nombre}>${escaparXml(valor)}</wcf:${nombre}>`;
    })
    .join('');
  const creado = ahora.toISOString();
  const vence = new Date(ahora.getTime() + VIGENCIA_SOBRE_MS).toISOString();
  const sinFirmar =
    `<soap:Envelope xmlns:soap="${NS.soap}" xmlns:wcf="${NS.wcf}">` +
    `<soap:Header xmlns:wsa="${NS.wsa}">` +
    `<wsse:Security xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
    `<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>${creado}</wsu:Created><wsu:Expires>${vence}</wsu:Expires></wsu:Timestamp>` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64_BINARY}" ValueType="${X509V3}" wsu:Id="${ids.token}">${derBase64(certificado.certificadoPem)}</wsse:BinarySecurityToken>` +
    `</wsse:Security>` +
    `<wsa:Action>${accionDian(operacion)}</wsa:Action>` +
    `<wsa:To xmlns:wsu="${NS.wsu}" wsu:Id="${ids.para}">${escaparXml(destino)}</wsa:To>` +
    `</soap:Header>` +
    `<soap:Body><wcf:${operacion}>${cuerpo}</wcf:${operacion}></soap:Body>` +
    `</soap:Envelope>`;

  const firma = new SignedXml({
    privateKey: certificado.clavePrivadaPem,
    signatureAlgorithm: RSA_SHA256,
    // No InclusiveNamespaces on SignedInfo: xml-crypto canonicalizes SignedInfo without a prefix list, and a receiver
    // honouring one would then compute a different SignedInfo than we signed.
    canonicalizationAlgorithm: EXC_C14N,
    idMode: 'wssecurity',
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference wsu:Id="${ids.referencia}"><wsse:Reference URI="#${ids.token}" ValueType="${X509V3}"/></wsse:SecurityTokenReference>`,
  });
  firma.addReference({
    xpath: `//*[local-name(.)='To' and namespace-uri(.)='${NS.wsa}']`,
    transforms: [EXC_C14N],
    digestAlgorithm: SHA256,
    inclusiveNamespacesPrefixList: ['soap', 'wcf'],
  });
  firma.computeSignature(sinFirmar, {
    prefix: 'ds',
    attrs: { Id: ids.firma },
    location: { reference: `//*[local-name(.)='Security' and namespace-uri(.)='${NS.wsse}']`, action: 'append' },
    existingPrefixes: { wsse: NS.wsse, wsu: NS.wsu },
  });
  return firma.getSignedXml();
}

/** When valid, the certificate that signed (the receiver checks its validity and owner). */
export type RevisionSobre = { valido: true; certificadoPem: string } | { valido: false; motivo: string };

function unico(elementosEncontrados: Element[], que: string): Element {
  if (elementosEncontrados.length !== 1) throw new ErrorXmlDian(`Se esperaba un ${que} y hay ${elementosEncontrados.length}`);
  return elementosEncontrados[0]!;
}

/**
 * Checks a request as DIAN's service would: one signature in wsse:Security, made with the key of the certificate in
 * the BinarySecurityToken its KeyInfo names, covering exactly the header's wsa:To, and a timestamp still valid.
 */
export function revisarSobreSoap(xml: string, ahora: Date = new Date()): RevisionSobre {
  try {
    const documento = leerXml(xml);
    const sobre = documento.documentElement;
    if (!sobre || sobre.localName !== 'Envelope' || sobre.namespaceURI !== NS.soap) throw new ErrorXmlDian('No es un sobre SOAP 1.2');
    const cabecera = unico(hijos(sobre, 'Header', NS.soap), 'soap:Header');
    const seguridad = unico(hijos(cabecera, 'Security', NS.wsse), 'wsse:Security');
    const para = unico(hijos(cabecera, 'To', NS.wsa), 'wsa:To');
    const idPara = para.getAttributeNS(NS.wsu, 'Id');
    if (!idPara) throw new ErrorXmlDian('wsa:To no tiene wsu:Id');

    const sello = unico(hijos(seguridad, 'Timestamp', NS.wsu), 'wsu:Timestamp');
    const creado = Date.parse(hijo(sello, 'Created', NS.wsu)?.textContent ?? '');
    const vence = Date.parse(hijo(sello, 'Expires', NS.wsu)?.textContent ?? '');
    if (Number.isNaN(creado) || Number.isNaN(vence)) throw new ErrorXmlDian('wsu:Timestamp sin Created/Expires válidos');
    if (creado - DESFASE_RELOJ_MS > ahora.getTime() || vence + DESFASE_RELOJ_MS < ahora.getTime()) {
      return { valido: false, motivo: 'El sello de tiempo del mensaje no está vigente' };
    }

    unico(descendientes(documento, 'Signature', NS.ds), 'ds:Signature en el sobre');
    const nodoFirma = unico(hijos(seguridad, 'Signature', NS.ds), 'ds:Signature en wsse:Security');
    const infoLlave = unico(hijos(nodoFirma, 'KeyInfo', NS.ds), 'ds:KeyInfo');
    const referenciaToken = hijo(unico(hijos(infoLlave, 'SecurityTokenReference', NS.wsse), 'wsse:SecurityTokenReference'), 'Reference', NS.wsse);
    const uriToken = referenciaToken?.getAttribute('URI') ?? '';
    const token = unico(
      hijos(seguridad, 'BinarySecurityToken', NS.wsse).filter((bst) => `#${bst.getAttributeNS(NS.wsu, 'Id')}` === uriToken),
      'wsse:BinarySecurityToken referido por la firma',
    );
    if (token.getAttribute('ValueType') !== X509V3) throw new ErrorXmlDian('El token de seguridad no es un certificado X509v3');
    const der = (token.textContent ?? '').replace(/\s+/g, '');
    const certificadoPem = `-----BEGIN CERTIFICATE-----\n${der.replace(/(.{64})/g, '$1\n').trimEnd()}\n-----END CERTIFICATE-----\n`;

    const firma = new SignedXml({ idMode: 'wssecurity', getCertFromKeyInfo: () => certificadoPem });
    firma.loadSignature(nodoFirma.toString());
    if (firma.signatureAlgorithm !== RSA_SHA256) return { valido: false, motivo: 'Algoritmo de firma no admitido' };
    if (!firma.checkSignature(xml)) return { valido: false, motivo: 'La firma no corresponde al contenido firmado' };
    const referencias = firma.getReferences();
    if (referencias.length !== 1 || referencias[0]!.uri !== `#${idPara}`) {
      return { valido: false, motivo: 'La firma no cubre el elemento wsa:To' };
    }
    return { valido: true, certificadoPem };
  } catch (error) {
    return { valido: false, motivo: error instanceof Error ? error.message : String(error) };
  }
}

/** True when the request's WS-Security signature is valid (see revisarSobreSoap for the reason when it is not). */
export function verificarSobreSoap(xml: string, ahora: Date = new Date()): boolean {
  return revisarSobreSoap(xml, ahora).valido;
}

export interface SolicitudSoap {
  operacion: OperacionDian;
  /** wsa:Action and wsa:To as written. */
  accion: string;
  para: string;
  parametros: Record<string, string>;
}

/** Reads which operation a request calls and with which parameters (what DIAN's side of the exchange sees). */
export function leerSolicitudSoap(xml: string): SolicitudSoap {
  const sobre = leerXml(xml).documentElement;
  if (!sobre || sobre.localName !== 'Envelope' || sobre.namespaceURI !== NS.soap) throw new ErrorXmlDian('No es un sobre SOAP 1.2');
  const cabecera = hijo(sobre, 'Header', NS.soap);
  const cuerpo = hijo(sobre, 'Body', NS.soap);
  const llamada = cuerpo ? elementos(cuerpo)[0] : undefined;
  if (!llamada || llamada.namespaceURI !== NS.wcf || !OPERACIONES_DIAN.includes(llamada.localName as OperacionDian)) {
    throw new ErrorXmlDian('El cuerpo no llama una operación conocida');
  }
  const parametros: Record<string, string> = {};
  for (const parametro of elementos(llamada)) parametros[parametro.localName ?? ''] = parametro.textContent ?? '';
  return {
    operacion: llamada.localName as OperacionDian,
    accion: (cabecera && hijo(cabecera, 'Action', NS.wsa)?.textContent?.trim()) ?? '',
    para: (cabecera && hijo(cabecera, 'To', NS.wsa)?.textContent?.trim()) ?? '',
    parametros,
  };
}
