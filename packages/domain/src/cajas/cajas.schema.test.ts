import { describe, expect, it } from 'vitest';
import { cerrarTurnoSchema, diferenciaCaja, leerRolesTurnoCaja, MENSAJES_CAJAS, resumenPorCaja, textoDiferencia, totalConteo } from './cajas.schema';

describe('the cash count', () => {
  it('adds up bills and coins, the 1000 bill and coin apart', () => {
    expect(totalConteo([{ denominacion: 'B100000', cantidad: 3 }, { denominacion: 'B1000', cantidad: 2 }, { denominacion: 'M1000', cantidad: 1 }, { denominacion: 'M50', cantidad: 3 }])).toBe(303_150);
    expect(totalConteo([])).toBe(0);
  });

  it('words the difference against the expected cash to the centavo', () => {
    expect(diferenciaCaja(155_000, 160_000)).toBe(-5_000);
    expect(diferenciaCaja('0.3', '0.1')).toBe(0.2);
    expect([textoDiferencia(-1), textoDiferencia(0), textoDiferencia(2)]).toEqual(['Faltante', 'Cuadrada', 'Sobrante']);
  });

  it('asks for the total when there is no count, and refuses a denomination twice', () => {
    expect(cerrarTurnoSchema.safeParse({}).error?.issues[0]).toMatchObject({ path: ['efectivo_contado'], message: MENSAJES_CAJAS.contado });
    const repetida = cerrarTurnoSchema.safeParse({ conteo: [{ denominacion: 'M50', cantidad: 1 }, { denominacion: 'M50', cantidad: 2 }] });
    expect(repetida.error?.issues[0]?.message).toBe(MENSAJES_CAJAS.denominacionRepetida);
    expect(cerrarTurnoSchema.parse({ conteo: [{ denominacion: 'B2000', cantidad: '4' }] }).conteo).toEqual([{ denominacion: 'B2000', cantidad: 4 }]);
  });
});

describe('ROLES_TURNO_CAJA', () => {
  it('reads the roles of the comma list, unknown words and blanks dropped; missing is none', () => {
    expect(leerRolesTurnoCaja(' Vendedor, Operario ,, Cajero,Vendedor')).toEqual(['Vendedor', 'Operario']);
    expect(leerRolesTurnoCaja('NINGUNO')).toEqual([]);
    expect(leerRolesTurnoCaja(null)).toEqual([]);
  });
});

describe('resumenPorCaja', () => {
  it('adds up each register\u2019s shifts in centavos; an open shift has no count yet', () => {
    const base = { codigo_tienda: '001', estado: 'CERRADO' as const };
    expect(
      resumenPorCaja([
        { ...base, caja_id: 1, nombre_caja: 'Caja 1', base_inicial: 50_000, efectivo_esperado: 160_000.1, efectivo_contado: 155_000, diferencia: -5_000.1 },
        { ...base, caja_id: 2, nombre_caja: 'Caja 2', estado: 'ABIERTO', base_inicial: 0, efectivo_esperado: 20_000, efectivo_contado: null, diferencia: null },
        { ...base, caja_id: 1, nombre_caja: 'Caja 1', base_inicial: 10_000, efectivo_esperado: 10_000.2, efectivo_contado: 10_000.2, diferencia: 0 },
      ]),
    ).toEqual([
      { caja_id: 1, nombre_caja: 'Caja 1', codigo_tienda: '001', turnos: 2, abiertos: 0, base_inicial: 60_000, efectivo_esperado: 170_000.3, efectivo_contado: 165_000.2, diferencia: -5_000.1 },
      { caja_id: 2, nombre_caja: 'Caja 2', codigo_tienda: '001', turnos: 1, abiertos: 1, base_inicial: 0, efectivo_esperado: 20_000, efectivo_contado: 0, diferencia: 0 },
    ]);
  });
});
