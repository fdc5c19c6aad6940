import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  construirFactura,
  firmarDocumento,
  generarCertificadoPrueba,
  leerCertificadoP12,
  type CertificadoFirma,
  type DatosFactura,
} from '@tablero/dian';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_RECHAZO_FALSO, NOTIFICACION_FALSA, iniciarDianFalso, type DianFalso } from '../../../../test/fakes/dian-falso';
import { ErrorRespuestaDian, crearProveedorDian, type OpcionesProveedorDian } from './dian';
import { crearProveedorNinguno } from './ninguno';
import { ErrorTransitorioProveedor, type DocumentoParaEnviar } from './proveedor';

// The DIAN provider against the local fake DIAN (real HTTP, real WS-Security and XAdES signatures, real ZIPs).

const CLAVES = { claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c', pinSoftware: '12345' };
const NIT = '900123456';

function datosFactura(numero: string, horaEmision = '10:53:10-05:00'): DatosFactura {
  return {
    ambiente: 2,
    numero,
    fechaEmision: '2026-11-25',
    horaEmision,
    emisor: {
      nit: NIT,
      dv: '8',
      razonSocial: 'Tableros de Prueba S.A.S.',
      nombreComercial: 'Tablero',
      tipoPersona: 1,
      responsabilidades: ['O-13'],
      direccion: 'Calle 10 # 20-30',
      ubicacion: { departamentoCodigo: '76', municipioCodigo: '76001' },
    },
    adquiriente: { tipoIdentificacion: '13', numero: '1020304050', nombre: 'Cliente de prueba', tipoPersona: 2, responsabilidades: ['R-99-PN'] },
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: CLAVES.pinSoftware, nitProveedor: NIT, dvProveedor: '8' },
    resolucion: { numero: '18760000001', fechaDesde: '2019-01-19', fechaHasta: '2030-01-19', prefijo: 'SETP', desde: 990000000, hasta: 995000000, claveTecnica: CLAVES.claveTecnica },
    lineas: [
      {
        codigo: 'MDF-15',
        descripcion: 'Tablero MDF 15 mm',
        cantidad: '2',
        unidad: '94',
        precioUnitarioCentavos: 15_000_000,
        brutoCentavos: 30_000_000,
        descuentoCentavos: 0,
        porcentajeDescuento: '0.00',
        impuestos: [{ codigo: '01', porcentaje: '19.00', baseCentavos: 30_000_000, valorCentavos: 5_700_000 }],
      },
    ],
    mediosPago: [{ formaPago: 1, codigoMedio: '10' }],
  };
}

let certificado: CertificadoFirma;
let dian: DianFalso;
/** For the cases where DIAN never reads the document (no answer, refused envelope…): signing costs ~0.4 s each. */
let cualquiera: DocumentoParaEnviar;
let siguienteNumero = 990000100;
let consecutivo = 0;

/** A freshly built and XAdES-signed invoice, as the job hands it to the provider. */
async function documento(cambios: { numero?: string; horaEmision?: string } = {}): Promise<DocumentoParaEnviar> {
  const numero = cambios.numero ?? `SETP${siguienteNumero++}`;
  const construido = construirFactura(datosFactura(numero, cambios.horaEmision));
  const xmlFirmado = await firmarDocumento(construido.xml, certificado, new Date());
  return {
    documentoId: siguienteNumero,
    tipo: 'FACTURA',
    numero,
    cufe: construido.cufe,
    fechaEmision: '2026-11-25',
    xmlFirmado,
    venta: { ventaId: 1, fecha: '2026-11-25', cliente: { tipoIdentificacion: '13', numero: '1020304050', nombre: 'Cliente de prueba' }, lineas: [], pagos: [], totalCentavos: 35_700_000 },
    proveedorId: null,
  };
}

function proveedor(cambios: Partial<OpcionesProveedorDian> = {}) {
  return crearProveedorDian({
    url: dian.url,
    ambiente: 1,
    testSetId: null,
    certificado,
    nit: NIT,
    tiempoEsperaMs: 5_000,
    consecutivoArchivo: () => ++consecutivo,
    ...cambios,
  });
}

function envios(operacion = 'SendBillSync') {
  return dian.recibidos.filter((recibido) => recibido.operacion === operacion);
}

beforeAll(async () => {
  const { p12, clave } = generarCertificadoPrueba();
  certificado = leerCertificadoP12(p12, clave);
  dian = await iniciarDianFalso({ claves: CLAVES });
  cualquiera = await documento();
});

afterAll(() => dian.cerrar());

beforeEach(() => {
  dian.fijarModo('aceptar');
  dian.recibidos.length = 0;
});

describe('DIAN provider, production (SendBillSync)', () => {
  it('sends the zipped signed invoice and returns ACEPTADA with the notifications and the ApplicationResponse', async () => {
    const factura = await documento();
    const resultado = await proveedor().enviar(factura);

    expect(resultado).toMatchObject({ resultado: 'ACEPTADA', cufe: factura.cufe, mensajes: [NOTIFICACION_FALSA] });
    if (resultado.resultado !== 'ACEPTADA') throw new Error(resultado.resultado);
    expect(resultado.respuestaDian).toContain('<cbc:ResponseCode>02</cbc:ResponseCode>');
    expect(resultado.respuestaDian).toContain(factura.cufe);
    // DIAN's file names: z/fv + NIT padded to 10 + 000 (own software) + yy + the hex file counter.
    const [enviado] = envios();
    expect(enviado?.parametros.fileName).toMatch(new RegExp(`^z0${NIT}00026[0-9a-f]{8}\\.zip$`));
    expect(enviado?.documento).toMatchObject({ numero: factura.numero, cufe: factura.cufe, xml: factura.xmlFirmado });
    expect(enviado?.documento?.archivo).toMatch(new RegExp(`^fv0${NIT}00026[0-9a-f]{8}\\.xml$`));
    // The audit copy keeps the request readable and small: no private key, the ZIP reduced to its fingerprint.
    const clavePrivada = certificado.clavePrivadaPem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(resultado.solicitud).not.toContain(clavePrivada.slice(100, 160));
    expect(resultado.solicitud).not.toContain(enviado!.parametros.contentFile!);
    expect(resultado.solicitud).toMatch(/<wcf:contentFile>\[base64 \d+ caracteres, sha256 [0-9a-f]{64}\]<\/wcf:contentFile>/);
    expect(resultado.solicitud.length).toBeLessThan(8_000);
    expect(resultado.respuesta).toMatch(/^HTTP 200\n/);
  });

  it('returns RECHAZADA with DIAN rule messages, notifications kept out of the reasons', async () => {
    dian.fijarModo('rechazar');
    const resultado = await proveedor().enviar(await documento());
    expect(resultado).toMatchObject({ resultado: 'RECHAZADA', mensajes: MENSAJES_RECHAZO_FALSO });
    if (resultado.resultado !== 'RECHAZADA') throw new Error(resultado.resultado);
    expect(resultado.respuestaDian).toContain('<cbc:ResponseCode>04</cbc:ResponseCode>');
  });

  it('gets a rejection from DIAN when the XML was touched after signing', async () => {
    const factura = await documento();
    const alterada = { ...factura, xmlFirmado: factura.xmlFirmado.replace('Tablero MDF 15 mm', 'Tablero MDF 18 mm') };
    const resultado = await proveedor().enviar(alterada);
    if (resultado.resultado !== 'RECHAZADA') throw new Error(resultado.resultado);
    expect(resultado.mensajes[0]).toMatch(/^Regla: ZE02, Rechazo: Valor de la firma inválido/);
  });

  it('throws a transient error within the configured time when DIAN does not answer', async () => {
    dian.fijarModo('timeout');
    const inicio = performance.now();
    const error = await proveedor({ tiempoEsperaMs: 300 }).enviar(cualquiera).catch((e: unknown) => e);
    const transcurrido = performance.now() - inicio;
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as ErrorTransitorioProveedor).message).toBe('DIAN no respondió SendBillSync en 0.3 s');
    expect((error as ErrorTransitorioProveedor).intercambio.solicitud).toContain('<wcf:SendBillSync>');
    expect(transcurrido).toBeGreaterThanOrEqual(290);
    // Signing the envelope comes first; the bound only shows the configured 0.3 s governs, not the 30 s default.
    expect(transcurrido).toBeLessThan(3_000);
  });

  it('after a send DIAN accepted but never answered, consultar finds it ACEPTADA without sending it again', async () => {
    dian.fijarModo('aceptar-y-colgar');
    const factura = await documento();
    await expect(proveedor({ tiempoEsperaMs: 300 }).enviar(factura)).rejects.toBeInstanceOf(ErrorTransitorioProveedor);

    const consulta = await proveedor().consultar(factura);
    expect(consulta).toMatchObject({ resultado: 'ACEPTADA', cufe: factura.cufe, mensajes: [NOTIFICACION_FALSA] });
    if (consulta.resultado !== 'ACEPTADA') throw new Error(consulta.resultado);
    expect(consulta.respuestaDian).toContain('<cbc:ResponseCode>02</cbc:ResponseCode>');
    expect(envios()).toHaveLength(1);
    expect(envios('GetStatus')).toHaveLength(1);
  });

  it('treats rule 90 as accepted once GetStatus confirms DIAN has this very CUFE', async () => {
    const factura = await documento();
    await expect(proveedor().enviar(factura)).resolves.toMatchObject({ resultado: 'ACEPTADA' });
    const otraVez = await proveedor().enviar(factura);
    expect(otraVez).toMatchObject({ resultado: 'ACEPTADA', cufe: factura.cufe });
    expect(otraVez.respuesta).toContain('Regla: 90, Rechazo: Documento procesado anteriormente.');
    expect(otraVez.solicitud).toContain('<wcf:GetStatus>');
    expect(envios()).toHaveLength(2);
    expect(envios('GetStatus')).toHaveLength(1);
  });

  it('keeps rule 90 a rejection when the number belongs to another document', async () => {
    const primera = await documento();
    await proveedor().enviar(primera);
    const mismoNumero = await documento({ numero: primera.numero, horaEmision: '11:00:00-05:00' });
    expect(mismoNumero.cufe).not.toBe(primera.cufe);
    await expect(proveedor().enviar(mismoNumero)).resolves.toMatchObject({
      resultado: 'RECHAZADA',
      mensajes: ['Regla: 90, Rechazo: Documento procesado anteriormente.'],
    });
  });

  it('throws a transient error on an HTTP 500 without a DIAN answer', async () => {
    dian.fijarModo('error-500');
    const error = await proveedor().enviar(cualquiera).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as ErrorTransitorioProveedor).message).toMatch(/^Respuesta de DIAN no interpretable \(HTTP 500, SendBillSync\)/);
    expect((error as ErrorTransitorioProveedor).intercambio.respuesta).toMatch(/^HTTP 500\n<html>/);
  });

  it('throws a non-transient error when DIAN refuses the envelope (expired certificate)', async () => {
    const vencido = generarCertificadoPrueba({ diasVigencia: -1 });
    const error = await proveedor({ certificado: leerCertificadoP12(vencido.p12, vencido.clave) })
      .consultar(cualquiera)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorRespuestaDian);
    expect(error).not.toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as ErrorRespuestaDian).message).toBe(
      'DIAN respondió con un fallo SOAP (s:Sender / a:InvalidSecurity): El certificado del mensaje no está vigente.',
    );
  });

  it('passes on Retry-After of a 503 from a gateway in front of DIAN', async () => {
    const saturado = createServer((_solicitud, respuesta) => {
      respuesta.writeHead(503, { 'retry-after': '7', 'content-type': 'text/plain' });
      respuesta.end('Service Unavailable');
    });
    await new Promise<void>((resolver) => saturado.listen(0, '127.0.0.1', resolver));
    try {
      const url = `http://127.0.0.1:${(saturado.address() as AddressInfo).port}/WcfDianCustomerServices.svc`;
      const error = await proveedor({ url }).enviar(cualquiera).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
      expect((error as ErrorTransitorioProveedor).reintentarEnSegundos).toBe(7);
    } finally {
      saturado.closeAllConnections();
      await new Promise((resolver) => saturado.close(resolver));
    }
  });

  it('throws a transient error when nothing listens', async () => {
    const cerrado = await iniciarDianFalso();
    await cerrado.cerrar();
    const error = await proveedor({ url: cerrado.url }).enviar(cualquiera).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as Error).message).toMatch(/^No fue posible comunicarse con DIAN \(SendBillSync\): .*ECONNREFUSED/);
  });
});

describe('DIAN provider, consultar by CUFE (GetStatus)', () => {
  it('answers NO_ENCONTRADA for a document DIAN never received, so it may be sent', async () => {
    await expect(proveedor().consultar(cualquiera)).resolves.toMatchObject({ resultado: 'NO_ENCONTRADA' });
    expect(envios()).toHaveLength(0);
  });

  it('answers RECHAZADA with the reasons of a document DIAN rejected', async () => {
    dian.fijarModo('rechazar');
    const factura = await documento();
    await proveedor().enviar(factura);
    await expect(proveedor().consultar(factura)).resolves.toMatchObject({ resultado: 'RECHAZADA', mensajes: MENSAJES_RECHAZO_FALSO });
  });
});

describe('DIAN provider, habilitación (SendTestSetAsync, GetStatusZip)', () => {
  const testSetId = '2b7d3a5e-4f1c-4e6b-9a0d-7c8e9f1a2b3c';

  it('sends the test set, answers PENDIENTE with the ZipKey, then ACEPTADA once DIAN validated it', async () => {
    dian.fijarModo('habilitacion');
    const habilitacion = proveedor({ ambiente: 2, testSetId });
    const factura = await documento();
    const envio = await habilitacion.enviar(factura);
    expect(envio).toMatchObject({ resultado: 'PENDIENTE', mensajes: [] });
    if (envio.resultado !== 'PENDIENTE') throw new Error(envio.resultado);
    expect(envio.proveedorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(envios('SendTestSetAsync')[0]?.parametros.testSetId).toBe(testSetId);

    const conZipKey = { ...factura, proveedorId: envio.proveedorId! };
    await expect(habilitacion.consultar(conZipKey)).resolves.toMatchObject({
      resultado: 'PENDIENTE',
      mensajes: ['Batch en proceso de validación.'],
      proveedorId: envio.proveedorId,
    });
    const validada = await habilitacion.consultar(conZipKey);
    expect(validada).toMatchObject({ resultado: 'ACEPTADA', cufe: factura.cufe, proveedorId: envio.proveedorId });
    expect(envios('GetStatusZip')).toHaveLength(2);
    expect(envios()).toHaveLength(0);
  });

  it('answers RECHAZADA when DIAN refuses the upload (wrong TestSetId)', async () => {
    await expect(proveedor({ ambiente: 2, testSetId: 'no-es-un-set' }).enviar(cualquiera)).resolves.toMatchObject({
      resultado: 'RECHAZADA',
      mensajes: ['Set de prueba con identificador no-es-un-set es incorrecto.'],
    });
  });
});

describe('no provider', () => {
  it('refuses to send or consult', async () => {
    const ninguno = crearProveedorNinguno();
    expect(ninguno.nombre).toBe('NINGUNO');
    await expect(ninguno.enviar(cualquiera)).rejects.toThrow('Sin proveedor de facturación electrónica configurado');
    await expect(ninguno.consultar(cualquiera)).rejects.toThrow('Sin proveedor de facturación electrónica configurado');
  });
});
