import { describe, expect, it } from 'vitest';
import { filasDePropuesta, solicitudRetenciones, totalPorPagar, totalRetenido } from './retenciones.logica';

const propuesta = {
  agente_retencion: true,
  base: 1_000_000,
  iva: 190_000,
  total: 1_190_000,
  retenciones: [
    { tipo: 'RETEFUENTE' as const, concepto: 'COMPRAS' as const, base: 1_000_000, tarifa: 2.5, valor: 25_000 },
    { tipo: 'RETEIVA' as const, concepto: null, base: 190_000, tarifa: 15, valor: 28_500.5 },
  ],
};

describe('withholdings in the bill dialog', () => {
  it('a cash bill receives the total minus what is withheld, to the centavo; a credit bill the whole total', () => {
    const filas = filasDePropuesta(propuesta);
    expect(totalRetenido(filas)).toBe(53_500.5);
    expect(totalPorPagar(1_190_000, filas, false)).toBe(1_136_499.5);
    expect(totalPorPagar(1_190_000, filas, true)).toBe(1_190_000);
  });

  it('an emptied or zero value is dropped from the request', () => {
    const filas = filasDePropuesta(propuesta).map((f, n) => (n === 1 ? { ...f, valor: '' as const } : f));
    expect(solicitudRetenciones(filas)).toEqual([{ tipo: 'RETEFUENTE', concepto: 'COMPRAS', base: 1_000_000, tarifa: 2.5, valor: 25_000 }]);
    expect(solicitudRetenciones(filasDePropuesta(undefined))).toEqual([]);
  });
});
