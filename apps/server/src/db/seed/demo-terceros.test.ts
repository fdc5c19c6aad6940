import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';
import { CLIENTES_DEMO } from './demo-terceros';

const entorno = usarEntorno();

describe('demo data of the terceros area', () => {
  it('loads customers, staff linked to the demo users, operators who log in and messengers, with consistent ledgers', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);

    const porTipo = await entorno.db.selectFrom('tercero').select(['tipo_tercero', (eb) => eb.fn.countAll<string>().as('total')]).groupBy('tipo_tercero').execute();
    expect(Object.fromEntries(porTipo.map((f) => [f.tipo_tercero, Number(f.total)]))).toEqual({
      C: CLIENTES_DEMO.length,
      V: 1,
      A: 1,
      B: 1,
      OP: 3,
      MSJ: 3,
    });

    const vendedora = await entorno.db
      .selectFrom('tercero')
      .innerJoin('usuario', 'usuario.id', 'tercero.user_id')
      .select(['usuario.role'])
      .where('usuario.email', '=', 'vendedor@tablero.test')
      .executeTakeFirstOrThrow();
    expect(vendedora.role).toBe('Vendedor');
    expect(await iniciarSesion(entorno.app, 'operario.enchape@tablero.test', CLAVE_DEMO)).toBeTruthy();

    // The pickers of the dispatch and production screens find them: terceros?role=Mensajero / role=Operario.
    const token = await iniciarSesion(entorno.app, 'vendedor@tablero.test', CLAVE_DEMO);
    for (const [role, tipo] of [['Mensajero', 'MSJ'], ['Operario', 'OP']] as const) {
      for (const variante of [{}, { no_page: '1' }] as Record<string, string>[]) {
        const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/terceros', headers: headers(token), query: { role, ...variante } });
        expect(respuesta.statusCode).toBe(200);
        const cuerpo = respuesta.json().data.terceros as { data?: { tipo_tercero: string }[] } | { tipo_tercero: string }[];
        const filas = Array.isArray(cuerpo) ? cuerpo : (cuerpo.data ?? []);
        expect(filas).toHaveLength(3);
        expect(filas.every((fila) => fila.tipo_tercero === tipo)).toBe(true);
      }
    }

    // Each balance equals the last movement's balance and the sum of the movements.
    const saldos = await entorno.db
      .selectFrom('tercero')
      .select(['id', 'saldo_abono'])
      .where('saldo_abono', '>', '0')
      .execute();
    expect(saldos.length).toBe(2);
    for (const { id, saldo_abono } of saldos) {
      const movimientos = await entorno.db.selectFrom('abono_tercero').select(['valor_abono', 'saldo_abono']).where('tercero_id', '=', id).orderBy('id').execute();
      expect(movimientos.reduce((suma, m) => suma + Number(m.valor_abono), 0)).toBe(Number(saldo_abono));
      expect(movimientos.at(-1)!.saldo_abono).toBe(saldo_abono);
    }
    // Every credit comes from billed credit invoices (demo-creditos): each charge names its sale, and each account owes
    // exactly the signed sum of its movements (charges and annulled payments add; payments, sale annulments and
    // write-offs subtract), never above its quota.
    const cuentas = await entorno.db.selectFrom('cuenta_credito').select(['id', 'total_credito', 'total_cupo_permitido']).orderBy('id').execute();
    expect(cuentas.map((c) => Number(c.total_cupo_permitido))).toEqual([5_000_000, 3_000_000, 1_500_000, 6_000_000, 2_000_000]);
    for (const cuenta of cuentas) {
      const movimientos = await entorno.db
        .selectFrom('cuenta_credito_movimiento')
        .select(['tipo_movimiento_credito_id', 'valor_movimiento', 'venta_id'])
        .where('cuenta_credito_id', '=', cuenta.id)
        .execute();
      const suma = movimientos.reduce((s, m) => s + ([1, 3].includes(m.tipo_movimiento_credito_id) ? 1 : -1) * Math.round(Number(m.valor_movimiento) * 100), 0);
      expect(suma, `cuenta ${cuenta.id}`).toBe(Math.round(Number(cuenta.total_credito) * 100));
      expect(movimientos.every((m) => m.venta_id !== null)).toBe(true);
      expect(Number(cuenta.total_credito)).toBeLessThanOrEqual(Number(cuenta.total_cupo_permitido));
    }
    // Both customers of number 52345678 owe something, so the detail of that number shows two different balances.
    expect(cuentas.slice(2, 4).every((c) => Number(c.total_credito) > 0)).toBe(true);
    // One document number, two customers (CC and NIT), each with an account: an account is found by its customer, never
    // by the number alone (docs/decisions-terceros.md).
    const mismoNumero = await entorno.db
      .selectFrom('cuenta_credito')
      .innerJoin('tercero', 'tercero.id', 'cuenta_credito.tercero_id')
      .select(['tercero.tipo_documento_id'])
      .where('tercero.numero_documento', '=', '52345678')
      .orderBy('tercero.tipo_documento_id')
      .execute();
    expect(mismoNumero.map((t) => t.tipo_documento_id)).toEqual([1, 2]);
  });
});
