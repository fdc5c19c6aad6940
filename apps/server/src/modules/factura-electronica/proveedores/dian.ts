import {
  abreviarBase64,
  accionDian,
  comprimirZip,
  leerRespuestaDian,
  nombreArchivoDian,
  reglaDelMensaje,
  REGLA_PROCESADO_ANTERIORMENTE,
  sobreSoap,
  type CertificadoFirma,
  type DianResponse,
  type OperacionDian,
  type ParametrosOperacionDian,
  type RespuestaDian,
} from '@tablero/dian';
import {
  ErrorTransitorioProveedor,
  type DocumentoParaEnviar,
  type ProveedorDocumentos,
  type ResultadoProveedor,
} from './proveedor';

/**
 * DIAN's web service used directly ("software propio", docs/decisions-factura-electronica.md): the signed XML goes
 * zipped in a WS-Security-signed SOAP 1.2 request. Production (ambiente 1) sends with SendBillSync and gets the verdict
 * in the answer; habilitación (ambiente 2) sends the test set with SendTestSetAsync and polls GetStatusZip with the
 * ZipKey. Before sending again after a failure the job calls `consultar` (GetStatus by CUFE), so a document DIAN
 * accepted is never sent twice.
 */
export interface OpcionesProveedorDian {
  /** WcfDianCustomerServices.svc of the environment (vpfe-hab for habilitación, vpfe for producción). */
  url: string;
  ambiente: 1 | 2;
  /** The TestSetId DIAN gave for habilitación; required when ambiente is 2. */
  testSetId: string | null;
  /** Signs the WS-Security header; only the certificate (public) travels. */
  certificado: CertificadoFirma;
  /** Issuer NIT without DV (file names). */
  nit: string;
  /** Per request; 30 s by default. */
  tiempoEsperaMs?: number;
  /** DIAN's per-company file counter (file names), a new value for each send. */
  consecutivoArchivo: (documento: DocumentoParaEnviar) => number | Promise<number>;
}

type Intercambio = ErrorTransitorioProveedor['intercambio'];

/** DIAN refused the request itself (a SOAP Fault from the sender's side, an answer it does not document): retrying
 * the same request would fail again, so the job must not treat it as transient. */
export class ErrorRespuestaDian extends Error {
  override name = 'ErrorRespuestaDian';
  constructor(
    message: string,
    readonly intercambio: Intercambio,
  ) {
    super(message);
  }
}

const TIEMPO_ESPERA_MS = 30_000;

interface Llamada {
  intercambio: Intercambio;
  respuesta: RespuestaDian;
}

/** Two exchanges made for one result (rule 90 confirmed with GetStatus) are recorded as one. */
function unirIntercambios(primero: Intercambio, segundo: Intercambio): Intercambio {
  return { solicitud: `${primero.solicitud}\n\n${segundo.solicitud}`, respuesta: `${primero.respuesta}\n\n${segundo.respuesta}` };
}

/** fetch reports every socket failure as 'fetch failed'; its cause says what happened (ECONNREFUSED, ENOTFOUND…). */
function causaDeRed(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** Retry-After in seconds; an HTTP date is ignored and the job keeps its own backoff. */
function segundosReintento(cabecera: string | null): number | undefined {
  return cabecera && /^\d+$/.test(cabecera.trim()) ? Number(cabecera.trim()) : undefined;
}

export function crearProveedorDian(opciones: OpcionesProveedorDian): ProveedorDocumentos {
  const tiempoEsperaMs = opciones.tiempoEsperaMs ?? TIEMPO_ESPERA_MS;

  async function llamar<O extends OperacionDian>(operacion: O, parametros: ParametrosOperacionDian[O]): Promise<Llamada> {
    const sobre = sobreSoap(operacion, parametros, opciones.certificado, opciones.url);
    const solicitud = abreviarBase64(sobre);
    let estado: number;
    let cuerpo: string;
    let reintento: string | null;
    try {
      // One signal for connecting, the headers and the body: a server that answers the headers and then stalls
      // counts as a timeout too.
      const respuesta = await fetch(opciones.url, {
        method: 'POST',
        headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${accionDian(operacion)}"` },
        body: sobre,
        signal: AbortSignal.timeout(tiempoEsperaMs),
      });
      estado = respuesta.status;
      reintento = respuesta.headers.get('retry-after');
      cuerpo = await respuesta.text();
    } catch (error) {
      const vencido = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const motivo = vencido
        ? `DIAN no respondió ${operacion} en ${tiempoEsperaMs / 1000} s`
        : `No fue posible comunicarse con DIAN (${operacion}): ${causaDeRed(error)}`;
      throw new ErrorTransitorioProveedor(motivo, { solicitud, respuesta: '' });
    }
    const intercambio = { solicitud, respuesta: `HTTP ${estado}\n${abreviarBase64(cuerpo)}` };
    if (estado === 429 || estado === 503) {
      throw new ErrorTransitorioProveedor(`DIAN pidió esperar (HTTP ${estado})`, intercambio, segundosReintento(reintento));
    }
    let leida: RespuestaDian;
    try {
      leida = leerRespuestaDian(cuerpo);
    } catch (error) {
      const motivo = `Respuesta de DIAN no interpretable (HTTP ${estado}, ${operacion}): ${error instanceof Error ? error.message : String(error)}`;
      if (estado >= 500) throw new ErrorTransitorioProveedor(motivo, intercambio);
      throw new ErrorRespuestaDian(motivo, intercambio);
    }
    if (leida.tipo === 'FALLO') {
      const motivo = `DIAN respondió con un fallo SOAP (${[leida.codigo, leida.subcodigo].filter(Boolean).join(' / ')}): ${leida.razon}`;
      // SOAP 1.2 says who is at fault: Receiver is DIAN's own trouble (worth retrying), Sender is our request.
      if (/Receiver$/.test(leida.codigo)) throw new ErrorTransitorioProveedor(motivo, intercambio);
      throw new ErrorRespuestaDian(motivo, intercambio);
    }
    return { intercambio, respuesta: leida };
  }

  function inesperada(llamada: Llamada, esperada: string): never {
    throw new ErrorRespuestaDian(`DIAN respondió ${llamada.respuesta.tipo} donde se esperaba ${esperada}`, llamada.intercambio);
  }

  /** A DianResponse of one document as the job's result; an answer of no known state is worth asking again. */
  function resultadoDe(respuesta: DianResponse, documento: DocumentoParaEnviar, intercambio: Intercambio, proveedorId?: string): ResultadoProveedor {
    const conId = proveedorId ? { proveedorId } : {};
    switch (respuesta.estado) {
      case 'ACEPTADO':
        return {
          ...intercambio,
          resultado: 'ACEPTADA',
          cufe: respuesta.XmlDocumentKey ?? documento.cufe,
          mensajes: respuesta.notificaciones,
          ...(respuesta.respuestaAplicacion ? { respuestaDian: respuesta.respuestaAplicacion } : {}),
          ...conId,
        };
      case 'RECHAZADO':
        return {
          ...intercambio,
          resultado: 'RECHAZADA',
          mensajes: respuesta.rechazos.length > 0 ? respuesta.rechazos : [respuesta.StatusDescription],
          ...(respuesta.respuestaAplicacion ? { respuestaDian: respuesta.respuestaAplicacion } : {}),
          ...conId,
        };
      case 'NO_ENCONTRADO':
        return { ...intercambio, resultado: 'NO_ENCONTRADA' };
      case 'EN_PROCESO':
        return { ...intercambio, resultado: 'PENDIENTE', mensajes: [respuesta.StatusDescription].filter(Boolean), ...conId };
      case 'DESCONOCIDO':
        throw new ErrorTransitorioProveedor(
          `DIAN respondió un estado desconocido: ${respuesta.StatusCode} ${respuesta.StatusDescription}`.trim(),
          intercambio,
        );
    }
  }

  async function consultarPorCufe(documento: DocumentoParaEnviar): Promise<{ llamada: Llamada; respuesta: DianResponse }> {
    const llamada = await llamar('GetStatus', { trackId: documento.cufe });
    if (llamada.respuesta.tipo !== 'DOCUMENTO') inesperada(llamada, 'el estado del documento');
    return { llamada, respuesta: llamada.respuesta.respuesta };
  }

  async function archivos(documento: DocumentoParaEnviar): Promise<{ fileName: string; contentFile: string }> {
    const consecutivo = await opciones.consecutivoArchivo(documento);
    const anio = Number(documento.fechaEmision.slice(0, 4));
    // DIAN's file prefixes: fv invoice, nc credit note, ds POS document, ncs its nota de ajuste (Anexo POS §8.13.5).
    const tipo = ({ FACTURA: 'fv', NOTA_CREDITO: 'nc', POS: 'ds', NOTA_AJUSTE: 'ncs' } as const)[documento.tipo];
    const zip = comprimirZip([{ nombre: nombreArchivoDian(tipo, opciones.nit, consecutivo, anio), contenido: documento.xmlFirmado }]);
    return { fileName: nombreArchivoDian('z', opciones.nit, consecutivo, anio), contentFile: Buffer.from(zip).toString('base64') };
  }

  async function enviarProduccion(documento: DocumentoParaEnviar): Promise<ResultadoProveedor> {
    const envio = await llamar('SendBillSync', await archivos(documento));
    if (envio.respuesta.tipo !== 'DOCUMENTO') inesperada(envio, 'el resultado de la validación');
    const respuesta = envio.respuesta.respuesta;
    const procesadoAntes = respuesta.estado === 'RECHAZADO' && respuesta.rechazos.some((mensaje) => reglaDelMensaje(mensaje) === REGLA_PROCESADO_ANTERIORMENTE);
    if (!procesadoAntes) return resultadoDe(respuesta, documento, envio.intercambio);
    // Rule 90 says DIAN already has a document with this number; it is ours, accepted earlier (an answer lost to a
    // timeout), only if DIAN knows our CUFE as accepted. Otherwise the number was used by another document.
    const consulta = await consultarPorCufe(documento);
    const intercambio = unirIntercambios(envio.intercambio, consulta.llamada.intercambio);
    const deOtroDocumento = consulta.respuesta.estado === 'NO_ENCONTRADO' || consulta.respuesta.estado === 'RECHAZADO';
    return resultadoDe(deOtroDocumento ? respuesta : consulta.respuesta, documento, intercambio);
  }

  async function enviarHabilitacion(documento: DocumentoParaEnviar): Promise<ResultadoProveedor> {
    if (!opciones.testSetId) throw new Error('Falta el TestSetId de habilitación de DIAN');
    const envio = await llamar('SendTestSetAsync', { ...(await archivos(documento)), testSetId: opciones.testSetId });
    if (envio.respuesta.tipo !== 'SET_PRUEBAS') inesperada(envio, 'el ZipKey del set de pruebas');
    const { zipKey, errores } = envio.respuesta;
    if (zipKey) return { ...envio.intercambio, resultado: 'PENDIENTE', mensajes: [], proveedorId: zipKey };
    return {
      ...envio.intercambio,
      resultado: 'RECHAZADA',
      mensajes: errores.length > 0 ? errores.map((error) => error.mensaje) : ['DIAN no entregó el ZipKey del set de pruebas'],
    };
  }

  return {
    nombre: 'DIAN',

    enviar(documento) {
      return opciones.ambiente === 1 ? enviarProduccion(documento) : enviarHabilitacion(documento);
    },

    async consultar(documento) {
      if (documento.proveedorId) {
        const llamada = await llamar('GetStatusZip', { trackId: documento.proveedorId });
        if (llamada.respuesta.tipo !== 'LOTE') inesperada(llamada, 'el estado del lote');
        const respuestas = llamada.respuesta.respuestas;
        const propia = respuestas.find((respuesta) => respuesta.XmlDocumentKey === documento.cufe) ?? respuestas[0];
        if (!propia) return { ...llamada.intercambio, resultado: 'PENDIENTE', mensajes: [], proveedorId: documento.proveedorId };
        return resultadoDe(propia, documento, llamada.intercambio, documento.proveedorId);
      }
      const { llamada, respuesta } = await consultarPorCufe(documento);
      return resultadoDe(respuesta, documento, llamada.intercambio);
    },
  };
}
