import { describe, expect, it } from 'vitest';
import { excedeInventario, leerCsvInventario, MENSAJES_INVENTARIO, inventarioActualizarSchema } from '../inventario/inventario.schema';
import { precioConImpuesto } from './productos.schema';

describe('precioConImpuesto', () => {
  it('adds price times the tax percent, in centavos, and nothing without a tax', () => {
    expect(precioConImpuesto(185000.5, 19)).toBe(220150.6);
    expect(precioConImpuesto(1000, 0)).toBe(1000);
    expect(precioConImpuesto(1000, null)).toBe(1000);
    expect(precioConImpuesto('100', 8.5)).toBe(108.5);
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
  it("reads reference;quantity;price rows, skipping a first header row and blank lines", () => {
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
