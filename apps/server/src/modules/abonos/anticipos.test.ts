import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  ERRORES,
  hoyNegocio,
  MENSAJES_ANTICIPOS,
  MENSAJES_DINERO,
  PARAMETROS_EMPRESA,
  sumarMeses,
  type MovimientoAnticipo,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { textoPdf } from '../../documents/pdf-texto';
import { actorSistema, ejecutarCasoDeUso, type Actor } from '../../db/transaccion';
import { firmarEnlaceCorto } from '../../lib/enlaces';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import {
  crearParametro,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as abonosService from './abonos.service';
import { ENLACE_RECIBO_ANTICIPO } from './enlaces-anticipo';

const entorno = usarEntorno();

const NAVEGADOR = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CLIENTE_API = 'application/json, text/plain, */*';

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let admin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db, { nombre_tienda: 'Tablero Centro' });
  ajena = await crearTienda(entorno.db);
  ({ superAdmin: admin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  await crearParametro(entorno.db, { codigo_parametro: PARAMETROS_EMPRESA.razon_social, valor_parametro: 'Tableros del Valle S.A.S.' });
  await crearParametro(entorno.db, { codigo_parametro: PARAMETROS_EMPRESA.nit, valor_parametro: '900123456-7' });
});

const llamar = (metodo: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda: string | undefined = tienda.codigo_tienda) =>
  entorno.app.inject({
    method: metodo,
    url,
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const actorAdmin = (): Actor => ({ ...actorSistema(tienda.codigo_tienda), userId: admin.id });

const saldoDe = async (id: number) =>
  (await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', id).executeTakeFirstOrThrow()).saldo_abono;
const movimientosDe = (id: number) =>
  entorno.db
    .selectFrom('abono_tercero')
    .select([
      'id',
      'tipo_movimiento_abono_id',
      'fecha_abono',
      'descripcion_abono',
      'valor_abono',
      'saldo_abono',
      'venta_id',
      'movimiento_origen_id',
      'forma_pago_id',
      'codigo_comprobante',
      'consecutivo_anticipo',
      'codigo_tienda',
      'user_id',
    ])
    .where('tercero_id', '=', id)
    .orderBy('id')
    .execute();

const cuerpo = (clienteId: number, cambios: Record<string, unknown> = {}) => ({
  cliente_id: clienteId,
  fecha_anticipo: hoyNegocio(),
  valor_anticipo: 100_000,
  observacion_anticipo: 'Anticipo para cocina integral',
  ...cambios,
});

/** An advance through the API; answers its data. */
async function anticipar(clienteId: number, cambios: Record<string, unknown> = {}) {
  const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(clienteId, cambios));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as { id: number; consecutivo_anticipo: number; total_anticipo: number; enlace_documento: string };
}

/** A spend of the balance on a sale (what billing does), in its own transaction. */
async function gastar(clienteId: number, valor: number) {
  const venta = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: clienteId, vendedor_id: admin.id });
  const uso = await ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.usarAbono(trx, { terceroId: clienteId, valor, ventaId: venta.id }, actor));
  return { ventaId: venta.id, ...uso };
}

/** The balance equals the sum of the ledger, and every row's balance is the running sum in id order, never negative. */
async function libroCuadra(clienteId: number) {
  const movimientos = await movimientosDe(clienteId);
  let corrido = 0;
  for (const m of movimientos) {
    corrido += Math.round(Number(m.valor_abono) * 100);
    expect(Math.round(Number(m.saldo_abono) * 100), `movimiento ${m.id}`).toBe(corrido);
    expect(corrido).toBeGreaterThanOrEqual(0);
  }
  expect(Math.round(Number(await saldoDe(clienteId)) * 100)).toBe(corrido);
  return movimientos;
}

/** Refusals every advances route shares: no token 401, every role but SuperAdministrador 403. */
function rechazosDeAcceso(metodo: 'GET' | 'POST' | 'PUT', url: () => Promise<string>, payload?: () => Promise<unknown>) {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar(metodo, await url(), null, await payload?.())).statusCode).toBe(401);
  });

  it.each(ROLES_NO_SUPER_ADMIN)('refuses %s with 403 (SuperAdministrador only)', async (rol) => {
    const respuesta = await llamar(metodo, await url(), porRol[rol].token, await payload?.());
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await llamar(metodo, await url(), admin.token, await payload?.(), ajena.codigo_tienda)).statusCode).toBe(403);
  });
}

describe('POST /api/anticipos/guardar', () => {
  let cliente: number;
  beforeAll(async () => {
    cliente = (await crearTercero(entorno.db)).id;
  });

  rechazosDeAcceso('POST', async () => '/api/anticipos/guardar', async () => cuerpo(cliente));

  it('refuses a call without the store with 422 and writes nothing', async () => {
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(cliente), '');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
    expect(await movimientosDe(cliente)).toEqual([]);
  });

  it.each([
    ['an empty body', {}],
    ['a body that is no object', [1, 2]],
    ['two missing fields', { cliente_id: 1, fecha_anticipo: '2026-01-01' }],
  ])('answers "Faltan campos por ingresar" to %s (422), naming each missing field', async (_caso, payload) => {
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.faltanCampos);
    if (!Array.isArray(payload) && !('cliente_id' in payload)) expect(respuesta.json().errors.cliente_id).toEqual([MENSAJES_ANTICIPOS.cliente]);
  });

  it.each([
    ['no customer', { cliente_id: undefined }, 'cliente_id', MENSAJES_ANTICIPOS.cliente],
    ['customer 0', { cliente_id: 0 }, 'cliente_id', MENSAJES_ANTICIPOS.cliente],
    ['customer 2^31', { cliente_id: 2 ** 31 }, 'cliente_id', MENSAJES_ANTICIPOS.cliente],
    ['customer 1e308', { cliente_id: 1e308 }, 'cliente_id', MENSAJES_ANTICIPOS.cliente],
    ['no date', { fecha_anticipo: '' }, 'fecha_anticipo', MENSAJES_ANTICIPOS.fecha],
    ['an impossible date', { fecha_anticipo: '2026-02-30' }, 'fecha_anticipo', MENSAJES_ANTICIPOS.fecha],
    ['a date after today', { fecha_anticipo: sumarMeses(hoyNegocio(), 1) }, 'fecha_anticipo', MENSAJES_ANTICIPOS.fechaFutura],
    ['no value', { valor_anticipo: null }, 'valor_anticipo', MENSAJES_ANTICIPOS.valor],
    ['a value that is no number', { valor_anticipo: 'mil' }, 'valor_anticipo', MENSAJES_ANTICIPOS.valor],
    ['a zero value', { valor_anticipo: '0' }, 'valor_anticipo', MENSAJES_ANTICIPOS.valorCero],
    ['a negative value', { valor_anticipo: -5000 }, 'valor_anticipo', MENSAJES_ANTICIPOS.valorCero],
    ['three decimals', { valor_anticipo: 10.005 }, 'valor_anticipo', MENSAJES_DINERO.decimales],
    ['a huge value', { valor_anticipo: 1e308 }, 'valor_anticipo', MENSAJES_DINERO.maximo],
    ['a value above the limit', { valor_anticipo: '1,000,000,000,000' }, 'valor_anticipo', MENSAJES_DINERO.maximo],
    ['no observation', { observacion_anticipo: '   ' }, 'observacion_anticipo', MENSAJES_ANTICIPOS.observacion],
    ['a long observation', { observacion_anticipo: 'x'.repeat(201) }, 'observacion_anticipo', MENSAJES_ANTICIPOS.observacionLarga],
    ['the credit method (6)', { forma_pago_id: 6 }, 'forma_pago_id', MENSAJES_ANTICIPOS.formaNoPermitida],
    ['the advance method (8)', { forma_pago_id: 8 }, 'forma_pago_id', MENSAJES_ANTICIPOS.formaNoPermitida],
    ['an unknown method', { forma_pago_id: 99 }, 'forma_pago_id', MENSAJES_ANTICIPOS.formaNoPermitida],
    ['a method 2^31', { forma_pago_id: 2 ** 31 }, 'forma_pago_id', MENSAJES_ANTICIPOS.formaPago],
    ['a transfer without its voucher code', { forma_pago_id: 4 }, 'codigo_comprobante', MENSAJES_ANTICIPOS.comprobante],
    ['a long voucher code', { forma_pago_id: 4, codigo_comprobante: '9'.repeat(61) }, 'codigo_comprobante', MENSAJES_ANTICIPOS.comprobanteLargo],
  ])('refuses %s with 422 and its message, writing nothing', async (_caso, cambios, campo, mensaje) => {
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(cliente, cambios));
    expect(respuesta.statusCode, respuesta.body).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: mensaje, errors: { [campo]: [mensaje] } });
    expect(await movimientosDe(cliente)).toEqual([]);
    expect(await saldoDe(cliente)).toBe('0.00');
  });

  it('refuses a NUL byte in the observation or the voucher code with 422 naming the field', async () => {
    for (const cambios of [{ observacion_anticipo: 'Anticipo\u0000' }, { forma_pago_id: 4, codigo_comprobante: 'A\u0000B' }]) {
      const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(cliente, cambios));
      expect(respuesta.statusCode).toBe(422);
      expect(Object.keys(respuesta.json().errors)).toEqual([Object.keys(cambios).at(-1)]);
    }
    expect(await movimientosDe(cliente)).toEqual([]);
  });

  it('refuses a customer that does not exist with 422 "Debe seleccionar un cliente"', async () => {
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(2_147_483_647));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_ANTICIPOS.cliente, errors: { cliente_id: [MENSAJES_ANTICIPOS.cliente] } });
  });

  it('refuses a third party who is not a customer with 409 and writes nothing', async () => {
    const proveedor = await crearTercero(entorno.db, { tipo_tercero: 'MSJ' });
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(proveedor.id));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.soloClientes);
    expect(await movimientosDe(proveedor.id)).toEqual([]);
  });

  it('writes the advance (type 1, its consecutive, method, voucher, date, observation, store, user) and raises the balance in one transaction', async () => {
    const nuevo = (await crearTercero(entorno.db, { saldo_abono: 0 })).id;
    const ayer = sumarMeses(hoyNegocio(), 0).replace(/-\d\d$/, '-01');
    const respuesta = await llamar(
      'POST',
      '/api/anticipos/guardar',
      admin.token,
      cuerpo(nuevo, { valor_anticipo: '1,250,000.50', fecha_anticipo: ayer, forma_pago_id: '4', codigo_comprobante: ' TRF-778 ', observacion_anticipo: ' Separa tableros ' }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe('Anticipo registrado con éxito');
    expect(data).toEqual({ id: expect.any(Number), consecutivo_anticipo: expect.any(Number), total_anticipo: 1250000.5, enlace_documento: expect.stringMatching(/^\/api\/public\/anticipo\//) });
    expect(await saldoDe(nuevo)).toBe('1250000.50');
    expect(await movimientosDe(nuevo)).toEqual([
      {
        id: data.id,
        tipo_movimiento_abono_id: 1,
        fecha_abono: ayer,
        descripcion_abono: 'Separa tableros',
        valor_abono: '1250000.50',
        saldo_abono: '1250000.50',
        venta_id: null,
        movimiento_origen_id: null,
        forma_pago_id: 4,
        codigo_comprobante: 'TRF-778',
        consecutivo_anticipo: data.consecutivo_anticipo,
        codigo_tienda: tienda.codigo_tienda,
        user_id: admin.id,
      },
    ]);
    // The next advance (cash by default) takes the next consecutive of the business.
    const otro = await anticipar(cliente, { forma_pago_id: '' });
    expect(otro.consecutivo_anticipo).toBe(data.consecutivo_anticipo + 1);
    expect((await movimientosDe(cliente)).at(-1)).toMatchObject({ forma_pago_id: 1, codigo_comprobante: null });
  });

  it('a 001 abono is an advance too: it gets the next consecutive and cash as its method', async () => {
    const nuevo = (await crearTercero(entorno.db)).id;
    const antes = await anticipar(nuevo);
    const abono = await llamar('POST', `/api/terceros/${nuevo}/abono`, admin.token, { valor_abono: 5000 });
    expect(abono.statusCode).toBe(200);
    expect((await movimientosDe(nuevo)).at(-1)).toMatchObject({ tipo_movimiento_abono_id: 1, consecutivo_anticipo: antes.consecutivo_anticipo + 1, forma_pago_id: 1 });
  });

  it('an advance past the numeric(18,2) balance answers 409 VALOR_EXCEDE_LIMITE and leaves balance and ledger as they were', async () => {
    const nuevo = (await crearTercero(entorno.db)).id;
    const casiLleno = '9999999999999000.00';
    await sql`update tercero set saldo_abono = ${casiLleno}::numeric where id = ${nuevo}`.execute(entorno.db);
    const respuesta = await llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(nuevo, { valor_anticipo: 999_999_999_999 }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().code).toBe('VALOR_EXCEDE_LIMITE');
    expect(await saldoDe(nuevo)).toBe(casiLleno);
    expect(await movimientosDe(nuevo)).toEqual([]);
  });
});

describe('PUT /api/anticipos/movimientos/{id}/anular', () => {
  let anticipoId: number;
  beforeAll(async () => {
    anticipoId = (await anticipar((await crearTercero(entorno.db)).id)).id;
  });

  rechazosDeAcceso('PUT', async () => `/api/anticipos/movimientos/${anticipoId}/anular`);

  it('refuses a call without the store with 422', async () => {
    const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${anticipoId}/anular`, admin.token, undefined, '');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
  });

  it('answers 404 to an id no movement has (0, 2^31, text, unknown)', async () => {
    for (const id of ['0', String(2 ** 31), 'abc', '1e3', '2147483647']) {
      const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${id}/anular`, admin.token);
      expect(respuesta.statusCode, id).toBe(404);
    }
    expect((await llamar('PUT', '/api/anticipos/movimientos/2147483647/anular', admin.token)).json().message).toBe(MENSAJES_ANTICIPOS.noEncontrado);
  });

  it('annuls the advance: a type-3 row naming it, with its method, and the lowered balance; a second time is 409', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    const primero = await anticipar(cliente, { valor_anticipo: 40_000 });
    const segundo = await anticipar(cliente, { valor_anticipo: 60_000, forma_pago_id: 2, codigo_comprobante: 'DEB-1' });
    const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${segundo.id}/anular`, admin.token);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Anticipo anulado', data: { id: expect.any(Number), total_anticipo: 40_000 } });
    expect(await saldoDe(cliente)).toBe('40000.00');
    expect((await movimientosDe(cliente)).at(-1)).toMatchObject({
      id: respuesta.json().data.id,
      tipo_movimiento_abono_id: 3,
      valor_abono: '-60000.00',
      saldo_abono: '40000.00',
      movimiento_origen_id: segundo.id,
      forma_pago_id: 2,
      consecutivo_anticipo: null,
      descripcion_abono: `Anulación del anticipo No. ${segundo.consecutivo_anticipo}`,
      codigo_tienda: tienda.codigo_tienda,
      user_id: admin.id,
    });
    const otraVez = await llamar('PUT', `/api/anticipos/movimientos/${segundo.id}/anular`, admin.token);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(MENSAJES_ANTICIPOS.yaAnulado);
    expect(await saldoDe(cliente)).toBe('40000.00');
    expect(primero.id).toBeLessThan(segundo.id);
    await libroCuadra(cliente);
  });

  it('refuses a movement that is not an advance (a spend, an annulment) with 409', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    const anticipo = await anticipar(cliente, { valor_anticipo: 50_000 });
    const uso = await gastar(cliente, 10_000);
    const anulada = (await llamar('PUT', `/api/anticipos/movimientos/${anticipo.id}/anular`, admin.token)).statusCode;
    expect(anulada).toBe(409); // spent: the balance (40,000) no longer holds 50,000
    for (const id of [uso.movimientoId]) {
      const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${id}/anular`, admin.token);
      expect(respuesta.statusCode).toBe(409);
      expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.noAnulable);
    }
  });

  it('refuses an advance the balance no longer holds (it was spent) with 409 and its message, changing nothing', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    const anticipo = await anticipar(cliente, { valor_anticipo: 100_000 });
    await gastar(cliente, 30_000.5);
    const antes = await movimientosDe(cliente);
    const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${anticipo.id}/anular`, admin.token);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.saldoInsuficiente('$ 69,999.50', '$ 100,000'));
    expect(await movimientosDe(cliente)).toEqual(antes);
    expect(await saldoDe(cliente)).toBe('69999.50');
  });

  it('annuls a 001 abono the same way (one ledger)', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    expect((await llamar('POST', `/api/terceros/${cliente}/abono`, admin.token, { valor_abono: 7000 })).statusCode).toBe(200);
    const [abono] = await movimientosDe(cliente);
    const respuesta = await llamar('PUT', `/api/anticipos/movimientos/${abono!.id}/anular`, admin.token);
    expect(respuesta.statusCode).toBe(200);
    expect(await saldoDe(cliente)).toBe('0.00');
  });
});

describe('revertirUsoAbono (annulling a credit payment made with the advance)', () => {
  it('gives ONE spend back with a type-4 row naming it, answers the new balance, and refuses it twice with 409', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    await anticipar(cliente, { valor_anticipo: 100_000 });
    const uno = await gastar(cliente, 30_000);
    const dos = await gastar(cliente, 20_000);
    expect(uno.saldo).toBe(70_000);
    const saldo = await ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.revertirUsoAbono(trx, { movimientoId: uno.movimientoId }, actor));
    expect(saldo).toBe(80_000);
    expect((await movimientosDe(cliente)).at(-1)).toMatchObject({
      tipo_movimiento_abono_id: 4,
      valor_abono: '30000.00',
      saldo_abono: '80000.00',
      venta_id: uno.ventaId,
      movimiento_origen_id: uno.movimientoId,
      user_id: admin.id,
      codigo_tienda: tienda.codigo_tienda,
    });
    await expect(
      ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.revertirUsoAbono(trx, { movimientoId: uno.movimientoId, descripcion: 'Anulación del abono' }, actor)),
    ).rejects.toMatchObject({ status: 409, message: abonosService.MENSAJE_USO_YA_REVERTIDO });
    // The sale's annulment gives back only what was not given back already.
    const devuelto = await ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.devolverAbonoVenta(trx, { ventaId: uno.ventaId }, actor));
    expect(devuelto).toBe(0);
    expect(await saldoDe(cliente)).toBe('80000.00');
    expect(dos.saldo).toBe(50_000);
    await libroCuadra(cliente);
  });

  it('answers 404 for an id that is no spend (an advance, nothing)', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    const anticipo = await anticipar(cliente);
    for (const movimientoId of [anticipo.id, 2_147_483_647]) {
      await expect(
        ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.revertirUsoAbono(trx, { movimientoId }, actor)),
      ).rejects.toMatchObject({ status: 404 });
    }
  });

  it('two give-backs of one spend in parallel: one wins, the other is refused, the balance counts it once', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    await anticipar(cliente, { valor_anticipo: 10_000 });
    const uso = await gastar(cliente, 10_000);
    const resultados = await Promise.allSettled(
      Array.from({ length: 6 }, () => ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.revertirUsoAbono(trx, { movimientoId: uso.movimientoId }, actor))),
    );
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(resultados.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([409, 409, 409, 409, 409]);
    expect(await saldoDe(cliente)).toBe('10000.00');
    await libroCuadra(cliente);
  });
});

describe('concurrency on one customer', () => {
  it('parallel advances, annulments, spends and give-backs leave saldo_abono = the sum of the ledger, never negative', async () => {
    const cliente = (await crearTercero(entorno.db)).id;
    const iniciales = await Promise.all(Array.from({ length: 8 }, (_, i) => anticipar(cliente, { valor_anticipo: 10_000 + i })));
    const usos = await Promise.all([gastar(cliente, 5_000), gastar(cliente, 7_000)]);
    const operaciones: Promise<unknown>[] = [
      // Each advance annulled twice at once: at most one of each pair wins.
      ...iniciales.flatMap((a) => [a, a]).map((a) => llamar('PUT', `/api/anticipos/movimientos/${a.id}/anular`, admin.token)),
      ...Array.from({ length: 8 }, (_, i) => llamar('POST', '/api/anticipos/guardar', admin.token, cuerpo(cliente, { valor_anticipo: 1_000 + i }))),
      ...usos.map((u) =>
        ejecutarCasoDeUso(entorno.db, actorAdmin(), (trx, actor) => abonosService.revertirUsoAbono(trx, { movimientoId: u.movimientoId }, actor)).catch((e: unknown) => e),
      ),
      ...Array.from({ length: 4 }, () => gastar(cliente, 3_000).catch((e: unknown) => e)),
    ];
    const respuestas = await Promise.all(operaciones);
    const estados = respuestas.slice(0, 16).map((r) => (r as { statusCode: number }).statusCode);
    expect(estados.every((s) => s === 200 || s === 409)).toBe(true);
    expect(respuestas.slice(16, 24).every((r) => (r as { statusCode: number }).statusCode === 200)).toBe(true);
    const movimientos = await libroCuadra(cliente);
    // Each advance annulled at most once.
    const anulados = movimientos.filter((m) => m.tipo_movimiento_abono_id === 3).map((m) => m.movimiento_origen_id);
    expect(new Set(anulados).size).toBe(anulados.length);
    const consecutivos = movimientos.filter((m) => m.tipo_movimiento_abono_id === 1).map((m) => m.consecutivo_anticipo);
    expect(new Set(consecutivos).size).toBe(16);
  });
});

describe('GET /api/anticipos', () => {
  let ana: number;
  let beto: number;
  let sinMovimientos: number;
  beforeAll(async () => {
    beto = (await crearTercero(entorno.db, { nombres: 'Aaron Beto', apellidos: 'Zuluaga' })).id;
    ana = (await crearTercero(entorno.db, { nombres: 'Aaron Ana', apellidos: 'Zapata' })).id;
    sinMovimientos = (await crearTercero(entorno.db, { nombres: 'Aaron Aaron', apellidos: 'Sin anticipos', saldo_abono: 0 })).id;
    await anticipar(ana, { valor_anticipo: 150_000.25 });
    await anticipar(beto, { valor_anticipo: 80_000 });
    const anulado = await anticipar(beto, { valor_anticipo: 20_000 });
    await llamar('PUT', `/api/anticipos/movimientos/${anulado.id}/anular`, admin.token);
  });

  rechazosDeAcceso('GET', async () => '/api/anticipos');

  it.each(['abc', '-1', String(2 ** 31), '1e308', '1.5'])('refuses cliente_id=%s with 422', async (valor) => {
    const respuesta = await llamar('GET', `/api/anticipos?cliente_id=${valor}`, admin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.clienteFiltro);
  });

  it.each(['page=0', 'page=abc', 'per_page=7', 'page=1e308'])('refuses %s with 422', async (query) => {
    expect((await llamar('GET', `/api/anticipos?${query}`, admin.token)).statusCode).toBe(422);
  });

  it('lists customers with movements by name (with their balance) and the total of the filtered set', async () => {
    const respuesta = await llamar('GET', '/api/anticipos?per_page=100&cliente_id=0', admin.token);
    expect(respuesta.statusCode).toBe(200);
    const { anticipos, total_anticipos } = respuesta.json().data;
    const ids = anticipos.data.map((a: { id: number }) => a.id);
    expect(ids.slice(0, 2)).toEqual([ana, beto]);
    expect(ids).not.toContain(sinMovimientos);
    expect(anticipos.data[0]).toEqual({ id: ana, cliente_id: ana, numero_documento: expect.any(String), nombres: 'Aaron Ana', apellidos: 'Zapata', total_anticipo: 150000.25 });
    expect(anticipos.data[1].total_anticipo).toBe(80_000);
    const suma = (await entorno.db
      .selectFrom('tercero')
      .select(sql<string>`sum(saldo_abono)`.as('s'))
      .where((eb) => eb.exists(eb.selectFrom('abono_tercero').select('id').whereRef('abono_tercero.tercero_id', '=', 'tercero.id')))
      .executeTakeFirstOrThrow()).s;
    expect(total_anticipos).toBe(Number(suma));
    expect(anticipos.total).toBe(ids.length);
  });

  it('filters by customer (its total only) and pages', async () => {
    const uno = (await llamar('GET', `/api/anticipos?cliente_id=${beto}`, admin.token)).json().data;
    expect(uno).toEqual({
      anticipos: { data: [expect.objectContaining({ id: beto, total_anticipo: 80_000 })], current_page: 1, last_page: 1, per_page: 10, total: 1 },
      total_anticipos: 80_000,
    });
    const nadie = (await llamar('GET', `/api/anticipos?cliente_id=${sinMovimientos}`, admin.token)).json().data;
    expect(nadie).toEqual({ anticipos: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }, total_anticipos: 0 });
    const pagina2 = (await llamar('GET', '/api/anticipos?page=2&per_page=10', admin.token)).json().data.anticipos;
    expect(pagina2.current_page).toBe(2);
    expect(pagina2.total).toBeGreaterThan(10);
  });
});

describe('GET /api/anticipos/saldo', () => {
  rechazosDeAcceso('GET', async () => '/api/anticipos/saldo?cliente_id=1');

  it.each(['', 'cliente_id=', 'cliente_id=abc', `cliente_id=${2 ** 31}`, 'cliente_id=0'])('refuses "%s" with 422 "Debe seleccionar un cliente"', async (query) => {
    const respuesta = await llamar('GET', `/api/anticipos/saldo?${query}`, admin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(MENSAJES_ANTICIPOS.cliente);
  });

  it('answers 404 for an unknown customer and the balance otherwise', async () => {
    expect((await llamar('GET', '/api/anticipos/saldo?cliente_id=2147483647', admin.token)).statusCode).toBe(404);
    const cliente = (await crearTercero(entorno.db)).id;
    await anticipar(cliente, { valor_anticipo: 12_345.67 });
    expect((await llamar('GET', `/api/anticipos/saldo?cliente_id=${cliente}`, admin.token)).json()).toEqual({ data: { total_anticipo: 12345.67 } });
  });
});

describe('GET /api/anticipos/{id}/movimientos', () => {
  let cliente: number;
  beforeAll(async () => {
    cliente = (await crearTercero(entorno.db)).id;
  });

  rechazosDeAcceso('GET', async () => `/api/anticipos/${cliente}/movimientos`);

  it('answers 404 to an id no customer has', async () => {
    for (const id of ['0', String(2 ** 31), 'abc', '2147483647']) expect((await llamar('GET', `/api/anticipos/${id}/movimientos`, admin.token)).statusCode, id).toBe(404);
  });

  it.each(['page=0', 'per_page=3', 'page=abc'])('refuses %s with 422', async (query) => {
    expect((await llamar('GET', `/api/anticipos/${cliente}/movimientos?${query}`, admin.token)).statusCode).toBe(422);
  });

  it('lists every movement newest first with consecutive, type, method, user, annulled flag and the receipt link', async () => {
    const anticipo = await anticipar(cliente, { valor_anticipo: 90_000, forma_pago_id: 4, codigo_comprobante: 'TRF-1', observacion_anticipo: 'Para puertas' });
    const anulado = await anticipar(cliente, { valor_anticipo: 5_000 });
    const anulacion = (await llamar('PUT', `/api/anticipos/movimientos/${anulado.id}/anular`, admin.token)).json().data.id as number;
    const uso = await gastar(cliente, 40_000);
    const respuesta = await llamar('GET', `/api/anticipos/${cliente}/movimientos`, admin.token);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.anticipos_movimientos;
    expect(pagina).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 4 });
    const filas = pagina.data as MovimientoAnticipo[];
    expect(filas.map((f) => f.id)).toEqual([uso.movimientoId, anulacion, anulado.id, anticipo.id]);
    expect(filas[3]).toEqual({
      id: anticipo.id,
      consecutivo_anticipo: anticipo.consecutivo_anticipo,
      fecha_anticipo: hoyNegocio(),
      fecha_inserta: expect.any(String),
      tipo_movimiento_anticipo_id: 1,
      nombre_tipo_movimiento_anticipo: 'Anticipo',
      descripcion_movimiento: 'Para puertas',
      valor_movimiento: 90_000,
      saldo_anticipo: 90_000,
      usuario_inserta: admin.name,
      venta_id: null,
      anulado: false,
      nombre_forma_pago: 'Transferencia bancaria',
      codigo_comprobante: 'TRF-1',
      enlace_documento: expect.stringMatching(/^\/api\/public\/anticipo\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/),
    });
    expect(filas[2]).toMatchObject({ anulado: true, nombre_forma_pago: 'Efectivo', enlace_documento: expect.any(String) });
    expect(filas[1]).toMatchObject({ tipo_movimiento_anticipo_id: 3, nombre_tipo_movimiento_anticipo: 'Anulación de anticipo', valor_movimiento: -5_000, consecutivo_anticipo: null, anulado: false });
    expect(filas[0]).toMatchObject({ tipo_movimiento_anticipo_id: 2, nombre_tipo_movimiento_anticipo: 'Pago de venta', venta_id: uso.ventaId, enlace_documento: null, nombre_forma_pago: null, saldo_anticipo: 50_000 });
    // The annulment's link is its advance's receipt.
    expect((await entorno.app.inject({ method: 'GET', url: filas[1]!.enlace_documento! })).statusCode).toBe(200);
  });
});

describe('GET /api/public/anticipo/{token}', () => {
  let cliente: Awaited<ReturnType<typeof crearTercero>>;
  let anticipo: Awaited<ReturnType<typeof anticipar>>;
  beforeAll(async () => {
    cliente = await crearTercero(entorno.db, { nombres: 'María Fernanda', apellidos: 'Ospina Ruiz' });
    anticipo = await anticipar(cliente.id, { valor_anticipo: '1,250,000.50', forma_pago_id: 5, codigo_comprobante: 'CONS-99', observacion_anticipo: 'Anticipo cocina: tableros RH' });
  });

  const pedir = (url: string, accept?: string) => entorno.app.inject({ method: 'GET', url, ...(accept ? { headers: { accept } } : {}) });

  it('serves the receipt PDF without a session: customer, consecutive, date, value, method, observation, who received it, store, issuer', async () => {
    const respuesta = await pedir(anticipo.enlace_documento, NAVEGADOR);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toBe('application/pdf');
    expect(respuesta.headers['content-disposition']).toBe(`inline; filename="recibo-anticipo-${anticipo.consecutivo_anticipo}.pdf"`);
    expect(respuesta.headers['cache-control']).toBe('private, no-store');
    const texto = textoPdf(respuesta.rawPayload);
    const [anio, mes, dia] = hoyNegocio().split('-');
    for (const esperado of [
      'Tableros del Valle S.A.S.',
      'NIT 900123456-7',
      `Tienda ${tienda.codigo_tienda} · Tablero Centro`,
      'Recibo de anticipo',
      `No. ${anticipo.consecutivo_anticipo}`,
      `Fecha: ${dia}/${mes}/${anio}`,
      'María Fernanda Ospina Ruiz',
      cliente.numero_documento,
      '$ 1,250,000.50',
      'Consignación · Comprobante CONS-99',
      'Anticipo cocina: tableros RH',
      admin.name,
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).toMatch(/Son: UN MILL[OÓ]N/);
    expect(texto).not.toContain('ANULADO');
  });

  it('marks an annulled advance', async () => {
    const otro = await anticipar(cliente.id, { valor_anticipo: 1_000 });
    await llamar('PUT', `/api/anticipos/movimientos/${otro.id}/anular`, admin.token);
    const texto = textoPdf((await pedir(otro.enlace_documento)).rawPayload);
    expect(texto).toContain('ANULADO');
    expect(texto).toContain(`Anticipo anulado el`);
  });

  it('answers 404 JSON to a link that is altered, expired, for another purpose, of no advance, or bare', async () => {
    const token = anticipo.enlace_documento.split('/').at(-1)!;
    const [id36, expira36, mac] = token.split('.') as [string, string, string];
    const uso = await gastar(cliente.id, 1);
    const invalidos: Record<string, string> = {
      'firma alterada': `${id36}.${expira36}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      'otro movimiento con la misma firma': `${(parseInt(id36, 36) + 1).toString(36)}.${expira36}.${mac}`,
      expirado: firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_RECIBO_ANTICIPO.proposito, anticipo.id, new Date(Date.now() - 1000)),
      'otro secreto': firmarEnlaceCorto('otro-secreto', ENLACE_RECIBO_ANTICIPO.proposito, anticipo.id, new Date(Date.now() + 60_000)),
      'otro propósito (una factura)': firmarEnlaceCorto(SECRETO_PRUEBA, 'factura-venta', anticipo.id, new Date(Date.now() + 60_000)),
      'un movimiento que no es anticipo': ENLACE_RECIBO_ANTICIPO.url(SECRETO_PRUEBA, uso.movimientoId).split('/').at(-1)!,
      'movimiento inexistente': firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_RECIBO_ANTICIPO.proposito, 2_147_483_647, new Date(Date.now() + 60_000)),
      'id desnudo': String(anticipo.id),
      aleatorio: randomBytes(24).toString('base64url'),
    };
    for (const [caso, invalido] of Object.entries(invalidos)) {
      const respuesta = await pedir(`/api/public/anticipo/${invalido}`, CLIENTE_API);
      expect(respuesta.statusCode, caso).toBe(404);
      expect(respuesta.json(), caso).toEqual({ message: ENLACE_RECIBO_ANTICIPO.mensajeInvalido, code: 'NO_ENCONTRADO', request_id: expect.any(String) });
    }
  });

  it('answers a small Spanish page to a browser opening a link that is no longer valid, never 500 to odd tokens', async () => {
    const expirado = firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_RECIBO_ANTICIPO.proposito, anticipo.id, new Date(Date.now() - 1000));
    const respuesta = await pedir(`/api/public/anticipo/${expirado}`, NAVEGADOR);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(respuesta.headers.vary).toContain('Accept');
    expect(respuesta.body).toContain(`<h1>${ENLACE_RECIBO_ANTICIPO.mensajeInvalido}</h1>`);
    for (const token of ['.', 'a%2Fb', '%E2%82%AC', 'a'.repeat(100), '%00', `${'z'.repeat(7)}.${'z'.repeat(8)}.${'A'.repeat(22)}`]) {
      for (const accept of [CLIENTE_API, NAVEGADOR]) expect((await pedir(`/api/public/anticipo/${token}`, accept)).statusCode, token).toBe(404);
    }
  });
});
