import { describe, expect, it } from 'vitest';
import type { CambioAuditoria } from '@tablero/domain';
import { camposDe, cuerpoFiltros, escribirFiltrosAuditoria, filtrosAuditoriaIniciales, leerFiltrosAuditoria, registroDe, resumenCambio } from './auditoria.logica';

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
  nombre_registro: null,
  nombres: {},
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

  it('pairs each field, by its Spanish label, with its value before and after; ids read as the names the server sent; empty reads —', () => {
    const nombres = { 'estado_venta_id=1': 'Pendiente facturar', 'estado_venta_id=2': 'Facturado' };
    expect(camposDe(cambio({ antes: { estado_venta_id: 1, observacion_venta: null }, despues: { estado_venta_id: 2, observacion_venta: 'Lista' }, nombres }))).toEqual([
      { campo: 'estado_venta_id', etiqueta: 'Estado de la venta', antes: 'Pendiente facturar', despues: 'Facturado' },
      { campo: 'observacion_venta', etiqueta: 'Observación de la venta', antes: '—', despues: 'Lista' },
    ]);
    expect(camposDe(cambio({ accion: 'crear', despues: { cantidad: 1 } }))).toEqual([{ campo: 'cantidad', etiqueta: 'Cantidad', antes: '', despues: '1' }]);
  });

  it('shows money as money, dates as dates and flags as Sí/No, never the raw column and number', () => {
    const saldo = cambio({ tabla: 'tercero', registro: '4', antes: { saldo_abono: 230000 }, despues: { saldo_abono: 430000 } });
    expect(resumenCambio(saldo)).toBe('Saldo de anticipo: $230,000 → $430,000');
    expect(resumenCambio(saldo)).not.toContain('saldo_abono');
    expect(camposDe(cambio({ antes: { fecha_vencimiento: '2026-12-31', activo: true, valor_pagado: '1250.5' }, despues: { fecha_vencimiento: '2027-01-15', activo: false, valor_pagado: '99' } }))).toEqual([
      { campo: 'fecha_vencimiento', etiqueta: 'Fecha de vencimiento', antes: '31/12/2026', despues: '15/01/2027' },
      { campo: 'activo', etiqueta: 'Activo', antes: 'Sí', despues: 'No' },
      { campo: 'valor_pagado', etiqueta: 'Valor pagado', antes: '$1,250.50', despues: '$99' },
    ]);
  });

  it("names the record by what the server read ('Tercero 4' is the customer), its key when there is no name", () => {
    expect(registroDe(cambio({ tabla: 'tercero', registro: '4', nombre_registro: 'Ana Gómez · 1020304050' }))).toBe('Tercero Ana Gómez · 1020304050');
    expect(registroDe(cambio({ tabla: 'venta', registro: '12' }))).toBe('Venta 12');
  });

  it('summarises a change in one line with how many fields are left', () => {
    expect(resumenCambio(cambio({ antes: { nombres: 'A', apellidos: 'B', cantidad: 3, referencia: 'R' }, despues: { nombres: 'C', apellidos: 'D', cantidad: 7, referencia: 'S' } }))).toBe(
      'Nombres: A → C; Apellidos: B → D; y 2 campos más',
    );
    expect(resumenCambio(cambio({ accion: 'crear', despues: { cantidad: 1, ajustes: { x: true }, referencia: 'R' } }))).toBe('Cantidad: 1; Ajustes: {"x":true}; y 1 campo más');
    expect(resumenCambio(cambio({ accion: 'eliminar', antes: { referencia: 'x' } }))).toBe('Referencia: x');
  });
});

describe('the audit filters in the address', () => {
  const hoy = '2026-11-20';
  it('a clean address is the first week, and the first week writes nothing', () => {
    expect(leerFiltrosAuditoria(new URLSearchParams(), hoy)).toEqual(filtrosAuditoriaIniciales(hoy));
    expect(escribirFiltrosAuditoria(new URLSearchParams('pagina=3'), filtrosAuditoriaIniciales(hoy), hoy).toString()).toBe('pagina=3');
  });

  it('what is written is read back', () => {
    const filtros = { fecha_inicial: '2026-10-01', fecha_final: '2026-10-31', usuario_id: '12', modulo: 'parametros' as const, registro: 'PLAZO_X' };
    const direccion = escribirFiltrosAuditoria(new URLSearchParams(), filtros, hoy);
    expect(direccion.toString()).toBe('desde=2026-10-01&hasta=2026-10-31&usuario=12&modulo=parametros&registro=PLAZO_X');
    expect(leerFiltrosAuditoria(direccion, hoy)).toEqual(filtros);
  });

  it('an address the routes would refuse is the first week, never an error', () => {
    for (const direccion of ['desde=2026-02-30', 'desde=2026-11-20&hasta=2026-11-01', 'desde=2024-01-01&hasta=2026-11-20', 'modulo=ninguno', 'usuario=abc', `registro=${'x'.repeat(101)}`]) {
      expect(leerFiltrosAuditoria(new URLSearchParams(direccion), hoy)).toEqual(filtrosAuditoriaIniciales(hoy));
    }
  });
});
