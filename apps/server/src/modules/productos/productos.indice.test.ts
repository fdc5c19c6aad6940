import { describe, expect, it } from 'vitest';
import { IndiceProductos, type ProductoIndexable } from './productos.indice';

const producto = (id: number, referencia: string, nombre_producto: string, grupo_id = 1): ProductoIndexable => ({
  id,
  referencia,
  nombre_producto,
  grupo_id,
});

const catalogo = [
  producto(1, 'MEL-001200', 'Tablero Melamína Blanco 18 mm'),
  producto(2, 'MEL-001201', 'Tablero Melamina Negro 15 mm'),
  producto(3, 'MDF-100123', 'Tablero MDF crudo 18 mm', 3),
  producto(4, 'TC-RH-22', 'Tapacanto rígido blanco 22 mm', 2),
  producto(5, 'SERV-PEG', 'Pegado de herrajes', 4),
  producto(6, 'BIS-0012', 'Bisagra cierre lento', 4),
];
const indice = new IndiceProductos('7', catalogo);
const buscar = (busqueda: string, filtros: { grupoId?: number } = {}) =>
  indice.buscar({ busqueda, ...filtros }, 0, 100);

describe('IndiceProductos', () => {
  it('lists every product newest first, by pages, with the exact total', () => {
    expect(indice.buscar({}, 0, 4)).toEqual({ total: 6, ids: [6, 5, 4, 3] });
    expect(indice.buscar({}, 4, 4)).toEqual({ total: 6, ids: [2, 1] });
    expect(indice.buscar({}, 8, 4)).toEqual({ total: 6, ids: [] });
    expect(indice.version).toBe('7');
  });

  it('finds every word typed as the start of a word of reference or name, without accents or case', () => {
    expect(buscar('tablero melamina blanco')).toEqual({ total: 1, ids: [1] });
    expect(buscar('TAB MELAMÍNA')).toEqual({ total: 2, ids: [2, 1] });
    expect(buscar('blanco')).toEqual({ total: 2, ids: [4, 1] });
    expect(buscar('18 mm tablero')).toEqual({ total: 2, ids: [3, 1] });
    expect(buscar('mel-0012')).toEqual({ total: 2, ids: [2, 1] });
    expect(buscar('blanco negro')).toEqual({ total: 0, ids: [] });
    expect(buscar('lamina')).toEqual({ total: 0, ids: [] });
  });

  it('finds a fragment of a reference typed from its middle, once even when the words match too', () => {
    expect(buscar('0012')).toEqual({ total: 4, ids: [6, 3, 2, 1] });
    expect(buscar('00123')).toEqual({ total: 1, ids: [3] });
    expect(buscar('rh')).toEqual({ total: 1, ids: [4] });
    expect(buscar('bis-0012')).toEqual({ total: 1, ids: [6] });
    expect(buscar('-12')).toEqual({ total: 0, ids: [] });
  });

  it('narrows by product group, with and without a search', () => {
    expect(indice.buscar({ grupoId: 4 }, 0, 10)).toEqual({ total: 2, ids: [6, 5] });
    expect(buscar('blanco', { grupoId: 2 })).toEqual({ total: 1, ids: [4] });
    expect(buscar('tablero', { grupoId: 3 })).toEqual({ total: 1, ids: [3] });
  });

  it('answers the same search the same way many times over (its marks start again before they overflow)', () => {
    for (let i = 0; i < 1000; i++) expect(buscar('tab bla').ids).toEqual([1]);
    const vacio = new IndiceProductos('0', []);
    expect(vacio.buscar({ busqueda: 'tablero' }, 0, 10)).toEqual({ total: 0, ids: [] });
    expect(vacio.buscar({}, 0, 10)).toEqual({ total: 0, ids: [] });
  });

  it('sorts a page by reference or name without accents or case, ties by id in the same direction', () => {
    const conEmpates = new IndiceProductos('1', [
      producto(1, 'B-2', 'Ángulo'),
      producto(2, 'a-1', 'angulo'),
      producto(3, 'C-3', 'Bisagra'),
      producto(4, 'b-1', 'ángulo', 2),
    ]);
    expect(conEmpates.buscar({}, 0, 10, { columna: 'referencia', direccion: 'asc' }).ids).toEqual([2, 4, 1, 3]);
    expect(conEmpates.buscar({}, 0, 10, { columna: 'nombre_producto', direccion: 'asc' }).ids).toEqual([1, 2, 4, 3]);
    expect(conEmpates.buscar({}, 0, 10, { columna: 'nombre_producto', direccion: 'desc' }).ids).toEqual([3, 4, 2, 1]);
    expect(conEmpates.buscar({}, 1, 2, { columna: 'nombre_producto', direccion: 'asc' })).toEqual({ total: 4, ids: [2, 4] });
    // Within a search or a group: only the matches, in the same order, paged.
    expect(conEmpates.buscar({ busqueda: 'angulo' }, 0, 10, { columna: 'referencia', direccion: 'desc' })).toEqual({ total: 3, ids: [1, 4, 2] });
    expect(conEmpates.buscar({ busqueda: 'angulo' }, 1, 1, { columna: 'referencia', direccion: 'desc' })).toEqual({ total: 3, ids: [4] });
    expect(conEmpates.buscar({ grupoId: 1 }, 0, 10, { columna: 'nombre_producto', direccion: 'asc' })).toEqual({ total: 3, ids: [1, 2, 3] });
  });
});
