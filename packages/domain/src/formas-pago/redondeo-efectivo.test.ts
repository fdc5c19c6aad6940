import { describe, expect, it } from 'vitest';
import { ajusteRedondeo, revisarFilas } from './filas-pago';
import { ajusteRedondeoCentavos, leerUnidadRedondeo, redondearCentavosEfectivo, unidadRedondeoDeTexto } from './redondeo-efectivo';
import { motivoValorParametro } from '../parametros/parametros.schema';

const efectivo = { id: 1 };
const transferencia = { id: 3 };
const fila = (forma: { id: number }, valor: number) => ({ forma, valor });

describe('cash rounding', () => {
  it('rounds down to the peso, in the customer\'s favour: the centavos are never charged', () => {
    expect(redondearCentavosEfectivo(1_003_349, 1)).toBe(1_003_300);
    expect(redondearCentavosEfectivo(1_003_399, 1)).toBe(1_003_300);
    expect(redondearCentavosEfectivo(1_003_300, 1)).toBe(1_003_300);
  });

  it('rounds down to $50: 49.99 over a multiple goes down, the multiple stays', () => {
    expect(redondearCentavosEfectivo(1_004_999, 50)).toBe(1_000_000);
    expect(redondearCentavosEfectivo(1_005_000, 50)).toBe(1_005_000);
    expect(redondearCentavosEfectivo(1_009_999, 50)).toBe(1_005_000);
  });

  it('is what the cash charges minus what was due: 0 or below, 0 without cash', () => {
    expect(ajusteRedondeoCentavos(1_003_340, 0, true, 1)).toBe(-40);
    expect(ajusteRedondeoCentavos(1_003_340, 0, true, 50)).toBe(-3_340);
    expect(ajusteRedondeoCentavos(1_003_340, 0, false, 50)).toBe(0);
    expect(ajusteRedondeoCentavos(1_003_340, 1_003_340, true, 50)).toBe(0);
  });

  it('rounds only the cash part of a mixed payment', () => {
    // 10,033.40 total, 5,000.40 by transfer: 5,033 due in cash, already round to the peso.
    expect(ajusteRedondeo(10_033.4, [fila(transferencia, 5_000.4), fila(efectivo, 5_033)], 1)).toBe(0);
    // 5,000 by transfer: 5,033.40 due in cash → 5,033 (peso) or 5,000 ($50).
    expect(ajusteRedondeo(10_033.4, [fila(transferencia, 5_000), fila(efectivo, 5_033)], 1)).toBe(-0.4);
    expect(ajusteRedondeo(10_033.4, [fila(transferencia, 5_000), fila(efectivo, 5_000)], 50)).toBe(-33.4);
  });

  it('lets the bill rows add up to the total plus the rounding, and nothing else', () => {
    const contexto = (unidad: number) => ({ total: 10_033.4, unidadRedondeo: unidad });
    expect(revisarFilas('factura', [fila(efectivo, 10_033)], contexto(1))).toBeNull();
    expect(revisarFilas('factura', [fila(efectivo, 10_033.4)], contexto(1))).toEqual({ falla: 'suma', total: 10_033 });
    expect(revisarFilas('factura', [fila(efectivo, 10_000)], contexto(50))).toBeNull();
    expect(revisarFilas('factura', [fila(efectivo, 10_050)], contexto(50))).toEqual({ falla: 'suma', total: 10_000 });
    // Without cash the rows pay the exact total, centavos included.
    expect(revisarFilas('factura', [fila(transferencia, 10_033.4)], contexto(50))).toBeNull();
    expect(revisarFilas('factura', [fila(transferencia, 10_033)], contexto(50))).toEqual({ falla: 'suma', total: 10_033.4 });
    // Without a unit (the other uses) the old rule holds.
    expect(revisarFilas('factura', [fila(efectivo, 10_033)], { total: 10_033.4 })).toEqual({ falla: 'suma', total: 10_033.4 });
  });

  it('checks the cash received against the rounded cash', () => {
    expect(revisarFilas('factura', [fila(efectivo, 10_000)], { total: 10_033.4, unidadRedondeo: 50, recibido: 9_990 })).toEqual({ falla: 'efectivoRecibido', efectivo: 10_000 });
    expect(revisarFilas('factura', [fila(efectivo, 10_000)], { total: 10_033.4, unidadRedondeo: 50, recibido: 20_000 })).toBeNull();
  });

  it('reads the parameter: 1 or 50, else to the peso; the parameter screen refuses anything else', () => {
    expect(unidadRedondeoDeTexto(' 50 ')).toBe(50);
    expect(unidadRedondeoDeTexto('1')).toBe(1);
    expect(unidadRedondeoDeTexto('100')).toBeNull();
    expect(unidadRedondeoDeTexto('1.0')).toBeNull();
    expect(leerUnidadRedondeo('abc')).toBe(1);
    expect(leerUnidadRedondeo(null)).toBeNull();
    expect(motivoValorParametro('REDONDEO_EFECTIVO', '20')).toMatch(/1 \(al peso\) o 50/);
    expect(motivoValorParametro('REDONDEO_EFECTIVO', '50')).toBeNull();
    expect(motivoValorParametro('OTRO', 'cualquier cosa')).toBeNull();
  });
});
