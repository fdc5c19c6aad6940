import { describe, expect, it } from 'vitest';
import { MENSAJES_DEVOLUCION, mensajeDevolucion, totalDevolucion } from './devoluciones.schema';

describe('mensajeDevolucion', () => {
  it('says the amount and method to give back, with the one money formatter', () => {
    expect(mensajeDevolucion([{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 120_000 }])).toBe('Devuelva al cliente $ 120,000 en Efectivo');
  });

  it('says the total and each method when there are several; centavos are kept', () => {
    const formas = [
      { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 0.1 },
      { forma_pago_id: 2, nombre_forma_pago: 'Tarjeta débito', valor: 0.2 },
      { forma_pago_id: 4, nombre_forma_pago: 'Transferencia bancaria', valor: 1_000 },
    ];
    expect(totalDevolucion(formas)).toBe(1_000.3);
    expect(mensajeDevolucion(formas)).toBe('Devuelva al cliente $ 1,000.30: $ 0.10 en Efectivo, $ 0.20 en Tarjeta débito y $ 1,000 en Transferencia bancaria');
  });

  it('says that nothing goes back when no money came in (a credit sale, a sale paid with the advance)', () => {
    expect(mensajeDevolucion([])).toBe(MENSAJES_DEVOLUCION.nada);
    expect(mensajeDevolucion([{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 0 }])).toBe(MENSAJES_DEVOLUCION.nada);
  });
});
