import { describe, expect, it } from 'vitest';
import { formatearMoneda } from '@/lib/formato';
import { partesDevolucion } from './devoluciones-de-venta.logica';

describe('partesDevolucion (how a return was given back, in the sale detail)', () => {
  it('names each part: the credit, each method of money, the saldo a favor; nothing for a part of zero', () => {
    expect(
      partesDevolucion({
        valor_credito: 38_000,
        formas: [
          { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 20_000 },
          { forma_pago_id: 2, nombre_forma_pago: 'Tarjeta débito', valor: 19_666.27 },
        ],
        valor_saldo_favor: 81_000,
      }),
    ).toEqual([`Crédito ${formatearMoneda(38_000)}`, `Efectivo ${formatearMoneda(20_000)}`, `Tarjeta débito ${formatearMoneda(19_666.27)}`, `Saldo a favor ${formatearMoneda(81_000)}`]);
    expect(partesDevolucion({ valor_credito: 0, formas: [], valor_saldo_favor: 119_000 })).toEqual([`Saldo a favor ${formatearMoneda(119_000)}`]);
  });
});
