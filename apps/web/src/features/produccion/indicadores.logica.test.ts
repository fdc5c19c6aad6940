import { describe, expect, it } from 'vitest';
import { filasDe, limitesRango, nombreOperario, proporcionesMotivos, rangoInicial, rangoValido } from './indicadores.logica';
import { sumarDias } from '@tablero/domain';

describe('the range', () => {
  it('defaults to the current month up to today', () => {
    expect(rangoInicial('2026-11-25')).toEqual({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-25' });
    expect(rangoInicial('2026-03-01')).toEqual({ fecha_inicial: '2026-03-01', fecha_final: '2026-03-01' });
  });

  it('accepts what the server answers and nothing else', () => {
    const hoy = '2026-11-25';
    expect(rangoValido({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-25' }, hoy)).toBe(true);
    expect(rangoValido({ fecha_inicial: '2025-11-25', fecha_final: '2026-11-25' }, hoy)).toBe(true);
    expect(rangoValido({ fecha_inicial: '2025-11-24', fecha_final: '2026-11-25' }, hoy)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-11-10', fecha_final: '2026-11-09' }, hoy)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-26' }, hoy)).toBe(false);
    expect(rangoValido({ fecha_inicial: '2026-02-30', fecha_final: '2026-03-01' }, hoy)).toBe(false);
    expect(rangoValido({ fecha_inicial: '', fecha_final: '' }, hoy)).toBe(false);
  });

  it('bounds the pickers so any choice is a valid range', () => {
    expect(sumarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(limitesRango({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-20' }, '2026-11-25')).toEqual({
      inicial: { minDate: '2025-11-20', maxDate: '2026-11-20' },
      final: { minDate: '2026-11-01', maxDate: '2026-11-25' },
    });
    // A start a year back: the end can go at most 366 days from it.
    expect(limitesRango({ fecha_inicial: '2025-01-10', fecha_final: '2025-02-01' }, '2026-11-25').final.maxDate).toBe('2026-01-10');
  });
});

describe('the rows of the tables', () => {
  const cifras = (etapas: number, trabajado: number) => ({ etapas_finalizadas: etapas, promedio_trabajado_segundos: trabajado, promedio_espera_segundos: 60, tiempo_suspendido_segundos: 0 });

  it('gives one row per service and a Total when there are several, the name spanning them', () => {
    const filas = filasDe(7, {
      ...cifras(3, 900),
      por_servicio: [
        { grupo_servicio_id: 1, nombre_grupo_servicio: 'Corte', ...cifras(2, 1200) },
        { grupo_servicio_id: 6, nombre_grupo_servicio: 'Empaque', ...cifras(1, 300) },
      ],
    });
    expect(filas.map((f) => [f.clave, f.servicio, f.total, f.primera, f.filas, f.etapas_finalizadas, f.promedio_trabajado_segundos])).toEqual([
      ['7-1', 'Corte', false, true, 3, 2, 1200],
      ['7-6', 'Empaque', false, false, 3, 1, 300],
      ['7-total', 'Total', true, false, 3, 3, 900],
    ]);
  });

  it('gives no Total for a single service', () => {
    const filas = filasDe(8, { ...cifras(1, 60), por_servicio: [{ grupo_servicio_id: 2, nombre_grupo_servicio: 'Enchape', ...cifras(1, 60) }] });
    expect(filas.map((f) => [f.servicio, f.primera, f.filas])).toEqual([['Enchape', true, 1]]);
  });

  it('names operators and sizes the bars against the longest total', () => {
    expect(nombreOperario({ nombres_operario: ' Óscar ', apellidos_operario: 'Operario' })).toBe('Óscar Operario');
    expect(proporcionesMotivos([{ tiempo_suspendido_segundos: 1800 }, { tiempo_suspendido_segundos: 600 }, { tiempo_suspendido_segundos: 1 }])).toEqual([100, 33, 0]);
    expect(proporcionesMotivos([{ tiempo_suspendido_segundos: 0 }])).toEqual([0]);
    expect(proporcionesMotivos([])).toEqual([]);
  });
});
