import { describe, expect, it } from 'vitest';
import { CONSUMIDOR_FINAL } from '@tablero/dian';
import { adquirienteDeVenta, codigoImpuestoDian, lineasDeVenta, mediosDePago } from './emision.mapeo';
import type { VentaParaEmitir } from './emision.repository';

const VENTA: VentaParaEmitir = {
  id: 7,
  codigo_tienda: '001',
  estado_venta_id: 2,
  permite_fe: true,
  tipo_documento: 'FACTURA',
  prefijo_factura_dian: 'FE',
  nro_factura_dian: 12,
  fecha_factura: new Date('2026-11-25T15:00:00Z'),
  fecha_factura_dian: null,
  tipo_pago_id: 1,
  fecha_vencimiento: null,
  observacion_venta: null,
  total_venta: '119000.00',
  porcentaje_impuesto_adicional: '8.00',
  nombre_impuesto_adicional: 'Impuesto al consumo 8%',
  cliente_id: 3,
  tipo_identificacion: '31',
  numero_documento: '900.123.456-8',
  nombres: 'Muebles del Sur',
  apellidos: 'S.A.S.',
  tipo_persona: 'Company',
  responsabilidad_fiscal: 'O-13',
  direccion_residencia: 'Calle 5 # 10-20',
  correo_electronico: 'compras@mueblesdelsur.co',
  numero_celular: '3001234567',
  state_code: '76',
  city_code: '76001',
  city_name: 'Cali',
  state_name: 'Valle del Cauca',
  resolucion_numero: '18760000001',
  fecha_desde: '2026-01-01',
  fecha_hasta: '2027-12-31',
  prefijo: 'FE',
  numero_desde: 1,
  numero_hasta: 5000,
  clave_tecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

describe('emision.mapeo', () => {
  it('names DIAN tax schemes from our tax names', () => {
    expect(codigoImpuestoDian('IVA 19%')).toBe('01');
    expect(codigoImpuestoDian('Impuesto al consumo 8%')).toBe('04');
    expect(codigoImpuestoDian('INC 8')).toBe('04');
    expect(codigoImpuestoDian('ICA Bogotá')).toBe('03');
  });

  it('splits a NIT stored with its check digit, and maps a company to tipo persona 1', () => {
    const adquiriente = adquirienteDeVenta(VENTA);
    expect(adquiriente).toMatchObject({ tipoIdentificacion: '31', numero: '900123456', dv: '8', tipoPersona: 1, nombre: 'Muebles del Sur S.A.S.' });
    expect(adquiriente.ubicacion).toEqual({ departamentoCodigo: '76', departamentoNombre: 'Valle del Cauca', municipioCodigo: '76001', municipioNombre: 'Cali' });
  });

  it('computes the DV of a NIT stored without it, and leaves cédulas without DV', () => {
    expect(adquirienteDeVenta({ ...VENTA, numero_documento: '800197268' }).dv).toBe('4');
    const persona = adquirienteDeVenta({ ...VENTA, tipo_identificacion: '13', numero_documento: '1.020.304.050', tipo_persona: 'Person' });
    expect(persona).toMatchObject({ tipoIdentificacion: '13', numero: '1020304050', tipoPersona: 2 });
    expect(persona.dv).toBeUndefined();
  });

  it('writes the consumidor final as DIAN asks', () => {
    const final = adquirienteDeVenta({ ...VENTA, tipo_identificacion: '13', numero_documento: CONSUMIDOR_FINAL });
    expect(final).toMatchObject({ tipoIdentificacion: '13', numero: '222222222222', nombre: 'Consumidor final' });
  });

  it('maps lines to centavos with their IVA and the order-level INC', () => {
    const [linea] = lineasDeVenta(VENTA, [
      {
        item: 1,
        referencia: 'MEL-BL-15',
        nombre_producto: 'Melamina blanca 15 mm',
        nombre_corto_tipo_medida: 'LAM',
        cantidad: '2.000',
        precio_unitario: '50000.00',
        porcentaje_descuento: '10.00',
        porcentaje_impuesto: '19.00',
        valor_bruto: '100000.00',
        valor_descuento: '10000.00',
        valor_subtotal: '90000.00',
        valor_impuesto: '17100.00',
        valor_otros_impuestos: '7200.00',
        nombre_impuesto: 'IVA 19%',
        siigo_impuesto_id: 1,
      },
    ]);
    expect(linea).toMatchObject({ cantidad: '2', unidad: '94', precioUnitarioCentavos: 5_000_000, brutoCentavos: 10_000_000, descuentoCentavos: 1_000_000, porcentajeDescuento: '10.00' });
    expect(linea!.impuestos).toEqual([
      { codigo: '01', nombre: 'IVA 19%', porcentaje: '19.00', baseCentavos: 9_000_000, valorCentavos: 1_710_000 },
      { codigo: '04', nombre: 'Impuesto al consumo 8%', porcentaje: '8.00', baseCentavos: 9_000_000, valorCentavos: 720_000 },
    ]);
  });

  it("gives a credit invoice forma de pago 2 with the sale's stored due date, one entry per DIAN means code", () => {
    const pagos = [
      { forma_pago_id: 6, nombre_forma_pago: 'Crédito', codigo_medio_pago_dian: '1', forma_credito: true, valor_pagado: '100.00' },
      { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', codigo_medio_pago_dian: '10', forma_credito: false, valor_pagado: '19.00' },
    ];
    // A 45-day account: the date the bill wrote, not the issue date + 30.
    expect(mediosDePago({ ...VENTA, tipo_pago_id: 2, fecha_vencimiento: '2027-01-09' }, pagos)).toEqual([
      { formaPago: 2, codigoMedio: '1', vencimiento: '2027-01-09' },
      { formaPago: 2, codigoMedio: '10', vencimiento: '2027-01-09' },
    ]);
    expect(mediosDePago(VENTA, [pagos[1]!])).toEqual([{ formaPago: 1, codigoMedio: '10' }]);
    // A credit sale without its due date is not built with an invented one.
    expect(() => mediosDePago({ ...VENTA, tipo_pago_id: 2 }, pagos)).toThrow('La venta a crédito no tiene fecha de vencimiento');
  });
});
