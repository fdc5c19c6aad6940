import { describe, expect, it } from 'vitest';
import { facturaPrueba } from './datos-prueba';
import { construirFactura } from './ubl';
import { hijos, raizDe, secuencia, texto, todos } from './xml-prueba';

// Withholdings on the invoice (docs/decisions-retenciones.md): cac:WithholdingTaxTotal per scheme, after the taxes,
// informative (PayableAmount and the CUFE stay those of the invoice without them). The schema and code-list check of
// the same document is in validacion-dian.test.ts.
const RETENCIONES = [
  { codigo: '06', porcentaje: '2.50', baseCentavos: 100_000_000, valorCentavos: 2_500_000 },
  { codigo: '05', porcentaje: '15.00', baseCentavos: 19_000_000, valorCentavos: 2_850_000 },
  { codigo: '07', porcentaje: '1.104', baseCentavos: 100_000_000, valorCentavos: 1_104_000 },
];

describe('cac:WithholdingTaxTotal', () => {
  const sin = construirFactura(facturaPrueba());
  const con = construirFactura(facturaPrueba({ retenciones: RETENCIONES }));
  const raiz = raizDe(con.xml);

  it('writes one per withholding with DIAN scheme 06 ReteFuente, 05 ReteIVA, 07 ReteICA, between TaxTotal and LegalMonetaryTotal', () => {
    const totales = hijos(raiz, 'WithholdingTaxTotal');
    expect(totales.map((t) => [texto(t, 'TaxSubtotal/TaxCategory/TaxScheme/ID'), texto(t, 'TaxSubtotal/TaxCategory/TaxScheme/Name')])).toEqual([
      ['06', 'ReteFuente'],
      ['05', 'ReteIVA'],
      ['07', 'ReteICA'],
    ]);
    expect(totales.map((t) => [texto(t, 'TaxAmount'), texto(t, 'TaxSubtotal/TaxableAmount'), texto(t, 'TaxSubtotal/TaxCategory/Percent')])).toEqual([
      ['25000.00', '1000000.00', '2.50'],
      ['28500.00', '190000.00', '15.00'],
      ['11040.00', '1000000.00', '1.104'],
    ]);
    const orden = secuencia(raiz);
    expect(orden.indexOf('WithholdingTaxTotal')).toBe(orden.indexOf('TaxTotal') + 1);
    expect(orden.indexOf('LegalMonetaryTotal')).toBe(orden.indexOf('WithholdingTaxTotal') + 1);
  });

  it('changes neither PayableAmount nor the CUFE', () => {
    expect(texto(raiz, 'LegalMonetaryTotal/PayableAmount')).toBe(texto(raizDe(sin.xml), 'LegalMonetaryTotal/PayableAmount'));
    expect(con.cufe).toBe(sin.cufe);
    expect(todos(raizDe(sin.xml), 'WithholdingTaxTotal')).toEqual([]);
  });

  it('refuses a scheme outside the list, a value above its base or a malformed rate', () => {
    expect(() => construirFactura(facturaPrueba({ retenciones: [{ ...RETENCIONES[0]!, codigo: '01' }] }))).toThrow(/no está en la lista TipoImpuesto/);
    expect(() => construirFactura(facturaPrueba({ retenciones: [{ ...RETENCIONES[0]!, valorCentavos: 100_000_001 }] }))).toThrow(/mayor que su base/);
    expect(() => construirFactura(facturaPrueba({ retenciones: [{ ...RETENCIONES[0]!, porcentaje: '2,5' }] }))).toThrow(/Porcentaje de retención no válido/);
  });
});
