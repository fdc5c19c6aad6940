import { describe, expect, it } from 'vitest';
import type { CambioAuditoria } from '@tablero/domain';
import { camposDe, cuerpoFiltros, filtrosAuditoriaIniciales, resumenCambio } from './auditoria.logica';

const cambio = (datos: Partial<CambioAuditoria>): CambioAuditoria => ({
  id: 1,
  fecha: '2026-11-26T15:00:00.000Z',
  usuario_id: 1,
  usuario: 'Ana',
  rol: 'Vendedor',
  codigo_tienda: 'T01',
  ip: '10.0.0.1',
  request_id: 'r1',
  modulo: 'ventas',
  tabla: 'venta',
  registro: '12',
  accion: 'editar',
  antes: null,
  despues: null,
  ...datos,
});

describe('auditoria.logica', () => {
  it('starts on the last seven days, across a month boundary', () => {
    expect(filtrosAuditoriaIniciales('2026-12-03')).toMatchObject({ fecha_inicial: '2026-11-27', fecha_final: '2026-12-03' });
  });

  it('sends only the filters that are set, the record trimmed', () => {
    expect(cuerpoFiltros({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-02', usuario_id: null, modulo: null, registro: '  ' })).toEqual({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-02' });
    expect(cuerpoFiltros({ fecha_inicial: '2026-11-01', fecha_final: '2026-11-02', usuario_id: '7', modulo: 'ventas', registro: ' 12 ' })).toEqual({
      fecha_inicial: '2026-11-01',
      fecha_final: '2026-11-02',
      usuario_id: '7',
      modulo: 'ventas',
      registro: '12',
    });
  });

  it('pairs each field with its value before and after; empty reads —', () => {
    expect(camposDe(cambio({ antes: { estado_venta_id: 1, observacion_venta: null }, despues: { estado_venta_id: 2, observacion_venta: 'Lista' } }))).toEqual([
      { campo: 'estado_venta_id', antes: '1', despues: '2' },
      { campo: 'observacion_venta', antes: '—', despues: 'Lista' },
    ]);
    expect(camposDe(cambio({ accion: 'crear', despues: { a: 1 } }))).toEqual([{ campo: 'a', antes: '', despues: '1' }]);
  });

  it('summarises a change in one line with how many fields are left', () => {
    expect(resumenCambio(cambio({ antes: { a: 1, b: 2, c: 3, d: 4 }, despues: { a: 5, b: 6, c: 7, d: 8 } }))).toBe('a: 1 → 5; b: 2 → 6; y 2 campos más');
    expect(resumenCambio(cambio({ accion: 'crear', despues: { a: 1, b: { x: true }, c: 3 } }))).toBe('a: 1; b: {"x":true}; y 1 campo más');
    expect(resumenCambio(cambio({ accion: 'eliminar', antes: { a: 'x' } }))).toBe('a: x');
  });
});
