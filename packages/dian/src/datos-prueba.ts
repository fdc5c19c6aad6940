import type { Adquiriente, DatosDocumentoPos, DatosFactura, DatosNotaAjuste, DatosNotaCredito, Emisor, LineaDocumento } from './tipos';

// Test data shared by this package's tests: the habilitación resolution and key DIAN publishes for the test set.

export const emisorPrueba: Emisor = {
  nit: '900123456',
  dv: '8',
  razonSocial: 'Tableros del Valle S.A.S.',
  nombreComercial: 'Tablero',
  tipoPersona: 1,
  responsabilidades: ['O-13', 'O-15'],
  direccion: 'Calle 10 # 20-30',
  ubicacion: {
    departamentoCodigo: '76',
    municipioCodigo: '76001',
    codigoPostal: '760001',
  },
  telefono: '6023334455',
  correo: 'facturacion@tablero.test',
};

export const clienteNit: Adquiriente = {
  tipoIdentificacion: '31',
  numero: '800199436',
  dv: '5',
  nombre: 'Muebles & Diseño Ltda.',
  tipoPersona: 1,
  responsabilidades: ['O-23'],
  direccion: 'Carrera 5 # 1-2',
  ubicacion: {
    departamentoCodigo: '11',
    municipioCodigo: '11001',
  },
  correo: 'compras@muebles.test',
};

export const consumidorFinal: Adquiriente = {
  tipoIdentificacion: '13',
  numero: '222222222222',
  nombre: 'Consumidor final',
  tipoPersona: 2,
  responsabilidades: ['R-99-PN'],
};

/** IVA 19 % with a 10 % discount, IVA 5 %, and INC 8 %: three lines, three tax subtotals in two schemes. */
export const lineasVarias: LineaDocumento[] = [
  {
    codigo: 'MDF-15',
    descripcion: 'Tablero MDF 15 mm corte 60x40',
    cantidad: '3',
    unidad: '94',
    precioUnitarioCentavos: 4_500_050,
    brutoCentavos: 13_500_150,
    descuentoCentavos: 1_350_015,
    porcentajeDescuento: '10.00',
    impuestos: [{ codigo: '01', porcentaje: '19.00', baseCentavos: 12_150_135, valorCentavos: 2_308_526 }],
  },
  {
    codigo: 'CANTO-22',
    descripcion: 'Canto PVC 22 mm',
    cantidad: '12.5',
    unidad: 'MTR',
    precioUnitarioCentavos: 180_000,
    brutoCentavos: 2_250_000,
    descuentoCentavos: 0,
    porcentajeDescuento: '0.00',
    impuestos: [{ codigo: '01', porcentaje: '5.00', baseCentavos: 2_250_000, valorCentavos: 112_500 }],
  },
  {
    codigo: 'SERV-01',
    descripcion: 'Servicio de cafetería',
    cantidad: '1',
    unidad: '94',
    precioUnitarioCentavos: 1_000_000,
    brutoCentavos: 1_000_000,
    descuentoCentavos: 0,
    porcentajeDescuento: '0.00',
    impuestos: [{ codigo: '04', porcentaje: '8.00', baseCentavos: 1_000_000, valorCentavos: 80_000 }],
  },
];

export function facturaPrueba(cambios: Partial<DatosFactura> = {}): DatosFactura {
  return {
    ambiente: 2,
    numero: 'SETP990000101',
    fechaEmision: '2026-03-02',
    horaEmision: '10:53:10-05:00',
    emisor: emisorPrueba,
    adquiriente: clienteNit,
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900123456', dvProveedor: '8' },
    lineas: lineasVarias,
    mediosPago: [{ formaPago: 2, codigoMedio: '10', vencimiento: '2026-04-01' }],
    notas: ['Gracias por su compra'],
    resolucion: {
      numero: '18760000001',
      fechaDesde: '2019-01-19',
      fechaHasta: '2030-01-19',
      prefijo: 'SETP',
      desde: 990000000,
      hasta: 995000000,
      claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    },
    ...cambios,
  };
}

export function notaCreditoPrueba(cufeFactura: string, cambios: Partial<DatosNotaCredito> = {}): DatosNotaCredito {
  return {
    ambiente: 2,
    numero: 'NC1',
    fechaEmision: '2026-03-03',
    horaEmision: '08:00:00-05:00',
    emisor: emisorPrueba,
    adquiriente: clienteNit,
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900123456', dvProveedor: '8' },
    lineas: lineasVarias,
    mediosPago: [{ formaPago: 1, codigoMedio: '10' }],
    factura: { numero: 'SETP990000101', cufe: cufeFactura, fechaEmision: '2026-03-02' },
    concepto: '2',
    descripcionConcepto: 'Anulación de factura electrónica',
    ...cambios,
  };
}

/** A counter sale of one board to the consumidor final, paid in cash, as a POS equivalent document. */
export function documentoPosPrueba(cambios: Partial<DatosDocumentoPos> = {}): DatosDocumentoPos {
  return {
    ambiente: 2,
    numero: 'POS5001',
    fechaEmision: '2026-03-02',
    horaEmision: '11:20:00-05:00',
    emisor: emisorPrueba,
    adquiriente: consumidorFinal,
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900123456', dvProveedor: '8' },
    lineas: lineasVarias.slice(0, 1),
    mediosPago: [{ formaPago: 1, codigoMedio: '10' }],
    resolucion: { numero: '18760000002', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'POS', desde: 5000, hasta: 9000 },
    puntoVenta: { placaCaja: 'CENTRO', ubicacionCaja: 'Cra 5 # 10-20, Cali', cajero: 'Carla Cajera', tipoCaja: 'Caja registradora POS', codigoVenta: '731' },
    fabricante: { nombreApellido: 'Tableros del Valle S.A.S.', razonSocial: 'Tableros del Valle S.A.S.', nombreSoftware: 'Tablero' },
    beneficios: { codigo: '222222222222', nombresApellidos: 'Consumidor final', puntos: '0' },
    ...cambios,
  };
}

/** The nota de ajuste that annuls documentoPosPrueba. */
export function notaAjustePrueba(cudeDocumento: string, cambios: Partial<DatosNotaAjuste> = {}): DatosNotaAjuste {
  return {
    ambiente: 2,
    numero: 'NA1',
    fechaEmision: '2026-03-03',
    horaEmision: '09:00:00-05:00',
    emisor: emisorPrueba,
    adquiriente: consumidorFinal,
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900123456', dvProveedor: '8' },
    lineas: lineasVarias.slice(0, 1),
    mediosPago: [{ formaPago: 1, codigoMedio: '10' }],
    documento: { numero: 'POS5001', cude: cudeDocumento, fechaEmision: '2026-03-02' },
    concepto: '2',
    descripcionConcepto: 'Anulación del documento equivalente POS',
    ...cambios,
  };
}
