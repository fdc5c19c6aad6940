import { describe, expect, it } from 'vitest';
import { calcularDescuento, descuentoSolicitarSchema, estadoDescuento, MENSAJES_DESCUENTO } from './descuentos.schema';

describe('calcularDescuento', () => {
  it('computes the subtotal, the amount discounted and the rest in centavos, as the order totals do', () => {
    expect(calcularDescuento({ cantidad_solicitada: 3, precio_unitario: 1234.56789, porcentaje_descuento: 12.5 })).toEqual({
      sub_total: 3703.7,
      valor_descuento: 462.96,
      sub_total_con_descuento: 3240.74,
    });
    expect(calcularDescuento({ cantidad_solicitada: '0.10', precio_unitario: '0.29', porcentaje_descuento: '100' })).toEqual({
      sub_total: 0.03,
      valor_descuento: 0.03,
      sub_total_con_descuento: 0,
    });
  });

  it('answers null for figures it cannot compute', () => {
    expect(calcularDescuento({ cantidad_solicitada: -1, precio_unitario: 10, porcentaje_descuento: 5 })).toBeNull();
  });
});

describe('descuentoSolicitarSchema', () => {
  const valido = { porcentaje_descuento: 10, tercero_id: 1, producto_id: 2, cantidad_solicitada: 3, precio_unitario: 100, sub_total: '300' };

  it('reads the spec payload, money text included', () => {
    expect(descuentoSolicitarSchema.parse(valido)).toMatchObject({ porcentaje_descuento: 10, sub_total: 300 });
  });

  it("refuses a percentage outside 1..100 with 'Debe ingresar un porcentaje válido'", () => {
    for (const porcentaje of [0, 0.99, 100.5, -1, '', 'x']) {
      const resultado = descuentoSolicitarSchema.safeParse({ ...valido, porcentaje_descuento: porcentaje });
      expect(resultado.success, String(porcentaje)).toBe(false);
      expect(resultado.error?.issues.map((i) => i.message), String(porcentaje)).toEqual([MENSAJES_DESCUENTO.porcentaje]);
    }
  });
});

describe('estadoDescuento (spec 000 §4.3)', () => {
  it('tells pending, approved and rejected apart', () => {
    expect(estadoDescuento({ aprobado: false, nombre_aprobador: null })).toBe('pendiente');
    expect(estadoDescuento({ aprobado: true, nombre_aprobador: 'Ana' })).toBe('aprobado');
    expect(estadoDescuento({ aprobado: false, nombre_aprobador: 'Ana' })).toBe('rechazado');
  });
});
