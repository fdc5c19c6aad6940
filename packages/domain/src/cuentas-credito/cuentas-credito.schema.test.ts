import { describe, expect, it } from 'vitest';
import { formatearPesos } from '../dinero';
import { cuentaCreditoPedidoSchema, leerCupoMaximoVendedor, MENSAJES_CUENTA_CREDITO } from './cuentas-credito.schema';

describe('leerCupoMaximoVendedor (parameter CUPO_MAXIMO_VENDEDOR)', () => {
  it('reads whole pesos with or without thousands commas, and 0', () => {
    expect(leerCupoMaximoVendedor('5000000')).toBe(5_000_000);
    expect(leerCupoMaximoVendedor(' 5,000,000 ')).toBe(5_000_000);
    expect(leerCupoMaximoVendedor('0')).toBe(0);
  });

  it('answers null for a value that is no amount, negative or missing', () => {
    for (const valor of ['', 'sin tope', '-1', '5.000.000', null, undefined]) expect(leerCupoMaximoVendedor(valor), String(valor)).toBeNull();
  });
});

describe('cuentaCreditoPedidoSchema', () => {
  it('takes the customer and the quota, and drops an id (the order form only creates)', () => {
    expect(cuentaCreditoPedidoSchema.parse({ id: 7, tercero_id: 3, total_cupo_permitido: '2,000,000' })).toEqual({ tercero_id: 3, total_cupo_permitido: 2_000_000 });
  });

  it("writes the ceiling with the project's money formatter", () => {
    expect(MENSAJES_CUENTA_CREDITO.cupoVendedor(formatearPesos(5_000_000))).toContain('$ 5,000,000');
    expect(MENSAJES_CUENTA_CREDITO.cupoVendedorAyuda(formatearPesos(5_000_000))).toBe('Cupo máximo: $ 5,000,000');
  });
});
