import { describe, expect, it } from 'vitest';
import { leerTiendasCuadreCaja } from '../cuadre-caja/cuadre-caja.schema';
import { diasDelRango, dashboardRangoSchema, MENSAJES_DASHBOARD } from '../dashboard/dashboard.schema';
import { cierreMesConsultaSchema, insigniaFacturacion, MENSAJES_CIERRE_MES, reabrirMesSchema } from './cierre-mes.schema';

describe('the month picker body', () => {
  it("reads the month as the spec sends it ('03') or as a number, the year as text or number, and includes the sales by default", () => {
    expect(cierreMesConsultaSchema.parse({ anio: '2026', mes: '03', codigo_tienda: ' 001 ' })).toEqual({ anio: 2026, mes: 3, codigo_tienda: '001', incluir_ventas_mes: true });
    expect(cierreMesConsultaSchema.parse({ anio: 2026, mes: 12, codigo_tienda: '001', incluir_ventas_mes: false }).incluir_ventas_mes).toBe(false);
  });

  it.each([
    [{ anio: 2026, mes: '13' }, 'mes', MENSAJES_CIERRE_MES.mes],
    [{ anio: 2026, mes: '1.5' }, 'mes', MENSAJES_CIERRE_MES.mes],
    [{ anio: 1999, mes: '01' }, 'anio', MENSAJES_CIERRE_MES.anio],
    [{ anio: 1e308, mes: '01' }, 'anio', MENSAJES_CIERRE_MES.anio],
    [{ anio: 2026, mes: '01', codigo_tienda: '' }, 'codigo_tienda', MENSAJES_CIERRE_MES.tienda],
  ])('refuses %j with its message', (cuerpo, campo, mensaje) => {
    const resultado = cierreMesConsultaSchema.safeParse({ codigo_tienda: '001', ...cuerpo });
    expect(resultado.success).toBe(false);
    expect(resultado.error!.issues.find((i) => i.path[0] === campo)?.message).toBe(mensaje);
  });

  it('trims the reopening reason and bounds it to 3..200 characters', () => {
    expect(reabrirMesSchema.parse({ anio: 2026, mes: '02', motivo: '  Faltó un egreso ' }).motivo).toBe('Faltó un egreso');
    expect(reabrirMesSchema.safeParse({ anio: 2026, mes: '02', motivo: '  ab ' }).success).toBe(false);
    expect(reabrirMesSchema.safeParse({ anio: 2026, mes: '02', motivo: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('the badges, the daily cash stores and the dashboard range', () => {
  it("names a sale 'Enviado a la DIAN', 'SIIGO' or 'Remisión' (spec 002 §4)", () => {
    expect(insigniaFacturacion({ fecha_factura_dian: '2026-03-01T10:00:00Z', factura_code_siigo: 'S-1' })).toBe('Enviado a la DIAN');
    expect(insigniaFacturacion({ fecha_factura_dian: null, factura_code_siigo: 'S-1' })).toBe('SIIGO');
    expect(insigniaFacturacion({ fecha_factura_dian: null, factura_code_siigo: null })).toBe('Remisión');
  });

  it('reads the stores of TIENDAS_CUADRE_CAJA, blanks and repeats dropped', () => {
    expect(leerTiendasCuadreCaja('001,002')).toEqual(['001', '002']);
    expect(leerTiendasCuadreCaja(' 001 , ,002,001 ')).toEqual(['001', '002']);
    expect(leerTiendasCuadreCaja('  ')).toEqual([]);
    expect(leerTiendasCuadreCaja(null)).toEqual([]);
  });

  it('counts both days of a range and refuses one longer than 366 days', () => {
    expect(diasDelRango('2026-01-01', '2026-01-01')).toBe(1);
    expect(diasDelRango('2024-01-01', '2024-12-31')).toBe(366);
    expect(dashboardRangoSchema.safeParse({ fecha_inicial: '2024-01-01', fecha_final: '2024-12-31' }).success).toBe(true);
    const largo = dashboardRangoSchema.safeParse({ fecha_inicial: '2024-01-01', fecha_final: '2025-01-01' });
    expect(largo.error!.issues[0]!.message).toBe(MENSAJES_DASHBOARD.rangoLargo);
  });
});
