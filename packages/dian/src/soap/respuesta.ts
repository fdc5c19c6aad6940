import type { Element } from '@xmldom/xmldom';
import { leerZip } from '../archivos';
import { NS } from './espacios';
import { ErrorXmlDian, elementos, hijo, hijos, leerXml, textoHijo } from './xml';

/**
 * What DIAN's answer says about one document, by DIAN's StatusCode: '00' accepted, '99' rejected, '66' the trackId
 * is unknown to DIAN, '98' (or no code, "Batch en proceso de validación.") still being validated.
 */
export type EstadoDianResponse = 'ACEPTADO' | 'RECHAZADO' | 'NO_ENCONTRADO' | 'EN_PROCESO' | 'DESCONOCIDO';

/** DIAN's DianResponse, with its field names, plus what this system reads from it. */
export interface DianResponse {
  IsValid: boolean;
  StatusCode: string;
  StatusDescription: string;
  StatusMessage: string;
  /** Every string of ErrorMessage, as DIAN wrote it ('Regla: FAD06, Rechazo: …', 'Regla: FAJ43b, Notificación: …'). */
  ErrorMessage: string[];
  /** The CUFE/CUDE DIAN registered; null when absent. */
  XmlDocumentKey: string | null;
  XmlFileName: string | null;
  /** XmlBase64Bytes decoded: DIAN's signed ApplicationResponse XML (unzipped when DIAN sent a ZIP); null when absent. */
  respuestaAplicacion: string | null;
  estado: EstadoDianResponse;
  /** ErrorMessage lines that reject (every line that is not a notification). */
  rechazos: string[];
  /** ErrorMessage lines marked 'Notificación': warnings that do not reject. */
  notificaciones: string[];
}

export interface RangoNumeracionDian {
  ResolutionNumber: string;
  ResolutionDate: string;
  Prefix: string;
  FromNumber: number;
  ToNumber: number;
  ValidDateFrom: string;
  ValidDateTo: string;
  TechnicalKey: string;
}

/** A message of SendTestSetAsync's ErrorMessageList (XmlParamsResponseTrackId). */
export interface ErrorEnvioSetPruebas {
  documentKey: string | null;
  mensaje: string;
  archivo: string | null;
  exito: boolean;
}

export type RespuestaDian =
  /** SendBillSync and GetStatus: one DianResponse. */
  | { tipo: 'DOCUMENTO'; operacion: 'SendBillSync' | 'GetStatus'; respuesta: DianResponse }
  /** GetStatusZip: one DianResponse per document of the ZIP (one while the batch is being validated). */
  | { tipo: 'LOTE'; operacion: 'GetStatusZip'; respuestas: DianResponse[] }
  /** SendTestSetAsync: the ZipKey to poll, or why the upload was refused. */
  | { tipo: 'SET_PRUEBAS'; operacion: 'SendTestSetAsync'; zipKey: string | null; errores: ErrorEnvioSetPruebas[] }
  /** GetNumberingRange: OperationCode '100' when the list came. */
  | { tipo: 'RANGOS'; operacion: 'GetNumberingRange'; codigo: string; descripcion: string; rangos: RangoNumeracionDian[] }
  /** A SOAP Fault: DIAN refused the envelope itself (signature, certificate, malformed request) or failed. */
  | { tipo: 'FALLO'; codigo: string; subcodigo: string | null; razon: string };

const NOTIFICACION = /Notificaci[oó]n\s*:/i;

/** The rule code of a DIAN message: 'FAD06' for 'Regla: FAD06, Rechazo: …'; null when the message names none. */
export function reglaDelMensaje(mensaje: string): string | null {
  return /Regla\s*:\s*([^,\s]+)\s*,/i.exec(mensaje)?.[1] ?? null;
}

/** DIAN's rule 90: 'Documento procesado anteriormente.' — that number or CUFE was already received. */
export const REGLA_PROCESADO_ANTERIORMENTE = '90';

/** Splits DIAN's messages into rejections and notifications (lines marked 'Notificación' never reject). */
export function clasificarMensajesDian(mensajes: string[]): { rechazos: string[]; notificaciones: string[] } {
  const notificaciones = mensajes.filter((mensaje) => NOTIFICACION.test(mensaje));
  return { rechazos: mensajes.filter((mensaje) => !NOTIFICACION.test(mensaje)), notificaciones };
}

function estadoDe(IsValid: boolean, StatusCode: string, rechazos: string[]): EstadoDianResponse {
  if (StatusCode === '00' && IsValid) return 'ACEPTADO';
  if (StatusCode === '66') return 'NO_ENCONTRADO';
  if (StatusCode === '98' || (StatusCode === '' && rechazos.length === 0)) return 'EN_PROCESO';
  if (!IsValid && (StatusCode === '99' || rechazos.length > 0)) return 'RECHAZADO';
  return 'DESCONOCIDO';
}

/** DIAN sends the ApplicationResponse as base64 of the XML, or of a ZIP holding it (GetStatusZip of some batches). */
function decodificarRespuestaAplicacion(base64: string): string | null {
  const limpio = base64.replace(/\s+/g, '');
  if (!limpio) return null;
  const bytes = Buffer.from(limpio, 'base64');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const archivos = leerZip(bytes);
    const xml = archivos.find((archivo) => archivo.nombre.toLowerCase().endsWith('.xml')) ?? archivos[0];
    return xml ? new TextDecoder().decode(xml.contenido).replace(/^\uFEFF/, '') : null;
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function leerDianResponse(elemento: Element): DianResponse {
  const errores = hijo(elemento, 'ErrorMessage');
  const ErrorMessage = (errores ? elementos(errores) : []).map((linea) => linea.textContent?.trim() ?? '').filter((linea) => linea !== '');
  const IsValid = textoHijo(elemento, 'IsValid').toLowerCase() === 'true';
  const StatusCode = textoHijo(elemento, 'StatusCode');
  const { rechazos, notificaciones } = clasificarMensajesDian(ErrorMessage);
  return {
    IsValid,
    StatusCode,
    StatusDescription: textoHijo(elemento, 'StatusDescription'),
    StatusMessage: textoHijo(elemento, 'StatusMessage'),
    ErrorMessage,
    XmlDocumentKey: textoHijo(elemento, 'XmlDocumentKey') || null,
    XmlFileName: textoHijo(elemento, 'XmlFileName') || null,
    respuestaAplicacion: decodificarRespuestaAplicacion(textoHijo(elemento, 'XmlBase64Bytes')),
    estado: estadoDe(IsValid, StatusCode, rechazos),
    rechazos,
    notificaciones,
  };
}

function leerFallo(fallo: Element): RespuestaDian {
  // SOAP 1.2 (Code/Value, Subcode/Value, Reason/Text); SOAP 1.1's faultcode/faultstring in case a proxy answers.
  const codigo = hijo(fallo, 'Code');
  const subcodigo = codigo ? hijo(codigo, 'Subcode') : undefined;
  const razon = hijo(fallo, 'Reason');
  return {
    tipo: 'FALLO',
    codigo: (codigo && textoHijo(codigo, 'Value')) || textoHijo(fallo, 'faultcode'),
    subcodigo: (subcodigo && textoHijo(subcodigo, 'Value')) || null,
    razon: (razon && hijos(razon, 'Text').map((texto) => texto.textContent?.trim() ?? '').join(' ')) || textoHijo(fallo, 'faultstring'),
  };
}

function numero(texto: string, campo: string): number {
  if (!/^\d+$/.test(texto)) throw new ErrorXmlDian(`${campo} no es un número: '${texto}'`);
  return Number(texto);
}

/**
 * Reads DIAN's answer to any of the operations this system calls. Throws ErrorXmlDian when the body is not a SOAP
 * envelope holding a known result (an HTML error page of a proxy, a truncated answer).
 */
export function leerRespuestaDian(xml: string): RespuestaDian {
  const sobre = leerXml(xml).documentElement;
  if (!sobre || sobre.localName !== 'Envelope' || (sobre.namespaceURI !== NS.soap && sobre.namespaceURI !== 'http://schemas.xmlsoap.org/soap/envelope/')) {
    throw new ErrorXmlDian('La respuesta no es un sobre SOAP');
  }
  const cuerpo = hijo(sobre, 'Body', sobre.namespaceURI ?? undefined);
  const contenido = cuerpo ? elementos(cuerpo)[0] : undefined;
  if (!contenido) throw new ErrorXmlDian('La respuesta SOAP no tiene cuerpo');
  if (contenido.localName === 'Fault') return leerFallo(contenido);

  const resultado = elementos(contenido)[0];
  const operacion = (contenido.localName ?? '').replace(/Response$/, '');
  if (!resultado || resultado.localName !== `${operacion}Result`) throw new ErrorXmlDian(`Respuesta sin ${operacion}Result`);
  switch (operacion) {
    case 'SendBillSync':
    case 'GetStatus':
      return { tipo: 'DOCUMENTO', operacion, respuesta: leerDianResponse(resultado) };
    case 'GetStatusZip':
      return { tipo: 'LOTE', operacion, respuestas: hijos(resultado, 'DianResponse').map(leerDianResponse) };
    case 'SendTestSetAsync': {
      const lista = hijo(resultado, 'ErrorMessageList');
      return {
        tipo: 'SET_PRUEBAS',
        operacion,
        zipKey: textoHijo(resultado, 'ZipKey') || null,
        errores: (lista ? elementos(lista) : []).map((error) => ({
          documentKey: textoHijo(error, 'DocumentKey') || null,
          mensaje: textoHijo(error, 'ProcessedMessage'),
          archivo: textoHijo(error, 'XmlFileName') || null,
          exito: textoHijo(error, 'Success').toLowerCase() === 'true',
        })),
      };
    }
    case 'GetNumberingRange': {
      const lista = hijo(resultado, 'ResponseList');
      return {
        tipo: 'RANGOS',
        operacion,
        codigo: textoHijo(resultado, 'OperationCode'),
        descripcion: textoHijo(resultado, 'OperationDescription'),
        rangos: (lista ? hijos(lista, 'NumberRangeResponse') : []).map((rango) => ({
          ResolutionNumber: textoHijo(rango, 'ResolutionNumber'),
          ResolutionDate: textoHijo(rango, 'ResolutionDate'),
          Prefix: textoHijo(rango, 'Prefix'),
          FromNumber: numero(textoHijo(rango, 'FromNumber'), 'FromNumber'),
          ToNumber: numero(textoHijo(rango, 'ToNumber'), 'ToNumber'),
          ValidDateFrom: textoHijo(rango, 'ValidDateFrom'),
          ValidDateTo: textoHijo(rango, 'ValidDateTo'),
          TechnicalKey: textoHijo(rango, 'TechnicalKey'),
        })),
      };
    }
    default:
      throw new ErrorXmlDian(`Operación desconocida en la respuesta: ${operacion}`);
  }
}
