import { describe, expect, it } from 'vitest';
import type { Tercero } from '@tablero/domain';
import { cuerpoTurnos, esperaActual, filtrosDespachosIniciales, nombreCompleto, urlPlanos } from './despachos.logica';

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
