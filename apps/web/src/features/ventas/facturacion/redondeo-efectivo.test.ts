import { describe, expect, it } from 'vitest';
import { agregarFila, motivoNoFacturar } from './facturar.logica';
import { cifrasRedondeo, valorNuevaFila } from './redondeo-efectivo';
import type { FormaPago } from '@tablero/domain';

const forma = (id: number, nombre: string): FormaPago =>
  ({ id, nombre_forma_pago: nombre, requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false, activo: true }) as FormaPago;
const efectivo = forma(1, 'Efectivo');
const transferencia = forma(3, 'Transferencia');

describe('the bill dialog with cash rounding', () => {
  it('gives a new cash row the rounded remainder, any other row the exact one', () => {
    // Down, in the customer's favour (docs/decisions-redondeo-envios.md).
    expect(valorNuevaFila(10_031.85, efectivo, 1)).toBe(10_031);
    expect(valorNuevaFila(10_031.85, efectivo, 50)).toBe(10_000);
    expect(valorNuevaFila(10_049.99, efectivo, 50)).toBe(10_000);
    expect(valorNuevaFila(10_050, efectivo, 50)).toBe(10_050);
    expect(valorNuevaFila(10_031.85, transferencia, 50)).toBe(10_031.85);
    expect(valorNuevaFila(10_031.85, efectivo, undefined)).toBe(10_031.85);
  });

  it('adds a cash row after a transfer with the rounded cash part, shows the rounding and bills it', () => {
    const filas = agregarFila(10_031.85, [{ clave: 1, forma: transferencia, valor: 4_000, comprobante: '' }], efectivo, 50);
    expect(filas[1]!.valor).toBe(6_000);
    expect(cifrasRedondeo(10_031.85, filas, 50)).toEqual({ ajuste: -31.85, aPagar: 10_000, porPagar: 0 });
    expect(motivoNoFacturar(10_031.85, filas, '', false, 50)).toBeNull();
    // The same rows without the unit are 31.85 short of the total.
    expect(motivoNoFacturar(10_031.85, filas, '', false)).toMatch(/sumatoria/);
  });

  it('says what is left to pay against the rounded figure', () => {
    const filas = [{ clave: 1, forma: efectivo, valor: 10_000 as number | '', comprobante: '' }];
    expect(cifrasRedondeo(10_031.85, filas, 1)).toEqual({ ajuste: -0.85, aPagar: 10_031, porPagar: 31 });
  });
});
