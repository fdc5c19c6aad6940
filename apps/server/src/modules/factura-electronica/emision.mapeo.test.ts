import { describe, expect, it } from 'vitest';
import { CONSUMIDOR_FINAL, totalesDocumento } from '@tablero/dian';
import { adquirienteDeVenta, lineasDeVenta, mediosDePago } from './emision.mapeo';
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
  codigo_impuesto_adicional: '04',
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
  nombre_tienda: 'Principal',
  nombre_facturador: 'Ana Cajera',
};

type LineaEmitir = Parameters<typeof lineasDeVenta>[1][number];

/** A line of 100,000 before taxes at `porcentaje`, of a tax of `clase` and DIAN code `codigo`. */
function lineaDe(item: number, porcentaje: number, clase: LineaEmitir['clase_tributaria'], codigo: LineaEmitir['codigo_impuesto_dian'], nombre = 'Impuesto'): LineaEmitir {
  return {
    item,
    referencia: `REF-${item}`,
    nombre_producto: `Producto ${item}`,
    nombre_corto_tipo_medida: 'UND',
    cantidad: '1.000',
    precio_unitario: '100000.00',
    porcentaje_descuento: '0.00',
    porcentaje_impuesto: porcentaje.toFixed(2),
    valor_bruto: '100000.00',
    valor_descuento: '0.00',
    valor_subtotal: '100000.00',
    valor_impuesto: (1000 * porcentaje).toFixed(2),
    valor_otros_impuestos: '0.00',
    nombre_impuesto: nombre,
    siigo_impuesto_id: null,
    clase_tributaria: clase,
    codigo_impuesto_dian: codigo,
  };
}

describe('emision.mapeo', () => {
  it("writes each line's tax from its DIAN code and kind, never from its name (docs/decisions-factura-electronica.md, Clase tributaria)", () => {
    const sinAdicional = { ...VENTA, porcentaje_impuesto_adicional: '0.00', nombre_impuesto_adicional: null, codigo_impuesto_adicional: null };
    const lineas = lineasDeVenta(sinAdicional, [
      lineaDe(1, 19, 'Taxed', '01', 'Impuesto al consumo con nombre engañoso'),
      lineaDe(2, 0, 'Excluded', '01', 'Excluido'),
      lineaDe(3, 0, 'Exempt', '01', 'Exento de IVA'),
      lineaDe(4, 8, 'Taxed', '04', 'Consumo restaurante'),
    ]);
    // The taxes without their names (which come from DIAN's table, not from ours).
    const impuestos = lineas.map((l) => l.impuestos.map(({ codigo, porcentaje, baseCentavos, valorCentavos }) => ({ codigo, porcentaje, baseCentavos, valorCentavos })));
    expect(impuestos).toEqual([
      // Taxed IVA named like INC: still IVA 01.
      [{ codigo: '01', porcentaje: '19.00', baseCentavos: 10_000_000, valorCentavos: 1_900_000 }],
      // Excluded: no tax at all, so no TaxTotal on the line nor a subtotal in the document.
      [],
      // Exempt: IVA at 0 % with its base.
      [{ codigo: '01', porcentaje: '0.00', baseCentavos: 10_000_000, valorCentavos: 0 }],
      // INC by its code, whatever its name.
      [{ codigo: '04', porcentaje: '8.00', baseCentavos: 10_000_000, valorCentavos: 800_000 }],
    ]);

    const totales = totalesDocumento(lineas);
    expect(totales.impuestos.map((t) => ({ codigo: t.codigo, valor: t.valorCentavos, subtotales: t.subtotales }))).toEqual([
      {
        codigo: '01',
        valor: 1_900_000,
        subtotales: [
          { porcentaje: '19.00', baseCentavos: 10_000_000, valorCentavos: 1_900_000 },
          { porcentaje: '0.00', baseCentavos: 10_000_000, valorCentavos: 0 },
        ],
      },
      { codigo: '04', valor: 800_000, subtotales: [{ porcentaje: '8.00', baseCentavos: 10_000_000, valorCentavos: 800_000 }] },
    ]);
    // TaxExclusiveAmount: the taxed and exempt bases; the excluded line's is not taxable.
    expect(totales.baseGravableCentavos).toBe(30_000_000);
    expect(totales.brutoCentavos).toBe(40_000_000);
  });

  it('reads a line sold at a rate as taxed, and one at 0 % of a tax now taxed as excluded (the line keeps its rate)', () => {
    const [gravada, cero] = lineasDeVenta(VENTA, [lineaDe(1, 19, 'Excluded', '01'), lineaDe(2, 0, 'Taxed', '01')]);
    expect(gravada!.impuestos.map((i) => [i.codigo, i.porcentaje])).toEqual([['01', '19.00']]);
    expect(cero!.impuestos).toEqual([]);
  });

  it('splits a NIT stored with its check digit, and maps a company to tipo persona 1', () => {
    const adquiriente = adquirienteDeVenta(VENTA);
    expect(adquiriente).toMatchObject({ tipoIdentificacion: '31', numero: '900123456', dv: '8', tipoPersona: 1, nombre: 'Muebles del Sur S.A.S.' });
    expect(adquiriente.ubicacion).toEqual({ departamentoCodigo: '76', municipioCodigo: '76001' });
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
        clase_tributaria: 'Taxed',
        codigo_impuesto_dian: '01',
      },
    ]);
    expect(linea).toMatchObject({ cantidad: '2', unidad: '94', precioUnitarioCentavos: 5_000_000, brutoCentavos: 10_000_000, descuentoCentavos: 1_000_000, porcentajeDescuento: '10.00' });
    expect(linea!.impuestos).toEqual([
      { codigo: '01', porcentaje: '19.00', baseCentavos: 9_000_000, valorCentavos: 1_710_000 },
      { codigo: '04', porcentaje: '8.00', baseCentavos: 9_000_000, valorCentavos: 720_000 },
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
