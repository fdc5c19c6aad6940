import { describe, expect, it } from 'vitest';
import { optimizar } from './engine/optimize.ts';
import type { ResultadoCorte, TrabajoCorte } from './types.ts';
import { esGuillotina, validarColocaciones, validarResultado } from './validator.ts';

const trabajo: TrabajoCorte = {
  piezas: [
    { cantidad: 2, base: 1000, altura: 600, rotacion: false },
    { cantidad: 3, base: 500, altura: 400, rotacion: true },
  ],
  parametros: { desp_sierra: 5, refilado_x: 10, refilado_y: 10 },
};

function fresh(): ResultadoCorte {
  return structuredClone(optimizar(trabajo, { budgetMs: 20 }));
}

describe('validarResultado', () => {
  it('accepts the optimizer answer', () => {
    expect(validarResultado(trabajo, fresh())).toEqual([]);
  });

  it('catches a missing copy and a duplicated one', () => {
    const resultado = fresh();
    const pieza = resultado.tableros[0]?.piezas.find((p) => p.pieza === 1);
    if (!pieza) throw new Error('layout without piece 2');
    pieza.copias = pieza.copias.map(() => 99);
    const errors = validarResultado(trabajo, resultado);
    expect(errors.some((e) => e.includes('colocada 0 veces'))).toBe(true);
    expect(errors.some((e) => e.includes('no pedida'))).toBe(true);
  });

  it('catches pieces closer than the kerf', () => {
    const resultado = fresh();
    const [a, b] = resultado.tableros[0]?.piezas ?? [];
    if (!a || !b) throw new Error('layout with fewer than two pieces');
    b.x = a.x + 2;
    b.y = a.y;
    expect(validarResultado(trabajo, resultado).some((e) => e.includes('se solapan'))).toBe(true);
  });

  it('catches a rotation the grain does not allow', () => {
    const resultado = fresh();
    const pieza = resultado.tableros[0]?.piezas.find((p) => p.pieza === 0);
    if (!pieza) throw new Error('layout without piece 1');
    [pieza.base, pieza.altura, pieza.rotada] = [pieza.altura, pieza.base, true];
    expect(validarResultado(trabajo, resultado).some((e) => e.includes('rotada sin permitir'))).toBe(true);
  });

  it('catches pieces on the trims', () => {
    const resultado = fresh();
    const pieza = resultado.tableros[0]?.piezas[0];
    if (!pieza) throw new Error('empty layout');
    pieza.x = 5;
    expect(validarResultado(trabajo, resultado).some((e) => e.includes('fuera del área útil'))).toBe(true);
  });

  it('catches a cut that does not run edge to edge', () => {
    const resultado = fresh();
    const corte = resultado.tableros[0]?.cortes[0];
    if (!corte) throw new Error('layout without cuts');
    corte.longitud -= 100;
    expect(validarResultado(trabajo, resultado).some((e) => e.includes('no va de borde a borde'))).toBe(true);
  });

  it('catches a cut list that leaves a piece attached', () => {
    const resultado = fresh();
    resultado.tableros[0]?.cortes.pop();
    expect(validarResultado(trabajo, resultado).some((e) => e.includes('no queda separada'))).toBe(true);
  });

  it('catches wrong totals', () => {
    const resultado = fresh();
    resultado.cant_placas += 1;
    resultado.ptje_aprov += 1;
    expect(validarResultado(trabajo, resultado)).toHaveLength(2);
  });
});

describe('esGuillotina', () => {
  it('accepts a layout that guillotine cuts can separate', () => {
    expect(esGuillotina([{ x: 0, y: 0, w: 5, h: 10 }, { x: 5, y: 0, w: 5, h: 4 }, { x: 5, y: 4, w: 5, h: 6 }])).toBe(true);
  });

  it('refuses the pinwheel, which no edge-to-edge cut separates', () => {
    const pinwheel = [
      { x: 0, y: 0, w: 6, h: 4 },
      { x: 6, y: 0, w: 4, h: 6 },
      { x: 4, y: 6, w: 6, h: 4 },
      { x: 0, y: 4, w: 4, h: 6 },
      { x: 4, y: 4, w: 2, h: 2 },
    ];
    expect(esGuillotina(pinwheel)).toBe(false);
  });

  it('requires the kerf between the two sides of a cut', () => {
    const touching = [{ x: 0, y: 0, w: 5, h: 10 }, { x: 5, y: 0, w: 5, h: 10 }];
    expect(esGuillotina(touching, 0)).toBe(true);
    expect(esGuillotina(touching, 1)).toBe(false);
  });
});

describe('validarColocaciones', () => {
  const job = { bin: { w: 10, h: 10 }, items: [{ w: 5, h: 10, q: 2 }] };

  it('accepts a correct board and refuses a missing copy or a forbidden turn', () => {
    const board = [{ item: 0, x: 0, y: 0, w: 5, h: 10 }, { item: 0, x: 5, y: 0, w: 5, h: 10 }];
    expect(validarColocaciones(job, [board], { rotation: false })).toEqual([]);
    expect(validarColocaciones(job, [board.slice(1)], { rotation: false })).toEqual(['item 0: colocado 1 veces de 2']);
    const turned = [{ item: 0, x: 0, y: 0, w: 10, h: 5 }, { item: 0, x: 0, y: 5, w: 10, h: 5 }];
    expect(validarColocaciones(job, [turned], { rotation: false })).toHaveLength(2);
    expect(validarColocaciones(job, [turned], { rotation: true })).toEqual([]);
  });
});
