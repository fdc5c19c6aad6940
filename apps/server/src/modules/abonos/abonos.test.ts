import { ERRORES, MENSAJES_ABONO, type AbonoMovimiento } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba, crearTercero } from '../../../test/factories';
import * as abonosService from './abonos.service';

const entorno = usarEntorno();

type ConSesion = UsuarioPrueba & { token: string };
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: ConSesion;
let bodega: ConSesion;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  bodega = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Bodega', tiendas: [tienda.codigo_tienda] });
});

const abonar = (token: string | null, terceroId: number, payload: unknown, codigoTienda: string | undefined = tienda.codigo_tienda) =>
  entorno.app.inject({
    method: 'POST',
    url: `/api/terceros/${terceroId}/abono`,
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    payload: payload as object,
  });

const historial = (token: string, terceroId: number, query: Record<string, string> = {}) =>
  entorno.app.inject({ method: 'GET', url: `/api/terceros/${terceroId}/abono/historial`, query, headers: headers(token, tienda.codigo_tienda) });

const saldoDe = async (id: number) =>
  (await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', id).executeTakeFirstOrThrow()).saldo_abono;
const movimientosDe = (id: number) =>
  entorno.db
    .selectFrom('abono_tercero')
    .select(['tipo_movimiento_abono_id', 'valor_abono', 'saldo_abono', 'venta_id', 'codigo_tienda', 'user_id'])
    .where('tercero_id', '=', id)
    .orderBy('id')
    .execute();

describe('POST /api/terceros/{tercero_id}/abono', () => {
  it('refuses a call without a token with 401', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await abonar(null, cliente.id, { valor_abono: 1000 })).statusCode).toBe(401);
  });

  it('refuses Bodega with 403, since abonos are recorded on the Clientes screen', async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await abonar(bodega.token, cliente.id, { valor_abono: 1000 });
    expect(respuesta.statusCode).toBe(403);
    expect(await saldoDe(cliente.id)).toBe('0.00');
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await abonar(vendedor.token, cliente.id, { valor_abono: 1000 }, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it.each([
    ['no value', {}],
    ['a null value', { valor_abono: null }],
    ['an empty value', { valor_abono: '' }],
    ['zero', { valor_abono: '0' }],
    ['a negative value', { valor_abono: -5000 }],
    ['text', { valor_abono: 'mil' }],
  ])('refuses %s with 422 "Debe ingresar un valor de abono válido"', async (_caso, payload) => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await abonar(vendedor.token, cliente.id, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_ABONO.valor, errors: { valor_abono: [MENSAJES_ABONO.valor] } });
  });

  it('answers 404 for an unknown third party', async () => {
    const respuesta = await abonar(vendedor.token, 999999, { valor_abono: 1000 });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TERCERO_NO_ENCONTRADO.mensaje });
  });

  it('refuses an abono to a third party who is not a customer with 409', async () => {
    const mensajero = await crearTercero(entorno.db, { tipo_tercero: 'MSJ' });
    const respuesta = await abonar(vendedor.token, mensajero.id, { valor_abono: 1000 });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ABONO_SOLO_CLIENTES.mensaje });
  });

  it('raises the balance and writes one movement with the new balance, the store and the user', async () => {
    const cliente = await crearTercero(entorno.db, { saldo_abono: 20000 });
    const respuesta = await abonar(vendedor.token, cliente.id, { tercero_id: cliente.id, valor_abono: '1,250,000.50' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Abono registrado con éxito', data: { saldo_abono: 1270000.5 } });
    expect(await saldoDe(cliente.id)).toBe('1270000.50');
    expect(await movimientosDe(cliente.id)).toEqual([
      {
        tipo_movimiento_abono_id: 1,
        valor_abono: '1250000.50',
        saldo_abono: '1270000.50',
        venta_id: null,
        codigo_tienda: tienda.codigo_tienda,
        user_id: vendedor.id,
      },
    ]);
  });

  it('ends with the right balance and one movement each when abonos arrive at the same time', async () => {
    const cliente = await crearTercero(entorno.db);
    const respuestas = await Promise.all(Array.from({ length: 12 }, (_, i) => abonar(vendedor.token, cliente.id, { valor_abono: 1000 + i })));
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const esperado = Array.from({ length: 12 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
    expect(Number(await saldoDe(cliente.id))).toBe(esperado);
    const movimientos = await movimientosDe(cliente.id);
    expect(movimientos).toHaveLength(12);
    // Each movement's balance is the running sum: no two saw the same balance.
    let acumulado = 0;
    for (const movimiento of movimientos) {
      acumulado += Number(movimiento.valor_abono);
      expect(Number(movimiento.saldo_abono)).toBe(acumulado);
    }
  });
});

describe('GET /api/terceros/{id}/abono/historial', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/terceros/1/abono/historial' })).statusCode).toBe(401);
  });

  it('refuses Bodega with 403', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await historial(bodega.token, cliente.id)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown third party', async () => {
    expect((await historial(vendedor.token, 999999)).statusCode).toBe(404);
  });

  it('pages the movements 10 at a time, newest first, and searches them', async () => {
    const cliente = await crearTercero(entorno.db);
    for (let i = 1; i <= 11; i++) await abonar(vendedor.token, cliente.id, { valor_abono: i * 1000, descripcion_abono: i === 7 ? 'Consignación Bancolombia' : undefined });
    const primera = (await historial(vendedor.token, cliente.id)).json().data.abonos_terceros;
    expect(primera).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(primera.data[0]).toMatchObject({
      tipo_movimiento_abono_id: 1,
      nombre_tipo_movimiento_abono: 'Abono',
      descripcion_abono: 'Abono',
      valor_abono: 11000,
      saldo_abono: 66000,
      venta_id: null,
      nombre_usuario: vendedor.name,
    });
    expect(typeof primera.data[0].fecha_inserta).toBe('string');
    const segunda = (await historial(vendedor.token, cliente.id, { page: '2' })).json().data.abonos_terceros;
    expect(segunda.data.map((m: AbonoMovimiento) => m.valor_abono)).toEqual([1000]);
    const buscada = (await historial(vendedor.token, cliente.id, { query: 'bancolombia' })).json().data.abonos_terceros;
    expect(buscada.data.map((m: AbonoMovimiento) => m.valor_abono)).toEqual([7000]);
    // Without the accent and in capitals, two words in any order.
    const sinTilde = (await historial(vendedor.token, cliente.id, { query: 'BANCOLOMBIA consignacion' })).json().data.abonos_terceros;
    expect(sinTilde.data.map((m: AbonoMovimiento) => m.valor_abono)).toEqual([7000]);
    const porValor = (await historial(vendedor.token, cliente.id, { query: '9000' })).json().data.abonos_terceros;
    expect(porValor.data.map((m: AbonoMovimiento) => m.valor_abono)).toEqual([9000]);
  });

  it('pages by the size asked and sorts by a column either way, ties by id', async () => {
    const cliente = await crearTercero(entorno.db);
    // 30 abonos of three values: 10 movements share each value.
    for (let i = 0; i < 30; i++) await abonar(vendedor.token, cliente.id, { valor_abono: ((i % 3) + 1) * 1000 });
    const pagina = async (consulta: Record<string, string>) => (await historial(vendedor.token, cliente.id, consulta)).json().data.abonos_terceros;

    const de25 = await pagina({ per_page: '25' });
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const porValor = (await pagina({ per_page: '50', orden: 'valor_abono', direccion: 'desc' })).data as AbonoMovimiento[];
    const esperado = [...porValor].sort((x, y) => y.valor_abono - x.valor_abono || y.id - x.id);
    expect(porValor.map((m) => m.id)).toEqual(esperado.map((m) => m.id));
    expect(porValor[0]!.valor_abono).toBe(3000);

    const porPaginas: number[] = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await pagina({ page: String(page), orden: 'valor_abono' })).data.map((m: AbonoMovimiento) => m.id));
    expect(new Set(porPaginas).size).toBe(30);

    const porSaldo = (await pagina({ per_page: '100', orden: 'saldo_abono', direccion: 'asc' })).data.map((m: AbonoMovimiento) => m.saldo_abono);
    expect(porSaldo).toEqual([...porSaldo].sort((x, y) => x - y));
  });

  it('refuses a page size or sort column the history does not offer with 422', async () => {
    const cliente = await crearTercero(entorno.db);
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=user_id', 'orden=id;drop table abono_tercero', 'direccion=arriba']) {
      const respuesta = await entorno.app.inject({
        method: 'GET',
        url: `/api/terceros/${cliente.id}/abono/historial?page=1&${consulta}`,
        headers: headers(vendedor.token, tienda.codigo_tienda),
      });
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });

  it('answers an empty page for a customer without movements', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await historial(vendedor.token, cliente.id)).json().data.abonos_terceros).toMatchObject({ data: [], total: 0, last_page: 1 });
  });
});

describe('usarAbono (for the bill dialog)', () => {
  it('lowers the balance with a type-2 movement that names the sale, and answers that movement and the balance left', async () => {
    const cliente = await crearTercero(entorno.db, { saldo_abono: 50000 });
    const uso = await entorno.db
      .transaction()
      .execute((trx) => abonosService.usarAbono(trx, { terceroId: cliente.id, valor: 30000, ventaId: 77 }, { ...actorSistema(tienda.codigo_tienda), userId: vendedor.id }));
    const [movimiento] = await entorno.db.selectFrom('abono_tercero').select('id').where('tercero_id', '=', cliente.id).execute();
    expect(uso).toEqual({ movimientoId: movimiento!.id, saldo: 20000 });
    expect(await movimientosDe(cliente.id)).toEqual([
      { tipo_movimiento_abono_id: 2, valor_abono: '-30000.00', saldo_abono: '20000.00', venta_id: 77, codigo_tienda: tienda.codigo_tienda, user_id: vendedor.id },
    ]);
  });

  it('refuses to spend more than the balance with 409 and changes nothing', async () => {
    const cliente = await crearTercero(entorno.db, { saldo_abono: 10000 });
    await expect(
      entorno.db.transaction().execute((trx) => abonosService.usarAbono(trx, { terceroId: cliente.id, valor: 10000.01, ventaId: 78 }, actorSistema())),
    ).rejects.toMatchObject({ code: 'SALDO_ABONO_INSUFICIENTE', status: 409 });
    expect(await saldoDe(cliente.id)).toBe('10000.00');
    expect(await movimientosDe(cliente.id)).toEqual([]);
  });
});
