import { describe, expect, it } from 'vitest';
import type { TableroPublicoDespachos, TurnoPublicoNotificado } from '@tablero/domain';
import {
  aplicarEvento,
  paginaVigente,
  siguientePagina,
  sonidoDeDireccion,
  textoColumnaVacia,
  textoFecha,
  textoHora,
  textoPagina,
  tiendaDeDireccion,
} from './tablero-publico.logica';

function tablero(parcial: Partial<TableroPublicoDespachos> = {}): TableroPublicoDespachos {
  return { tienda: 'Centro', proximos: [], en_proceso: [], current_page: 1, last_page: 1, ...parcial };
}
function turno(numero: number, ventaId = 100 + numero, despachador: string | null = null): TurnoPublicoNotificado {
  return { codigo_tienda: '001', numero_turno: numero, venta_id: ventaId, cliente: `Cliente ${numero}`, despachador };
}
const proximo = (numero: number) => ({ numero_turno: numero, venta_id: 100 + numero, cliente: `Cliente ${numero}` });
const enProceso = (numero: number, despachador = 'Valentina') => ({ ...proximo(numero), despachador });
const numeros = (filas: { numero_turno: number }[]) => filas.map((f) => f.numero_turno);
const rango = (desde: number, hasta: number) => Array.from({ length: hasta - desde + 1 }, (_, i) => desde + i);

describe('aplicarEvento', () => {
  it('new_dispatch adds the turn at the end of Próximos, with only the board fields', () => {
    const antes = tablero({ proximos: [proximo(1), proximo(2)] });
    const despues = aplicarEvento(antes, 'new_dispatch', turno(3));
    expect(despues.proximos).toEqual([proximo(1), proximo(2), proximo(3)]);
    expect(despues.en_proceso).toEqual([]);
    // The page on screen is not changed in place: the query cache gets a new object.
    expect(antes.proximos).toHaveLength(2);
  });

  it('new_dispatch repeated for the same sale leaves one row', () => {
    const una = aplicarEvento(tablero(), 'new_dispatch', turno(1));
    expect(numeros(aplicarEvento(una, 'new_dispatch', turno(1)).proximos)).toEqual([1]);
  });

  it('new_dispatch does not add to a full page (the turn is on a later one) nor to a later page whose column is empty', () => {
    const llena = tablero({ proximos: rango(1, 12).map(proximo), last_page: 1 });
    expect(numeros(aplicarEvento(llena, 'new_dispatch', turno(13)).proximos)).toEqual(rango(1, 12));
    // Page 2 shown because En proceso is long; Próximos' turns all fit on page 1, so the new one goes there.
    const pagina2 = tablero({ current_page: 2, last_page: 2, en_proceso: [enProceso(20)] });
    expect(aplicarEvento(pagina2, 'new_dispatch', turno(30)).proximos).toEqual([]);
    // Page 2 where Próximos continues: its last page, so the new turn shows at its end.
    const continua = tablero({ current_page: 2, last_page: 2, proximos: [proximo(13)] });
    expect(numeros(aplicarEvento(continua, 'new_dispatch', turno(14)).proximos)).toEqual([13, 14]);
  });

  it('assign_dispatch moves the turn from Próximos to En proceso with its dispatcher, in turn order', () => {
    const antes = tablero({ proximos: [proximo(4), proximo(5), proximo(6)], en_proceso: [enProceso(2), enProceso(7, 'Camilo')] });
    const despues = aplicarEvento(antes, 'assign_dispatch', turno(5, 105, 'Valentina'));
    expect(numeros(despues.proximos)).toEqual([4, 6]);
    expect(despues.en_proceso).toEqual([enProceso(2), { numero_turno: 5, venta_id: 105, cliente: 'Cliente 5', despachador: 'Valentina' }, enProceso(7, 'Camilo')]);
  });

  it('assign_dispatch of a turn not on this page still shows it in En proceso, and an unknown dispatcher is blank', () => {
    const despues = aplicarEvento(tablero(), 'assign_dispatch', turno(9, 109, null));
    expect(despues.en_proceso).toEqual([{ numero_turno: 9, venta_id: 109, cliente: 'Cliente 9', despachador: '' }]);
  });

  it('assign_dispatch on a full En proceso: inserted in order and the last row leaves the page; after the last row it is not added', () => {
    const llena = tablero({ en_proceso: rango(1, 12).map((n) => enProceso(n * 2)), last_page: 1 });
    const dentro = aplicarEvento(llena, 'assign_dispatch', turno(5, 105, 'Ana'));
    expect(dentro.en_proceso).toHaveLength(12);
    expect(numeros(dentro.en_proceso).slice(0, 4)).toEqual([2, 4, 5, 6]);
    expect(numeros(dentro.en_proceso).at(-1)).toBe(22);
    const despues = aplicarEvento(llena, 'assign_dispatch', turno(30, 130, 'Ana'));
    expect(numeros(despues.en_proceso)).toEqual(rango(1, 12).map((n) => n * 2));
  });

  it('assign_dispatch repeated moves nothing twice', () => {
    const una = aplicarEvento(tablero({ proximos: [proximo(3)] }), 'assign_dispatch', turno(3, 103, 'Ana'));
    const dos = aplicarEvento(una, 'assign_dispatch', turno(3, 103, 'Ana'));
    expect(dos).toEqual(una);
    expect(dos.proximos).toEqual([]);
    expect(numeros(dos.en_proceso)).toEqual([3]);
  });

  it('remove_dispatch takes the turn off either column, matched by sale (a number repeats across days)', () => {
    const antes = tablero({
      proximos: [proximo(1), { numero_turno: 2, venta_id: 900, cliente: 'Ayer' }],
      en_proceso: [enProceso(2)],
    });
    const sinProceso = aplicarEvento(antes, 'remove_dispatch', turno(2, 102, 'Valentina'));
    expect(sinProceso.en_proceso).toEqual([]);
    expect(sinProceso.proximos).toEqual(antes.proximos);
    const sinCola = aplicarEvento(sinProceso, 'remove_dispatch', turno(1));
    expect(numeros(sinCola.proximos)).toEqual([2]);
    // A turn the board does not show: nothing changes.
    expect(aplicarEvento(sinCola, 'remove_dispatch', turno(50))).toEqual(sinCola);
  });

  it('keeps the store, the page and the page count', () => {
    const antes = tablero({ tienda: 'Norte', current_page: 2, last_page: 3, proximos: [proximo(13)] });
    const despues = aplicarEvento(antes, 'remove_dispatch', turno(13));
    expect(despues).toMatchObject({ tienda: 'Norte', current_page: 2, last_page: 3 });
  });
});

describe('the paging cycle', () => {
  it('goes 1, 2, …, last and back to 1; one page stays', () => {
    expect(siguientePagina(1, 3)).toBe(2);
    expect(siguientePagina(2, 3)).toBe(3);
    expect(siguientePagina(3, 3)).toBe(1);
    expect(siguientePagina(1, 1)).toBe(1);
  });

  it('goes back to page 1 when the lists shrank under the page shown', () => {
    expect(paginaVigente(3, 2)).toBe(1);
    expect(paginaVigente(2, 2)).toBe(2);
    expect(paginaVigente(0, 2)).toBe(1);
  });

  it("says 'Página 1 de 2' only when there is more than one page", () => {
    expect(textoPagina(1, 2)).toBe('Página 1 de 2');
    expect(textoPagina(3, 3)).toBe('Página 3 de 3');
    expect(textoPagina(1, 1)).toBeNull();
  });

  it('an empty column says there are no turns on page 1, and no more on later pages', () => {
    expect(textoColumnaVacia('proximos', 1)).toBe('No hay turnos en espera');
    expect(textoColumnaVacia('en_proceso', 1)).toBe('No hay turnos en proceso');
    expect(textoColumnaVacia('proximos', 2)).toBe('No hay más turnos en espera');
    expect(textoColumnaVacia('en_proceso', 2)).toBe('No hay más turnos en proceso');
  });
});

describe('the clock', () => {
  it('shows HH:MM in Bogotá (UTC−5) whatever the machine’s zone, 24 hours', () => {
    expect(textoHora(new Date('2025-11-26T05:07:00Z'))).toBe('00:07');
    expect(textoHora(new Date('2025-11-26T22:45:59Z'))).toBe('17:45');
    expect(textoHora(new Date('2025-11-27T04:59:00Z'))).toBe('23:59');
  });

  it('shows the Bogotá date in Spanish, capitalised (the UTC day may already be the next one)', () => {
    expect(textoFecha(new Date('2025-11-27T03:00:00Z'))).toBe('Miércoles, 26 de noviembre');
    expect(textoFecha(new Date('2025-11-27T05:00:00Z'))).toBe('Jueves, 27 de noviembre');
  });
});

describe('the address', () => {
  it('reads the store code, trimmed; missing or blank is none', () => {
    expect(tiendaDeDireccion(new URLSearchParams('tienda=001'))).toBe('001');
    expect(tiendaDeDireccion(new URLSearchParams('tienda=%20002%20'))).toBe('002');
    expect(tiendaDeDireccion(new URLSearchParams('tienda='))).toBeNull();
    expect(tiendaDeDireccion(new URLSearchParams(''))).toBeNull();
  });

  it('plays the beep unless ?sonido=0 (or no / false) turns it off', () => {
    expect(sonidoDeDireccion(new URLSearchParams('tienda=001'))).toBe(true);
    expect(sonidoDeDireccion(new URLSearchParams('tienda=001&sonido=1'))).toBe(true);
    expect(sonidoDeDireccion(new URLSearchParams('tienda=001&sonido=0'))).toBe(false);
    expect(sonidoDeDireccion(new URLSearchParams('sonido=No'))).toBe(false);
    expect(sonidoDeDireccion(new URLSearchParams('sonido=false'))).toBe(false);
  });
});
