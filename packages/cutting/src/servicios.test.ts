import { describe, expect, it } from 'vitest';
import {
  calcularTapacantos,
  cantidadServicioEspecial,
  codigoServicioCanto,
  metrosMaterialCanto,
  materialesDelPlan,
  metrosServicioCanto,
  serviciosDelPlan,
} from './servicios.ts';
import type { Pieza } from './types.ts';

describe('codigoServicioCanto', () => {
  it('charges SERVIENC33R for edge codes ending in 3R', () => {
    expect(codigoServicioCanto('CANTO-BLANCO-3R')).toBe('SERVIENC33R');
  });
  it('charges SERVIENC02 for other codes ending in R', () => {
    expect(codigoServicioCanto('C22R')).toBe('SERVIENC02');
    expect(codigoServicioCanto('C2R ')).toBe('SERVIENC02');
  });
  it('charges SERVIENC05 otherwise', () => {
    expect(codigoServicioCanto('C045')).toBe('SERVIENC05');
    expect(codigoServicioCanto('R3')).toBe('SERVIENC05');
  });
});

describe('edge metres', () => {
  it('charges the glued length plus one, rounded down', () => {
    expect(metrosServicioCanto(2.88)).toBe(3);
    expect(metrosServicioCanto(3)).toBe(4);
    expect(metrosServicioCanto(0)).toBe(1);
  });
  it('sells the roll length plus one, rounded down', () => {
    expect(metrosMaterialCanto(3.12)).toBe(4);
    expect(metrosMaterialCanto(0.99)).toBe(1);
  });
});

describe('calcularTapacantos', () => {
  const piezas: Pieza[] = [
    { cantidad: 2, base: 720, altura: 560, rotacion: true, canto_base_top: 'C22R', canto_base_bottom: 'C22R', canto_altura_left: 'C045' },
    { cantidad: 3, base: 800, altura: 300, rotacion: false, canto_base_top: 'C22R', canto_altura_right: '' },
  ];

  it('sums banded sides per code: top and bottom along the base, left and right along the altura', () => {
    const result = calcularTapacantos(piezas, 60);
    // C22R: 2 × (720 + 720) + 3 × 800 = 5280 mm glued on 7 sides; C045: 2 × 560 on 2 sides.
    expect(result).toEqual([
      { codigo: 'C22R', pegado: 5.28, ml: 5.7 },
      { codigo: 'C045', pegado: 1.12, ml: 1.24 },
    ]);
  });

  it('keeps the exact length, so a total just under a metre is not charged a metre more', () => {
    // 2 × 1498 mm = 2,996 mm glued: 2.996 m, service and material 3 m (not 4 from 3.00 m).
    const [tapacanto] = calcularTapacantos([{ cantidad: 2, base: 1498, altura: 300, rotacion: true, canto_base_top: 'C22R' }], 0);
    expect(tapacanto).toEqual({ codigo: 'C22R', pegado: 2.996, ml: 2.996 });
    expect(metrosServicioCanto(tapacanto!.pegado)).toBe(3);
    expect(metrosMaterialCanto(tapacanto!.ml)).toBe(3);
    const conSierra = calcularTapacantos([{ cantidad: 1, base: 999.5, altura: 300, rotacion: true, canto_base_top: 'C22R' }], 0.4);
    expect(conSierra[0]!.ml).toBe(0.9999);
  });

  it('ignores sides without edge band', () => {
    expect(calcularTapacantos([{ cantidad: 1, base: 100, altura: 100, rotacion: true, canto_base_top: null }], 60)).toEqual([]);
  });
});

describe('special services', () => {
  it('multiply the service quantity by the piece quantity, whatever the mode', () => {
    for (const modo of ['B', 'A', 'P'] as const) {
      expect(cantidadServicioEspecial({ referencia: 'PERF', modo, cantidad: 4 }, { cantidad: 3 })).toBe(12);
    }
  });
});

describe('serviciosDelPlan', () => {
  const piezas: Pieza[] = [
    { cantidad: 2, base: 1000, altura: 500, rotacion: true, canto_base_top: 'C3R', lista_servicios_especiales: [{ referencia: 'RANURA', modo: 'B', cantidad: 1 }] },
  ];
  const tapacantos = calcularTapacantos(piezas, 60);

  it('always adds SERVICOR1 with quantity 1 first', () => {
    expect(serviciosDelPlan(piezas, tapacantos)[0]).toEqual({ referencia: 'SERVICOR1', cantidad: 1 });
    expect(serviciosDelPlan([], [])).toEqual([{ referencia: 'SERVICOR1', cantidad: 1 }]);
  });

  it('adds the banding service per edge code and the special services of each row', () => {
    expect(serviciosDelPlan(piezas, tapacantos)).toEqual([
      { referencia: 'SERVICOR1', cantidad: 1 },
      { referencia: 'SERVIENC33R', cantidad: 3, canto: 'C3R' },
      { referencia: 'RANURA', cantidad: 2, modo: 'B' },
    ]);
  });

  it('leaves banding out when it is not charged', () => {
    expect(serviciosDelPlan(piezas, tapacantos, false).map((l) => l.referencia)).toEqual(['SERVICOR1', 'RANURA']);
  });
});

describe('materialesDelPlan', () => {
  it('sells each edge code by the roll metres plus one, rounded down', () => {
    const piezas: Pieza[] = [{ cantidad: 2, base: 1470, altura: 500, rotacion: true, canto_base_top: 'C3R', canto_altura_left: 'C05' }];
    // C3R: 2 × 1470 + 2 × 60 = 3,060 mm → 4 m; C05: 2 × 500 + 2 × 60 = 1,120 mm → 2 m.
    expect(materialesDelPlan(calcularTapacantos(piezas, 60))).toEqual([
      { referencia: 'C3R', cantidad: 4 },
      { referencia: 'C05', cantidad: 2 },
    ]);
    expect(materialesDelPlan([])).toEqual([]);
  });
});
