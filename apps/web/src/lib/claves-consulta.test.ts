import { describe, expect, it } from 'vitest';
import { raicesConsulta } from './claves-consulta';

describe('the query-key roots', () => {
  it('are one distinct word each, so invalidating a root never refreshes another feature', () => {
    const raices = Object.values(raicesConsulta);
    expect(raices.every((raiz) => raiz.length === 1)).toBe(true);
    expect(new Set(raices.map(([palabra]) => palabra)).size).toBe(raices.length);
  });
});
