import fc from 'fast-check';
import { sql } from 'kysely';
import { hoyNegocio, MENSAJES_CREDITOS } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema, type Actor } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as abonosService from '../abonos';
import { MENSAJE_ANULAR_CON_PAGOS_CREDITO } from './libro-credito.service';
import * as cuentasCreditoService from '.';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let actor: Actor;
const hoy = hoyNegocio();
let ventaSiguiente = 500_000;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  actor = { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id, role: 'SuperAdministrador' };
});

const llamar = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  entorno.app.inject({ method, url, headers: headers(superAdmin.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });

/**
 * The ledger's properties, over every account of the database: each account's total is the signed sum of its movements
 * and its last movement's balance; no sale owes a negative amount; every movement has its user and time; each
 * payment's methods add up to it; each prepaid balance is its ledger's sum and never negative; nothing is reversed twice.
 */
async function verificarLibro(cuentas: number[]) {
  const totales = await sql<{ id: number; total_credito: string; suma: string; ultimo: string | null }>`
    select cc.id, cc.total_credito,
      coalesce(sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end), 0)::numeric(18, 2) as suma,
      (select u.saldo_credito from cuenta_credito_movimiento u where u.cuenta_credito_id = cc.id order by u.id desc limit 1) as ultimo
    from cuenta_credito cc left join cuenta_credito_movimiento m on m.cuenta_credito_id = cc.id
    where cc.id in (${sql.join(cuentas)})
    group by cc.id`.execute(entorno.db);
  for (const fila of totales.rows) {
    expect(fila.total_credito, `cuenta ${fila.id}`).toBe(fila.suma);
    if (fila.ultimo !== null) expect(fila.ultimo, `cuenta ${fila.id}`).toBe(fila.total_credito);
  }
  const negativas = await sql<{ venta_id: number; saldo: string }>`
    select venta_id, sum(case when tipo_movimiento_credito_id in (1, 3) then valor_movimiento else -valor_movimiento end) as saldo
    from cuenta_credito_movimiento where cuenta_credito_id in (${sql.join(cuentas)})
    group by cuenta_credito_id, venta_id
    having sum(case when tipo_movimiento_credito_id in (1, 3) then valor_movimiento else -valor_movimiento end) < 0`.execute(entorno.db);
  expect(negativas.rows).toEqual([]);
  const sinAutor = await entorno.db
    .selectFrom('cuenta_credito_movimiento')
    .select('id')
    .where('cuenta_credito_id', 'in', cuentas)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('fecha_inserta', 'is', null), eb('fecha_movimiento', 'is', null), eb('venta_id', 'is', null)]))
    .execute();
  expect(sinAutor).toEqual([]);
  const descuadres = await sql<{ id: number }>`
    select m.id from cuenta_credito_movimiento m
    left join cuenta_credito_movimiento_forma_pago f on f.cuenta_credito_movimiento_id = m.id
    where m.cuenta_credito_id in (${sql.join(cuentas)}) and m.tipo_movimiento_credito_id = 2
    group by m.id, m.valor_movimiento having coalesce(sum(f.valor_pagado), 0) <> m.valor_movimiento`.execute(entorno.db);
  expect(descuadres.rows).toEqual([]);
  const abonos = await sql<{ id: number; saldo_abono: string; suma: string }>`
    select t.id, t.saldo_abono, coalesce(sum(a.valor_abono), 0) as suma
    from tercero t join cuenta_credito cc on cc.tercero_id = t.id left join abono_tercero a on a.tercero_id = t.id
    where cc.id in (${sql.join(cuentas)}) group by t.id`.execute(entorno.db);
  for (const fila of abonos.rows) {
    expect(Number(fila.saldo_abono)).toBeGreaterThanOrEqual(0);
    expect(fila.saldo_abono, `tercero ${fila.id}`).toBe(Number(fila.suma).toFixed(2));
  }
  const repetidos = await sql<{ movimiento_origen_id: number }>`
    select movimiento_origen_id from cuenta_credito_movimiento
    where tipo_movimiento_credito_id in (3, 4) and cuenta_credito_id in (${sql.join(cuentas)})
    group by movimiento_origen_id, tipo_movimiento_credito_id having count(*) > 1`.execute(entorno.db);
  expect(repetidos.rows).toEqual([]);
}

type Comando =
  | { tipo: 'cargo'; cliente: number; valor: number }
  | { tipo: 'pago'; cliente: number; venta: number; valor: number; anticipo: number }
  | { tipo: 'anular'; pago: number }
  | { tipo: 'eliminar'; cliente: number }
  | { tipo: 'anticipo'; cliente: number; valor: number }
  | { tipo: 'pagoCuenta'; cliente: number; valor: number }
  | { tipo: 'anularVenta'; cliente: number; venta: number };

const pesos = fc.integer({ min: 1, max: 5_000_000 }).map((centavos) => centavos / 100);
const anticipoInicial = fc.integer({ min: 100_000, max: 5_000_000 }).map((centavos) => centavos / 100);
const comando: fc.Arbitrary<Comando> = fc.oneof(
  { arbitrary: fc.record({ tipo: fc.constant('cargo' as const), cliente: fc.nat(1), valor: pesos }), weight: 3 },
  { arbitrary: fc.record({ tipo: fc.constant('pago' as const), cliente: fc.nat(1), venta: fc.nat(), valor: pesos, anticipo: fc.nat(3) }), weight: 5 },
  { arbitrary: fc.record({ tipo: fc.constant('anular' as const), pago: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ tipo: fc.constant('eliminar' as const), cliente: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ tipo: fc.constant('anticipo' as const), cliente: fc.nat(1), valor: pesos }), weight: 1 },
  { arbitrary: fc.record({ tipo: fc.constant('pagoCuenta' as const), cliente: fc.nat(1), valor: pesos }), weight: 1 },
  { arbitrary: fc.record({ tipo: fc.constant('anularVenta' as const), cliente: fc.nat(1), venta: fc.nat() }), weight: 1 },
);

describe('the credit ledger under random sequences of charges, payments, annulments, write-offs and advances', () => {
  it('keeps every balance equal to its movements, no sale below zero, every movement with its user (seeded, batches in parallel)', async () => {
    const cuentasVistas: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(comando, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 6 }), fc.tuple(anticipoInicial, anticipoInicial), async (lotes, anticipos) => {
        const clientes = await Promise.all(
          anticipos.map(async (anticipo) => {
            const tercero = await crearTercero(entorno.db);
            const cuentaId = await crearCuentaCredito(entorno.db, { tercero_id: tercero.id, total_cupo_permitido: 1_000_000 });
            // Each customer starts with some advance balance, spent by a quarter of the payments.
            await entorno.db.transaction().execute((trx) => abonosService.registrarAbono(trx, { terceroId: tercero.id, valor: anticipo }, actor));
            return { terceroId: tercero.id, cuentaId, ventas: [] as number[] };
          }),
        );
        cuentasVistas.push(...clientes.map((c) => c.cuentaId));
        // Every run starts with a sale of the first customer partly paid with its advance balance.
        clientes[0]!.ventas.push(++ventaSiguiente);
        await entorno.db.transaction().execute((trx) => cuentasCreditoService.cargarCredito(trx, { terceroId: clientes[0]!.terceroId, ventaId: ventaSiguiente, valor: 2_000 }, actor));
        const inicial = await llamar('POST', '/api/creditos/abonos', {
          venta_id: ventaSiguiente,
          fecha_abono: hoy,
          observacion_abono: 'Inicial',
          valor_abono: 1_000,
          lista_formas_pagadas_form: [{ id_forma_pago: 8, valor_pagado: 600 }, { id_forma_pago: 1, valor_pagado: 400 }],
        });
        expect(inicial.statusCode, inicial.body).toBe(200);
        const pagos: number[] = [inicial.json().data.movimiento_id];
        const ejecutar = async (c: Comando): Promise<number> => {
          const cliente = clientes[c.tipo === 'anular' ? 0 : c.cliente]!;
          switch (c.tipo) {
            case 'cargo': {
              const ventaId = ++ventaSiguiente;
              try {
                await entorno.db.transaction().execute((trx) => cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.terceroId, ventaId, valor: c.valor }, actor));
                cliente.ventas.push(ventaId);
                return 200;
              } catch (error) {
                return (error as { status?: number }).status ?? 500;
              }
            }
            case 'pago': {
              if (cliente.ventas.length === 0) return 0;
              const ventaId = cliente.ventas[c.venta % cliente.ventas.length]!;
              // Half of the payments use the advance balance for a quarter of the amount.
              const conAnticipo = c.anticipo < 2 && c.valor >= 0.04;
              const parteAnticipo = conAnticipo ? Math.floor(c.valor * 25) / 100 : 0;
              const formas = conAnticipo
                ? [
                    { id_forma_pago: 8, valor_pagado: parteAnticipo },
                    { id_forma_pago: 1, valor_pagado: Math.round((c.valor - parteAnticipo) * 100) / 100 },
                  ]
                : [{ id_forma_pago: 1, valor_pagado: c.valor }];
              const respuesta = await llamar('POST', '/api/creditos/abonos', {
                venta_id: ventaId,
                fecha_abono: hoy,
                observacion_abono: 'Propiedad',
                valor_abono: c.valor,
                lista_formas_pagadas_form: formas,
              });
              if (respuesta.statusCode === 200) pagos.push(respuesta.json().data.movimiento_id);
              else expect(respuesta.json().message).toMatch(/^(El abono no debe superar el saldo pendiente|El valor del anticipo no debe superar)/);
              return respuesta.statusCode;
            }
            case 'anular': {
              if (pagos.length === 0) return 0;
              return (await llamar('PUT', `/api/creditos/abonos/${pagos[c.pago % pagos.length]}/anular`)).statusCode;
            }
            case 'eliminar':
              return (await llamar('PUT', `/api/creditos/${cliente.cuentaId}/eliminar`, { motivo: 'Propiedad del libro' })).statusCode;
            case 'anticipo':
              await entorno.db.transaction().execute((trx) => abonosService.registrarAbono(trx, { terceroId: cliente.terceroId, valor: c.valor }, actor));
              return 200;
            case 'pagoCuenta':
              return (await llamar('PUT', '/api/cuentas-credito/pago', { cuenta_credito_id: cliente.cuentaId, valor_pago: c.valor })).statusCode;
            case 'anularVenta': {
              if (cliente.ventas.length === 0) return 0;
              const ventaId = cliente.ventas[c.venta % cliente.ventas.length]!;
              try {
                await entorno.db.transaction().execute((trx) => cuentasCreditoService.reversarCreditoVenta(trx, { ventaId }, actor));
                return 200;
              } catch (error) {
                return (error as { status?: number }).status ?? 500;
              }
            }
          }
        };
        for (const lote of lotes) {
          const estados = await Promise.all(lote.map(ejecutar));
          // Never a 500: every refusal is a Spanish 409 or 422.
          for (const estado of estados) expect([0, 200, 409, 422]).toContain(estado);
        }
        await verificarLibro(clientes.map((c) => c.cuentaId));
      }),
      { seed: 17, numRuns: 20, endOnFailure: true },
    );
    expect(cuentasVistas.length).toBe(40);
    // Every kind of movement happened at least once over the runs.
    const tipos = await entorno.db.selectFrom('cuenta_credito_movimiento').select('tipo_movimiento_credito_id').distinct().where('cuenta_credito_id', 'in', cuentasVistas).execute();
    expect(tipos.map((t) => t.tipo_movimiento_credito_id).sort()).toEqual([1, 2, 3, 4, 5]);
    // And payments spent advance balance.
    const conAnticipo = await entorno.db
      .selectFrom('cuenta_credito_movimiento_forma_pago as f')
      .innerJoin('cuenta_credito_movimiento as m', 'm.id', 'f.cuenta_credito_movimiento_id')
      .select('f.id')
      .where('m.cuenta_credito_id', 'in', cuentasVistas)
      .where('f.abono_tercero_id', 'is not', null)
      .execute();
    expect(conAnticipo.length).toBeGreaterThan(0);
  });
});

describe("billing's sale annulment and the per-sale credit", () => {
  it('refuses to annul a billed credit sale with live payments; once they are annulled, reverses what it still owes', async () => {
    const { db, app } = entorno;
    const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
    const proveedor = await crearProveedor(db);
    const tablero = await crearProducto(db, {
      impuesto_id: exento.id,
      proveedor_id: proveedor.id,
      grupo_id: 1,
      linea_id: 1,
      precio_unitario: 100_000,
      tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 }],
    });
    await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
    // A credit bill is an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
    await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FE' });
    const cliente = await crearTercero(db);
    const cuentaId = await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
    const venta = await crearVentaConLineas(db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: cajero.id, lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000 }] });
    const facturada = await app.inject({
      method: 'POST',
      url: `/api/facturas/${venta.id}/forma-pago`,
      headers: headers(cajero.token, tienda.codigo_tienda),
      payload: cuerpoFacturar([{ id_forma_pago: 6, valor_pagado: 200_000 }], { crear_venta_credito: true }),
    });
    expect(facturada.statusCode, facturada.body).toBe(200);

    const pago = await llamar('POST', '/api/creditos/abonos', {
      venta_id: venta.id,
      fecha_abono: hoy,
      observacion_abono: 'Abono',
      valor_abono: 50_000,
      lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 50_000 }],
    });
    expect(pago.statusCode).toBe(200);
    const anular = () =>
      app.inject({ method: 'PUT', url: `/api/facturas/${venta.id}/anular`, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: { concepto_nota: '2', motivo: 'Cliente desiste' } });
    const refusada = await anular();
    expect(refusada.statusCode).toBe(409);
    expect(refusada.json().message).toBe(MENSAJE_ANULAR_CON_PAGOS_CREDITO(1));
    expect((await db.selectFrom('venta').select('estado_venta_id').where('id', '=', venta.id).executeTakeFirstOrThrow()).estado_venta_id).toBe(2);

    // Once its payment is annulled the sale can be annulled: a type 4 for what it still owes.
    expect((await llamar('PUT', `/api/creditos/abonos/${pago.json().data.movimiento_id}/anular`)).statusCode).toBe(200);
    expect((await anular()).statusCode).toBe(200);
    const libro = await db.selectFrom('cuenta_credito_movimiento').select(['tipo_movimiento_credito_id', 'valor_movimiento', 'saldo_credito']).where('cuenta_credito_id', '=', cuentaId).orderBy('id').execute();
    expect(libro.map((m) => [m.tipo_movimiento_credito_id, m.valor_movimiento, m.saldo_credito])).toEqual([
      [1, '200000.00', '200000.00'],
      [2, '50000.00', '150000.00'],
      [3, '50000.00', '200000.00'],
      [4, '200000.00', '0.00'],
    ]);
    // A payment to the annulled sale finds nothing pending.
    const tarde = await llamar('POST', '/api/creditos/abonos', {
      venta_id: venta.id,
      fecha_abono: hoy,
      observacion_abono: 'Tarde',
      valor_abono: 1,
      lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1 }],
    });
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().message).toBe(MENSAJES_CREDITOS.superaSaldo('$ 0'));
    await verificarLibro([cuentaId]);
  });
});
