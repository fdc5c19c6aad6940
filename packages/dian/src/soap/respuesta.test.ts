import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ErrorXmlDian } from './xml';
import { clasificarMensajesDian, leerRespuestaDian, reglaDelMensaje } from './respuesta';

// Answers shaped as DIAN's WCF service writes them: default namespace on the operation's response, DataContract
// prefixes on the result, ErrorMessage as an array of strings, xsi:nil for empty fields.
function sobre(operacion: string, resultado: string, espacioResultado = 'DianResponse'): string {
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing" ' +
    'xmlns:u="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">' +
    `<s:Header><a:Action s:mustUnderstand="1">http://wcf.dian.colombia/IWcfDianCustomerServices/${operacion}Response</a:Action></s:Header>` +
    `<s:Body><${operacion}Response xmlns="http://wcf.dian.colombia">` +
    `<${operacion}Result xmlns:b="http://schemas.datacontract.org/2004/07/${espacioResultado}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">` +
    `${resultado}</${operacion}Result></${operacion}Response></s:Body></s:Envelope>`
  );
}

function dianResponse(campos: { valido: boolean; codigo: string; descripcion: string; mensaje?: string; errores?: string[]; base64?: string; clave?: string }): string {
  const errores = (campos.errores ?? []).map((linea) => `<c:string>${linea}</c:string>`).join('');
  return (
    `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">${errores}</b:ErrorMessage>` +
    `<b:IsValid>${campos.valido}</b:IsValid><b:StatusCode>${campos.codigo}</b:StatusCode>` +
    `<b:StatusDescription>${campos.descripcion}</b:StatusDescription><b:StatusMessage>${campos.mensaje ?? ''}</b:StatusMessage>` +
    (campos.base64 ? `<b:XmlBase64Bytes>${campos.base64}</b:XmlBase64Bytes>` : '<b:XmlBase64Bytes i:nil="true"/>') +
    '<b:XmlBytes i:nil="true"/>' +
    (campos.clave ? `<b:XmlDocumentKey>${campos.clave}</b:XmlDocumentKey>` : '<b:XmlDocumentKey i:nil="true"/>') +
    '<b:XmlFileName>fv09001234560002600000001</b:XmlFileName>'
  );
}

const CUFE = '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4';
const RESPUESTA_APLICACION =
  '<?xml version="1.0" encoding="utf-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2">' +
  '<cbc:ResponseCode xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">02</cbc:ResponseCode></ApplicationResponse>';

describe('leerRespuestaDian', () => {
  it('reads an accepted SendBillSync: notifications kept apart, the ApplicationResponse decoded', () => {
    const xml = sobre(
      'SendBillSync',
      dianResponse({
        valido: true,
        codigo: '00',
        descripcion: 'Procesado Correctamente.',
        mensaje: 'La Factura electrónica SETP990000002, ha sido autorizada.',
        errores: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.'],
        base64: Buffer.from(`\uFEFF${RESPUESTA_APLICACION}`).toString('base64'),
        clave: CUFE,
      }),
    );
    const respuesta = leerRespuestaDian(xml);
    expect(respuesta).toMatchObject({ tipo: 'DOCUMENTO', operacion: 'SendBillSync' });
    if (respuesta.tipo !== 'DOCUMENTO') throw new Error(respuesta.tipo);
    expect(respuesta.respuesta).toEqual({
      IsValid: true,
      StatusCode: '00',
      StatusDescription: 'Procesado Correctamente.',
      StatusMessage: 'La Factura electrónica SETP990000002, ha sido autorizada.',
      ErrorMessage: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.'],
      XmlDocumentKey: CUFE,
      XmlFileName: 'fv09001234560002600000001',
      respuestaAplicacion: RESPUESTA_APLICACION,
      estado: 'ACEPTADO',
      rechazos: [],
      notificaciones: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.'],
    });
  });

  it('reads a rejection: every Rechazo line is a reason, Notificación lines are not', () => {
    const errores = [
      'Regla: FAD06, Rechazo: Valor del CUFE no está calculado correctamente.',
      'Regla: FAU14, Rechazo: Valor total de la factura no corresponde a la suma de los valores de las líneas.',
      'Regla: FAJ44b, Notificación: Nit o Documento de Identificación informado No está registrado en el RUT.',
    ];
    const respuesta = leerRespuestaDian(
      sobre('SendBillSync', dianResponse({ valido: false, codigo: '99', descripcion: 'Validación contiene errores en campos mandatorios.', errores, clave: CUFE })),
    );
    if (respuesta.tipo !== 'DOCUMENTO') throw new Error(respuesta.tipo);
    expect(respuesta.respuesta.estado).toBe('RECHAZADO');
    expect(respuesta.respuesta.rechazos).toEqual(errores.slice(0, 2));
    expect(respuesta.respuesta.notificaciones).toEqual(errores.slice(2));
    expect(respuesta.respuesta.respuestaAplicacion).toBeNull();
    expect(respuesta.respuesta.rechazos.map(reglaDelMensaje)).toEqual(['FAD06', 'FAU14']);
  });

  it('reads GetStatus of a document DIAN does not know (66) and of rule 90', () => {
    const noEncontrado = leerRespuestaDian(
      sobre('GetStatus', dianResponse({ valido: false, codigo: '66', descripcion: 'TrackId no existe en los registros de la DIAN.' })),
    );
    expect(noEncontrado).toMatchObject({ tipo: 'DOCUMENTO', respuesta: { estado: 'NO_ENCONTRADO', XmlDocumentKey: null, ErrorMessage: [] } });
    const duplicado = leerRespuestaDian(
      sobre('SendBillSync', dianResponse({ valido: false, codigo: '99', descripcion: 'Validación contiene errores en campos mandatorios.', errores: ['Regla: 90, Rechazo: Documento procesado anteriormente.'] })),
    );
    if (duplicado.tipo !== 'DOCUMENTO') throw new Error(duplicado.tipo);
    expect(duplicado.respuesta.rechazos.map(reglaDelMensaje)).toEqual(['90']);
  });

  it('reads GetStatusZip while the batch is validated and once done, unzipping a zipped ApplicationResponse', () => {
    const pendiente = leerRespuestaDian(
      sobre('GetStatusZip', `<b:DianResponse>${dianResponse({ valido: false, codigo: '', descripcion: 'Batch en proceso de validación.' })}</b:DianResponse>`),
    );
    expect(pendiente).toMatchObject({ tipo: 'LOTE', respuestas: [{ estado: 'EN_PROCESO', StatusDescription: 'Batch en proceso de validación.' }] });
    const zip = Buffer.from(zipSync({ 'ar09001234560002600000001.xml': new TextEncoder().encode(RESPUESTA_APLICACION) })).toString('base64');
    const listo = leerRespuestaDian(
      sobre('GetStatusZip', `<b:DianResponse>${dianResponse({ valido: true, codigo: '00', descripcion: 'Procesado Correctamente.', base64: zip, clave: CUFE })}</b:DianResponse>`),
    );
    expect(listo).toMatchObject({ tipo: 'LOTE', respuestas: [{ estado: 'ACEPTADO', respuestaAplicacion: RESPUESTA_APLICACION, XmlDocumentKey: CUFE }] });
  });

  it('reads SendTestSetAsync: the ZipKey, or the ErrorMessageList when the upload is refused', () => {
    const aceptado = leerRespuestaDian(
      sobre('SendTestSetAsync', '<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"/><b:ZipKey>4f1c7a52-8a0e-4c2b-9e43-0f6f1b1e2d3a</b:ZipKey>', 'UploadDocumentResponse'),
    );
    expect(aceptado).toEqual({ tipo: 'SET_PRUEBAS', operacion: 'SendTestSetAsync', zipKey: '4f1c7a52-8a0e-4c2b-9e43-0f6f1b1e2d3a', errores: [] });
    const refusado = leerRespuestaDian(
      sobre(
        'SendTestSetAsync',
        '<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"><c:XmlParamsResponseTrackId>' +
          '<c:DocumentKey i:nil="true"/><c:ProcessedMessage>Set de prueba con identificador 123 es incorrecto.</c:ProcessedMessage>' +
          '<c:Success>false</c:Success><c:XmlFileName>fv09001234560002600000001</c:XmlFileName></c:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>',
        'UploadDocumentResponse',
      ),
    );
    expect(refusado).toEqual({
      tipo: 'SET_PRUEBAS',
      operacion: 'SendTestSetAsync',
      zipKey: null,
      errores: [{ documentKey: null, mensaje: 'Set de prueba con identificador 123 es incorrecto.', archivo: 'fv09001234560002600000001', exito: false }],
    });
  });

  it('reads GetNumberingRange with its ranges and technical keys, and an empty list', () => {
    const rango = (prefijo: string, desde: number, hasta: number, clave: string) =>
      '<c:NumberRangeResponse>' +
      `<c:ResolutionNumber>18760000001</c:ResolutionNumber><c:ResolutionDate>2019-01-19</c:ResolutionDate><c:Prefix>${prefijo}</c:Prefix>` +
      `<c:FromNumber>${desde}</c:FromNumber><c:ToNumber>${hasta}</c:ToNumber><c:ValidDateFrom>2019-01-19</c:ValidDateFrom>` +
      `<c:ValidDateTo>2030-01-19</c:ValidDateTo><c:TechnicalKey>${clave}</c:TechnicalKey></c:NumberRangeResponse>`;
    const xml = sobre(
      'GetNumberingRange',
      '<b:OperationCode>100</b:OperationCode><b:OperationDescription>Acción completada OK.</b:OperationDescription>' +
        `<b:ResponseList xmlns:c="http://schemas.datacontract.org/2004/07/NumberRangeResponse">${rango('SETP', 990000000, 995000000, 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c')}${rango('FE', 1, 5000, 'abc123')}</b:ResponseList>`,
      'NumberRangeResponseList',
    );
    expect(leerRespuestaDian(xml)).toEqual({
      tipo: 'RANGOS',
      operacion: 'GetNumberingRange',
      codigo: '100',
      descripcion: 'Acción completada OK.',
      rangos: [
        { ResolutionNumber: '18760000001', ResolutionDate: '2019-01-19', Prefix: 'SETP', FromNumber: 990000000, ToNumber: 995000000, ValidDateFrom: '2019-01-19', ValidDateTo: '2030-01-19', TechnicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' },
        { ResolutionNumber: '18760000001', ResolutionDate: '2019-01-19', Prefix: 'FE', FromNumber: 1, ToNumber: 5000, ValidDateFrom: '2019-01-19', ValidDateTo: '2030-01-19', TechnicalKey: 'abc123' },
      ],
    });
    const vacio = sobre(
      'GetNumberingRange',
      '<b:OperationCode>302</b:OperationCode><b:OperationDescription>No registra prefijos asociados al código de software.</b:OperationDescription><b:ResponseList i:nil="true"/>',
      'NumberRangeResponseList',
    );
    expect(leerRespuestaDian(vacio)).toMatchObject({ tipo: 'RANGOS', codigo: '302', rangos: [] });
  });

  it('reads a SOAP 1.2 fault as its own case', () => {
    const fallo =
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault>' +
      '<s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value xmlns:a="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">a:InvalidSecurity</s:Value></s:Subcode></s:Code>' +
      '<s:Reason><s:Text xml:lang="es-CO">An error occurred when verifying security for the message.</s:Text></s:Reason>' +
      '</s:Fault></s:Body></s:Envelope>';
    expect(leerRespuestaDian(fallo)).toEqual({
      tipo: 'FALLO',
      codigo: 's:Sender',
      subcodigo: 'a:InvalidSecurity',
      razon: 'An error occurred when verifying security for the message.',
    });
  });

  it('refuses what is not a DIAN answer', () => {
    expect(() => leerRespuestaDian('<html><body>502 Bad Gateway</body></html>')).toThrow(ErrorXmlDian);
    expect(() => leerRespuestaDian('upstream connect error')).toThrow(ErrorXmlDian);
    expect(() => leerRespuestaDian('<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><Otra xmlns="x"/></s:Body></s:Envelope>')).toThrow(ErrorXmlDian);
  });
});

describe('clasificarMensajesDian', () => {
  it('treats lines without a Notificación mark as rejections, accent or not', () => {
    expect(clasificarMensajesDian(['Regla: FAK24, Rechazo: DV no corresponde.', 'Regla: FAB05b, Notificacion: texto', 'Error al parsear xml.'])).toEqual({
      rechazos: ['Regla: FAK24, Rechazo: DV no corresponde.', 'Error al parsear xml.'],
      notificaciones: ['Regla: FAB05b, Notificacion: texto'],
    });
  });
});
