import { describe, expect, it } from 'vitest';
import { accionTecla, resaltadaDe } from './producto-busqueda.logica';

const diez = { resaltada: 0, total: 10, vigentes: true };

describe('accionTecla (the product search from the keyboard)', () => {
  it('moves the highlight down and up with the arrows, stopping at the first and last rows', () => {
    expect(accionTecla('ArrowDown', diez)).toEqual({ tipo: 'resaltar', indice: 1 });
    expect(accionTecla('ArrowDown', { ...diez, resaltada: 9 })).toEqual({ tipo: 'resaltar', indice: 9 });
    expect(accionTecla('ArrowUp', { ...diez, resaltada: 4 })).toEqual({ tipo: 'resaltar', indice: 3 });
    expect(accionTecla('ArrowUp', diez)).toEqual({ tipo: 'resaltar', indice: 0 });
  });

  it('picks the highlighted row with Enter (the first one after a search)', () => {
    expect(accionTecla('Enter', diez)).toEqual({ tipo: 'elegir', indice: 0 });
    expect(accionTecla('Enter', { ...diez, resaltada: 3 })).toEqual({ tipo: 'elegir', indice: 3 });
    // Fewer rows arrived than the highlight had reached: the last one.
    expect(accionTecla('Enter', { ...diez, resaltada: 7, total: 2 })).toEqual({ tipo: 'elegir', indice: 1 });
  });

  it('waits with Enter while the rows shown answer an older search, and picks nothing from an empty list', () => {
    expect(accionTecla('Enter', { ...diez, vigentes: false })).toEqual({ tipo: 'esperar' });
    expect(accionTecla('Enter', { resaltada: 0, total: 0, vigentes: true })).toBeNull();
    expect(accionTecla('ArrowDown', { resaltada: 0, total: 0, vigentes: true })).toBeNull();
  });

  it("leaves the search box's own keys alone", () => {
    for (const tecla of ['a', 'Backspace', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab', ' ']) expect(accionTecla(tecla, diez)).toBeNull();
  });
});

describe('resaltadaDe', () => {
  it('keeps the highlight while the same rows are shown and starts again at the first row when others arrive', () => {
    const filas = [{ id: 1 }, { id: 2 }];
    expect(resaltadaDe({ filas, indice: 1 }, filas)).toBe(1);
    expect(resaltadaDe({ filas, indice: 1 }, [{ id: 3 }])).toBe(0);
  });
});
