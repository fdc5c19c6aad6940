import { describe, expect, it } from 'vitest';
import type { Parametro } from '@tablero/domain';
import { paginarParametros } from './paginar-parametros';

const p = (codigo_parametro: string, valor_parametro: string): Parametro => ({ codigo_parametro, valor_parametro });
// As the server answers them: by code.
const TODOS = Array.from({ length: 23 }, (_, i) => p(`COD_${String(i + 1).padStart(2, '0')}`, i % 2 ? 'Medellín' : 'Bogotá'));

describe('paginarParametros (the parameters screen pages the whole list on the client)', () => {
  it('cuts pages of the size asked, keeping the order the server gave', () => {
    const primera = paginarParametros(TODOS, { page: 1, per_page: 10 });
    expect(primera).toMatchObject({ current_page: 1, last_page: 3, per_page: 10, total: 23 });
    expect(primera.data.map((x) => x.codigo_parametro)).toEqual(TODOS.slice(0, 10).map((x) => x.codigo_parametro));
    expect(paginarParametros(TODOS, { page: 3, per_page: 10 }).data).toHaveLength(3);
    expect(paginarParametros(TODOS, { page: 1, per_page: 25 })).toMatchObject({ last_page: 1, total: 23 });
  });

  it('shows the last page when asked for one past the end, and one empty page for an empty list', () => {
    expect(paginarParametros(TODOS, { page: 9, per_page: 10 })).toMatchObject({ current_page: 3, last_page: 3 });
    expect(paginarParametros([], { page: 1, per_page: 10 })).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
  });

  it('searches code and value without accents or case', () => {
    expect(paginarParametros(TODOS, { page: 1, per_page: 10, query: 'medellin' }).total).toBe(11);
    expect(paginarParametros(TODOS, { page: 1, per_page: 10, query: 'cod_07' }).data).toEqual([TODOS[6]]);
  });

  it('sorts by a column either way, ties by code', () => {
    const desc = paginarParametros(TODOS, { page: 1, per_page: 50, orden: 'codigo_parametro', direccion: 'desc' }).data;
    expect(desc.map((x) => x.codigo_parametro)).toEqual(TODOS.map((x) => x.codigo_parametro).reverse());
    const porValor = paginarParametros(TODOS, { page: 1, per_page: 50, orden: 'valor_parametro', direccion: 'asc' }).data;
    expect(porValor.slice(0, 12).every((x) => x.valor_parametro === 'Bogotá')).toBe(true);
    expect(porValor.slice(0, 12).map((x) => x.codigo_parametro)).toEqual(TODOS.filter((x) => x.valor_parametro === 'Bogotá').map((x) => x.codigo_parametro));
  });
});
