import { describe, expect, it } from 'vitest';
import { escribirFiltrosCotizaciones, leerFiltrosCotizaciones } from './cotizaciones.logica';

describe('the quotations filters in the address', () => {
  it('a clean address is no filter, and no filter writes nothing', () => {
    const filtros = leerFiltrosCotizaciones(new URLSearchParams());
    expect(filtros).toEqual({ estado: null, soloMias: false, desde: null, hasta: null });
    expect(escribirFiltrosCotizaciones(new URLSearchParams('buscar=ester'), filtros).toString()).toBe('buscar=ester');
  });

  it('what is written is read back, beside the list’s own search and sort', () => {
    const filtros = { estado: 'vencida', soloMias: true, desde: '2026-11-01', hasta: '2026-11-30' } as const;
    const direccion = escribirFiltrosCotizaciones(new URLSearchParams('buscar=ester&orden=id'), filtros);
    expect(direccion.get('buscar')).toBe('ester');
    expect(direccion.get('orden')).toBe('id');
    expect(leerFiltrosCotizaciones(direccion)).toEqual(filtros);
  });

  it('clearing a filter removes it from the address', () => {
    const direccion = escribirFiltrosCotizaciones(new URLSearchParams('estado=abierta&vendedor=mias&desde=2026-11-01'), {
      estado: null,
      soloMias: false,
      desde: null,
      hasta: null,
    });
    expect(direccion.toString()).toBe('');
  });

  it('an edited address with unknown values is read as no filter', () => {
    const filtros = leerFiltrosCotizaciones(new URLSearchParams('estado=borrada&vendedor=otro&desde=2026-02-30&hasta=ayer'));
    expect(filtros).toEqual({ estado: null, soloMias: false, desde: null, hasta: null });
  });

  it('a range written backwards keeps its start only', () => {
    expect(leerFiltrosCotizaciones(new URLSearchParams('desde=2026-11-30&hasta=2026-11-01'))).toMatchObject({ desde: '2026-11-30', hasta: null });
  });
});
