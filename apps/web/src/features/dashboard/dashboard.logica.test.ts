import { describe, expect, it } from 'vitest';
import {
  cambiarFinal,
  cambiarInicial,
  filtrarPorReferencia,
  lineasPorUnidad,
  nombreUnidad,
  productosMasVendidos,
  rangoInicial,
  ventasPorMes,
} from './dashboard.logica';
import { sumarDias } from '@tablero/domain';

describe('the dashboard range (spec 002 §2.4, §5)', () => {
  it('starts on 1 January of the current year and ends today', () => {
    expect(rangoInicial('2026-11-27')).toEqual({ fecha_inicial: '2026-01-01', fecha_final: '2026-11-27' });
    expect(rangoInicial('2027-01-01')).toEqual({ fecha_inicial: '2027-01-01', fecha_final: '2027-01-01' });
  });

  it('moves the other date when a choice would break the bounds', () => {
    const rango = { fecha_inicial: '2026-03-01', fecha_final: '2026-03-31' };
    expect(cambiarInicial(rango, '2026-02-01', '2026-11-27')).toEqual({ fecha_inicial: '2026-02-01', fecha_final: '2026-03-31' });
    expect(cambiarInicial(rango, '2026-04-10', '2026-11-27')).toEqual({ fecha_inicial: '2026-04-10', fecha_final: '2026-04-10' });
    expect(cambiarFinal(rango, '2026-02-15')).toEqual({ fecha_inicial: '2026-02-15', fecha_final: '2026-02-15' });
    expect(cambiarFinal({ fecha_inicial: '2025-01-01', fecha_final: '2025-02-01' }, '2026-06-30')).toEqual({ fecha_inicial: '2025-06-30', fecha_final: '2026-06-30' });
  });

  it('counts days across months and leap years', () => {
    expect(sumarDias('2028-02-28', 1)).toBe('2028-02-29');
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(sumarDias('2026-01-01', 365)).toBe('2027-01-01');
  });
});

describe('the charts', () => {
  it('gives the twelve months in order with Spanish names, 0 where the answer has none', () => {
    const meses = ventasPorMes(
      [
        { mes_factura: 3, total_venta_bruta: 1500 },
        { mes_factura: 12, total_venta_bruta: 99.5 },
      ],
      2025,
      '2026-11-27',
    );
    expect(meses).toHaveLength(12);
    expect(meses.map((m) => m.mes)).toEqual(['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic']);
    expect(meses[2]).toEqual({ mes: 'Mar', nombre: 'Marzo', total: 1500 });
    expect(meses[11]?.total).toBe(99.5);
    expect(meses[0]?.total).toBe(0);
  });

  it('leaves the months still to come of the current year without a point', () => {
    const meses = ventasPorMes([{ mes_factura: 11, total_venta_bruta: 10 }], 2026, '2026-11-27');
    expect(meses[10]?.total).toBe(10);
    expect(meses[11]?.total).toBeNull();
    expect(meses.filter((m) => m.total === null)).toHaveLength(1);
    expect(ventasPorMes([], 2026, '2026-01-05').filter((m) => m.total === null)).toHaveLength(11);
  });

  it('keeps the best sellers, the largest first', () => {
    const productos = Array.from({ length: 14 }, (_, i) => ({ referencia: `R${i}`, cantidad_producto: (i * 7) % 15 }));
    const top = productosMasVendidos(productos);
    expect(top).toHaveLength(10);
    expect(top[0]?.cantidad_producto).toBe(14);
    expect(top.map((p) => p.cantidad_producto)).toEqual([...top.map((p) => p.cantidad_producto)].sort((a, b) => b - a));
  });
});

describe('the products filter', () => {
  const productos = [{ referencia: 'CANTO-ÁRTICO-22' }, { referencia: 'MEL-001' }, { referencia: 'mel-roble' }];
  it('ignores accents, case and surrounding spaces', () => {
    expect(filtrarPorReferencia(productos, ' artico ')).toEqual([{ referencia: 'CANTO-ÁRTICO-22' }]);
    expect(filtrarPorReferencia(productos, 'MEL').map((p) => p.referencia)).toEqual(['MEL-001', 'mel-roble']);
    expect(filtrarPorReferencia(productos, '')).toHaveLength(3);
    expect(filtrarPorReferencia(productos, 'xyz')).toEqual([]);
  });
});

describe('one unit per figure (docs/decisions-reportes-dinero.md, "Una unidad por cifra")', () => {
  it('shows the products sold one line per unit, never sheets plus metres', () => {
    expect(
      lineasPorUnidad([
        { unidad: 'Lámina', cantidad: 12 },
        { unidad: 'Metro lineal', cantidad: 1250.5 },
        { unidad: null, cantidad: 3 },
      ]),
    ).toEqual(['12 Lámina', '1,250.5 Metro lineal', '3 Sin unidad']);
    expect(lineasPorUnidad([])).toEqual(['0']);
  });

  it('names a product without a measure type', () => {
    expect([nombreUnidad('Servicio'), nombreUnidad(null)]).toEqual(['Servicio', 'Sin unidad']);
  });
});
