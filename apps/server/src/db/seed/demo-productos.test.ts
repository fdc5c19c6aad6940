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
    const especiales = await entorno.db.selectFrom('producto').select('id').where('grupo_servicio_id', '=', 8).execute();
    expect(especiales.length).toBeGreaterThanOrEqual(2);
    for (const tienda of ['001', '002']) {
      const filas = await entorno.db.selectFrom('inventario').select(['cantidad']).where('codigo_tienda', '=', tienda).execute();
      expect(filas).toHaveLength(referencias.length);
      expect(filas.some((f) => f.cantidad > 0)).toBe(true);
    }
    const movimientos = await entorno.db.selectFrom('inventario_movimiento').select('saldo').execute();
    expect(movimientos.length).toBeGreaterThan(referencias.length);
  });
});
