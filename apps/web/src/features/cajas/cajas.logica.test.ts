import { describe, expect, it } from 'vitest';
import { escribirFiltrosTurnos, leerFiltrosTurnos } from './cajas.logica';

describe('the store shifts filters in the address', () => {
  it('a clean address is no filter, and no filter writes nothing', () => {
    const filtros = leerFiltrosTurnos(new URLSearchParams());
    expect(filtros).toEqual({ desde: null, hasta: null, cajaId: null, estado: null });
    expect(escribirFiltrosTurnos(new URLSearchParams('tbuscar=ana'), filtros).toString()).toBe('tbuscar=ana');
  });

  it('what is written is read back, beside the list’s own search', () => {
    const filtros = { desde: '2026-11-01', hasta: '2026-11-30', cajaId: '7', estado: 'CERRADO' } as const;
    const direccion = escribirFiltrosTurnos(new URLSearchParams('tbuscar=ana'), filtros);
    expect(direccion.get('tbuscar')).toBe('ana');
    expect(leerFiltrosTurnos(direccion)).toEqual(filtros);
  });

  it('an edited address with wrong values is read as no filter', () => {
    for (const direccion of ['tcaja=0', 'tcaja=2147483648', 'tcaja=1e3', 'tcaja=-1', 'testado=abierto', 'tdesde=2026-02-30', 'thasta=hoy']) {
      expect(leerFiltrosTurnos(new URLSearchParams(direccion))).toEqual({ desde: null, hasta: null, cajaId: null, estado: null });
    }
    expect(leerFiltrosTurnos(new URLSearchParams('tcaja=2147483647')).cajaId).toBe('2147483647');
  });

  it('a range written backwards keeps its start only', () => {
    expect(leerFiltrosTurnos(new URLSearchParams('tdesde=2026-11-30&thasta=2026-11-01'))).toMatchObject({ desde: '2026-11-30', hasta: null });
  });
});
