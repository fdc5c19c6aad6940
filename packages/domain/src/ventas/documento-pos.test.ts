import { describe, expect, it } from 'vitest';
import { formatearPesos } from '../dinero';
import { codigoParametroUvt, leerUvtCentavos, limitePosCentavos, MENSAJES_POS, motivoNoPos, type CondicionesPos } from './documento-pos';

// docs/decisions-factura-electronica.md, "Documento equivalente POS": the 5-UVT rule in integer centavos.
const UVT_2026 = 5_237_400;
const permitido: CondicionesPos = { credito: false, subtotalCentavos: 100_000_00, anio: '2026', uvtCentavos: UVT_2026, tieneRango: true, proveedor: 'DIAN' };

describe('the POS equivalent document rule', () => {
  it('reads the UVT parameter of the year as a positive amount of pesos', () => {
    expect(codigoParametroUvt(2026)).toBe('UVT_2026');
    expect(leerUvtCentavos('52374')).toBe(UVT_2026);
    expect(leerUvtCentavos('49,799')).toBe(4_979_900);
    for (const malo of [null, undefined, '', '0', '-1', 'cincuenta', '1.001']) expect(leerUvtCentavos(malo)).toBeNull();
    expect(limitePosCentavos(UVT_2026)).toBe(26_187_000);
  });

  it('allows up to 5 UVT before taxes, to the centavo, and refuses one centavo more naming both amounts', () => {
    expect(motivoNoPos(permitido)).toBeNull();
    expect(motivoNoPos({ ...permitido, subtotalCentavos: 26_187_000 })).toBeNull();
    expect(motivoNoPos({ ...permitido, subtotalCentavos: 26_187_001 })).toBe(MENSAJES_POS.excede(formatearPesos(261_870), formatearPesos(261_870.01)));
    expect(MENSAJES_POS.excede(formatearPesos(261_870), formatearPesos(261_870.01))).toContain('$ 261,870');
  });

  it('refuses credit, Siigo, a store without a POS range and a year without its UVT, each with its reason', () => {
    expect(motivoNoPos({ ...permitido, credito: true })).toBe(MENSAJES_POS.credito);
    expect(motivoNoPos({ ...permitido, proveedor: 'SIIGO' })).toBe(MENSAJES_POS.proveedor);
    expect(motivoNoPos({ ...permitido, proveedor: 'NINGUNO' })).toBeNull();
    expect(motivoNoPos({ ...permitido, tieneRango: false })).toBe(MENSAJES_POS.sinRango);
    expect(motivoNoPos({ ...permitido, anio: '2027', uvtCentavos: null })).toBe(MENSAJES_POS.sinUvt('2027'));
    expect(MENSAJES_POS.sinUvt('2027')).toContain('UVT_2027');
  });
});
