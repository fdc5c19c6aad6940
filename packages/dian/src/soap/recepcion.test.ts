import { describe, expect, it } from 'vitest';
import type { DatosFactura } from '../tipos';
import { construirDocumentoPos, construirFactura, construirNotaCredito } from '../ubl';
import { codigoUnicoCorresponde, leerDocumentoRecibido } from './recepcion';

const CLAVES = { claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c', pinSoftware: '12345' };

const FACTURA: DatosFactura = {
  ambiente: 2,
  numero: 'SETP990000101',
  fechaEmision: '2026-11-25',
  horaEmision: '10:53:10-05:00',
  emisor: {
    nit: '900123456',
    dv: '7',
    razonSocial: 'Tableros de Prueba S.A.S.',
    nombreComercial: 'Tableros',
    tipoPersona: 1,
    responsabilidades: ['O-13'],
    direccion: 'Calle 1 # 2-3',
    ubicacion: { departamentoCodigo: '11', municipioCodigo: '11001' },
  },
  adquiriente: { tipoIdentificacion: '13', numero: '1020304050', nombre: 'Cliente de prueba', tipoPersona: 2, responsabilidades: ['R-99-PN'] },
  software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: CLAVES.pinSoftware, nitProveedor: '900123456', dvProveedor: '7' },
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

describe('leerDocumentoRecibido', () => {
  it('reads the CUFE terms back from an invoice and finds its cbc:UUID right', () => {
    const { xml, cufe } = construirFactura(FACTURA);
    const recibido = leerDocumentoRecibido(xml);
    expect(recibido).toEqual({
      tipo: 'Invoice',
      tipoFactura: '01',
      numero: 'SETP990000101',
      uuid: cufe,
      campos: {
        numero: 'SETP990000101',
        fecha: '2026-11-25',
        hora: '10:53:10-05:00',
        valorBruto: '300000.00',
        valorIva: '57000.00',
        valorInc: '0.00',
        valorIca: '0.00',
        valorTotal: '357000.00',
        nitEmisor: '900123456',
        documentoAdquiriente: '1020304050',
        ambiente: 2,
      },
    });
    expect(codigoUnicoCorresponde(recibido, CLAVES)).toBe(true);
    expect(codigoUnicoCorresponde(recibido, { ...CLAVES, claveTecnica: 'otra' })).toBe(false);
  });

  it('finds the cbc:UUID wrong when a figure of the XML changed after the code was computed', () => {
    const { xml } = construirFactura(FACTURA);
    const alterado = xml.replace(/(<cbc:PayableAmount[^>]*>)357000\.00</, '$1357000.01<');
    expect(alterado).not.toBe(xml);
    expect(codigoUnicoCorresponde(leerDocumentoRecibido(alterado), CLAVES)).toBe(false);
  });

  it('checks a credit note against its CUDE, computed with the software PIN', () => {
    const factura = construirFactura(FACTURA);
    const { resolucion: _resolucion, ...comunes } = FACTURA;
    const nota = construirNotaCredito({
      ...comunes,
      numero: 'NC1',
      factura: { numero: FACTURA.numero, cufe: factura.cufe, fechaEmision: FACTURA.fechaEmision },
      concepto: '2',
      descripcionConcepto: 'Anulación de factura electrónica',
    });
    const recibido = leerDocumentoRecibido(nota.xml);
    expect(recibido).toMatchObject({ tipo: 'CreditNote', numero: 'NC1', uuid: nota.cufe });
    expect(codigoUnicoCorresponde(recibido, CLAVES)).toBe(true);
    expect(codigoUnicoCorresponde(recibido, { ...CLAVES, pinSoftware: '54321' })).toBe(false);
  });

  it('checks a POS equivalent document (InvoiceTypeCode 20) against its CUDE, computed with the software PIN', () => {
    const { claveTecnica: _clave, ...resolucion } = FACTURA.resolucion;
    const pos = construirDocumentoPos({
      ...FACTURA,
      resolucion,
      puntoVenta: { placaCaja: 'Caja 001', ubicacionCaja: 'Tienda principal', cajero: 'Ana', tipoCaja: 'Caja registradora POS', codigoVenta: '7' },
      fabricante: { nombreApellido: 'Emisor', razonSocial: 'Emisor', nombreSoftware: 'Tablero' },
      beneficios: { codigo: '1020304050', nombresApellidos: 'Cliente', puntos: '0' },
    });
    const recibido = leerDocumentoRecibido(pos.xml);
    expect(recibido).toMatchObject({ tipo: 'Invoice', tipoFactura: '20', uuid: pos.cufe });
    expect(codigoUnicoCorresponde(recibido, CLAVES)).toBe(true);
    expect(codigoUnicoCorresponde(recibido, { ...CLAVES, pinSoftware: '54321' })).toBe(false);
  });

  it('refuses what is not an invoice or a credit note', () => {
    expect(() => leerDocumentoRecibido('<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"/>')).toThrow(
      'El documento no es una factura ni una nota crédito UBL 2.1',
    );
  });
});
