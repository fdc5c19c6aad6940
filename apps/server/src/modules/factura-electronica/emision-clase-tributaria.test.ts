import { construirFactura } from '@tablero/dian';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearImpuesto, crearProducto, crearProveedor, crearTercero, crearTienda, crearUsuarioConSesion, crearVentaConLineas } from '../../../test/factories';
import { adquirienteDeVenta, lineasDeVenta } from './emision.mapeo';
import { findVentaParaEmitir, listLineasParaEmitir } from './emision.repository';

// A sale's lines become the e-invoice's taxes by their tax's DIAN code and kind, read from the database, never from the
// tax's name (docs/decisions-factura-electronica.md, Clase tributaria).
const entorno = usarEntorno();

let xml: string;

beforeAll(async () => {
  const { app, db } = entorno;
  const tienda = await crearTienda(db);
  const vendedor = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  const proveedor = await crearProveedor(db);
  const impuestos = [
    await crearImpuesto(db, { nombre_impuesto: 'Impuesto al consumo (nombre engañoso)', porcentaje_impuesto: 19 }),
    await crearImpuesto(db, { nombre_impuesto: 'Sin IVA', porcentaje_impuesto: 0, clase_tributaria: 'Excluded' }),
    await crearImpuesto(db, { nombre_impuesto: 'IVA exportación', porcentaje_impuesto: 0, clase_tributaria: 'Exempt' }),
    await crearImpuesto(db, { nombre_impuesto: 'Restaurante', porcentaje_impuesto: 8, codigo_impuesto_dian: '04' }),
  ];
  const lineas = [];
  for (const [i, impuesto] of impuestos.entries()) {
    const producto = await crearProducto(db, { referencia: `KIND-${i + 1}`, impuesto_id: impuesto.id, proveedor_id: proveedor.id, precio_unitario: 100_000 });
    lineas.push({ producto_id: producto.id, cantidad: 1, precio_unitario: 100_000, porcentaje_impuesto: impuesto.porcentaje_impuesto });
  }
  const cliente = await crearTercero(db);
  const venta = await crearVentaConLineas(db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, lineas });
  const emitir = (await findVentaParaEmitir(db, venta.id))!;
  xml = construirFactura({
    ambiente: 2,
    numero: 'SETP990000001',
    fechaEmision: '2026-12-02',
    horaEmision: '10:00:00-05:00',
    emisor: {
      nit: '900123456',
      dv: '8',
      razonSocial: 'Tableros S.A.S.',
      nombreComercial: 'Tableros',
      tipoPersona: 1,
      responsabilidades: ['O-13'],
      direccion: 'Calle 1',
      ubicacion: { departamentoCodigo: '11', municipioCodigo: '11001' },
    },
    adquiriente: adquirienteDeVenta(emitir),
    software: { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', nitProveedor: '900123456', dvProveedor: '8' },
    lineas: lineasDeVenta(emitir, await listLineasParaEmitir(db, venta.id)),
    mediosPago: [{ formaPago: 1, codigoMedio: '10' }],
    resolucion: { numero: '18760000001', fechaDesde: '2019-01-19', fechaHasta: '2030-01-19', prefijo: 'SETP', desde: 990000000, hasta: 995000000, claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' },
  }).xml;
});

/** The InvoiceLine of `referencia`. */
function linea(referencia: string): string {
  const bloque = xml.split('<cac:InvoiceLine>').find((parte) => parte.includes(`<cbc:ID>${referencia}</cbc:ID>`));
  expect(bloque, referencia).toBeDefined();
  return bloque!.split('</cac:InvoiceLine>')[0]!;
}

/** The document-level TaxTotals (before the first line), as [scheme, percent, taxable, tax] per subtotal. */
function subtotalesDocumento(): string[][] {
  const cabeza = xml.split('<cac:InvoiceLine>')[0]!;
  return [...cabeza.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map(([, s]) => [
    /<cac:TaxScheme>\s*<cbc:ID>([^<]+)</.exec(s!)![1]!,
    /<cbc:Percent>([^<]+)</.exec(s!)![1]!,
    /<cbc:TaxableAmount[^>]*>([^<]+)</.exec(s!)![1]!,
    /<cbc:TaxAmount[^>]*>([^<]+)</.exec(s!)![1]!,
  ]);
}

describe('the e-invoice of a sale with taxed, excluded, exempt and INC lines', () => {
  it('writes an excluded line with no TaxTotal, an exempt one with IVA at 0 % on its base, an INC one as 04', () => {
    expect(linea('KIND-1')).toMatch(/<cac:TaxScheme>\s*<cbc:ID>01<\/cbc:ID>/);
    expect(linea('KIND-2')).not.toContain('TaxTotal');
    expect(linea('KIND-3')).toMatch(/<cbc:TaxableAmount currencyID="COP">100000.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="COP">0.00<\/cbc:TaxAmount>/);
    expect(linea('KIND-3')).toMatch(/<cbc:Percent>0.00<\/cbc:Percent>[\s\S]*<cbc:ID>01<\/cbc:ID>/);
    expect(linea('KIND-4')).toMatch(/<cbc:Percent>8.00<\/cbc:Percent>[\s\S]*<cbc:ID>04<\/cbc:ID>/);
  });

  it('sums the document taxes by DIAN code: IVA 19 % and 0 %, INC 8 %; the excluded base is not taxable', () => {
    expect(subtotalesDocumento()).toEqual([
      ['01', '19.00', '100000.00', '19000.00'],
      ['01', '0.00', '100000.00', '0.00'],
      ['04', '8.00', '100000.00', '8000.00'],
    ]);
    expect(xml).toMatch(/<cbc:LineExtensionAmount currencyID="COP">400000.00<\/cbc:LineExtensionAmount>\s*<cbc:TaxExclusiveAmount currencyID="COP">300000.00</);
  });
});
