import { hoyNegocio } from '@tablero/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../../test/app';
import { CATALOGO_SIIGO_FALSO, iniciarSiigoFalso, type OpcionesSiigoFalso, type SiigoFalso } from '../../../../test/fakes/siigo-falso';
import { crearClienteSiigo, type OpcionesClienteSiigo } from '../../siigo';
import { ErrorTransitorioProveedor, type DocumentoParaEnviar } from './proveedor';
import { crearProveedorSiigo } from './siigo';

const entorno = usarEntorno();
const USUARIO = 'integracion@empresa.test';
const LLAVE = 'llave-de-acceso-de-prueba';
let siigo: SiigoFalso | undefined;
let siguienteDocumento = 40;

const PRODUCTOS = [
  { code: 'MEL-BL-18', name: 'Tablero Melamina Blanco 18 mm' },
  { code: 'TC-BL-22X045R', name: 'Tapacanto rígido PVC Blanco' },
  { code: 'SERVICOR1', name: 'Servicio de corte por tablero' },
];

async function falso(opciones: OpcionesSiigoFalso = {}): Promise<SiigoFalso> {
  siigo = await iniciarSiigoFalso({ usuario: USUARIO, accessKey: LLAVE, productos: PRODUCTOS, ...opciones });
  return siigo;
}

function proveedor(servidor: SiigoFalso, opciones: Partial<OpcionesClienteSiigo> = {}) {
  const cliente = crearClienteSiigo({ url: servidor.url, usuario: USUARIO, accessKey: LLAVE, partnerId: 'TableroPruebas', db: entorno.db, ...opciones });
  return crearProveedorSiigo(cliente);
}

/**
 * An invoice of three lines: 2 boards at 100 000 with 5 000 off and IVA 19 % (232 050), 16.4 m of edge band at 1 450
 * with IVA 19 % (28 298.20) and one untaxed cutting service (9 500): 269 848.20, paid in cash, by debit card and on credit.
 */
function factura(cambios: Partial<DocumentoParaEnviar> = {}): DocumentoParaEnviar {
  const documentoId = ++siguienteDocumento;
  return {
    documentoId,
    tipo: 'FACTURA',
    numero: `FE${documentoId}`,
    cufe: 'c'.repeat(96),
    fechaEmision: '2099-01-15',
    xmlFirmado: '<Invoice/>',
    proveedorId: null,
    venta: {
      ventaId: 900 + documentoId,
      fecha: '2099-01-15',
      cliente: { tipoIdentificacion: '13', numero: '43876512', nombre: 'Marta Gómez', correo: 'marta@cliente.test' },
      lineas: [
        { codigo: 'MEL-BL-18', descripcion: 'Tablero Melamina Blanco 18 mm', cantidad: '2', precioUnitarioCentavos: 10_000_000, descuentoCentavos: 500_000, siigoImpuestoIds: [13156] },
        { codigo: 'TC-BL-22X045R', descripcion: 'Tapacanto rígido PVC Blanco', cantidad: '16.4', precioUnitarioCentavos: 145_000, descuentoCentavos: 0, siigoImpuestoIds: [13156] },
        { codigo: 'SERVICOR1', descripcion: 'Servicio de corte por tablero', cantidad: '1', precioUnitarioCentavos: 950_000, descuentoCentavos: 0, siigoImpuestoIds: [] },
      ],
      pagos: [
        { nombreFormaPago: 'Efectivo', valorCentavos: 10_000_000, credito: false },
        { nombreFormaPago: 'Tarjeta Debito', valorCentavos: 6_984_820, credito: false },
        { nombreFormaPago: 'Crédito', valorCentavos: 10_000_000, credito: true, vencimiento: '2099-02-15' },
      ],
      totalCentavos: 26_984_820,
    },
    ...cambios,
  };
}

function notaCredito(deFactura: DocumentoParaEnviar, proveedorIdFactura: string | null): DocumentoParaEnviar {
  const documentoId = ++siguienteDocumento;
  return {
    ...deFactura,
    documentoId,
    tipo: 'NOTA_CREDITO',
    numero: `NC${documentoId}`,
    proveedorId: null,
    factura: { numero: deFactura.numero, cufe: deFactura.cufe, fechaEmision: deFactura.fechaEmision, proveedorId: proveedorIdFactura },
  };
}

beforeEach(async () => {
  await entorno.db.deleteFrom('siigo_sesion').execute();
  await entorno.db.deleteFrom('siigo_limite_solicitudes').execute();
});

afterEach(async () => {
  await siigo?.cerrar();
  siigo = undefined;
});

describe('Siigo provider, invoices', () => {
  it('sends the sale as Siigo’s invoice, stamped and not mailed, and answers ACEPTADA with Siigo’s CUFE, id and name', async () => {
    const servidor = await falso();
    const documento = factura();
    const resultado = await proveedor(servidor).enviar(documento);

    expect(servidor.estado.facturas).toHaveLength(1);
    const creada = servidor.estado.facturas[0]!;
    expect(resultado).toMatchObject({ resultado: 'ACEPTADA', cufe: creada.stamp.cufe, proveedorId: creada.id, codigoContable: 'FV-1-1', mensajes: [] });
    expect(creada.idempotencyKey).toBe(`TABLEROFV${documento.documentoId}`);
    expect(creada.cuerpo).toEqual({
      document: { id: 24446 },
      date: '2099-01-15',
      customer: { identification: '43876512', branch_office: 0 },
      // 628 is inactive: the first active user sells.
      seller: 629,
      observations: `Factura ${documento.numero} de Tablero`,
      items: [
        { code: 'MEL-BL-18', description: 'Tablero Melamina Blanco 18 mm', quantity: 2, price: 100_000, discount: 5000, taxes: [{ id: 13156 }] },
        { code: 'TC-BL-22X045R', description: 'Tapacanto rígido PVC Blanco', quantity: 16.4, price: 1450, taxes: [{ id: 13156 }] },
        { code: 'SERVICOR1', description: 'Servicio de corte por tablero', quantity: 1, price: 9500 },
      ],
      payments: [
        { id: 2883, value: 100_000 },
        { id: 2884, value: 69_848.2 },
        { id: 5636, value: 100_000, due_date: '2099-02-15' },
      ],
      stamp: { send: true },
      mail: { send: false },
    });
    // Siigo checked that the payments add up to its own total.
    expect(creada.total).toBe(269_848.2);
    expect(resultado.solicitud).toContain(`Idempotency-Key: TABLEROFV${documento.documentoId}`);
    expect(resultado.respuesta).toContain('"Accepted"');
    expect(`${resultado.solicitud}${resultado.respuesta}`).not.toMatch(/falso\.[0-9a-f-]{36}/);
  });

  it('sent twice under the same document id gives one Siigo invoice', async () => {
    const servidor = await falso();
    const siigoProveedor = proveedor(servidor);
    const documento = factura();
    const primera = await siigoProveedor.enviar(documento);
    const segunda = await siigoProveedor.enviar(documento);
    expect(servidor.estado.facturas).toHaveLength(1);
    expect(segunda).toMatchObject({ resultado: 'ACEPTADA', proveedorId: (primera as { proveedorId: string }).proveedorId });
    // Catalogs are read once and reused.
    expect(servidor.estado.porRuta['GET /v1/document-types']).toBe(1);
  });

  it('answers RECHAZADA with DIAN’s reasons from Siigo’s stamp errors', async () => {
    const servidor = await falso({ modo: 'rechazada', mensajesRechazo: ['Regla: FAJ44b, Rechazo: NIT no autorizado'] });
    const resultado = await proveedor(servidor).enviar(factura());
    expect(resultado).toMatchObject({ resultado: 'RECHAZADA', mensajes: ['Regla: FAJ44b, Rechazo: NIT no autorizado'], proveedorId: servidor.estado.facturas[0]!.id });
    expect(resultado.solicitud).toContain('/stamp/errors');
  });

  it('answers PENDIENTE while DIAN has not decided, and ACEPTADA when asked again after it did', async () => {
    const servidor = await falso({ modo: 'pendiente' });
    const siigoProveedor = proveedor(servidor);
    const documento = factura();
    const pendiente = await siigoProveedor.enviar(documento);
    expect(pendiente).toMatchObject({ resultado: 'PENDIENTE', proveedorId: servidor.estado.facturas[0]!.id });

    servidor.decidirPendientes('aceptada');
    const consultada = await siigoProveedor.consultar({ ...documento, proveedorId: servidor.estado.facturas[0]!.id });
    expect(consultada).toMatchObject({ resultado: 'ACEPTADA', cufe: servidor.estado.facturas[0]!.stamp.cufe, codigoContable: 'FV-1-1' });
    expect(servidor.estado.porRuta[`GET /v1/invoices/${servidor.estado.facturas[0]!.id}`]).toBe(1);
  });

  it('after a timeout (Siigo created it, the answer was lost) consultar finds that invoice: never a second one', async () => {
    const servidor = await falso({ modo: 'sin-respuesta' });
    const siigoProveedor = proveedor(servidor, { tiempoEsperaDocumentosMs: 300 });
    const documento = factura();
    const error = await siigoProveedor.enviar(documento).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as ErrorTransitorioProveedor).message).toBe('Siigo no respondió en 0.3 s');
    expect(servidor.estado.facturas).toHaveLength(1);

    servidor.fijarModo('aceptada');
    const consultada = await siigoProveedor.consultar(documento);
    expect(consultada).toMatchObject({ resultado: 'ACEPTADA', proveedorId: servidor.estado.facturas[0]!.id, cufe: servidor.estado.facturas[0]!.stamp.cufe });
    expect(servidor.estado.facturas).toHaveLength(1);
  });

  it('turns Siigo’s 5xx into a transient error and creates nothing', async () => {
    const servidor = await falso({ modo: 'error-servidor' });
    const error = await proveedor(servidor).enviar(factura()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as ErrorTransitorioProveedor).intercambio.respuesta).toContain('unhandled_error');
    expect(servidor.estado.facturas).toHaveLength(0);
  });

  it('answers RECHAZADA with Siigo’s reasons when Siigo refuses the invoice itself (a product it lacks)', async () => {
    const servidor = await falso();
    const documento = factura();
    documento.venta.lineas[2]!.codigo = 'NO-EXISTE';
    const resultado = await proveedor(servidor).enviar(documento);
    expect(resultado).toMatchObject({ resultado: 'RECHAZADA', mensajes: ["invalid_reference: The product code NO-EXISTE doesn't exist"] });
    expect(servidor.estado.facturas).toHaveLength(0);
  });

  it('treats refused credentials as transient (a configuration to fix), not as a verdict on the invoice', async () => {
    const servidor = await falso();
    const cliente = crearClienteSiigo({ url: servidor.url, usuario: USUARIO, accessKey: 'otra', partnerId: 'TableroPruebas', db: entorno.db });
    const error = await crearProveedorSiigo(cliente).enviar(factura()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioProveedor);
    expect((error as Error).message).toMatch(/^Siigo rechazó el usuario o la llave de acceso/);
  });

  it('sends discounts as percentages when Siigo’s document type says so, with payments that still add up', async () => {
    const tiposDocumento = CATALOGO_SIIGO_FALSO.tiposDocumento.map((tipo) => ({ ...tipo, discount_type: 'Percentage' }));
    const servidor = await falso({ catalogo: { tiposDocumento } });
    const documento = factura();
    // 3 333.33 off 200 000: 1.67 % in Siigo, whose total then differs from ours by a few centavos.
    documento.venta.lineas[0]!.descuentoCentavos = 333_333;
    const resultado = await proveedor(servidor).enviar(documento);
    expect(resultado.resultado).toBe('ACEPTADA');
    const creada = servidor.estado.facturas[0]!;
    expect((creada.cuerpo.items as { discount?: number }[])[0]!.discount).toBe(1.67);
    expect(creada.total).toBeCloseTo(234_025.4 + 28_298.2 + 9500, 2);
  });

  it('dates the invoice today when the sale’s date has passed (Siigo refuses back-dated electronic invoices)', async () => {
    const servidor = await falso();
    const documento = factura();
    documento.venta.fecha = '2020-01-02';
    await proveedor(servidor).enviar(documento);
    expect(servidor.estado.facturas[0]!.date).toBe(hoyNegocio());
  });

  it('answers NO_ENCONTRADA for an id Siigo does not know', async () => {
    const servidor = await falso();
    const resultado = await proveedor(servidor).consultar(factura({ proveedorId: '00000000-0000-0000-0000-000000000000' }));
    expect(resultado.resultado).toBe('NO_ENCONTRADA');
  });
});

describe('Siigo provider, credit notes', () => {
  it('annuls a Siigo invoice by its id with reason 2 and answers ACEPTADA with the CUDE', async () => {
    const servidor = await falso();
    const siigoProveedor = proveedor(servidor);
    const documentoFactura = factura();
    const aceptada = await siigoProveedor.enviar(documentoFactura);
    const idFactura = (aceptada as { proveedorId: string }).proveedorId;
    const nota = notaCredito(documentoFactura, idFactura);

    const resultado = await siigoProveedor.enviar(nota);
    const creada = servidor.estado.notasCredito[0]!;
    expect(resultado).toMatchObject({ resultado: 'ACEPTADA', cufe: creada.stamp.cude, proveedorId: creada.id, codigoContable: 'NC-1-2' });
    expect(creada.idempotencyKey).toBe(`TABLERONC${nota.documentoId}`);
    expect(creada.cuerpo).toMatchObject({
      document: { id: 77775 },
      invoice: idFactura,
      reason: '2',
      stamp: { send: true },
      mail: { send: false },
      // The credit note's own payment types.
      payments: [
        { id: 3883, value: 169_848.2 },
        { id: 6636, value: 100_000, due_date: '2099-02-15' },
      ],
    });

    // Sent again (a retry), and asked by its id: the same note.
    expect(await siigoProveedor.enviar(nota)).toMatchObject({ proveedorId: creada.id });
    expect(await siigoProveedor.consultar({ ...nota, proveedorId: creada.id })).toMatchObject({ resultado: 'ACEPTADA', cufe: creada.stamp.cude });
    expect(servidor.estado.notasCredito).toHaveLength(1);
  });

  it("sends a partial return's note with its own concept 1 and reason", async () => {
    const servidor = await falso();
    const documentoFactura = factura({ numero: 'FE1240' });
    const nota = { ...notaCredito(documentoFactura, null), nota: { concepto: '1', motivo: 'Un tablero llegó rayado' } };
    expect((await proveedor(servidor).enviar(nota)).resultado).toBe('ACEPTADA');
    expect(servidor.estado.notasCredito[0]!.cuerpo).toMatchObject({
      reason: '1',
      observations: `Devolución parcial de la factura FE1240. Nota crédito ${nota.numero} de Tablero: Un tablero llegó rayado`,
    });
  });

  it('names an invoice Siigo did not issue by its prefix, number, CUFE and date', async () => {
    const servidor = await falso();
    const documentoFactura = factura({ numero: 'FE1234' });
    const resultado = await proveedor(servidor).enviar(notaCredito(documentoFactura, null));
    expect(resultado.resultado).toBe('ACEPTADA');
    expect(servidor.estado.notasCredito[0]!.cuerpo).toMatchObject({
      invoice_data: { prefix: 'FE', number: 1234, cufe: documentoFactura.cufe, date: '2099-01-15' },
      customer: { identification: '43876512', branch_office: 0 },
    });
  });
});
