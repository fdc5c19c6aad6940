import { X509Certificate, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accionDian,
  codigoUnicoCorresponde,
  leerDocumentoRecibido,
  leerSolicitudSoap,
  leerZip,
  revisarSobreSoap,
  verificarFirma,
  type OperacionDian,
} from '@tablero/dian';

/**
 * A local stand-in for DIAN's WcfDianCustomerServices.svc: it checks what DIAN checks on the way in (the WS-Security
 * signature and the certificate, wsa:To and the action, a ZIP with one XML whose XAdES signature verifies and whose
 * cbc:UUID is the CUFE/CUDE of its own figures) and answers the documented operations in DIAN's shapes. It keeps the
 * documents it accepted, so GetStatus tells the truth and a second SendBillSync of the same document gets rule 90.
 *
 * Modes, for the failures the provider must survive:
 * - 'aceptar': every valid document is accepted (with one notification, as DIAN often adds).
 * - 'rechazar': every document is rejected with two rules and one notification.
 * - 'timeout': no request is ever answered.
 * - 'aceptar-y-colgar': SendBillSync accepts the document and never answers; GetStatus then says accepted.
 * - 'error-500': every request gets an HTTP 500 HTML page, as a failing gateway sends.
 * - 'habilitacion': SendTestSetAsync returns a ZipKey; GetStatusZip says pending the first time, then accepted.
 */
export type ModoDianFalso = 'aceptar' | 'rechazar' | 'timeout' | 'aceptar-y-colgar' | 'error-500' | 'habilitacion';

export const MODOS_DIAN_FALSO: ModoDianFalso[] = ['aceptar', 'rechazar', 'timeout', 'aceptar-y-colgar', 'error-500', 'habilitacion'];

export interface OpcionesDianFalso {
  modo?: ModoDianFalso;
  /** 0 (default): a free port. */
  puerto?: number;
  /** When given, cbc:UUID is checked like DIAN does (FAD06): the CUFE with this key, the CUDE with the PIN. */
  claves?: { claveTecnica: string; pinSoftware: string };
}

/** One request as the fake understood it. */
export interface SolicitudRecibida {
  operacion: OperacionDian;
  parametros: Record<string, string>;
  /** For sends: what the ZIP held, when it could be read. */
  documento?: { archivo: string; numero: string; cufe: string; xml: string };
}

/** The fake's refusal of a note whose invoice it has not validated (the wording is the fake's; no rule code is claimed). */
export const FACTURA_REFERIDA_NO_VALIDADA = 'Rechazo: La factura referenciada en BillingReference no ha sido validada por la DIAN.';

export interface DocumentoDianFalso {
  numero: string;
  cufe: string;
  estado: 'ACEPTADO' | 'RECHAZADO';
  mensajes: string[];
}

export interface DianFalso {
  /** The service URL to configure (…/WcfDianCustomerServices.svc); wsa:To must be exactly this. */
  url: string;
  /** Every request received, in order, including those never answered. */
  recibidos: SolicitudRecibida[];
  /** What DIAN knows, by CUFE/CUDE. */
  documentos: ReadonlyMap<string, DocumentoDianFalso>;
  fijarModo(modo: ModoDianFalso): void;
  cerrar(): Promise<void>;
}

const NS_RESPUESTA = 'http://schemas.datacontract.org/2004/07/DianResponse';
const NS_CARGA = 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse';
const NS_RANGOS = 'http://schemas.datacontract.org/2004/07/NumberRangeResponseList';

export const MENSAJES_RECHAZO_FALSO = [
  'Regla: FAD06, Rechazo: Valor del CUFE no está calculado correctamente.',
  'Regla: FAU14, Rechazo: Valor total de la factura no corresponde a la suma de los valores de las líneas.',
];
export const NOTIFICACION_FALSA = 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.';
const PROCESADO_ANTERIORMENTE = 'Regla: 90, Rechazo: Documento procesado anteriormente.';

function escapar(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sobreRespuesta(operacion: OperacionDian, espacio: string, resultado: string): string {
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing">' +
    `<s:Header><a:Action s:mustUnderstand="1">${accionDian(operacion)}Response</a:Action></s:Header>` +
    `<s:Body><${operacion}Response xmlns="http://wcf.dian.colombia">` +
    `<${operacion}Result xmlns:b="${espacio}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${resultado}</${operacion}Result>` +
    `</${operacion}Response></s:Body></s:Envelope>`
  );
}

interface CamposRespuesta {
  valido: boolean;
  codigo: string;
  descripcion: string;
  mensaje?: string;
  errores?: string[];
  cufe?: string;
  respuestaAplicacion?: string;
}

/** A DianResponse's fields in DIAN's order (DataContract serializes them alphabetically). */
function camposDianResponse(campos: CamposRespuesta): string {
  const errores = (campos.errores ?? []).map((linea) => `<c:string>${escapar(linea)}</c:string>`).join('');
  return (
    `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">${errores}</b:ErrorMessage>` +
    `<b:IsValid>${campos.valido}</b:IsValid><b:StatusCode>${campos.codigo}</b:StatusCode>` +
    `<b:StatusDescription>${escapar(campos.descripcion)}</b:StatusDescription>` +
    `<b:StatusMessage>${escapar(campos.mensaje ?? '')}</b:StatusMessage>` +
    (campos.respuestaAplicacion
      ? `<b:XmlBase64Bytes>${Buffer.from(campos.respuestaAplicacion).toString('base64')}</b:XmlBase64Bytes>`
      : '<b:XmlBase64Bytes i:nil="true"/>') +
    '<b:XmlBytes i:nil="true"/>' +
    (campos.cufe ? `<b:XmlDocumentKey>${campos.cufe}</b:XmlDocumentKey>` : '<b:XmlDocumentKey i:nil="true"/>') +
    '<b:XmlFileName i:nil="true"/>'
  );
}

/**
 * DIAN's verdict as an ApplicationResponse (ResponseCode 02 validated, 04 rejected). DIAN signs its own; the fake's
 * is unsigned, which is all the provider needs (it stores it for the AttachedDocument).
 */
function respuestaAplicacion(documento: DocumentoDianFalso): string {
  const ahora = new Date().toISOString();
  const aceptado = documento.estado === 'ACEPTADO';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
    '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" ' +
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
    '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>1</cbc:CustomizationID>' +
    '<cbc:ProfileID>DIAN 2.1</cbc:ProfileID><cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>' +
    `<cbc:ID>${randomUUID()}</cbc:ID><cbc:IssueDate>${ahora.slice(0, 10)}</cbc:IssueDate><cbc:IssueTime>${ahora.slice(11, 19)}-05:00</cbc:IssueTime>` +
    '<cac:SenderParty><cac:PartyTaxScheme><cbc:RegistrationName>Unidad Especial Dirección de Impuestos y Aduanas Nacionales</cbc:RegistrationName>' +
    '<cbc:CompanyID schemeID="4" schemeName="31">800197268</cbc:CompanyID><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></cac:SenderParty>' +
    '<cac:DocumentResponse><cac:Response>' +
    `<cbc:ResponseCode>${aceptado ? '02' : '04'}</cbc:ResponseCode><cbc:Description>${aceptado ? 'Documento validado por la DIAN' : 'Documento rechazado por la DIAN'}</cbc:Description>` +
    '</cac:Response>' +
    documento.mensajes.map((mensaje) => `<cac:LineResponse><cac:Response><cbc:Description>${escapar(mensaje)}</cbc:Description></cac:Response></cac:LineResponse>`).join('') +
    `<cac:DocumentReference><cbc:ID>${escapar(documento.numero)}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${documento.cufe}</cbc:UUID></cac:DocumentReference>` +
    '</cac:DocumentResponse></ApplicationResponse>'
  );
}

function respuestaDocumento(documento: DocumentoDianFalso): CamposRespuesta {
  const aceptado = documento.estado === 'ACEPTADO';
  return {
    valido: aceptado,
    codigo: aceptado ? '00' : '99',
    descripcion: aceptado ? 'Procesado Correctamente.' : 'Validación contiene errores en campos mandatorios.',
    mensaje: aceptado ? `La Factura electrónica ${documento.numero}, ha sido autorizada.` : 'Documento con errores en campos mandatorios.',
    errores: documento.mensajes,
    cufe: documento.cufe,
    respuestaAplicacion: respuestaAplicacion(documento),
  };
}

const NO_EXISTE: CamposRespuesta = { valido: false, codigo: '66', descripcion: 'TrackId no existe en los registros de la DIAN.' };

function fallo(codigo: 'Sender' | 'Receiver', subcodigo: string, razon: string): string {
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault>' +
    `<s:Code><s:Value>s:${codigo}</s:Value><s:Subcode><s:Value>${subcodigo}</s:Value></s:Subcode></s:Code>` +
    `<s:Reason><s:Text xml:lang="es-CO">${escapar(razon)}</s:Text></s:Reason>` +
    '</s:Fault></s:Body></s:Envelope>'
  );
}

/** What DIAN would find in a sent ZIP: the document, or the rejection messages when it cannot be validated. */
type Contenido =
  | { valido: true; documento: NonNullable<SolicitudRecibida['documento']> }
  | { valido: false; mensajes: string[]; documento?: NonNullable<SolicitudRecibida['documento']> };

function abrirEnvio(parametros: Record<string, string>, claves: OpcionesDianFalso['claves']): Contenido {
  if (!parametros.fileName?.endsWith('.zip')) return { valido: false, mensajes: ['Rechazo: El nombre del archivo debe terminar en .zip.'] };
  let archivos: { nombre: string; contenido: Uint8Array }[];
  try {
    archivos = leerZip(Buffer.from(parametros.contentFile ?? '', 'base64'));
  } catch {
    return { valido: false, mensajes: ['Rechazo: El contenido no es un archivo ZIP válido.'] };
  }
  const [archivo] = archivos;
  if (archivos.length !== 1 || !archivo || !archivo.nombre.endsWith('.xml')) {
    return { valido: false, mensajes: ['Rechazo: El ZIP debe contener un único documento XML.'] };
  }
  const xml = new TextDecoder().decode(archivo.contenido);
  let leido: ReturnType<typeof leerDocumentoRecibido>;
  try {
    leido = leerDocumentoRecibido(xml);
  } catch (error) {
    return { valido: false, mensajes: [`Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const documento = { archivo: archivo.nombre, numero: leido.numero, cufe: leido.uuid, xml };
  const firma = verificarFirma(xml);
  if (!firma.valida) return { valido: false, documento, mensajes: [`Regla: ZE02, Rechazo: Valor de la firma inválido. ${firma.motivo ?? ''}`.trim()] };
  if (claves && !codigoUnicoCorresponde(leido, claves)) {
    const [regla, codigo] = leido.tipo === 'Invoice' ? ['FAD06', 'CUFE'] : ['CAD06', 'CUDE'];
    return { valido: false, documento, mensajes: [`Regla: ${regla}, Rechazo: Valor del ${codigo} no está calculado correctamente.`] };
  }
  return { valido: true, documento };
}

function leerCuerpo(solicitud: IncomingMessage): Promise<string> {
  return new Promise((resolver, rechazar) => {
    const partes: Buffer[] = [];
    solicitud.on('data', (parte: Buffer) => partes.push(parte));
    solicitud.on('end', () => resolver(Buffer.concat(partes).toString('utf8')));
    solicitud.on('error', rechazar);
  });
}

export async function iniciarDianFalso(opciones: OpcionesDianFalso = {}): Promise<DianFalso> {
  let modo: ModoDianFalso = opciones.modo ?? 'aceptar';
  const recibidos: SolicitudRecibida[] = [];
  const documentos = new Map<string, DocumentoDianFalso>();
  /** ZipKey → the test-set batch: the document's verdict, decided on receipt, and how many times it was asked. */
  const lotes = new Map<string, { documento: DocumentoDianFalso | null; mensajes: string[]; consultas: number }>();
  let url = '';

  function contestar(respuesta: ServerResponse, estado: number, cuerpo: string, tipo = 'application/soap+xml; charset=utf-8'): void {
    respuesta.writeHead(estado, { 'content-type': tipo, 'content-length': Buffer.byteLength(cuerpo) });
    respuesta.end(cuerpo);
  }

  /** DIAN's verdict on a received document (null when the ZIP held nothing readable); the mode decides valid ones. */
  function veredicto(contenido: Contenido): DocumentoDianFalso | null {
    if (!contenido.documento) return null;
    const { numero, cufe } = contenido.documento;
    if (!contenido.valido) return { numero, cufe, estado: 'RECHAZADO', mensajes: contenido.mensajes };
    // DIAN validates a note against the invoice it corrects, which it must hold as validated.
    const referida = /<cac:BillingReference>[\s\S]*?<cbc:UUID[^>]*>([^<]+)<\/cbc:UUID>/.exec(contenido.documento.xml)?.[1];
    if (referida !== undefined && documentos.get(referida)?.estado !== 'ACEPTADO') {
      return { numero, cufe, estado: 'RECHAZADO', mensajes: [FACTURA_REFERIDA_NO_VALIDADA] };
    }
    return modo === 'rechazar'
      ? { numero, cufe, estado: 'RECHAZADO', mensajes: [...MENSAJES_RECHAZO_FALSO, NOTIFICACION_FALSA] }
      : { numero, cufe, estado: 'ACEPTADO', mensajes: [NOTIFICACION_FALSA] };
  }

  function registrar(documento: DocumentoDianFalso): void {
    // A rejected document may be corrected and sent again; an accepted one stays accepted.
    if (documentos.get(documento.cufe)?.estado !== 'ACEPTADO') documentos.set(documento.cufe, documento);
  }

  const RECHAZO_GENERAL = { valido: false, codigo: '99', descripcion: 'Validación contiene errores en campos mandatorios.' } as const;

  function atenderOperacion(operacion: OperacionDian, parametros: Record<string, string>, recibido: SolicitudRecibida, respuesta: ServerResponse): void {
    switch (operacion) {
      case 'SendBillSync': {
        const contenido = abrirEnvio(parametros, opciones.claves);
        const enviado = contenido.documento;
        if (enviado) recibido.documento = enviado;
        // DIAN refuses a number or a CUFE it already accepted: rule 90.
        const anterior =
          enviado &&
          [...documentos.values()].find((documento) => documento.estado === 'ACEPTADO' && (documento.cufe === enviado.cufe || documento.numero === enviado.numero));
        if (anterior) {
          const campos = { ...RECHAZO_GENERAL, errores: [PROCESADO_ANTERIORMENTE], cufe: enviado.cufe };
          return contestar(respuesta, 200, sobreRespuesta(operacion, NS_RESPUESTA, camposDianResponse(campos)));
        }
        const documento = veredicto(contenido);
        if (documento) registrar(documento);
        if (modo === 'aceptar-y-colgar' && documento?.estado === 'ACEPTADO') return;
        const campos = documento ? respuestaDocumento(documento) : { ...RECHAZO_GENERAL, errores: contenido.valido ? [] : contenido.mensajes };
        return contestar(respuesta, 200, sobreRespuesta(operacion, NS_RESPUESTA, camposDianResponse(campos)));
      }
      case 'SendTestSetAsync': {
        if (!/^[0-9a-f-]{36}$/i.test(parametros.testSetId ?? '')) {
          const error =
            '<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"><c:XmlParamsResponseTrackId>' +
            `<c:DocumentKey i:nil="true"/><c:ProcessedMessage>Set de prueba con identificador ${escapar(parametros.testSetId ?? '')} es incorrecto.</c:ProcessedMessage>` +
            '<c:Success>false</c:Success><c:XmlFileName i:nil="true"/></c:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>';
          return contestar(respuesta, 200, sobreRespuesta(operacion, NS_CARGA, error));
        }
        const contenido = abrirEnvio(parametros, opciones.claves);
        if (contenido.documento) recibido.documento = contenido.documento;
        const zipKey = randomUUID();
        // Decided on receipt, revealed by GetStatusZip, as DIAN's asynchronous validation does.
        lotes.set(zipKey, { documento: veredicto(contenido), mensajes: contenido.valido ? [] : contenido.mensajes, consultas: 0 });
        const resultado = `<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"/><b:ZipKey>${zipKey}</b:ZipKey>`;
        return contestar(respuesta, 200, sobreRespuesta(operacion, NS_CARGA, resultado));
      }
      case 'GetStatusZip': {
        const lote = lotes.get(parametros.trackId ?? '');
        let campos: CamposRespuesta;
        if (!lote) campos = NO_EXISTE;
        else if (lote.consultas++ === 0) campos = { valido: false, codigo: '', descripcion: 'Batch en proceso de validación.' };
        else if (!lote.documento) campos = { ...RECHAZO_GENERAL, errores: lote.mensajes };
        else {
          registrar(lote.documento);
          campos = respuestaDocumento(lote.documento);
        }
        return contestar(respuesta, 200, sobreRespuesta(operacion, NS_RESPUESTA, `<b:DianResponse>${camposDianResponse(campos)}</b:DianResponse>`));
      }
      case 'GetStatus': {
        const documento = documentos.get(parametros.trackId ?? '');
        return contestar(respuesta, 200, sobreRespuesta(operacion, NS_RESPUESTA, camposDianResponse(documento ? respuestaDocumento(documento) : NO_EXISTE)));
      }
      case 'GetNumberingRange': {
        const rango =
          '<b:ResponseList xmlns:c="http://schemas.datacontract.org/2004/07/NumberRangeResponse"><c:NumberRangeResponse>' +
          '<c:ResolutionNumber>18760000001</c:ResolutionNumber><c:ResolutionDate>2019-01-19</c:ResolutionDate><c:Prefix>SETP</c:Prefix>' +
          '<c:FromNumber>990000000</c:FromNumber><c:ToNumber>995000000</c:ToNumber><c:ValidDateFrom>2019-01-19</c:ValidDateFrom><c:ValidDateTo>2030-01-19</c:ValidDateTo>' +
          `<c:TechnicalKey>${opciones.claves?.claveTecnica ?? 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c'}</c:TechnicalKey></c:NumberRangeResponse></b:ResponseList>`;
        const resultado = `<b:OperationCode>100</b:OperationCode><b:OperationDescription>Acción completada OK.</b:OperationDescription>${rango}`;
        return contestar(respuesta, 200, sobreRespuesta(operacion, NS_RANGOS, resultado));
      }
    }
  }

  async function atender(solicitud: IncomingMessage, respuesta: ServerResponse): Promise<void> {
    const cuerpo = await leerCuerpo(solicitud);
    // Control routes for browser journeys run from a command line: switch the mode, see what arrived.
    if (solicitud.url === '/__modo' && solicitud.method === 'POST') {
      if (!MODOS_DIAN_FALSO.includes(cuerpo.trim() as ModoDianFalso)) return contestar(respuesta, 400, `Modos: ${MODOS_DIAN_FALSO.join(', ')}`, 'text/plain');
      modo = cuerpo.trim() as ModoDianFalso;
      return contestar(respuesta, 200, modo, 'text/plain');
    }
    if (solicitud.url === '/__recibidos' && solicitud.method === 'GET') {
      const resumen = recibidos.map(({ operacion, parametros, documento }) => ({
        operacion,
        trackId: parametros.trackId,
        numero: documento?.numero,
        cufe: documento?.cufe,
        estado: documento ? documentos.get(documento.cufe)?.estado : undefined,
      }));
      return contestar(respuesta, 200, JSON.stringify(resumen), 'application/json');
    }
    if (solicitud.method !== 'POST') return contestar(respuesta, 405, 'Method Not Allowed', 'text/plain');

    // Before anything else, as a dead or overloaded service would be.
    if (modo === 'timeout') return;
    if (modo === 'error-500') {
      return contestar(respuesta, 500, '<html><head><title>Runtime Error</title></head><body><h1>Server Error in \'/\' Application.</h1></body></html>', 'text/html; charset=utf-8');
    }

    const tipo = solicitud.headers['content-type'] ?? '';
    if (!tipo.startsWith('application/soap+xml')) return contestar(respuesta, 415, 'Unsupported Media Type', 'text/plain');
    const revision = revisarSobreSoap(cuerpo);
    if (!revision.valido) {
      return contestar(respuesta, 500, fallo('Sender', 'a:InvalidSecurity', `An error occurred when verifying security for the message. ${revision.motivo}`));
    }
    const certificado = new X509Certificate(revision.certificadoPem);
    const ahora = Date.now();
    if (ahora < Date.parse(certificado.validFrom) || ahora > Date.parse(certificado.validTo)) {
      return contestar(respuesta, 500, fallo('Sender', 'a:InvalidSecurity', 'El certificado del mensaje no está vigente.'));
    }
    let leida: ReturnType<typeof leerSolicitudSoap>;
    try {
      leida = leerSolicitudSoap(cuerpo);
    } catch (error) {
      return contestar(respuesta, 500, fallo('Sender', 'a:DeserializationFailed', error instanceof Error ? error.message : String(error)));
    }
    if (leida.para !== url) {
      return contestar(
        respuesta,
        500,
        fallo('Sender', 'a:DestinationUnreachable', `The message with To '${leida.para}' cannot be processed at the receiver, due to an AddressFilter mismatch at the EndpointDispatcher.`),
      );
    }
    if (leida.accion !== accionDian(leida.operacion) || !tipo.includes(`action="${accionDian(leida.operacion)}"`)) {
      return contestar(respuesta, 500, fallo('Sender', 'a:ActionNotSupported', `The message with Action '${leida.accion}' cannot be processed at the receiver.`));
    }
    const recibido: SolicitudRecibida = { operacion: leida.operacion, parametros: leida.parametros };
    recibidos.push(recibido);
    atenderOperacion(leida.operacion, leida.parametros, recibido, respuesta);
  }

  const servidor = createServer((solicitud, respuesta) => {
    atender(solicitud, respuesta).catch((error: unknown) => {
      if (!respuesta.headersSent) contestar(respuesta, 500, fallo('Receiver', 'a:InternalServiceFault', error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((resolver, rechazar) => {
    servidor.once('error', rechazar);
    servidor.listen(opciones.puerto ?? 0, '127.0.0.1', () => resolver());
  });
  url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/WcfDianCustomerServices.svc`;

  return {
    url,
    recibidos,
    documentos,
    fijarModo(nuevo) {
      modo = nuevo;
    },
    cerrar() {
      // Requests left unanswered on purpose ('timeout', 'aceptar-y-colgar') hold their sockets: drop them.
      servidor.closeAllConnections();
      return new Promise<void>((resolver, rechazar) => servidor.close((error) => (error ? rechazar(error) : resolver())));
    },
  };
}
