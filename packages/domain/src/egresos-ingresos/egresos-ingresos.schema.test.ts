import { describe, expect, it } from 'vitest';
import { egresoGuardarSchema, ingresoGuardarSchema, MENSAJES_EGRESOS_INGRESOS } from './egresos-ingresos.schema';

describe('egresoGuardarSchema / ingresoGuardarSchema', () => {
  const M2 = MENSAJES_EGRESOS_INGRESOS;
  it('answers Debe ingresar todos los campos solicitados for any missing field', () => {
    const r = egresoGuardarSchema.safeParse({});
    expect(r.error?.issues.map((i) => i.message)).toEqual(Array(4).fill(M2.camposSolicitados));
    expect(ingresoGuardarSchema.safeParse(null).error?.issues[0]?.message).toBe(M2.camposSolicitados);
    expect(ingresoGuardarSchema.safeParse({ fecha_ingreso: '2026-01-02', forma_pago_id: 1, valor_ingreso: '', descripcion_ingreso: 'x' }).error?.issues[0]?.message).toBe(
      M2.camposSolicitados,
    );
  });

  it('strips commas, refuses zero, future dates and long descriptions', () => {
    expect(egresoGuardarSchema.parse({ fecha_egreso: '2026-01-02', forma_pago_id: '1', valor_egreso: '1,250.50', descripcion_egreso: ' Taxi ' })).toEqual({
      fecha_egreso: '2026-01-02',
      forma_pago_id: 1,
      valor_egreso: 1250.5,
      descripcion_egreso: 'Taxi',
    });
    const base = { fecha_egreso: '2026-01-02', forma_pago_id: 1, valor_egreso: 10, descripcion_egreso: 'x' };
    expect(egresoGuardarSchema.safeParse({ ...base, valor_egreso: 0 }).error?.issues[0]?.message).toBe(M2.valorCero);
    expect(egresoGuardarSchema.safeParse({ ...base, fecha_egreso: '9999-01-01' }).error?.issues[0]?.message).toBe(M2.fechaFutura);
    expect(egresoGuardarSchema.safeParse({ ...base, descripcion_egreso: 'x'.repeat(301) }).error?.issues[0]?.message).toBe(M2.descripcionLarga);
    expect(egresoGuardarSchema.safeParse({ ...base, forma_pago_id: 2 ** 31 }).error?.issues[0]?.message).toBe(M2.formaPago);
    expect(egresoGuardarSchema.safeParse({ ...base, valor_egreso: 1e300 }).error?.issues[0]?.message).toBe('El valor máximo es 999,999,999,999');
  });
});
