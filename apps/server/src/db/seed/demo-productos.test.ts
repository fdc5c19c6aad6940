import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { cargarDatosDemo } from './demo';

const entorno = usarEntorno();

describe('demo catalog', () => {
  it('loads boards, edge bands for the three service rules, the services and stock in both stores', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);
    const referencias = (await entorno.db.selectFrom('producto').select('referencia').execute()).map((p) => p.referencia);
    expect(referencias).toEqual(expect.arrayContaining(['SERVICOR1', 'SERVIENC02', 'SERVIENC05', 'SERVIENC33R', 'MEL-BL-15', 'MDF-CR-18']));
    const cantos = referencias.filter((r) => r.startsWith('TC-'));
    expect(cantos.some((r) => r.endsWith('3R'))).toBe(true);
    expect(cantos.some((r) => r.endsWith('R') && !r.endsWith('3R'))).toBe(true);
    expect(cantos.some((r) => !r.endsWith('R'))).toBe(true);
    const tableros = await entorno.db.selectFrom('producto').select(['medida_largo', 'medida_ancho']).where('grupo_id', 'in', [1, 3]).execute();
    expect(tableros.every((t) => t.medida_largo === 2440 && t.medida_ancho === 2150)).toBe(true);
    // The cutting dialog's special services: product group 8, service group 3 (Servicios especiales, spec 002 §9).
    const especiales = await entorno.db.selectFrom('producto').select(['referencia', 'grupo_servicio_id']).where('grupo_id', '=', 8).orderBy('referencia').execute();
    expect(especiales).toEqual([
      { referencia: 'SERVCANAL', grupo_servicio_id: 3 },
      { referencia: 'SERVPERF35', grupo_servicio_id: 3 },
      { referencia: 'SERVRANURA', grupo_servicio_id: 3 },
    ]);
    const empaque = await entorno.db.selectFrom('producto').select(['grupo_id', 'grupo_servicio_id']).where('referencia', '=', 'SERVEMPAQ').executeTakeFirstOrThrow();
    expect(empaque).toEqual({ grupo_id: 5, grupo_servicio_id: 6 });
    for (const tienda of ['001', '002']) {
      const filas = await entorno.db.selectFrom('inventario').select(['cantidad']).where('codigo_tienda', '=', tienda).execute();
      expect(filas).toHaveLength(referencias.length);
      expect(filas.some((f) => Number(f.cantidad) > 0)).toBe(true);
    }
    const movimientos = await entorno.db.selectFrom('inventario_movimiento').select('saldo').execute();
    expect(movimientos.length).toBeGreaterThan(referencias.length);
  });
});
