import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calcularPrecioRetal, TIPOS_CANTO_RETAL } from './retal';

const PRECIOS = { pieza: 48_000, canto_rigido: 2_500, canto_flexible: 1_800 };
const TODOS = { superior: true, inferior: true, izquierdo: true, derecho: true };
const NINGUNO = { superior: false, inferior: false, izquierdo: false, derecho: false };

describe('calcularPrecioRetal (spec 000 §9 offcut price)', () => {
  it('prices the area and the chosen sides: 600 × 400 mm with rigid edge on top and left', () => {
    expect(
      calcularPrecioRetal({ base: 600, altura: 400, tipo_canto: TIPOS_CANTO_RETAL.rigido, lados: { ...NINGUNO, superior: true, izquierdo: true }, precios: PRECIOS }),
    ).toEqual({ area: 0.24, total_precio_base: 11_520, tipo_canto: 1, cantidad_canto: 1, total_precio_canto: 2_500, total: 14_020 });
  });

  it('uses the flexible price for edge type 2 and counts the four sides', () => {
    const precio = calcularPrecioRetal({ base: 1_250, altura: 333, tipo_canto: TIPOS_CANTO_RETAL.flexible, lados: TODOS, precios: PRECIOS });
    expect(precio.cantidad_canto).toBe(3.166);
    expect(precio.total_precio_canto).toBe(5_698.8);
    // 1.25 × 0.333 m² = 0.41625 m² × 48,000 = 19,980.
    expect(precio.total_precio_base).toBe(19_980);
    expect(precio.total).toBe(25_678.8);
  });

  it('charges no edge without an edge type, whatever sides are ticked', () => {
    const precio = calcularPrecioRetal({ base: 500, altura: 500, tipo_canto: TIPOS_CANTO_RETAL.ninguno, lados: TODOS, precios: PRECIOS });
    expect(precio).toMatchObject({ cantidad_canto: 0, total_precio_canto: 0, total: 12_000 });
  });

  it('rounds each amount once to the centavo, half up, from exact products', () => {
    // 7 × 13 mm² = 0.000091 m² × $55.55 = $0.00505505 → $0.01; 7 mm × $0.50/m = $0.0035 → $0.00.
    expect(calcularPrecioRetal({ base: 7, altura: 13, tipo_canto: 1, lados: { ...NINGUNO, superior: true }, precios: { pieza: 55.55, canto_rigido: 0.5, canto_flexible: 0 } })).toMatchObject({
      total_precio_base: 0.01,
      total_precio_canto: 0,
      total: 0.01,
    });
  });

  it('refuses a size that is not a whole number of mm above 0', () => {
    for (const [base, altura] of [[0, 10], [10, -1], [10.5, 10], [Number.NaN, 10]]) {
      expect(() => calcularPrecioRetal({ base: base!, altura: altura!, tipo_canto: 0, lados: NINGUNO, precios: PRECIOS })).toThrow(RangeError);
    }
  });

  it('always totals the two parts exactly and never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_800 }),
        fc.integer({ min: 1, max: 2_800 }),
        fc.constantFrom(0, 1, 2),
        fc.record({ superior: fc.boolean(), inferior: fc.boolean(), izquierdo: fc.boolean(), derecho: fc.boolean() }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (base, altura, tipo_canto, lados, centavos) => {
          const precio = calcularPrecioRetal({ base, altura, tipo_canto: tipo_canto as 0 | 1 | 2, lados, precios: { pieza: centavos / 100, canto_rigido: centavos / 100, canto_flexible: centavos / 200 } });
          expect(Math.round(precio.total * 100)).toBe(Math.round(precio.total_precio_base * 100) + Math.round(precio.total_precio_canto * 100));
          expect(precio.total_precio_base).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(Math.round(precio.total * 100))).toBe(true);
        },
      ),
    );
  });
});
