import { describe, expect, it } from 'vitest';
import type { Tercero } from '@tablero/domain';
import { cuerpoTurnos, escribirFiltrosDespachos, esperaActual, filtrosDespachosIniciales, leerFiltrosDespachos, nombreCompleto, urlPlanos } from './despachos.logica';

describe('Despachos screen rules', () => {
  it('starts in pending mode with both dates today (spec 001 §9)', () => {
    expect(filtrosDespachosIniciales('2026-11-26')).toEqual({ modo: 'pendientes', venta_id: null, fecha_inicial: '2026-11-26', fecha_final: '2026-11-26', cliente: null });
    expect(filtrosDespachosIniciales('2026-11-26', 'despachados').modo).toBe('despachados');
  });

  it('sends the spec fields, the customer by id', () => {
    const cliente = { id: 9, nombres: 'María', apellidos: 'Gómez' } as Tercero;
    expect(cuerpoTurnos({ modo: 'despachados', venta_id: 15, fecha_inicial: '2026-11-01', fecha_final: '2026-11-26', cliente })).toEqual({
      venta_id: 15,
      modo_consulta: 'despachados',
      fecha_inicial: '2026-11-01',
      fecha_final: '2026-11-26',
      cliente_id: 9,
    });
    expect(cuerpoTurnos(filtrosDespachosIniciales('2026-11-26')).cliente_id).toBeNull();
  });

  it('keeps the applied filters in the address, the customer by its id, and leaves the opening ones out', () => {
    const hoy = '2026-11-26';
    const aplicados = { modo: 'despachados' as const, venta_id: 15, fecha_inicial: '2026-11-01', fecha_final: hoy, cliente_id: 9 };
    const direccion = escribirFiltrosDespachos(new URLSearchParams('pagina=3&filas=25'), aplicados, hoy);
    expect(direccion.toString()).toBe('pagina=3&filas=25&modo=despachados&venta=15&desde=2026-11-01&cliente=9');
    expect(leerFiltrosDespachos(direccion, hoy)).toEqual(aplicados);
    // The opening filters write nothing, and an empty address reads as them.
    const iniciales = { modo: 'pendientes' as const, venta_id: null, fecha_inicial: hoy, fecha_final: hoy, cliente_id: null };
    expect(escribirFiltrosDespachos(new URLSearchParams(), iniciales, hoy).toString()).toBe('');
    expect(leerFiltrosDespachos(new URLSearchParams(), hoy)).toEqual(iniciales);
    // A day written yesterday as 'today' is not in the address: tomorrow it opens on tomorrow.
    expect(leerFiltrosDespachos(new URLSearchParams(), '2026-11-27').fecha_final).toBe('2026-11-27');
  });

  it('reads an edited address as the opening filters, never as an error, and keeps dates up to today', () => {
    const hoy = '2026-11-26';
    const iniciales = { modo: 'pendientes', venta_id: null, fecha_inicial: hoy, fecha_final: hoy, cliente_id: null };
    for (const editada of ['modo=todos', 'venta=abc', 'venta=2147483648', 'cliente=-1', 'cliente=1.5', 'desde=2026-02-30', 'desde=2026-11-20&hasta=2026-11-10', 'hasta=ayer']) {
      expect(leerFiltrosDespachos(new URLSearchParams(editada), hoy), editada).toEqual(iniciales);
    }
    // A date after today is today, as the bar keeps it.
    expect(leerFiltrosDespachos(new URLSearchParams('desde=2026-11-20&hasta=2026-12-31'), hoy)).toMatchObject({ fecha_inicial: '2026-11-20', fecha_final: hoy });
  });

  it('keeps counting the wait of a waiting turn only', () => {
    const leido = Date.parse('2026-11-26T10:00:00Z');
    expect(esperaActual({ estado: 'en_cola', tiempo_espera_segundos: 120 }, leido, leido + 90_500)).toBe(210);
    expect(esperaActual({ estado: 'en_proceso', tiempo_espera_segundos: 120 }, leido, leido + 90_500)).toBe(120);
    // A clock behind the read never makes the wait shrink.
    expect(esperaActual({ estado: 'en_cola', tiempo_espera_segundos: 120 }, leido, leido - 5_000)).toBe(120);
  });

  it('finds the plan link of a board line only', () => {
    expect(urlPlanos({ url_planos: 'https://planos/1', piezas: [] })).toBe('https://planos/1');
    expect(urlPlanos({ url_planos: '' })).toBeNull();
    expect(urlPlanos(null)).toBeNull();
    expect(urlPlanos('texto')).toBeNull();
  });

  it('writes the customer name without stray spaces', () => {
    expect(nombreCompleto({ nombres_tercero: 'Ana', apellidos_tercero: '' })).toBe('Ana');
  });
});
