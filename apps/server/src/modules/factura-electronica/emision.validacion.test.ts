import { describe, expect, it } from 'vitest';
import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito } from '@tablero/dian';
import { validarDocumentoDian } from '@tablero/dian/validador-prueba';
import { datosDocumentoPos, datosFactura, datosNota, type EmisorConfigurado } from './emision.mapeo';
import type { listLineasParaEmitir, listPagosParaEmitir, VentaParaEmitir } from './emision.repository';

// A sale as the database gives it, with the shop's own names for its taxes, mapped and built: the document validates
// against UBL 2.1 + DIAN and writes DIAN's names (independent check, packages/dian/test/validador-dian.ts).

const VENTA: VentaParaEmitir = {
  id: 41,
  codigo_tienda: '001',
  estado_venta_id: 2,
  permite_fe: true,
  tipo_documento: 'FACTURA',
  prefijo_factura_dian: 'FE',
  nro_factura_dian: 31,
  fecha_factura: new Date('2026-11-25T15:00:00Z'),
  fecha_factura_dian: null,
  tipo_pago_id: 2,
  observacion_venta: 'Entrega en obra',
  total_venta: '126200.00',
  porcentaje_impuesto_adicional: '8.00',
  nombre_impuesto_adicional: 'Impuesto al consumo 8%',
  codigo_impuesto_adicional: '04',
  fecha_vencimiento: '2026-12-25',
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
  // As Tablero's DIVIPOLA names it; DIAN's Municipio list says 'Cali'.
  city_name: 'Santiago de Cali',
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

const LINEAS: Awaited<ReturnType<typeof listLineasParaEmitir>> = [
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
  {
    item: 2,
    referencia: 'CANTO-22',
    nombre_producto: 'Canto PVC 22 mm',
    nombre_corto_tipo_medida: 'ML',
    cantidad: '10.500',
    precio_unitario: '1000.00',
    porcentaje_descuento: '0.00',
    porcentaje_impuesto: '19.00',
    valor_bruto: '10500.00',
    valor_descuento: '0.00',
    valor_subtotal: '10500.00',
    valor_impuesto: '1995.00',
    valor_otros_impuestos: '840.00',
    nombre_impuesto: 'IVA 19%',
    siigo_impuesto_id: 1,
    clase_tributaria: 'Taxed',
    codigo_impuesto_dian: '01',
  },
];

const PAGOS: Awaited<ReturnType<typeof listPagosParaEmitir>> = [
  { forma_pago_id: 6, nombre_forma_pago: 'Crédito', codigo_medio_pago_dian: '1', forma_credito: true, valor_pagado: '126200.00' },
];

const CONFIGURADO: EmisorConfigurado = {
  ambiente: 2,
  software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900555111', dvProveedor: '3' },
  emisor: {
    nit: '900555111',
    dv: '3',
    razonSocial: 'Tableros del Valle S.A.S.',
    nombreComercial: 'Tablero',
    tipoPersona: 1,
    responsabilidades: ['O-15'],
    direccion: 'Calle 10 # 20-30',
    ubicacion: { departamentoCodigo: '11', municipioCodigo: '11001' },
  },
};

const EMISION = { fecha: '2026-11-25', hora: '10:00:00-05:00' };

describe('a sale mapped to DIAN documents', () => {
  it("writes DIAN's names of taxes and places, not the shop's, in an invoice that validates", () => {
    const { xml, cufe } = construirFactura(datosFactura(VENTA, LINEAS, PAGOS, CONFIGURADO, EMISION));
    expect(xml).not.toContain('IVA 19%');
    expect(xml).not.toContain('Impuesto al consumo');
    expect(xml).not.toContain('Santiago de Cali');
    expect(xml).toContain('<cbc:CityName>Cali</cbc:CityName>');
    expect(xml).toContain('<cbc:CountrySubentity>Bogotá</cbc:CountrySubentity>');
    expect([...xml.matchAll(/<cac:TaxScheme><cbc:ID>(0[14])<\/cbc:ID><cbc:Name>([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(
      expect.arrayContaining(['01 IVA', '04 INC']),
    );
    expect(validarDocumentoDian(xml)).toEqual({ esquema: [], codigos: [] });

    const nota = construirNotaCredito({
      ...datosNota(VENTA, LINEAS, PAGOS, CONFIGURADO, { ...EMISION, hora: '11:00:00-05:00' }, { numero: 'NC7', concepto: '2', motivo: 'El cliente devolvió la factura completa' }),
      factura: { numero: 'FE31', cufe, fechaEmision: EMISION.fecha },
    });
    expect(validarDocumentoDian(nota.xml)).toEqual({ esquema: [], codigos: [] });
  }, 60_000);

  it('maps a cash counter sale to a POS document with its three extensions, and its nota de ajuste, both valid', () => {
    // docs/decisions-factura-electronica.md, "Documento equivalente POS": the till is the store, the cashier who billed.
    const venta: VentaParaEmitir = { ...VENTA, tipo_documento: 'POS', prefijo_factura_dian: 'POS', prefijo: 'POS', tipo_pago_id: 1, fecha_vencimiento: null, clave_tecnica: null };
    const efectivo = [{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', codigo_medio_pago_dian: '10', forma_credito: false, valor_pagado: '126200.00' }];
    const datos = datosDocumentoPos(venta, LINEAS, efectivo, CONFIGURADO, EMISION);
    expect(datos.puntoVenta).toEqual({ placaCaja: 'Caja 001', ubicacionCaja: 'Principal, Calle 10 # 20-30', cajero: 'Ana Cajera', tipoCaja: 'Caja registradora POS', codigoVenta: '41' });
    expect(datos.fabricante).toEqual({ nombreApellido: 'Tableros del Valle S.A.S.', razonSocial: 'Tableros del Valle S.A.S.', nombreSoftware: 'Tablero' });
    expect(datos.beneficios).toEqual({ codigo: '900123456', nombresApellidos: 'Muebles del Sur S.A.S.', puntos: '0' });
    expect(datos.resolucion).not.toHaveProperty('claveTecnica');
    const pos = construirDocumentoPos(datos);
    expect(pos.xml).toContain('<cbc:InvoiceTypeCode>20</cbc:InvoiceTypeCode>');
    // The lines' own centavos: 100,500 before taxes + 19,095 IVA + 8,040 INC (the API test compares it with a sale's total).
    expect(/<cbc:PayableAmount[^>]*>([^<]+)</.exec(pos.xml)?.[1]).toBe('127635.00');
    expect(validarDocumentoDian(pos.xml)).toEqual({ esquema: [], codigos: [] });

    const ajuste = construirNotaAjuste({
      ...datosNota(venta, LINEAS, efectivo, CONFIGURADO, { ...EMISION, hora: '11:00:00-05:00' }, { numero: 'NA3', concepto: '2', motivo: 'Anulada' }),
      documento: { numero: 'POS31', cude: pos.cufe, fechaEmision: EMISION.fecha },
    });
    expect(ajuste.xml).toContain('<cbc:CreditNoteTypeCode>94</cbc:CreditNoteTypeCode>');
    expect(ajuste.xml).toContain(pos.cufe);
    expect(validarDocumentoDian(ajuste.xml)).toEqual({ esquema: [], codigos: [] });
    // A sale without its POS range's resolution is not built.
    expect(() => datosDocumentoPos({ ...venta, resolucion_numero: null }, LINEAS, efectivo, CONFIGURADO, EMISION)).toThrow(/rango de numeración de documento equivalente POS/);
  }, 60_000);
});
