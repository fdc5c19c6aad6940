import { describe, expect, it } from 'vitest';
import { disponibleDe, reservasConsultaSchema, tomaStockReservado } from './reservas.schema';

describe('reservations: available and taking reserved stock (docs/decisions-reservas.md)', () => {
  it('available is stock less reserved, in hundredths, never below zero', () => {
    expect(disponibleDe(5, 3)).toBe(2);
    expect(disponibleDe(2, 3)).toBe(0);
    expect(disponibleDe(1.3, 0.1)).toBe(1.2);
    expect(disponibleDe(-2, 0)).toBe(0);
  });

  it('asks only when the order takes boards on the shelf that others hold', () => {
    expect(tomaStockReservado(2, 2, 1)).toBe(true);
    expect(tomaStockReservado(5, 3, 3)).toBe(true);
    expect(tomaStockReservado(5, 3, 2)).toBe(false);
    expect(tomaStockReservado(5, 0, 9)).toBe(false);
    // No stock at all: selling short keeps its old rule, nothing of anybody's is taken.
    expect(tomaStockReservado(0, 4, 1)).toBe(false);
    expect(tomaStockReservado(-1, 4, 1)).toBe(false);
  });

  it('reads comma-separated product ids and refuses what is not one', () => {
    expect(reservasConsultaSchema.parse({ producto_ids: '3,1,2' }).producto_ids).toEqual([3, 1, 2]);
    expect(reservasConsultaSchema.safeParse({ producto_ids: '1,x' }).success).toBe(false);
    expect(reservasConsultaSchema.safeParse({ producto_ids: '0' }).success).toBe(false);
    expect(reservasConsultaSchema.safeParse({ producto_ids: '1', venta_id: '2147483648' }).success).toBe(false);
  });
});
