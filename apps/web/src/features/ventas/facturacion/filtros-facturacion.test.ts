import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESTADO_FILTRO_TODOS } from '@tablero/domain';
import { escribirFiltros, estadoRecordado, filtrosIniciales, leerFiltros, recordarEstado } from './filtros-facturacion';

const HOY = '2026-11-23';

describe('filtros de Pendiente por facturar en la dirección', () => {
  it('sin nada en la dirección son los dos últimos meses hasta hoy, estado 1 y sin búsqueda', () => {
    expect(leerFiltros(new URLSearchParams(), HOY)).toEqual({ fecha_inicial: '2026-09-23', fecha_final: HOY, estado_venta_id: 1, query_params: '' });
  });

  it('dos meses atrás desde el 31 de marzo es el último día de enero, no una fecha inexistente', () => {
    expect(filtrosIniciales('2026-03-31').fecha_inicial).toBe('2026-01-31');
    expect(filtrosIniciales('2026-04-30').fecha_inicial).toBe('2026-02-28');
  });

  it('escribir y leer devuelve los mismos filtros, y la dirección solo lleva lo que no es el valor inicial', () => {
    const filtros = { fecha_inicial: '2026-01-05', fecha_final: '2026-02-10', estado_venta_id: 2, query_params: 'gomez' };
    const direccion = escribirFiltros(new URLSearchParams(), filtros, HOY);
    expect(leerFiltros(direccion, HOY)).toEqual(filtros);
    expect(escribirFiltros(new URLSearchParams(), filtrosIniciales(HOY), HOY).toString()).toBe('');
  });

  it('buscar con otros filtros vuelve a la primera página y conserva el tamaño de página', () => {
    const direccion = escribirFiltros(new URLSearchParams('pagina=4&filas=50'), { ...filtrosIniciales(HOY), estado_venta_id: 4 }, HOY);
    expect(direccion.get('pagina')).toBeNull();
    expect(direccion.get('filas')).toBe('50');
    expect(direccion.get('estado')).toBe('4');
  });

  it('una dirección fuera de los límites del spec se corrige: fecha final después de hoy, inicial después de la final, estado desconocido', () => {
    expect(leerFiltros(new URLSearchParams('hasta=2027-01-01&estado=9&desde=2026-02-30'), HOY)).toEqual(filtrosIniciales(HOY));
    expect(leerFiltros(new URLSearchParams('desde=2026-11-20&hasta=2026-11-10'), HOY)).toMatchObject({ fecha_inicial: '2026-11-10', fecha_final: '2026-11-10' });
  });

  it('el término se recorta y se limita a la búsqueda máxima', () => {
    expect(leerFiltros(new URLSearchParams(`termino=${encodeURIComponent('  Gómez ')}`), HOY).query_params).toBe('Gómez');
    expect(leerFiltros(new URLSearchParams(`termino=${'a'.repeat(300)}`), HOY).query_params).toHaveLength(200);
  });
});

describe('estado "Todos" y el estado recordado', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('"Todos" (0) se escribe en la dirección y se lee de vuelta; sin estado en la dirección sigue siendo 1', () => {
    const todos = { ...filtrosIniciales(HOY), estado_venta_id: ESTADO_FILTRO_TODOS };
    const direccion = escribirFiltros(new URLSearchParams(), todos, HOY);
    expect(direccion.get('estado')).toBe('0');
    expect(leerFiltros(direccion, HOY)).toEqual(todos);
    expect(leerFiltros(new URLSearchParams(), HOY).estado_venta_id).toBe(1);
    // An empty value is no state: the default, not 'Todos'.
    expect(leerFiltros(new URLSearchParams('estado='), HOY).estado_venta_id).toBe(1);
  });

  it('una dirección sin estado (la entrada del menú) abre en el estado recordado; el de la dirección manda', () => {
    expect(leerFiltros(new URLSearchParams(), HOY, 4).estado_venta_id).toBe(4);
    expect(leerFiltros(new URLSearchParams(), HOY, ESTADO_FILTRO_TODOS).estado_venta_id).toBe(ESTADO_FILTRO_TODOS);
    expect(leerFiltros(new URLSearchParams('estado=2'), HOY, 4).estado_venta_id).toBe(2);
    expect(leerFiltros(new URLSearchParams(), HOY, 9).estado_venta_id).toBe(1);
  });

  it('la pestaña recuerda el último estado elegido, y sin almacenamiento no recuerda nada', () => {
    const almacen = new Map<string, string>();
    vi.stubGlobal('window', { sessionStorage: { getItem: (clave: string) => almacen.get(clave) ?? null, setItem: (clave: string, valor: string) => almacen.set(clave, valor) } });
    expect(estadoRecordado()).toBeNull();
    recordarEstado(ESTADO_FILTRO_TODOS);
    expect(estadoRecordado()).toBe(ESTADO_FILTRO_TODOS);
    recordarEstado(2);
    expect(estadoRecordado()).toBe(2);
    vi.stubGlobal('window', {});
    expect(estadoRecordado()).toBeNull();
    expect(() => recordarEstado(4)).not.toThrow();
  });
});
