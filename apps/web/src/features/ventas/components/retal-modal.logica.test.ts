import { describe, expect, it } from 'vitest';
import { calcularPrecioRetal, calcularTotalesVenta, facturaRetalSchema, TIPOS_CANTO_RETAL } from '@tablero/domain';
import { cotizarRetal, cuerpoFacturaRetal, etiquetaRetalGuardado, leerPreciosRetal, valorRetalConIva, VALORES_INICIALES_RETAL, vinculoRetal, type ValoresRetal } from './retal-modal.logica';

const VALORES_DEMO = { pieza: '48000', canto_rigido: '2500', canto_flexible: '3800' };
const PRECIOS = { pieza: 48_000, canto_rigido: 2_500, canto_flexible: 3_800 };
const DOS_LADOS = { superior: true, inferior: false, izquierdo: true, derecho: false };

describe('leerPreciosRetal', () => {
  it('reads the three parameters as pesos', () => {
    expect(leerPreciosRetal(VALORES_DEMO)).toEqual({ precios: PRECIOS, faltantes: [] });
    expect(leerPreciosRetal({ pieza: ' 48000.50 ', canto_rigido: '0', canto_flexible: '3,800' }).precios).toEqual({
      pieza: 48_000.5,
      canto_rigido: 0,
      canto_flexible: 3_800,
    });
  });

  it('names every parameter that is missing or not an amount, and gives no prices then', () => {
    expect(leerPreciosRetal({ pieza: null, canto_rigido: '2500', canto_flexible: 'tres mil' })).toEqual({
      precios: null,
      faltantes: ['VALOR_BASE_PIEZA', 'VALOR_BASE_CANTO_FLEXIBLE'],
    });
    // A negative price, a third decimal or an amount beyond a money column is no price either.
    expect(leerPreciosRetal({ pieza: '-1', canto_rigido: '2500.125', canto_flexible: '9999999999999' }).faltantes).toEqual([
      'VALOR_BASE_PIEZA',
      'VALOR_BASE_CANTO_RIGIDO',
      'VALOR_BASE_CANTO_FLEXIBLE',
    ]);
  });
});

describe('cotizarRetal', () => {
  const valores = (cambios: Partial<ValoresRetal>): ValoresRetal => ({ ...VALORES_INICIALES_RETAL, ...cambios });

  it('prices what is typed with the domain rule', () => {
    const entrada = { base: 600, altura: 400, tipo_canto: TIPOS_CANTO_RETAL.rigido, lados: DOS_LADOS };
    expect(cotizarRetal(valores(entrada), PRECIOS)).toEqual(calcularPrecioRetal({ ...entrada, precios: PRECIOS }));
    expect(cotizarRetal(valores({ base: 1_250, altura: 333, tipo_canto: 2, lados: DOS_LADOS }), PRECIOS)?.total_precio_canto).toBe(6_015.4);
  });

  it('shows nothing while a size is empty, not a whole number, out of range, or the prices are unknown', () => {
    expect(cotizarRetal(valores({ base: '', altura: 400 }), PRECIOS)).toBeNull();
    expect(cotizarRetal(valores({ base: 600, altura: Number.NaN }), PRECIOS)).toBeNull();
    expect(cotizarRetal(valores({ base: 0, altura: 400 }), PRECIOS)).toBeNull();
    expect(cotizarRetal(valores({ base: 10_001, altura: 400 }), PRECIOS)).toBeNull();
    expect(cotizarRetal(valores({ base: 600, altura: 400 }), null)).toBeNull();
  });
});

describe('cuerpoFacturaRetal', () => {
  it('sends the measures with the amounts on screen, which the route schema accepts as they are', () => {
    const medidas = { base: 600, altura: 400, tipo_canto: TIPOS_CANTO_RETAL.rigido, lados: DOS_LADOS };
    const cuerpo = cuerpoFacturaRetal(medidas, PRECIOS);
    expect(cuerpo).toEqual({ ...medidas, total_precio_base: 11_520, cantidad_canto: 1, total_precio_canto: 2_500 });
    expect(facturaRetalSchema.parse(cuerpo)).toEqual(cuerpo);
  });
});

describe('valorRetalConIva', () => {
  it('quotes what the customer pays: the offcut with the product IVA, the figure the order line will total', () => {
    const precio = calcularPrecioRetal({ base: 600, altura: 400, tipo_canto: TIPOS_CANTO_RETAL.rigido, lados: DOS_LADOS, precios: PRECIOS });
    // 11,520 + 2,500 = 14,020 before tax; 19 % is 2,663.80; the customer pays 16,683.80, not 14,020.
    expect(valorRetalConIva(precio, 19)).toEqual({ base: 14_020, porcentaje_impuesto: 19, iva: 2_663.8, total: 16_683.8 });
    // The order line the server answers (quantity 1 at precio.total) totals the same by the order's rule.
    const linea = calcularTotalesVenta({
      lineas: [{ cantidad: 1, precio_unitario: precio.total, porcentaje_descuento: 0, porcentaje_impuesto: 19 }],
      porcentaje_impuesto_adicional: 0,
    }).lineas[0];
    expect(valorRetalConIva(precio, 19).total).toBe(linea?.valor_total);
  });

  it('rounds the IVA once to the centavo, half up, and adds nothing for a product without tax', () => {
    const precio = calcularPrecioRetal({ base: 1_250, altura: 333, tipo_canto: 2, lados: DOS_LADOS, precios: PRECIOS });
    // 19,980 + 6,015.40 = 25,995.40; × 19 % = 4,939.126 → 4,939.13.
    expect(valorRetalConIva(precio, 19)).toMatchObject({ base: 25_995.4, iva: 4_939.13, total: 30_934.53 });
    expect(valorRetalConIva(precio, 0)).toMatchObject({ base: 25_995.4, iva: 0, total: 25_995.4 });
  });
});

describe('Desde un retal guardado (docs/decisions-retales.md)', () => {
  const elegido = { id: 4, codigo: 'R12-1A', base: 1200, altura: 600 };

  it('keeps the link while base and height are the offcut, and breaks it when either changes by hand', () => {
    expect(vinculoRetal({ base: 1200, altura: 600 }, elegido)).toBe('vinculado');
    expect(vinculoRetal({ base: 1100, altura: 600 }, elegido)).toBe('roto');
    expect(vinculoRetal({ base: 600, altura: 1200 }, elegido)).toBe('roto');
    expect(vinculoRetal({ base: '', altura: 600 }, elegido)).toBe('roto');
    expect(vinculoRetal({ base: 1200, altura: 600 }, null)).toBe('ninguno');
  });

  it('sends the offcut id with the quote, which the route schema accepts', () => {
    const medidas = { base: 1200, altura: 600, tipo_canto: TIPOS_CANTO_RETAL.ninguno, lados: { superior: false, inferior: false, izquierdo: false, derecho: false }, retal_id: 4 };
    const cuerpo = cuerpoFacturaRetal(medidas, PRECIOS);
    expect(facturaRetalSchema.parse(cuerpo).retal_id).toBe(4);
    expect(VALORES_INICIALES_RETAL.retal_id).toBeNull();
  });

  it('labels an offcut with its code, size and place', () => {
    const formatear = (n: number) => n.toLocaleString('en-US');
    expect(etiquetaRetalGuardado({ codigo: 'R12-1A', base: 1200, altura: 600, ubicacion: 'Estante 3' }, formatear)).toBe('R12-1A · 1,200 × 600 mm · Estante 3');
    expect(etiquetaRetalGuardado({ codigo: 'RM4', base: 300, altura: 250, ubicacion: null }, formatear)).toBe('RM4 · 300 × 250 mm');
  });
});
