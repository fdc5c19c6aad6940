import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCentavos, VALOR_MAXIMO_PESOS } from '../dinero';
import {
  calcularTotalesVenta,
  CAMPOS_TOTALES_VENTA,
  type LineaParaTotales,
  TotalesFueraDeRango,
  totalesIguales,
  type VentaParaTotales,
} from './totales';

const linea = (
  cantidad: number | string,
  precio_unitario: number | string,
  porcentaje_impuesto: number | string = 19,
  porcentaje_descuento: number | string = 0,
): LineaParaTotales => ({ cantidad, precio_unitario, porcentaje_impuesto, porcentaje_descuento });

describe('calcularTotalesVenta: worked examples by hand', () => {
  // 3 × 186,500 = 559,500.00; 10% discount 55,950.00; subtotal 503,550.00; 19% tax 95,674.50; 4% other 20,142.00;
  // total 503,550 + 95,674.50 + 20,142 = 619,366.50.
  const tablero = linea(3, 186500, 19, 10);
  // 12.35 m × 2,500.12345 = 30,876.5246075 → 30,876.52; 19% 5,866.5388 → 5,866.54; 4% 1,235.0608 → 1,235.06;
  // total 37,978.12.
  const canto = linea('12.35', '2,500.12345', 19, 0);

  it('a board with a discount, tax and the order-level tax', () => {
    const { lineas, totales } = calcularTotalesVenta({ lineas: [tablero], porcentaje_impuesto_adicional: 4 });
    expect(lineas).toEqual([
      {
        valor_bruto: 559500,
        valor_descuento: 55950,
        valor_subtotal: 503550,
        valor_impuesto: 95674.5,
        valor_otros_impuestos: 20142,
        valor_total: 619366.5,
      },
    ]);
    expect(totales).toEqual({
      total_subtotal_venta: 503550,
      total_descuento: 55950,
      total_impuestos_venta: 95674.5,
      total_otros_impuestos_venta: 20142,
      total_venta: 619366.5,
      total_venta_bruta: 619366.5,
      total_venta_neta: 503550,
    });
  });

  it('a service line in metres with a 5-decimal price, and both lines together', () => {
    const { lineas, totales } = calcularTotalesVenta({ lineas: [tablero, canto], porcentaje_impuesto_adicional: '4' });
    expect(lineas[1]).toEqual({
      valor_bruto: 30876.52,
      valor_descuento: 0,
      valor_subtotal: 30876.52,
      valor_impuesto: 5866.54,
      valor_otros_impuestos: 1235.06,
      valor_total: 37978.12,
    });
    expect(totales).toEqual({
      total_subtotal_venta: 534426.52,
      total_descuento: 55950,
      total_impuestos_venta: 101541.04,
      total_otros_impuestos_venta: 21377.06,
      total_venta: 657344.62,
      total_venta_bruta: 657344.62,
      total_venta_neta: 534426.52,
    });
  });

  it('a line with no tax and no other tax', () => {
    const { lineas, totales } = calcularTotalesVenta({ lineas: [linea(5, 1200, 0)], porcentaje_impuesto_adicional: 0 });
    expect(lineas[0]).toEqual({
      valor_bruto: 6000,
      valor_descuento: 0,
      valor_subtotal: 6000,
      valor_impuesto: 0,
      valor_otros_impuestos: 0,
      valor_total: 6000,
    });
    expect(totales.total_venta).toBe(6000);
    expect(totales.total_impuestos_venta).toBe(0);
  });

  it('a 100% discount leaves nothing to tax', () => {
    const { lineas, totales } = calcularTotalesVenta({
      lineas: [linea(2, 50000, 19, 100)],
      porcentaje_impuesto_adicional: 4,
    });
    expect(lineas[0]).toEqual({
      valor_bruto: 100000,
      valor_descuento: 100000,
      valor_subtotal: 0,
      valor_impuesto: 0,
      valor_otros_impuestos: 0,
      valor_total: 0,
    });
    expect(totales.total_descuento).toBe(100000);
    expect(totales.total_venta).toBe(0);
  });

  it('no lines: every total is 0', () => {
    const { lineas, totales } = calcularTotalesVenta({ lineas: [], porcentaje_impuesto_adicional: 4 });
    expect(lineas).toEqual([]);
    expect(Object.values(totales).every((valor) => valor === 0)).toBe(true);
  });
});

describe('calcularTotalesVenta: rounding at the line, half up', () => {
  const unaLinea = (l: LineaParaTotales, adicional: number | string = 0) =>
    calcularTotalesVenta({ lineas: [l], porcentaje_impuesto_adicional: adicional }).lineas[0];

  it('rounds the gross half up from the exact product, where a float would round down', () => {
    expect(Math.round(1.005 * 100)).toBe(100); // the float trap this avoids: 1.005 × 100 = 100.49999…
    expect(unaLinea(linea(1, 1.005, 0))?.valor_bruto).toBe(1.01);
    expect(unaLinea(linea(1, 10.005, 0))?.valor_bruto).toBe(10.01);
    expect(unaLinea(linea(3, '0.335', 0))?.valor_bruto).toBe(1.01); // 1.005
    expect(unaLinea(linea(1, 0.005, 0))?.valor_bruto).toBe(0.01);
    expect(unaLinea(linea(1, '1.00499', 0))?.valor_bruto).toBe(1);
    expect(unaLinea(linea(1, 0.00499, 0))?.valor_bruto).toBe(0);
    expect(unaLinea(linea('0.01', '0.5', 0))?.valor_bruto).toBe(0.01); // 0.005
  });

  it('rounds the discount, the tax and the other tax each half up from the rounded amount before it', () => {
    // 0.05 × 10% = 0.005 → 0.01; subtotal 0.04.
    expect(unaLinea(linea(1, 0.05, 0, 10))).toMatchObject({ valor_descuento: 0.01, valor_subtotal: 0.04 });
    // 0.50 × 19% = 0.095 → 0.10; 0.50 × 1% = 0.005 → 0.01.
    expect(unaLinea(linea(1, 0.5, 19), 1)).toMatchObject({
      valor_impuesto: 0.1,
      valor_otros_impuestos: 0.01,
      valor_total: 0.61,
    });
    // The tax is 19% of the printed subtotal 1.00 (gross 1.004 → 1.00), not of 1.004.
    expect(unaLinea(linea(2, '0.502', 19))).toMatchObject({ valor_bruto: 1, valor_impuesto: 0.19 });
    // One-decimal tax: 100.00 × 16.5% = 16.50.
    expect(unaLinea(linea(1, 100, 16.5))?.valor_impuesto).toBe(16.5);
  });

  it('the order tax is the sum of the printed line taxes, not a percentage of the order subtotal', () => {
    const { totales } = calcularTotalesVenta({ lineas: [linea(1, 0.5), linea(1, 0.5)], porcentaje_impuesto_adicional: 0 });
    expect(totales.total_subtotal_venta).toBe(1);
    expect(totales.total_impuestos_venta).toBe(0.2); // 0.10 + 0.10, where 1.00 × 19% would say 0.19
    expect(totales.total_venta).toBe(1.2);
  });

  it('multiplies a 5-decimal price by a quantity exactly beyond what a double holds', () => {
    // 123,456,789,012.34567 × 0.07 = 8,641,975,230.8641969 (product scaled: ~8.6 × 10^17 > 2^53).
    expect(unaLinea(linea('0.07', '123456789012.34567', 0))?.valor_bruto).toBe(8641975230.86);
    expect(unaLinea(linea(1, VALOR_MAXIMO_PESOS, 0))?.valor_total).toBe(VALOR_MAXIMO_PESOS);
  });
});

describe('calcularTotalesVenta: inputs it cannot compute exactly', () => {
  const calcular = (l: Partial<LineaParaTotales>, adicional: number | string = 0) => () =>
    calcularTotalesVenta({ lineas: [{ ...linea(1, 100), ...l }], porcentaje_impuesto_adicional: adicional });

  it('refuses too many decimals, but trailing zeros do not count', () => {
    expect(calcular({ cantidad: 1.234 })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: '1.123456' })).toThrow(/máximo 5 decimales/);
    expect(calcular({ porcentaje_impuesto: 19.005 })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: '1.123450' })).not.toThrow();
    expect(calcular({ cantidad: '2.500' })).not.toThrow();
  });

  it('refuses negative values, percentages above 100, and what is no number', () => {
    expect(calcular({ cantidad: -1 })).toThrow(/negativo/);
    expect(calcular({ precio_unitario: '-0.01' })).toThrow(/negativo/);
    expect(calcular({ porcentaje_descuento: 100.01 })).toThrow(/máximo/);
    expect(calcular({}, 101)).toThrow(/porcentaje_impuesto_adicional/);
    expect(calcular({ precio_unitario: Number.NaN })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: 'abc' })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: '2,5' })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: 1e21 })).toThrow(TotalesFueraDeRango);
    expect(calcular({ precio_unitario: 1e-7 })).toThrow(TotalesFueraDeRango);
  });

  it('refuses a line amount or a total beyond VALOR_MAXIMO_PESOS, naming it', () => {
    expect(calcular({ precio_unitario: VALOR_MAXIMO_PESOS + 0.01 })).toThrow(/precio_unitario/);
    expect(calcular({ cantidad: 1000, precio_unitario: '999999999.99999', porcentaje_impuesto: 0 })).toThrow(
      /lineas\[0\]\.valor_bruto/,
    );
    expect(calcular({ precio_unitario: VALOR_MAXIMO_PESOS, porcentaje_impuesto: 19 })).toThrow(/valor_total/);
    const mitad = linea(1, (VALOR_MAXIMO_PESOS + 1) / 2, 0);
    expect(() => calcularTotalesVenta({ lineas: [mitad, mitad], porcentaje_impuesto_adicional: 0 })).toThrow(
      /total_subtotal_venta|total_venta/,
    );
  });
});

describe('totalesIguales', () => {
  const { totales } = calcularTotalesVenta({ lineas: [linea(3, 186500, 19, 10)], porcentaje_impuesto_adicional: 4 });

  it('compares to the centavo, numbers or numeric text alike', () => {
    expect(totalesIguales(totales, { ...totales })).toBe(true);
    const comoTexto = Object.fromEntries(CAMPOS_TOTALES_VENTA.map((campo) => [campo, totales[campo].toFixed(2)]));
    expect(totalesIguales(totales, comoTexto as Record<(typeof CAMPOS_TOTALES_VENTA)[number], string>)).toBe(true);
    expect(totalesIguales(totales, { ...totales, total_venta: '619,366.50' })).toBe(true);
  });

  it('differs on one centavo, a third decimal, a missing or unreadable field, or a derived total', () => {
    expect(totalesIguales(totales, { ...totales, total_venta: 619366.51 })).toBe(false);
    expect(totalesIguales(totales, { ...totales, total_impuestos_venta: 95674.495 })).toBe(false);
    expect(totalesIguales(totales, { ...totales, total_descuento: null })).toBe(false);
    expect(totalesIguales(totales, { ...totales, total_descuento: 'abc' })).toBe(false);
    expect(totalesIguales(totales, { ...totales, total_venta_bruta: 1 })).toBe(false);
    const { total_venta_bruta: _b, total_venta_neta: _n, ...soloFormulario } = totales;
    expect(totalesIguales(totales, soloFormulario)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties. An independent reference: every input as an exact rational (digits / 10^decimals) in BigInt, each
// amount rounded half up to centavos by comparing the remainder, totals summed in BigInt.

type Racional = { n: bigint; d: bigint };

function racional(valor: number | string): Racional {
  const [enteros = '0', fraccion = ''] = String(valor).replaceAll(',', '').split('.');
  return { n: BigInt(enteros + fraccion), d: 10n ** BigInt(fraccion.length) };
}

/** Centavos of n/d pesos, half up (n ≥ 0). */
function centavosDe({ n, d }: Racional): bigint {
  const escalado = n * 100n;
  const q = escalado / d;
  return (escalado - q * d) * 2n >= d ? q + 1n : q;
}

/** Centavos of (centavos × porcentaje / 100), half up. */
function porcentajeDe(centavos: bigint, porcentaje: number | string): bigint {
  const p = racional(porcentaje);
  return centavosDe({ n: centavos * p.n, d: p.d * 100n * 100n });
}

function referencia(venta: VentaParaTotales) {
  const lineas = venta.lineas.map((l) => {
    const c = racional(l.cantidad);
    const p = racional(l.precio_unitario);
    const bruto = centavosDe({ n: c.n * p.n, d: c.d * p.d });
    const descuento = porcentajeDe(bruto, l.porcentaje_descuento);
    const subtotal = bruto - descuento;
    const impuesto = porcentajeDe(subtotal, l.porcentaje_impuesto);
    const otros = porcentajeDe(subtotal, venta.porcentaje_impuesto_adicional);
    return { bruto, descuento, subtotal, impuesto, otros, total: subtotal + impuesto + otros };
  });
  const suma = (campo: keyof (typeof lineas)[number]) => lineas.reduce((s, l) => s + l[campo], 0n);
  return {
    lineas,
    subtotal: suma('subtotal'),
    descuento: suma('descuento'),
    impuesto: suma('impuesto'),
    otros: suma('otros'),
    total: suma('total'),
  };
}

const conDecimales = (escalado: number, decimales: number): string => {
  const texto = String(escalado).padStart(decimales + 1, '0');
  const fraccion = texto.slice(-decimales).replace(/0+$/, '');
  return fraccion ? `${texto.slice(0, -decimales)}.${fraccion}` : texto.slice(0, -decimales);
};

/** Numeric text or the number it reads as (forms send numbers, PostgreSQL sends text). */
const numeroOTexto = (texto: fc.Arbitrary<string>) =>
  texto.chain((t) => fc.constantFrom<number | string>(t, Number(t)));

const cantidadArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }).map(String) }, // units
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99_999 }).map((n) => conDecimales(n, 2)) }, // metres
);
const precioArb = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000 }).map(String), // whole pesos
  fc.integer({ min: 0, max: 200_000_000_000 }).map((n) => conDecimales(n, 5)), // up to $2,000,000.00000
);
const porcentajeArb = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 0, max: 100 }).map(String),
  fc.integer({ min: 0, max: 10_000 }).map((n) => conDecimales(n, 2)),
);
const lineaArb: fc.Arbitrary<LineaParaTotales> = fc.record({
  cantidad: numeroOTexto(cantidadArb),
  precio_unitario: numeroOTexto(precioArb),
  porcentaje_descuento: numeroOTexto(fc.oneof(fc.constant('0'), porcentajeArb)),
  porcentaje_impuesto: fc.constantFrom<number | string>(0, 5, 19, 16.5, '19.00', '8'),
});
const ventaArb: fc.Arbitrary<VentaParaTotales> = fc.record({
  lineas: fc.array(lineaArb, { minLength: 1, maxLength: 150 }),
  porcentaje_impuesto_adicional: numeroOTexto(
    fc.oneof(fc.constant('0'), fc.integer({ min: 0, max: 1_000 }).map((n) => conDecimales(n, 2))),
  ),
});

const DOS_DECIMALES = /^\d+(\.\d{1,2})?$/;

describe('calcularTotalesVenta: properties over random orders (1–150 lines)', () => {
  it('total_venta is the exact sum of the line totals, and of subtotal + taxes + other taxes, in centavos', () => {
    fc.assert(
      fc.property(ventaArb, (venta) => {
        const { lineas, totales } = calcularTotalesVenta(venta);
        const sumaLineas = lineas.reduce((s, l) => s + aCentavos(l.valor_total), 0);
        expect(aCentavos(totales.total_venta)).toBe(sumaLineas);
        expect(aCentavos(totales.total_venta)).toBe(
          aCentavos(totales.total_subtotal_venta) +
            aCentavos(totales.total_impuestos_venta) +
            aCentavos(totales.total_otros_impuestos_venta),
        );
        expect(totales.total_venta_bruta).toBe(totales.total_venta);
        expect(totales.total_venta_neta).toBe(totales.total_subtotal_venta);
        for (const l of lineas) {
          expect(aCentavos(l.valor_bruto)).toBe(aCentavos(l.valor_descuento) + aCentavos(l.valor_subtotal));
        }
      }),
    );
  });

  it('every amount has at most 2 decimals', () => {
    fc.assert(
      fc.property(ventaArb, (venta) => {
        const { lineas, totales } = calcularTotalesVenta(venta);
        for (const valor of [...lineas.flatMap((l) => Object.values(l)), ...Object.values(totales)]) {
          expect(String(valor)).toMatch(DOS_DECIMALES);
        }
      }),
    );
  });

  it('equals the BigInt reference to the centavo, line by line and in total', () => {
    fc.assert(
      fc.property(ventaArb, (venta) => {
        const { lineas, totales } = calcularTotalesVenta(venta);
        const ref = referencia(venta);
        const c = (pesos: number) => BigInt(aCentavos(pesos));
        lineas.forEach((l, i) => {
          const r = ref.lineas[i];
          expect([
            c(l.valor_bruto),
            c(l.valor_descuento),
            c(l.valor_subtotal),
            c(l.valor_impuesto),
            c(l.valor_otros_impuestos),
            c(l.valor_total),
          ]).toEqual([r?.bruto, r?.descuento, r?.subtotal, r?.impuesto, r?.otros, r?.total]);
        });
        expect([
          c(totales.total_subtotal_venta),
          c(totales.total_descuento),
          c(totales.total_impuestos_venta),
          c(totales.total_otros_impuestos_venta),
          c(totales.total_venta),
        ]).toEqual([ref.subtotal, ref.descuento, ref.impuesto, ref.otros, ref.total]);
      }),
    );
  });

  it('equals the reference, or refuses, for amounts up to the limits (prices beyond 2^53 centavo-scaled)', () => {
    const grande = fc.record({
      cantidad: fc.integer({ min: 1, max: 1_000_000 }).map((n) => conDecimales(n, 2)),
      precio_unitario: fc
        .bigInt({ min: 0n, max: BigInt(VALOR_MAXIMO_PESOS) * 100_000n })
        .map((n) => n.toString().padStart(6, '0'))
        .map((t) => `${t.slice(0, -5)}.${t.slice(-5)}`),
      porcentaje_descuento: porcentajeArb,
      porcentaje_impuesto: fc.constantFrom('0', '19'),
    });
    fc.assert(
      fc.property(fc.array(grande, { minLength: 1, maxLength: 3 }), (lineasGrandes) => {
        const venta = { lineas: lineasGrandes, porcentaje_impuesto_adicional: '4' };
        const ref = referencia(venta);
        const maximo = BigInt(VALOR_MAXIMO_PESOS) * 100n;
        const excede = ref.total > maximo || ref.lineas.some((l) => l.bruto > maximo || l.total > maximo);
        if (excede) {
          expect(() => calcularTotalesVenta(venta)).toThrow(TotalesFueraDeRango);
        } else {
          expect(BigInt(aCentavos(calcularTotalesVenta(venta).totales.total_venta))).toBe(ref.total);
        }
      }),
    );
  });

  it('permuting the lines does not change the totals', () => {
    const ventaYPermutacion = ventaArb.chain((venta) =>
      fc.tuple(
        fc.constant(venta),
        fc.shuffledSubarray([...venta.lineas], { minLength: venta.lineas.length, maxLength: venta.lineas.length }),
      ),
    );
    fc.assert(
      fc.property(ventaYPermutacion, ([venta, permutadas]) => {
        const otra = calcularTotalesVenta({ ...venta, lineas: permutadas });
        expect(otra.totales).toEqual(calcularTotalesVenta(venta).totales);
      }),
    );
  });

  it('with no discount, every subtotal equals its gross', () => {
    fc.assert(
      fc.property(ventaArb, (venta) => {
        const sinDescuento = { ...venta, lineas: venta.lineas.map((l) => ({ ...l, porcentaje_descuento: 0 })) };
        const { lineas, totales } = calcularTotalesVenta(sinDescuento);
        for (const l of lineas) {
          expect(l.valor_subtotal).toBe(l.valor_bruto);
          expect(l.valor_descuento).toBe(0);
        }
        expect(totales.total_descuento).toBe(0);
      }),
    );
  });
});
