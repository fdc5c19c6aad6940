import { describe, expect, it } from 'vitest';
import {
  calcularCambio,
  excesoAnticipo,
  faltaComprobante,
  faltaDeFila,
  formaPermitida,
  formasOfrecidas,
  MENSAJES_FILAS_PAGO,
  restantePorPagar,
  revisarFilas,
  siguienteClave,
  sumaFilas,
  type FormaDeFila,
} from './filas-pago';

const forma = (id: number, banderas: Partial<FormaDeFila> = {}): FormaDeFila => ({
  id,
  requiere_codigo_comprobante: false,
  forma_abono: false,
  forma_credito: false,
  ...banderas,
});
const EFECTIVO = forma(1);
const TARJETA = forma(2, { requiere_codigo_comprobante: true });
const CREDITO = forma(6, { forma_credito: true });
const ANTICIPO = forma(8, { forma_abono: true });
const INACTIVA = forma(9, { activo: false });
const TODAS = [EFECTIVO, TARJETA, CREDITO, ANTICIPO, INACTIVA];

const fila = (f: FormaDeFila, valor: number | '', comprobante = '', fecha_consignacion: string | null = null) => ({ forma: f, valor, comprobante, fecha_consignacion });

describe('sums and remainders', () => {
  it('adds in centavos, so 0.1 + 0.2 is 0.3 and an empty row counts 0', () => {
    expect(sumaFilas([fila(EFECTIVO, 0.1), fila(TARJETA, 0.2), fila(EFECTIVO, '')])).toBe(0.3);
    expect(sumaFilas([{ forma: EFECTIVO, valor: '1250000.50' }])).toBe(1_250_000.5);
  });

  it('gives a new row what is still unpaid, never below 0', () => {
    expect(restantePorPagar(100_000, [fila(EFECTIVO, 30_000.25)])).toBe(69_999.75);
    expect(restantePorPagar(100_000, [fila(EFECTIVO, 130_000)])).toBe(0);
  });

  it('numbers a new row after the highest key', () => {
    expect(siguienteClave([])).toBe(1);
    expect(siguienteClave([{ clave: 4 }, { clave: 2 }])).toBe(5);
  });
});

describe('methods per use', () => {
  it('takes credit only on a bill, the advance where it has a row or a control, never an inactive method', () => {
    expect(formaPermitida('factura', CREDITO)).toBe(true);
    expect(formaPermitida('pagoCredito', CREDITO)).toBe(false);
    expect(formaPermitida('pagoCredito', ANTICIPO)).toBe(true);
    expect(formaPermitida('pagoProveedor', ANTICIPO)).toBe(false);
    expect(formaPermitida('anticipo', ANTICIPO)).toBe(false);
    expect(formaPermitida('pagoCuenta', EFECTIVO)).toBe(true);
    expect(formaPermitida('factura', INACTIVA)).toBe(false);
    expect(formaPermitida('factura', undefined)).toBe(false);
  });

  it('offers credit on a bill only in credit mode and while no row is credit; the bill may repeat a method', () => {
    expect(formasOfrecidas('factura', TODAS, []).map((f) => f.id)).toEqual([1, 2, 8]);
    expect(formasOfrecidas('factura', TODAS, [], { credito: true }).map((f) => f.id)).toEqual([1, 2, 6, 8]);
    expect(formasOfrecidas('factura', TODAS, [fila(CREDITO, 10)], { credito: true }).map((f) => f.id)).toEqual([1, 2, 8]);
    expect(formasOfrecidas('factura', TODAS, [fila(TARJETA, 10)]).map((f) => f.id)).toEqual([1, 2, 8]);
  });

  it('offers each method once elsewhere, the credit payment without the advance (its own control), the supplier with money only', () => {
    expect(formasOfrecidas('pagoCredito', TODAS, [fila(TARJETA, 10)]).map((f) => f.id)).toEqual([1]);
    expect(formasOfrecidas('pagoProveedor', TODAS, []).map((f) => f.id)).toEqual([1, 2]);
    // A lookup without the flags still knows credit (6) and the advance (8) by id.
    expect(formasOfrecidas('pagoProveedor', [{ id: 6, requiere_codigo_comprobante: false }, { id: 8, requiere_codigo_comprobante: false }], [])).toEqual([]);
  });
});

describe('a row', () => {
  it('lacks its amount first, then its voucher code, then (credit payments) its deposit date', () => {
    expect(faltaDeFila('factura', fila(TARJETA, 0))).toBe('valor');
    expect(faltaDeFila('factura', fila(TARJETA, 10, '  '))).toBe('comprobante');
    expect(faltaDeFila('factura', fila(TARJETA, 10, 'V-1'))).toBeNull();
    expect(faltaDeFila('pagoCredito', fila(TARJETA, 10, 'V-1'))).toBe('fecha_consignacion');
    expect(faltaDeFila('pagoCredito', fila(TARJETA, 10, 'V-1', '2026-11-20'))).toBeNull();
    expect(faltaComprobante('anticipo', { forma: EFECTIVO, comprobante: null })).toBeNull();
  });
});

describe('a set of rows', () => {
  it('names the first row that fails, by index, before anything about the whole', () => {
    expect(revisarFilas('factura', [fila(EFECTIVO, 10), fila(TARJETA, 90)], { total: 1 })).toEqual({ falla: 'comprobante', indice: 1 });
    expect(revisarFilas('pagoProveedor', [fila(EFECTIVO, 10), fila(CREDITO, 90)], { total: 100 })).toEqual({ falla: 'forma', indice: 1 });
    expect(revisarFilas('pagoCredito', [fila(EFECTIVO, 10), fila(EFECTIVO, 90)])).toEqual({ falla: 'formaRepetida', indice: 1 });
  });

  it('refuses no rows, too many rows, and credit outside credit mode, missing in it, or twice', () => {
    expect(revisarFilas('factura', [])).toEqual({ falla: 'sinFilas' });
    expect(revisarFilas('pagoProveedor', [1, 2, 3, 4, 5, 7].map((id) => fila(forma(id), 1)))).toEqual({ falla: 'maximoFilas' });
    expect(revisarFilas('factura', [fila(CREDITO, 100)], { total: 100 })).toEqual({ falla: 'creditoSinModo' });
    expect(revisarFilas('factura', [fila(EFECTIVO, 100)], { total: 100, credito: true })).toEqual({ falla: 'creditoSinForma' });
    expect(revisarFilas('factura', [fila(CREDITO, 50), fila(CREDITO, 50)], { total: 100, credito: true })).toEqual({ falla: 'creditoUnaForma' });
  });

  it('checks the sum to the centavo against the total, or against a maximum', () => {
    expect(revisarFilas('factura', [fila(EFECTIVO, 0.1), fila(EFECTIVO, 0.2)], { total: 0.3 })).toBeNull();
    expect(revisarFilas('factura', [fila(EFECTIVO, 99.99)], { total: 100 })).toEqual({ falla: 'suma', total: 100 });
    expect(revisarFilas('pagoCredito', [fila(EFECTIVO, 100.01)], { maximo: 100 })).toEqual({ falla: 'superaMaximo', maximo: 100 });
    expect(revisarFilas('pagoCredito', [fila(EFECTIVO, 100)], { maximo: 100 })).toBeNull();
  });

  it('keeps the advance within its balance, naming the advance row', () => {
    expect(excesoAnticipo([fila(ANTICIPO, 60), fila(EFECTIVO, 40)], 50)).toEqual({ valor: 60, excede: true });
    expect(revisarFilas('pagoCredito', [fila(EFECTIVO, 40), fila(ANTICIPO, 60)], { saldoAnticipo: 50 })).toEqual({ falla: 'anticipoExcede', indice: 1, saldo: 50 });
  });

  it('wants the cash received to cover the cash, and says nothing when none was typed or no cash is paid', () => {
    expect(calcularCambio([fila(EFECTIVO, 30_000)], 50_000)).toEqual({ efectivo: 30_000, cambio: 20_000, faltante: 0 });
    expect(revisarFilas('factura', [fila(EFECTIVO, 30_000)], { total: 30_000, recibido: 25_000.5 })).toEqual({ falla: 'efectivoRecibido', efectivo: 30_000 });
    expect(revisarFilas('factura', [fila(EFECTIVO, 30_000)], { total: 30_000, recibido: '' })).toBeNull();
    expect(revisarFilas('factura', [fila(TARJETA, 30_000, 'V-1')], { total: 30_000, recibido: -5 })).toBeNull();
  });
});

describe('the warnings under the rows', () => {
  it('write their amounts as every message does: $ with a space, thousands commas, centavos only when there are', () => {
    expect(MENSAJES_FILAS_PAGO.anticipoExcede(214_900)).toBe('El valor en anticipo ($ 214,900) supera el saldo');
    expect(MENSAJES_FILAS_PAGO.efectivoNoAlcanza(8_211, 1_250_000.5)).toBe(
      'El efectivo recibido no alcanza: faltan $ 8,211 para cubrir $ 1,250,000.50 en efectivo',
    );
  });
});
