import { describe, expect, it } from 'vitest';
import { aplicarTarifa, porMilAPorcentaje, proponerRetenciones, revisarRetenciones, type ConfiguracionRetencion } from './retenciones';
import { configuracionRetencionSchema, retencionEntradaSchema } from './retenciones.schema';

const UVT_2026 = 5_237_400; // $52,374 in centavos
const AGENTE: ConfiguracionRetencion = { agente_retencion: true, concepto_retefuente: 'COMPRAS', aplica_reteiva: true, tarifa_reteica_por_mil: 11.04 };

describe('proponerRetenciones', () => {
  it('withholds retefuente 2.5 %, reteIVA 15 % of the IVA and reteICA per mil from 10 UVT of compras', () => {
    expect(proponerRetenciones({ baseCentavos: 100_000_000, ivaCentavos: 19_000_000 }, AGENTE, UVT_2026)).toEqual([
      { tipo: 'RETEFUENTE', concepto: 'COMPRAS', baseCentavos: 100_000_000, tarifa: 2.5, valorCentavos: 2_500_000 },
      { tipo: 'RETEIVA', concepto: null, baseCentavos: 19_000_000, tarifa: 15, valorCentavos: 2_850_000 },
      { tipo: 'RETEICA', concepto: null, baseCentavos: 100_000_000, tarifa: 1.104, valorCentavos: 1_104_000 },
    ]);
  });

  it('applies the threshold in UVT: exactly 10 UVT withholds, a centavo less does not', () => {
    const diez = 10 * UVT_2026;
    expect(proponerRetenciones({ baseCentavos: diez, ivaCentavos: 0 }, AGENTE, UVT_2026).map((r) => r.tipo)).toEqual(['RETEFUENTE', 'RETEICA']);
    expect(proponerRetenciones({ baseCentavos: diez - 1, ivaCentavos: 0 }, AGENTE, UVT_2026)).toEqual([]);
  });

  it('services start at 2 UVT with 4 %; a card purchase has no minimum', () => {
    const servicios = { ...AGENTE, concepto_retefuente: 'SERVICIOS' as const, aplica_reteiva: false, tarifa_reteica_por_mil: null };
    expect(proponerRetenciones({ baseCentavos: 2 * UVT_2026, ivaCentavos: 0 }, servicios, UVT_2026)).toEqual([
      { tipo: 'RETEFUENTE', concepto: 'SERVICIOS', baseCentavos: 2 * UVT_2026, tarifa: 4, valorCentavos: 418_992 },
    ]);
    expect(proponerRetenciones({ baseCentavos: 2 * UVT_2026 - 1, ivaCentavos: 0 }, servicios, UVT_2026)).toEqual([]);
    expect(proponerRetenciones({ baseCentavos: 1_000, ivaCentavos: 0 }, { ...servicios, concepto_retefuente: 'TARJETA' }, UVT_2026)[0]!.valorCentavos).toBe(15);
  });

  it('nothing for a customer that is no agent', () => {
    expect(proponerRetenciones({ baseCentavos: 100_000_000, ivaCentavos: 19_000_000 }, { ...AGENTE, agente_retencion: false }, UVT_2026)).toEqual([]);
  });
});

describe('rounding', () => {
  it('rounds half up to the centavo, exactly for the largest amounts', () => {
    expect(aplicarTarifa(3, 50)).toBe(2); // 1.5 → 2
    expect(aplicarTarifa(101, 2.5)).toBe(3); // 2.525 → 3
    expect(aplicarTarifa(99_999_999_999_999, 2.5)).toBe(2_500_000_000_000); // 2,499,999,999,999.975 → …000
    expect(porMilAPorcentaje(9.66)).toBe(0.966);
    expect(porMilAPorcentaje(11.04)).toBe(1.104);
  });
});

describe('revisarRetenciones', () => {
  const limites = { baseCentavos: 100_000, ivaCentavos: 19_000, totalCentavos: 119_000 };
  const f = (c: number) => String(c);
  it('refuses a value above its base, a base above the sale, a repeated type and a sum that reaches the total', () => {
    expect(revisarRetenciones([{ tipo: 'RETEIVA', concepto: null, baseCentavos: 19_000, tarifa: 15, valorCentavos: 19_001 }], limites, f)?.campo).toBe('retenciones.0.valor');
    expect(revisarRetenciones([{ tipo: 'RETEIVA', concepto: null, baseCentavos: 19_001, tarifa: 15, valorCentavos: 1 }], limites, f)?.campo).toBe('retenciones.0.base');
    const rf = { tipo: 'RETEFUENTE' as const, concepto: 'COMPRAS' as const, baseCentavos: 100_000, tarifa: 100, valorCentavos: 100_000 };
    expect(revisarRetenciones([rf, rf], limites, f)?.campo).toBe('retenciones.1.tipo');
    expect(revisarRetenciones([rf, { tipo: 'RETEIVA', concepto: null, baseCentavos: 19_000, tarifa: 100, valorCentavos: 19_000 }], limites, f)?.campo).toBe('retenciones');
    expect(revisarRetenciones([{ ...rf, valorCentavos: 2_500, tarifa: 2.5 }], limites, f)).toBeNull();
  });
});

describe('schemas', () => {
  it('reads Colombian numbers and refuses a rate above 100 or with 5 decimals', () => {
    expect(retencionEntradaSchema.parse({ tipo: 'RETEFUENTE', concepto: 'COMPRAS', base: '1,000,000', tarifa: '2.5', valor: '25,000' }).valor).toBe(25_000);
    expect(retencionEntradaSchema.safeParse({ tipo: 'RETEICA', base: 1, tarifa: 100.5, valor: 1 }).error?.issues[0]?.message).toBe('Debe ingresar una tarifa entre 0 y 100');
    expect(retencionEntradaSchema.safeParse({ tipo: 'RETEICA', base: 1, tarifa: 1.00001, valor: 1 }).success).toBe(false);
    expect(configuracionRetencionSchema.parse({ agente_retencion: true, aplica_reteiva: false, tarifa_reteica_por_mil: '' }).tarifa_reteica_por_mil).toBeNull();
  });
});
