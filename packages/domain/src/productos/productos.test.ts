import { describe, expect, it } from 'vitest';
import { excedeInventario, leerCsvInventario, MENSAJES_INVENTARIO, inventarioActualizarSchema } from '../inventario/inventario.schema';
import { paginaAcotada, precioConImpuesto, textoTotalProductos, TOPE_CONTEO_PRODUCTOS } from './productos.schema';

describe('precioConImpuesto', () => {
  it('adds price times the tax percent, in centavos, and nothing without a tax', () => {
    expect(precioConImpuesto(185000.5, 19)).toBe(220150.6);
    expect(precioConImpuesto(1000, 0)).toBe(1000);
    expect(precioConImpuesto(1000, null)).toBe(1000);
    expect(precioConImpuesto('100', 8.5)).toBe(108.5);
  });
});

describe('paginaAcotada', () => {
  it('gives the exact total and last page while the count is under the cap', () => {
    expect(paginaAcotada(['a'], { contados: 11, haySiguiente: false }, 2, 10)).toEqual({
      data: ['a'],
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 11,
      total_exacto: true,
    });
    expect(paginaAcotada([], { contados: 0, haySiguiente: false }, 1, 10)).toMatchObject({ last_page: 1, total: 0, total_exacto: true });
  });

  it('says "más de 1000" beyond the cap and keeps a next page reachable while one exists', () => {
    const primera = paginaAcotada([], { contados: TOPE_CONTEO_PRODUCTOS + 1, haySiguiente: true }, 1, 10);
    expect(primera).toMatchObject({ total: 1000, total_exacto: false, last_page: 100 });
    expect(textoTotalProductos(primera)).toBe('más de 1.000 productos');
    expect(paginaAcotada([], { contados: 1001, haySiguiente: true }, 100, 10).last_page).toBe(101);
    expect(paginaAcotada([], { contados: 1001, haySiguiente: false }, 140, 10).last_page).toBe(140);
    expect(textoTotalProductos({ total: 25, total_exacto: true })).toBe('25 productos');
  });
});

describe('excedeInventario (spec 000 §9)', () => {
  it('is true when the requested quantity exceeds the stock, missing stock being 0', () => {
    expect(excedeInventario(5, 4)).toBe(true);
    expect(excedeInventario(4, 4)).toBe(false);
    expect(excedeInventario(1, 0)).toBe(true);
    expect(excedeInventario(1, null)).toBe(true);
  });
});

describe('leerCsvInventario (spec 001 §5 Inventory CSV)', () => {
  it("reads reference;quantity;price rows, skipping rows that contain 'referencia' and blank lines", () => {
    expect(leerCsvInventario('\uFEFFReferencia;Cantidad;Precio\r\nMEL-1;3;1,500\n\n"MDF-2";;\n')).toEqual([
      { referencia: 'MEL-1', cantidad: '3', precio: '1,500', fila: 2 },
      { referencia: 'MDF-2', cantidad: '', precio: '', fila: 4 },
    ]);
  });
});

describe('inventarioActualizarSchema (spec 001 §5 Inventory form)', () => {
  it("refuses a missing or 0 price with 'Debe ingresar un precio unitario' and a missing quantity with 'Debe ingresar una cantidad en inventario'", () => {
    const vacio = inventarioActualizarSchema.safeParse({ producto_id: 1, precio_unitario: '', cantidad_inventario: '' });
    const cero = inventarioActualizarSchema.safeParse({ producto_id: 1, precio_unitario: 0, cantidad_inventario: 0 });
    expect(vacio.success ? [] : vacio.error.issues.map((i) => i.message)).toEqual([MENSAJES_INVENTARIO.precio, MENSAJES_INVENTARIO.cantidad]);
    expect(cero.success ? [] : cero.error.issues.map((i) => i.message)).toEqual(['Debe ingresar un precio unitario']);
  });
});
