import { describe, expect, it } from 'vitest';
import { nombreDeDescarga } from './nombre-descarga';

describe('nombreDeDescarga', () => {
  it("reads the download's file name from Content-Disposition", () => {
    expect(nombreDeDescarga(`attachment; filename="Export ventas.xlsx"; filename*=UTF-8''Export%20ventas.xlsx`, 'x.xlsx')).toBe('Export ventas.xlsx');
    expect(nombreDeDescarga(`attachment; filename*=UTF-8''Export%20abonos%20cr%C3%A9dito.xlsx`, 'x.xlsx')).toBe('Export abonos crédito.xlsx');
    expect(nombreDeDescarga('attachment; filename="Export formas de pago.xlsx"', 'x.xlsx')).toBe('Export formas de pago.xlsx');
    expect(nombreDeDescarga('attachment', 'Export ventas.xlsx')).toBe('Export ventas.xlsx');
    expect(nombreDeDescarga(null, 'Export ventas.xlsx')).toBe('Export ventas.xlsx');
  });
});
