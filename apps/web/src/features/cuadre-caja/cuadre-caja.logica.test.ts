import { describe, expect, it } from 'vitest';
import { agruparPorTienda, ETIQUETA_SUMA_CAJAS, etiquetaDeTienda, fechaElegida, filasCajas } from './cuadre-caja.logica';

const fila = (codigo_tienda: string, forma_pago_id: number, valor_pagado: number, ingresa_dinero = true) => ({
  codigo_tienda,
  nombre_tienda: codigo_tienda === '001' ? 'Principal' : 'Norte',
  forma_pago_id,
  nombre_forma_pago: `Forma ${forma_pago_id}`,
  valor_pagado,
  ingresa_dinero,
});

describe('agruparPorTienda', () => {
  it("keeps the stores' order, a store without sales included, and each store's rows in the server's order", () => {
    const tiendas = [
      { codigo_tienda: '001', nombre_tienda: 'Principal', total_dia: 10, total_efectivo: 3 },
      { codigo_tienda: '002', nombre_tienda: 'Norte', total_dia: 0, total_efectivo: 0 },
    ];
    const grupos = agruparPorTienda([fila('001', 4, 7), fila('001', 1, 3), fila('001', 6, 50, false)], tiendas);
    expect(grupos.map((g) => g.codigo_tienda)).toEqual(['001', '002']);
    expect(grupos[0]?.formas.map((f) => f.forma_pago_id)).toEqual([4, 1, 6]);
    expect(grupos[1]?.formas).toEqual([]);
  });

  it('adds a store the rows name but the totals do not, after the others', () => {
    const grupos = agruparPorTienda([fila('002', 1, 5), fila('001', 1, 2)], [{ codigo_tienda: '001', nombre_tienda: 'Principal', total_dia: 2, total_efectivo: 0 }]);
    expect(grupos.map((g) => [g.codigo_tienda, g.nombre_tienda, g.formas.length])).toEqual([
      ['001', 'Principal', 1],
      ['002', 'Norte', 1],
    ]);
  });
});

describe('small helpers', () => {
  it('names a store by code and name', () => {
    expect(etiquetaDeTienda({ codigo_tienda: '001', nombre_tienda: 'Principal' })).toBe('001 - Principal');
    expect(etiquetaDeTienda({ codigo_tienda: '009', nombre_tienda: '' })).toBe('009');
  });

  it('reads the day from the address, today when missing, malformed or later than today', () => {
    expect(fechaElegida('2026-11-20', '2026-11-26')).toBe('2026-11-20');
    expect(fechaElegida(null, '2026-11-26')).toBe('2026-11-26');
    expect(fechaElegida('20/11/2026', '2026-11-26')).toBe('2026-11-26');
    expect(fechaElegida('2026-11-27', '2026-11-26')).toBe('2026-11-26');
    expect(fechaElegida('2026-02-30', '2026-11-26')).toBe('2026-11-26');
  });
});

describe('filasCajas', () => {
  it("shows one drawer per store with that store's own cash, and the stores' sum only as a labelled sum", () => {
    const datos = {
      total_dia: 330_000,
      total_efectivo: 150_000,
      lista_tiendas: [
        { codigo_tienda: '001', nombre_tienda: 'Principal', total_dia: 200_000, total_efectivo: 120_000 },
        { codigo_tienda: '002', nombre_tienda: 'Norte', total_dia: 130_000, total_efectivo: 30_000 },
      ],
    };
    const { cajas, suma } = filasCajas(datos);
    expect(cajas).toEqual([
      { codigo_tienda: '001', etiqueta: '001 - Principal', total_dia: 200_000, total_efectivo: 120_000 },
      { codigo_tienda: '002', etiqueta: '002 - Norte', total_dia: 130_000, total_efectivo: 30_000 },
    ]);
    expect(suma).toEqual({ codigo_tienda: '', etiqueta: ETIQUETA_SUMA_CAJAS, total_dia: 330_000, total_efectivo: 150_000 });
  });

  it('with one store there is no sum row: its drawer is the day', () => {
    const { cajas, suma } = filasCajas({ total_dia: 5, total_efectivo: 2, lista_tiendas: [{ codigo_tienda: '001', nombre_tienda: 'Principal', total_dia: 5, total_efectivo: 2 }] });
    expect(cajas).toHaveLength(1);
    expect(suma).toBeNull();
  });
});
