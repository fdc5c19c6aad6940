import { DOMParser, type Element } from '@xmldom/xmldom';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { CertificadoFirma } from './certificado';
import { NS } from './espacios';
import { firmarDocumento } from './firma';
import { esquemaTributario, parteAdquiriente, parteEmisor } from './partes';
import type { Adquiriente, Emisor } from './tipos';

export interface DatosDocumentoAdjunto {
  /** The signed invoice (or note) exactly as sent to DIAN. */
  facturaXmlFirmado: string;
  /** DIAN's ApplicationResponse XML (the decoded XmlBase64Bytes of the answer), when the document was accepted. */
  respuestaDian?: string;
  emisor: Emisor;
  adquiriente: Adquiriente;
  numero: string;
  cufe: string;
  fechaEmision: string;
  horaEmision: string;
}

/** A CDATA section cannot contain ']]>': split it across two sections, as XML allows. */
function cdata(padre: XMLBuilder, texto: string): void {
  const partes = texto.split(']]>');
  partes.forEach((parte, indice) => padre.dat(`${indice > 0 ? '>' : ''}${parte}${indice < partes.length - 1 ? ']]' : ''}`));
}

function adjunto(padre: XMLBuilder, contenido: string): void {
  const referencia = padre.ele('cac:Attachment').ele('cac:ExternalReference');
  referencia.ele('cbc:MimeCode').txt('text/xml');
  referencia.ele('cbc:EncodingCode').txt('UTF-8');
  cdata(referencia.ele('cbc:Description'), contenido);
}

/** The direct cbc children of an XML document's root, by local name. */
function hijosRaiz(xml: string): Map<string, Element> {
  const raiz = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  const hijos = new Map<string, Element>();
  for (const nodo of Array.from(raiz?.childNodes ?? [])) {
    const elemento = nodo as Element;
    if (nodo.nodeType === 1 && elemento.namespaceURI === NS.cbc && elemento.localName && !hijos.has(elemento.localName)) {
      hijos.set(elemento.localName, elemento);
    }
  }
  return hijos;
}

/**
 * DIAN's AttachedDocument: the container the customer receives by e-mail (never sent to DIAN), holding the signed
 * document and, once DIAN accepted it, DIAN's ApplicationResponse with the validation date.
 */
export function documentoAdjunto(datos: DatosDocumentoAdjunto): string {
  const cabecera = hijosRaiz(datos.facturaXmlFirmado);
  const ambiente = cabecera.get('ProfileExecutionID')?.textContent;
  const uuid = cabecera.get('UUID');
  if ((ambiente !== '1' && ambiente !== '2') || !uuid) throw new Error('El documento adjunto no es un documento UBL de DIAN');
  if (uuid.textContent !== datos.cufe) throw new Error('El CUFE no corresponde al documento adjunto');

  const documento = create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  const raiz = documento.ele(NS.attachedDocument, 'AttachedDocument', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ccts': NS.ccts,
    'xmlns:ds': NS.ds,
    'xmlns:ext': NS.ext,
    'xmlns:xades': NS.xades,
    'xmlns:xades141': NS.xades141,
  });
  raiz.ele('cbc:UBLVersionID').txt('UBL 2.1');
  raiz.ele('cbc:CustomizationID').txt('Documentos adjuntos');
  raiz.ele('cbc:ProfileID').txt('Factura Electrónica de Venta');
  raiz.ele('cbc:ProfileExecutionID').txt(ambiente);
  raiz.ele('cbc:ID').txt(datos.numero);
  raiz.ele('cbc:IssueDate').txt(datos.fechaEmision);
  raiz.ele('cbc:IssueTime').txt(datos.horaEmision);
  raiz.ele('cbc:DocumentType').txt('Contenedor de Factura Electrónica');
  raiz.ele('cbc:ParentDocumentID').txt(datos.numero);
  esquemaTributario(raiz.ele('cac:SenderParty'), parteEmisor(datos.emisor, undefined), false);
  esquemaTributario(raiz.ele('cac:ReceiverParty'), parteAdquiriente(datos.adquiriente), false);
  adjunto(raiz, datos.facturaXmlFirmado);
  const linea = raiz.ele('cac:ParentDocumentLineReference');
  linea.ele('cbc:LineID').txt('1');
  const referencia = linea.ele('cac:DocumentReference');
  referencia.ele('cbc:ID').txt(datos.numero);
  referencia.ele('cbc:UUID', { schemeName: uuid.getAttribute('schemeName') ?? 'CUFE-SHA384' }).txt(datos.cufe);
  referencia.ele('cbc:IssueDate').txt(datos.fechaEmision);
  referencia.ele('cbc:DocumentType').txt('ApplicationResponse');
  if (datos.respuestaDian) {
    adjunto(referencia, datos.respuestaDian);
    const verificacion = referencia.ele('cac:ResultOfVerification');
    verificacion.ele('cbc:ValidatorID').txt('Unidad Especial Dirección de Impuestos y Aduanas Nacionales');
    // 02: documento validado por la DIAN.
    verificacion.ele('cbc:ValidationResultCode').txt('02');
    const respuesta = hijosRaiz(datos.respuestaDian);
    const fecha = respuesta.get('IssueDate')?.textContent;
    const hora = respuesta.get('IssueTime')?.textContent;
    if (fecha) verificacion.ele('cbc:ValidationDate').txt(fecha);
    if (hora) verificacion.ele('cbc:ValidationTime').txt(hora);
  }
  return documento.end({ prettyPrint: false });
}

/**
 * The AttachedDocument signed by the issuer, as DIAN's container is delivered (XAdES-EPES, the same signature as the
 * invoice's, firma.ts): its own ext:UBLExtensions, first in the document, holds only the signature.
 */
export async function firmarDocumentoAdjunto(adjunto: string, certificado: CertificadoFirma, fechaFirma: Date): Promise<string> {
  const inicioRaiz = /<AttachedDocument\b[^>]*>/.exec(adjunto);
  if (!inicioRaiz) throw new Error('No es un AttachedDocument');
  const fin = inicioRaiz.index + inicioRaiz[0].length;
  return firmarDocumento(`${adjunto.slice(0, fin)}<ext:UBLExtensions></ext:UBLExtensions>${adjunto.slice(fin)}`, certificado, fechaFirma);
}
