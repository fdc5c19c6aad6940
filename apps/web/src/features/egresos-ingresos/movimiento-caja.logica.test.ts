import { describe, expect, it } from 'vitest';
import { cuerpoMovimiento, esquemaMovimiento, formularioDe, FORMULARIO_VACIO, movimientoDe } from './movimiento-caja.logica';

const HOY = '2026-11-26';

describe('esquemaMovimiento (spec 002 §5 Expense and income)', () => {
  const esquema = esquemaMovimiento(HOY);

  it('accepts a complete form', () => {
    expect(esquema.safeParse({ fecha: HOY, forma_pago_id: 1, valor: 1_250_000, descripcion: 'Papelería' }).success).toBe(true);
  });

  it('names every missing field of an empty form', () => {
    const resultado = esquema.safeParse({ ...FORMULARIO_VACIO(HOY), fecha: null });
    expect(resultado.success).toBe(false);
    const campos = resultado.error?.issues.map((issue) => issue.path[0]).sort();
    expect(campos).toEqual(['descripcion', 'fecha', 'forma_pago_id', 'valor']);
  });

  it('refuses a date after today, a zero value, a blank description and one over 300 characters', () => {
    const base = { fecha: HOY, forma_pago_id: 1, valor: 10, descripcion: 'x' };
    expect(esquema.safeParse({ ...base, fecha: '2026-11-27' }).success).toBe(false);
    expect(esquema.safeParse({ ...base, fecha: '2026-02-30' }).success).toBe(false);
    expect(esquema.safeParse({ ...base, valor: 0 }).success).toBe(false);
    expect(esquema.safeParse({ ...base, valor: Number.NaN }).success).toBe(false);
    expect(esquema.safeParse({ ...base, valor: 1_000_000_000_000 }).success).toBe(false);
    expect(esquema.safeParse({ ...base, descripcion: '   ' }).success).toBe(false);
    expect(esquema.safeParse({ ...base, descripcion: 'x'.repeat(301) }).success).toBe(false);
    expect(esquema.safeParse({ ...base, descripcion: 'x'.repeat(300) }).success).toBe(true);
  });
});

describe('cuerpoMovimiento', () => {
  it("writes each kind's own field names, the description trimmed", () => {
    const valores = { fecha: HOY, forma_pago_id: 4, valor: 1_250_000.5, descripcion: '  Arriendo  ' };
    expect(cuerpoMovimiento('egreso', valores)).toEqual({ fecha_egreso: HOY, forma_pago_id: 4, valor_egreso: 1_250_000.5, descripcion_egreso: 'Arriendo' });
    expect(cuerpoMovimiento('ingreso', valores)).toEqual({ fecha_ingreso: HOY, forma_pago_id: 4, valor_ingreso: 1_250_000.5, descripcion_ingreso: 'Arriendo' });
  });
});

describe('movimientoDe and formularioDe', () => {
  it('reads a record of either kind into the shared shape and back into the form', () => {
    const ingreso = movimientoDe('ingreso', {
      id: 7,
      codigo_tienda: '001',
      fecha_ingreso: '2026-11-20',
      forma_pago_id: 1,
      nombre_forma_pago: 'Efectivo',
      valor_ingreso: 35000,
      descripcion_ingreso: 'Venta de retal',
      usuario_responsable: 3,
      nombre_usuario: 'Ana',
    });
    expect(ingreso).toEqual({
      id: 7,
      codigo_tienda: '001',
      fecha: '2026-11-20',
      forma_pago_id: 1,
      nombre_forma_pago: 'Efectivo',
      valor: 35000,
      descripcion: 'Venta de retal',
      usuario_responsable: 3,
      nombre_usuario: 'Ana',
    });
    expect(formularioDe(ingreso)).toEqual({ fecha: '2026-11-20', forma_pago_id: 1, valor: 35000, descripcion: 'Venta de retal' });
  });

  it('keeps only the calendar day of a timestamp', () => {
    expect(movimientoDe('egreso', { id: 1, fecha_egreso: '2026-11-20T00:00:00.000Z', valor_egreso: 1 }).fecha).toBe('2026-11-20');
  });
});
