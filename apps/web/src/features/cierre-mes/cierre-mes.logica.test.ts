import { describe, expect, it } from 'vitest';
import { insigniaFacturacion } from '@tablero/domain';
import { documentoVenta, INSIGNIAS_PLATAFORMA, lineasDeForma, mesAnterior, mesDe, mesTerminado, nombreCliente, nombreMesLargo, partesMes, plataformaVenta } from './cierre-mes.logica';

describe('plataformaVenta (spec 002 §4 month-closing badges)', () => {
  it('is the DIAN when the sale has its DIAN date, SIIGO when only its SIIGO code, a remission otherwise', () => {
    expect(plataformaVenta({ fecha_factura_dian: '2026-10-03T15:00:00Z', factura_code_siigo: null })).toBe('dian');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: 'FV-1-1203' })).toBe('siigo');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null })).toBe('remision');
  });

  it('puts the DIAN first when both are set, and reads an empty code as none', () => {
    expect(plataformaVenta({ fecha_factura_dian: '2026-10-03', factura_code_siigo: 'FV-1-1203' })).toBe('dian');
    expect(plataformaVenta({ fecha_factura_dian: '', factura_code_siigo: '' })).toBe('remision');
  });

  it('badges an e-invoice DIAN has not accepted as pending or rejected, never as a remission', () => {
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null, documento_fiscal: 'FE_PENDIENTE' })).toBe('pendiente');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null, documento_fiscal: 'FE_RECHAZADA' })).toBe('rechazada');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null, documento_fiscal: 'REMISION' })).toBe('remision');
    expect(plataformaVenta({ fecha_factura_dian: '2026-10-03', factura_code_siigo: null, documento_fiscal: 'FE_ACEPTADA' })).toBe('dian');
    expect(INSIGNIAS_PLATAFORMA.pendiente.texto).toBe('FE pendiente');
  });

  it('badges a POS document as POS, pending or rejected, whatever its DIAN date', () => {
    expect(plataformaVenta({ fecha_factura_dian: '2026-10-03', factura_code_siigo: null, documento_fiscal: 'POS_ACEPTADO' })).toBe('pos');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null, documento_fiscal: 'POS_PENDIENTE' })).toBe('posPendiente');
    expect(plataformaVenta({ fecha_factura_dian: null, factura_code_siigo: null, documento_fiscal: 'POS_RECHAZADO' })).toBe('posRechazado');
    expect(INSIGNIAS_PLATAFORMA.posPendiente.texto).toBe('POS pendiente');
  });

  it("shows the domain's text for every case", () => {
    for (const venta of [
      { fecha_factura_dian: '2026-10-03', factura_code_siigo: 'FV-1' },
      { fecha_factura_dian: null, factura_code_siigo: 'FV-1' },
      { fecha_factura_dian: null, factura_code_siigo: null },
    ]) {
      expect(INSIGNIAS_PLATAFORMA[plataformaVenta(venta)].texto).toBe(insigniaFacturacion(venta));
    }
    expect(INSIGNIAS_PLATAFORMA.dian.texto).toBe('Enviado a la DIAN');
  });
});

describe('months', () => {
  it('reads the month of a date, the month before (across a year) and the body parts', () => {
    expect(mesDe('2026-11-26')).toBe('2026-11');
    expect(mesAnterior('2026-11')).toBe('2026-10');
    expect(mesAnterior('2026-01')).toBe('2025-12');
    expect(partesMes('2026-03')).toEqual({ anio: 2026, mes: '03' });
  });

  it('lets only an ended month be closed', () => {
    expect(mesTerminado('2026-10', '2026-11-01')).toBe(true);
    expect(mesTerminado('2025-12', '2026-01-31')).toBe(true);
    expect(mesTerminado('2026-11', '2026-11-30')).toBe(false);
    expect(mesTerminado('2026-12', '2026-11-30')).toBe(false);
  });

  it('names a month in Spanish', () => {
    expect(nombreMesLargo('2026-10')).toBe('octubre de 2026');
    expect(nombreMesLargo('2027-01')).toBe('enero de 2027');
  });
});

describe('small helpers', () => {
  it("writes a sale's document number as printed", () => {
    expect(documentoVenta({ prefijo_factura_dian: 'FE', nro_factura_dian: 12 })).toBe('FE12');
    expect(documentoVenta({ prefijo_factura_dian: null, nro_factura_dian: 40 })).toBe('40');
    expect(documentoVenta({ prefijo_factura_dian: 'REM', nro_factura_dian: null })).toBe('');
  });

  it("joins a customer's names without stray spaces", () => {
    expect(nombreCliente('Ana  María', 'Gómez')).toBe('Ana María Gómez');
    expect(nombreCliente('Consumidor final', null)).toBe('Consumidor final');
    expect(nombreCliente(null, undefined)).toBe('');
  });

  it("keeps one method's lines in their order", () => {
    const lineas = [
      { forma_pago_id: 1, n: 'a' },
      { forma_pago_id: 4, n: 'b' },
      { forma_pago_id: 1, n: 'c' },
    ];
    expect(lineasDeForma(lineas, 1).map((l) => l.n)).toEqual(['a', 'c']);
    expect(lineasDeForma(lineas, 7)).toEqual([]);
  });
});
