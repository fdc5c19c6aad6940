// DIAN's web service (WcfDianCustomerServices): signed SOAP 1.2 requests and the reading of DIAN's answers.
export { NS as ESPACIOS_SOAP_DIAN, accionDian } from './espacios';
export {
  sobreSoap,
  verificarSobreSoap,
  revisarSobreSoap,
  leerSolicitudSoap,
  OPERACIONES_DIAN,
  type OperacionDian,
  type ParametrosOperacionDian,
  type RevisionSobre,
  type SolicitudSoap,
} from './sobre';
export {
  leerRespuestaDian,
  clasificarMensajesDian,
  reglaDelMensaje,
  REGLA_PROCESADO_ANTERIORMENTE,
  type RespuestaDian,
  type DianResponse,
  type EstadoDianResponse,
  type RangoNumeracionDian,
  type ErrorEnvioSetPruebas,
} from './respuesta';
export { leerDocumentoRecibido, codigoUnicoCorresponde, type DocumentoRecibido } from './recepcion';
export { abreviarBase64 } from './registro';
export { ErrorXmlDian } from './xml';
