import { describe, expect, it } from 'vitest';
import {
  alternarPagina,
  alternarSeleccion,
  cambiarRangoMeses,
  completarMeses,
  consultaDeFiltros,
  escribirFiltros,
  escribirRangoMeses,
  escribirVista,
  esModificable,
  FILTROS_INICIALES,
  leerFiltros,
  leerRangoMeses,
  leerVista,
  marcaPagina,
  medidaMinima,
  pistaLadoMinimo,
  nombreMesCorto,
  rangoMesesPorDefecto,
  rangoMesesValido,
  textoAntiguedad,
  textoArea,
  textoMedidas,
  textoOrigen,
} from './retales.logica';

describe('a row of the offcut list', () => {
  it('names where the offcut came from: the sale and board of its cut, or a hand entry', () => {
    expect(textoOrigen({ origen: 'CORTE', venta_origen_id: 12, numero_tablero: 3 })).toBe('Venta 12, tablero 3');
    expect(textoOrigen({ origen: 'MANUAL', venta_origen_id: null, numero_tablero: null })).toBe('Manual');
    // A cut whose sale is not named still says it is a cut, never 'Venta null'.
    expect(textoOrigen({ origen: 'CORTE', venta_origen_id: null, numero_tablero: 2 })).toBe('Corte, tablero 2');
    expect(textoOrigen({ origen: 'CORTE', venta_origen_id: 7, numero_tablero: null })).toBe('Venta 7');
  });

  it('writes its age in days, singular for one and grouped by thousands', () => {
    expect(textoAntiguedad(0)).toBe('Hoy');
    expect(textoAntiguedad(1)).toBe('1 día');
    expect(textoAntiguedad(45)).toBe('45 días');
    expect(textoAntiguedad(1200)).toBe('1,200 días');
  });

  it('writes its size and area in the form the number reader takes back', () => {
    expect(textoMedidas(2440, 400)).toBe('2,440 × 400 mm');
    expect(textoArea(0.24)).toBe('0.24');
    expect(textoArea(1250)).toBe('1,250.00');
  });

  it('hints the smallest side kept once the list has said it', () => {
    expect(pistaLadoMinimo(200)).toBe('Mínimo 200 mm por lado');
    expect(pistaLadoMinimo(undefined)).toBeUndefined();
  });

  it('offers edit and discard only for an offcut on the rack', () => {
    expect(esModificable({ estado: 'DISPONIBLE' })).toBe(true);
    for (const estado of ['RESERVADO', 'CONSUMIDO', 'DESCARTADO'] as const) expect(esModificable({ estado })).toBe(false);
  });
});

describe('the filters in the address', () => {
  it('open on the available offcuts with a clean address', () => {
    expect(leerFiltros(new URLSearchParams())).toEqual(FILTROS_INICIALES);
    expect(escribirFiltros(new URLSearchParams(), FILTROS_INICIALES).toString()).toBe('');
  });

  it('go to the address and come back the same, leaving the list on its first page and its search alone', () => {
    const filtros = { producto_id: 15, base_minima: 600, altura_minima: 300, estado: 'TODOS' as const };
    const direccion = escribirFiltros(new URLSearchParams('buscar=roble&pagina=3'), filtros);
    expect(direccion.get('pagina')).toBeNull();
    expect(direccion.get('buscar')).toBe('roble');
    expect(leerFiltros(direccion)).toEqual(filtros);
  });

  it('read a wrong or edited value as its default instead of sending what the server refuses', () => {
    const leidos = leerFiltros(new URLSearchParams('material=-4&base=abc&altura=99999&estado=PERDIDO'));
    expect(leidos).toEqual(FILTROS_INICIALES);
    expect(leerFiltros(new URLSearchParams('material=2147483648')).producto_id).toBeNull();
    expect(leerFiltros(new URLSearchParams('estado=DESCARTADO')).estado).toBe('DESCARTADO');
  });

  it('send only the filters set, and always the state', () => {
    expect(consultaDeFiltros(FILTROS_INICIALES)).toEqual({ estado: 'DISPONIBLE' });
    expect(consultaDeFiltros({ producto_id: 4, base_minima: null, altura_minima: 250, estado: 'TODOS' })).toEqual({ producto_id: 4, altura_minima: 250, estado: 'TODOS' });
  });

  it('take a typed minimum size only as whole millimetres within the largest offcut', () => {
    expect(medidaMinima(600)).toBe(600);
    expect(medidaMinima('')).toBeNull();
    expect(medidaMinima(0)).toBeNull();
    expect(medidaMinima(Number.NaN)).toBeNull();
    expect(medidaMinima(10_001)).toBeNull();
  });

  it('keep the savings tab in the address and the inventory tab as the clean default', () => {
    expect(leerVista(new URLSearchParams())).toBe('inventario');
    const ahorro = escribirVista(new URLSearchParams('estado=TODOS'), 'ahorro');
    expect(leerVista(ahorro)).toBe('ahorro');
    expect(ahorro.get('estado')).toBe('TODOS');
    expect(escribirVista(ahorro, 'inventario').has('vista')).toBe(false);
  });
});

describe('the savings report months', () => {
  const hoy = '2026-03-15';

  it('default to the current month and the five before it, across a year', () => {
    expect(rangoMesesPorDefecto(hoy)).toEqual({ desde: '2025-10', hasta: '2026-03' });
    expect(rangoMesesPorDefecto('2026-12-31')).toEqual({ desde: '2026-07', hasta: '2026-12' });
  });

  it('accept only a range the report answers', () => {
    expect(rangoMesesValido({ desde: '2025-01', hasta: '2026-03' }, hoy)).toBe(true);
    expect(rangoMesesValido({ desde: '2026-03', hasta: '2026-02' }, hoy)).toBe(false);
    expect(rangoMesesValido({ desde: '2026-01', hasta: '2026-04' }, hoy)).toBe(false);
    expect(rangoMesesValido({ desde: '2024-03', hasta: '2026-03' }, hoy)).toBe(false);
    expect(rangoMesesValido({ desde: '2024-04', hasta: '2026-03' }, hoy)).toBe(true);
    expect(rangoMesesValido({ desde: '2026-13', hasta: '2026-03' }, hoy)).toBe(false);
    expect(rangoMesesValido({ desde: null, hasta: '2026-03' }, hoy)).toBe(false);
  });

  it('come from the address, or the default when the address holds none it answers', () => {
    expect(leerRangoMeses(new URLSearchParams('desde=2025-12&hasta=2026-01'), hoy)).toEqual({ desde: '2025-12', hasta: '2026-01' });
    expect(leerRangoMeses(new URLSearchParams('desde=2026-02&hasta=2025-01'), hoy)).toEqual(rangoMesesPorDefecto(hoy));
    const direccion = escribirRangoMeses(new URLSearchParams('vista=ahorro'), { desde: '2025-12', hasta: '2026-01' }, hoy);
    expect(direccion.toString()).toBe('vista=ahorro&desde=2025-12&hasta=2026-01');
    expect(escribirRangoMeses(direccion, rangoMesesPorDefecto(hoy), hoy).toString()).toBe('vista=ahorro');
  });

  it('move the other end when a new one would reverse the range or make it longer than 24 months', () => {
    const rango = { desde: '2025-10', hasta: '2026-01' };
    expect(cambiarRangoMeses(rango, { desde: '2026-02' }, hoy)).toEqual({ desde: '2026-02', hasta: '2026-02' });
    expect(cambiarRangoMeses(rango, { hasta: '2025-08' }, hoy)).toEqual({ desde: '2025-08', hasta: '2025-08' });
    expect(cambiarRangoMeses(rango, { desde: '2023-01' }, hoy)).toEqual({ desde: '2023-01', hasta: '2024-12' });
    expect(cambiarRangoMeses({ desde: '2024-01', hasta: '2024-07' }, { hasta: '2026-03' }, hoy)).toEqual({ desde: '2024-04', hasta: '2026-03' });
    expect(cambiarRangoMeses(rango, { hasta: '2026-09' }, hoy)).toEqual({ desde: '2025-10', hasta: '2026-03' });
  });

  it('show every month of the range, oldest first, with zeros where nothing was saved', () => {
    const filas = completarMeses({ desde: '2025-11', hasta: '2026-02' }, [
      { mes: '2026-01', planes: 2, retales_usados: 3, area_m2: 1.5, tableros_ahorrados: 1, valor: 250_000 },
    ]);
    expect(filas.map((fila) => fila.mes)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(filas[0]).toEqual({ mes: '2025-11', planes: 0, retales_usados: 0, area_m2: 0, tableros_ahorrados: 0, valor: 0 });
    expect(filas[2]?.valor).toBe(250_000);
  });

  it('name a month in Spanish', () => {
    expect(nombreMesCorto('2026-01')).toBe('Enero 2026');
    expect(nombreMesCorto('2025-09')).toBe('Septiembre 2025');
  });
});

describe('the labels selection', () => {
  it('checks and unchecks one offcut', () => {
    const una = alternarSeleccion(new Set(), 4);
    expect([...una]).toEqual([4]);
    expect([...alternarSeleccion(una, 4)]).toEqual([]);
  });

  it('checks the whole page from the header, keeping other pages, and unchecks it when all were checked', () => {
    const otras = new Set([99]);
    const pagina = alternarPagina(otras, [1, 2, 3]);
    expect([...pagina].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect(marcaPagina(pagina, [1, 2, 3])).toBe('todas');
    expect([...alternarPagina(pagina, [1, 2, 3])]).toEqual([99]);
    expect(marcaPagina(new Set([2]), [1, 2, 3])).toBe('algunas');
    expect(marcaPagina(new Set(), [])).toBe('ninguna');
    expect([...alternarPagina(new Set([2]), [1, 2])].sort()).toEqual([1, 2]);
  });
});
