import { describe, expect, it } from 'vitest';
import { enlaceFacturacion } from './documentos-fiscales';

describe('enlaceFacturacion (the warning of documents DIAN has not accepted)', () => {
  it("opens the billing list on the sale's own day (Bogotá) and state, searched by the invoice number or, for a note, the sale's", () => {
    // 02:00 UTC of 3 October is 21:00 of 2 October in Bogotá.
    expect(enlaceFacturacion({ tipo: 'FACTURA', numero: 'FE12', venta_id: 120, fecha_venta: '2026-10-03T02:00:00.000Z', estado_venta_id: 2 })).toBe(
      '/facturacion?desde=2026-10-02&hasta=2026-10-02&estado=2&termino=FE12',
    );
    expect(enlaceFacturacion({ tipo: 'NOTA_CREDITO', numero: 'NC3', venta_id: 7, fecha_venta: '2026-10-03T15:00:00.000Z', estado_venta_id: 3 })).toBe(
      '/facturacion?desde=2026-10-03&hasta=2026-10-03&estado=3&termino=7',
    );
  });

  it('opens an order billed days after it was taken on the day it was taken: the list filters by the sale’s date', () => {
    const documento = { tipo: 'FACTURA', numero: 'FE40', venta_id: 40, fecha_factura: '2026-10-20T15:00:00.000Z', fecha_venta: '2026-10-14T15:00:00.000Z', estado_venta_id: 2 } as const;
    expect(enlaceFacturacion(documento)).toBe('/facturacion?desde=2026-10-14&hasta=2026-10-14&estado=2&termino=FE40');
  });

  it('gives no link for a state the list cannot filter (billed without dispatch)', () => {
    expect(enlaceFacturacion({ tipo: 'FACTURA', numero: 'FE8', venta_id: 8, fecha_venta: '2026-10-03T15:00:00.000Z', estado_venta_id: 6 })).toBeNull();
  });
});
