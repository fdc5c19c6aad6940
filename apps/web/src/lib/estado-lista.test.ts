import { describe, expect, it } from 'vitest';
import { escribir, leer, ordenarPor } from './estado-lista';

describe('the list state in the address', () => {
  it('reads defaults from an empty address and writes nothing back for them', () => {
    const valores = leer(new URLSearchParams(''), '');
    expect(valores).toEqual({ buscar: '', pagina: 1, filas: 10, orden: undefined, dir: 'asc' });
    expect(escribir(new URLSearchParams(''), '', valores).toString()).toBe('');
  });

  it('round-trips a search, page, size and sort, keeping other parameters', () => {
    const escrita = escribir(new URLSearchParams('otro=1'), '', { buscar: 'gómez', pagina: 3, filas: 25, orden: 'nit', dir: 'desc' });
    expect(escrita.get('otro')).toBe('1');
    expect(leer(escrita, '')).toEqual({ buscar: 'gómez', pagina: 3, filas: 25, orden: 'nit', dir: 'desc' });
  });

  it('ignores a page, size or direction the list cannot show', () => {
    for (const direccion of ['pagina=0', 'pagina=-2', 'pagina=1.5', 'pagina=abc', 'pagina=1e400']) expect(leer(new URLSearchParams(direccion), '').pagina).toBe(1);
    expect(leer(new URLSearchParams('filas=7'), '').filas).toBe(10);
    expect(leer(new URLSearchParams('filas=100'), '').filas).toBe(100);
    expect(leer(new URLSearchParams('dir=arriba'), '').dir).toBe('asc');
  });

  it('keeps two lists of one screen apart by their prefix', () => {
    const escrita = escribir(new URLSearchParams('pagina=2'), 'mov_', { buscar: '', pagina: 4, filas: 10, orden: undefined, dir: 'asc' });
    expect(escrita.get('pagina')).toBe('2');
    expect(leer(escrita, 'mov_').pagina).toBe(4);
    expect(leer(escrita, '').pagina).toBe(2);
  });

  it('sorts a new column ascending, then descending, then back to the list order, each time from page 1', () => {
    const inicial = { buscar: 'x', pagina: 5, filas: 25 as const, orden: undefined, dir: 'asc' as const };
    const asc = ordenarPor(inicial, 'nombre');
    expect(asc).toEqual({ ...inicial, orden: 'nombre', dir: 'asc', pagina: 1 });
    const desc = ordenarPor({ ...asc, pagina: 3 }, 'nombre');
    expect(desc).toMatchObject({ orden: 'nombre', dir: 'desc', pagina: 1 });
    expect(ordenarPor(desc, 'nombre')).toMatchObject({ orden: undefined, dir: 'asc', pagina: 1 });
    expect(ordenarPor(desc, 'nit')).toMatchObject({ orden: 'nit', dir: 'asc' });
  });
});
