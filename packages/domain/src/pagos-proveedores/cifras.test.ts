import { describe, expect, it } from 'vitest';
import { calcularCifrasPagoProveedor } from './cifras';

// Worked by hand (and checked with Python's decimal module, ROUND_HALF_UP): [total, IVA %, retention %] →
// [before IVA, IVA, retention, to pay]. Spec 002 §9, the first reading.
const EJEMPLOS: [number, number, number, number, number, number, number][] = [
  [1_190_000, 19, 2.5, 1_000_000, 190_000, 25_000, 1_165_000],
  [100_000, 19, 0, 84_033.61, 15_966.39, 0, 100_000],
  [100_000, 19, 2.5, 84_033.61, 15_966.39, 2_100.84, 97_899.16],
  [500_000, 0, 0, 500_000, 0, 0, 500_000],
  [500_000, 0, 4, 500_000, 0, 20_000, 480_000],
  [1_000, 5, 0, 952.38, 47.62, 0, 1_000],
  [0.01, 19, 0, 0.01, 0, 0, 0.01],
  [1_234_567.89, 19, 3.5, 1_037_452.01, 197_115.88, 36_310.82, 1_198_257.07],
  [119, 19, 0.1, 100, 19, 0.1, 118.9],
  [258.75, 8, 1.5, 239.58, 19.17, 3.59, 255.16],
  // Ties round half up: 1.05 / 2 = 0.525 → 0.53; 0.03 × 50 % = 0.015 → 0.02.
  [1.05, 100, 0, 0.53, 0.52, 0, 1.05],
  [0.03, 0, 50, 0.03, 0, 0.02, 0.01],
  // Retention taken from the ROUNDED value before IVA.
  [50_000, 19, 100, 42_016.81, 7_983.19, 42_016.81, 7_983.19],
  // The largest amount a money field takes: its centavos × 10^6 outgrow 2^53, BigInt keeps them exact.
  [999_999_999_999, 19, 11, 840_336_134_452.94, 159_663_865_546.06, 92_436_974_789.82, 907_563_025_209.18],
  // A percentage with four decimals (ReteICA-like rates).
  [1_000_000, 0, 0.966, 1_000_000, 0, 9_660, 990_340],
];

describe('calcularCifrasPagoProveedor', () => {
  it.each(EJEMPLOS)('total %d, IVA %d %%, retención %d %%', (total, iva, rte, antes, valorIva, valorRte, pagar) => {
    expect(calcularCifrasPagoProveedor(total, iva, rte)).toEqual({
      valor_antes_iva: antes,
      valor_iva: valorIva,
      valor_rte: valorRte,
      valor_total_pagar: pagar,
    });
  });

  it('before IVA plus IVA is the total, and to pay plus retention is the total, to the centavo', () => {
    for (let i = 0; i < 2000; i++) {
      const total = Math.round(Math.random() * 1e10) / 100;
      const iva = [0, 5, 8, 16, 19][i % 5]!;
      const rte = [0, 0.1, 1, 2.5, 3.5, 4, 11][i % 7]!;
      const c = calcularCifrasPagoProveedor(total, iva, rte);
      expect(Math.round(c.valor_antes_iva * 100) + Math.round(c.valor_iva * 100)).toBe(Math.round(total * 100));
      expect(Math.round(c.valor_total_pagar * 100) + Math.round(c.valor_rte * 100)).toBe(Math.round(total * 100));
    }
  });

  it('reads absurd inputs as zero instead of answering NaN', () => {
    expect(calcularCifrasPagoProveedor(Number.NaN, 19, 2.5)).toEqual({ valor_antes_iva: 0, valor_iva: 0, valor_rte: 0, valor_total_pagar: 0 });
    expect(calcularCifrasPagoProveedor(100, Number.NaN, -3)).toEqual({ valor_antes_iva: 100, valor_iva: 0, valor_rte: 0, valor_total_pagar: 100 });
  });
});
