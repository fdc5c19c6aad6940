import type { FilaInformeVentas } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { agrupacionDeDireccion, barrasInforme, notaSinCosto, rangoInicial, textoMargen } from './informe-ventas.logica';

const fila = (cambios: Partial<FilaInformeVentas>): FilaInformeVentas => ({
  clave: '1', nombre: 'Ana', referencia: null, unidad: null, ventas: 1, cantidad: null, subtotal_facturado: 100, subtotal_devuelto: 0, subtotal: 100,
  impuestos: 19, total: 119, costo: 60, margen: 40, margen_porcentaje: 40, subtotal_sin_costo: 0, comision: null, ...cambios,
});

describe('sales report screen rules', () => {
  it('starts on the first day of the month up to today', () => {
    expect(rangoInicial('2026-12-02')).toEqual({ fecha_inicial: '2026-12-01', fecha_final: '2026-12-02' });
  });

  it('reads the grouping from the address, the seller otherwise', () => {
    expect(agrupacionDeDireccion('categoria')).toBe('categoria');
    expect(agrupacionDeDireccion('cliente')).toBe('vendedor');
    expect(agrupacionDeDireccion(null)).toBe('vendedor');
  });

  it('labels a product bar by its reference and keeps the first ten', () => {
    const filas = Array.from({ length: 12 }, (_, n) => fila({ clave: String(n), nombre: `Producto ${n}`, referencia: `REF-${n}` }));
    const barras = barrasInforme(filas);
    expect(barras).toHaveLength(10);
    expect(barras[0]).toEqual({ etiqueta: 'REF-0', nombre: 'Producto 0', neto: 100, margen: 40 });
    expect(barrasInforme([fila({})])[0]!.etiqueta).toBe('Ana');
  });

  it('says "Sin costo" where the margin is unknown, and what part has no cost', () => {
    expect(textoMargen({ margen: null, margen_porcentaje: null })).toBe('Sin costo');
    expect(textoMargen({ margen: 800, margen_porcentaje: 40 })).toBe('$800 (40 %)');
    expect(notaSinCosto({ margen: 800, subtotal_sin_costo: 500 })).toBe('$500 sin costo');
    expect(notaSinCosto({ margen: null, subtotal_sin_costo: 500 })).toBeNull();
    expect(notaSinCosto({ margen: 800, subtotal_sin_costo: 0 })).toBeNull();
  });
});
