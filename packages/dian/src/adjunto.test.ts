import { beforeAll, describe, expect, it } from 'vitest';
import { documentoAdjunto } from './adjunto';
import { leerCertificadoP12 } from './certificado';
import { generarCertificadoPrueba } from './certificado-prueba';
import { clienteNit, emisorPrueba, facturaPrueba } from './datos-prueba';
import { firmarDocumento } from './firma';
import { construirFactura } from './ubl';
import { verificarFirma } from './verificacion';
import { hijos, raizDe, secuencia, texto, uno } from './xml-prueba';

// A stand-in for DIAN's ApplicationResponse: only the fields the container reads, plus a ']]>' that must survive CDATA.
const respuestaDian =
  '<?xml version="1.0" encoding="utf-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>9123</cbc:ID>' +
  '<cbc:IssueDate>2026-03-02</cbc:IssueDate><cbc:IssueTime>10:55:01-05:00</cbc:IssueTime><cbc:Note>a]]>b</cbc:Note></ApplicationResponse>';

let firmada: string;
let cufe: string;

beforeAll(async () => {
  const { p12, clave } = generarCertificadoPrueba();
  const factura = construirFactura(facturaPrueba());
  cufe = factura.cufe;
  firmada = await firmarDocumento(factura.xml, leerCertificadoP12(p12, clave), new Date());
});

const datos = () => ({
  facturaXmlFirmado: firmada,
  emisor: emisorPrueba,
  adquiriente: clienteNit,
  numero: 'SETP990000101',
  cufe,
  fechaEmision: '2026-03-02',
  horaEmision: '10:53:10-05:00',
});

describe('documentoAdjunto', () => {
  it('wraps the signed invoice and the ApplicationResponse in an AttachedDocument, in UBL order', () => {
    const raiz = raizDe(documentoAdjunto({ ...datos(), respuestaDian }));
    expect(raiz.localName).toBe('AttachedDocument');
    expect(raiz.namespaceURI).toBe('urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2');
    expect(secuencia(raiz)).toEqual([
      'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'IssueDate', 'IssueTime', 'DocumentType',
      'ParentDocumentID', 'SenderParty', 'ReceiverParty', 'Attachment', 'ParentDocumentLineReference',
    ]);
    expect(texto(raiz, 'ProfileExecutionID')).toBe('2');
    expect(texto(raiz, 'DocumentType')).toBe('Contenedor de Factura Electrónica');
    expect(texto(raiz, 'SenderParty/PartyTaxScheme/CompanyID')).toBe('900123456');
    expect(texto(raiz, 'ReceiverParty/PartyTaxScheme/CompanyID')).toBe('800199436');
    const referencia = uno(raiz, 'ParentDocumentLineReference/DocumentReference');
    expect(texto(referencia, 'UUID')).toBe(cufe);
    expect(uno(referencia, 'UUID').getAttribute('schemeName')).toBe('CUFE-SHA384');
    expect(texto(referencia, 'ResultOfVerification/ValidationResultCode')).toBe('02');
    expect(texto(referencia, 'ResultOfVerification/ValidationDate')).toBe('2026-03-02');
    expect(texto(referencia, 'ResultOfVerification/ValidationTime')).toBe('10:55:01-05:00');
    // The embedded documents come back byte for byte: the invoice's signature still verifies.
    const factura = texto(raiz, 'Attachment/ExternalReference/Description');
    expect(factura).toBe(firmada);
    expect(verificarFirma(factura)).toEqual({ valida: true });
    expect(texto(referencia, 'Attachment/ExternalReference/Description')).toBe(respuestaDian);
  });

  it('omits the ApplicationResponse and its verification before DIAN answers', () => {
    const referencia = uno(raizDe(documentoAdjunto(datos())), 'ParentDocumentLineReference/DocumentReference');
    expect(hijos(referencia, 'Attachment')).toHaveLength(0);
    expect(hijos(referencia, 'ResultOfVerification')).toHaveLength(0);
  });

  it('refuses a CUFE that is not the embedded document one', () => {
    expect(() => documentoAdjunto({ ...datos(), cufe: 'a'.repeat(96) })).toThrow(/CUFE/);
  });
});
