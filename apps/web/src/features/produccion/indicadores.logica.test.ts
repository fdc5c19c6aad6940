import { describe, expect, it } from 'vitest';
import { filasDe, nombreOperario, proporcionesMotivos, rangoInicial } from './indicadores.logica';

describe('the range', () => {
  it('defaults to the current month up to today', () => {
    expect(rangoInicial('2026-11-25')).toEqual({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-25' });
    expect(rangoInicial('2026-03-01')).toEqual({ fecha_inicial: '2026-03-01', fecha_final: '2026-03-01' });
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
