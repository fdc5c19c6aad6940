import { describe, expect, it } from 'vitest';
import { devolucionParcialSchema, MENSAJES_DEVOLUCION_PARCIAL, parteDevuelta } from './devolucion-parcial.schema';

// A partial return's amounts (docs/decisions-factura-electronica.md, "Devolución parcial"): cut at the quantities
// returned so far, so the returns of a line add up to the line to the centavo whatever the order.
describe('parteDevuelta', () => {
  const linea = { bruto: 9_999_900, descuento: 99_999, impuesto: 1_880_981, otros: 0 };

  it('three returns of one unit add up to the line exactly; a whole return is the line', () => {
    const partes = [0, 1, 2].map((previa) => parteDevuelta(linea, 300, previa * 100, 100));
    expect(partes.map((p) => p.impuesto)).toEqual([626_994, 626_993, 626_994]);
    for (const campo of ['bruto', 'descuento', 'impuesto', 'otros'] as const) {
      expect(partes.reduce((t, p) => t + p[campo], 0)).toBe(linea[campo]);
    }
    expect(parteDevuelta(linea, 300, 0, 300)).toEqual({ ...linea, subtotal: 9_899_901, total: 11_780_882 });
    expect(partes[0]).toMatchObject({ subtotal: partes[0]!.bruto - partes[0]!.descuento, total: partes[0]!.bruto - partes[0]!.descuento + partes[0]!.impuesto });
  });

  it('a fraction of a metre line (2.5 of 7.25)', () => {
    const metros = { bruto: 725_000, descuento: 0, impuesto: 137_750, otros: 0 };
    const a = parteDevuelta(metros, 725, 0, 250);
    const b = parteDevuelta(metros, 725, 250, 475);
    expect(a.bruto + b.bruto).toBe(725_000);
    expect(a.impuesto + b.impuesto).toBe(137_750);
  });
});

describe('devolucionParcialSchema', () => {
  it('asks for a reason, at least one line, a quantity above zero with two decimals at most, each line once', () => {
    const fallo = (cuerpo: unknown) => devolucionParcialSchema.safeParse(cuerpo).error?.issues.map((i) => i.message);
    expect(fallo({ motivo: 'Rayado', lineas: [{ venta_detalle_id: 1, cantidad: 1.25 }] })).toBeUndefined();
    expect(fallo({ lineas: [{ venta_detalle_id: 1, cantidad: 1 }] })).toEqual([MENSAJES_DEVOLUCION_PARCIAL.motivo]);
    expect(fallo({ motivo: 'x', lineas: [] })).toEqual([MENSAJES_DEVOLUCION_PARCIAL.lineas]);
    expect(fallo({ motivo: 'x', lineas: [{ venta_detalle_id: 1, cantidad: -1 }] })).toEqual([MENSAJES_DEVOLUCION_PARCIAL.cantidad]);
    expect(fallo({ motivo: 'x', lineas: [{ venta_detalle_id: 1, cantidad: 1.125 }] })).toEqual([MENSAJES_DEVOLUCION_PARCIAL.cantidadDecimales]);
    expect(fallo({ motivo: 'x', lineas: [{ venta_detalle_id: 1, cantidad: 1 }, { venta_detalle_id: 1, cantidad: 2 }] })).toEqual([MENSAJES_DEVOLUCION_PARCIAL.lineaRepetida]);
  });
});
