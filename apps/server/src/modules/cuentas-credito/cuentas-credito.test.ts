import { ERRORES, MENSAJES_CUENTA_CREDITO, MENSAJES_TERCERO, PARAMETRO_CUPO_MAXIMO_VENDEDOR, PLAZO_CREDITO, ROLES, type CuentaCredito, type Rol } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba, crearCuentaCredito, crearTercero } from '../../../test/factories';
import * as cuentasCreditoService from '.';

const entorno = usarEntorno();

type ConSesion = UsuarioPrueba & { token: string };
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let operario: ConSesion;
let vendedor: ConSesion;
/** A role that manages credit (ACCIONES.gestionarCredito): the quota and the payments are its. */
let gestor: ConSesion;
const porRol = {} as Record<Rol, ConSesion>;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  // Reading credit accounts is for any logged-in user (spec 001 Routes): Operario stands for "any role".
  operario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Operario', tiendas: [tienda.codigo_tienda] });
  vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  for (const role of ROLES) porRol[role] = await crearUsuarioConSesion(entorno.app, entorno.db, { role, tiendas: [tienda.codigo_tienda] });
  gestor = porRol.SuperAdministrador;
});

/** Every row of the credit ledger tables, to show a lookup wrote nothing. */
const todo = async () => ({
  cuentas: await entorno.db.selectFrom('cuenta_credito').selectAll().orderBy('id').execute(),
  movimientos: await entorno.db.selectFrom('cuenta_credito_movimiento').selectAll().orderBy('id').execute(),
});

/** docs/decisions-creditos.md 'Cuentas y cupos': two customers with the same number and different document types (CC and NIT), each with an account. */
async function clientesConElMismoNumero(numero: string) {
  const persona = await crearTercero(entorno.db, { tipo_documento_id: 1, numero_documento: numero, nombres: 'Gloria Patricia', apellidos: 'Henao' });
  const empresa = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: numero, nombres: 'Ebanistería Henao', apellidos: 'S.A.S.' });
  const cuentaPersona = await crearCuentaCredito(entorno.db, { tercero_id: persona.id, total_cupo_permitido: 1_000_000, total_credito: 150_000 });
  const cuentaEmpresa = await crearCuentaCredito(entorno.db, { tercero_id: empresa.id, total_cupo_permitido: 4_000_000, total_credito: 900_000 });
  return { persona, empresa, cuentaPersona, cuentaEmpresa };
}

const llamar = (metodo: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda: string | undefined = tienda.codigo_tienda) =>
  entorno.app.inject({
    method: metodo,
    url,
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const cuentaDe = (id: number) =>
  entorno.db.selectFrom('cuenta_credito').select(['total_cupo_permitido', 'total_credito']).where('id', '=', id).executeTakeFirstOrThrow();
const movimientosDe = (id: number) =>
  entorno.db
    .selectFrom('cuenta_credito_movimiento')
    .select(['tipo_movimiento_credito_id', 'venta_id', 'valor_movimiento', 'saldo_credito', 'user_id', 'codigo_tienda'])
    .where('cuenta_credito_id', '=', id)
    .orderBy('id')
    .execute();

describe('GET /api/cuentas-credito', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar('GET', '/api/cuentas-credito', null)).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await llamar('GET', '/api/cuentas-credito', operario.token, undefined, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a page that is not a number with 422', async () => {
    expect((await llamar('GET', '/api/cuentas-credito?page=x', operario.token)).statusCode).toBe(422);
  });

  it('lists accounts newest first with the customer, 10 per page, and searches by document or name', async () => {
    const cliente = await crearTercero(entorno.db, { numero_documento: '8800112233', nombres: 'Hernando', apellidos: 'Cupo Alto' });
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 5_000_000, total_credito: 1_200_000 });
    const respuesta = await llamar('GET', '/api/cuentas-credito', operario.token);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.cuentas_credito;
    expect(pagina).toMatchObject({ current_page: 1, per_page: 10 });
    expect(pagina.data[0]).toMatchObject({
      tercero_id: cliente.id,
      total_cupo_permitido: 5_000_000,
      total_credito: 1_200_000,
      tipo_documento_id: 1,
      nombre_tipo_documento: 'Cédula de ciudadanía',
      numero_documento_tercero: '8800112233',
      nombres_tercero: 'Hernando',
      apellidos_tercero: 'Cupo Alto',
    });
    for (const query of ['880011', 'hernando cupo']) {
      const buscada = (await llamar('GET', `/api/cuentas-credito?query=${encodeURIComponent(query)}`, operario.token)).json().data.cuentas_credito;
      expect(buscada.data.map((c: CuentaCredito) => c.tercero_id)).toEqual([cliente.id]);
    }
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by a column either way, ties by id', async () => {
    for (let n = 0; n < 30; n++) {
      const cliente = await crearTercero(entorno.db, { nombres: `KK Orden ${String(n).padStart(2, '0')}` });
      await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: ((n % 3) + 1) * 100_000 });
    }
    const pagina = async (consulta: string) => (await llamar('GET', `/api/cuentas-credito?query=kk%20orden&${consulta}`, vendedor.token)).json().data.cuentas_credito;

    const de25 = await pagina('per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const porCupo = (await pagina('per_page=50&orden=total_cupo_permitido&direccion=desc')).data as CuentaCredito[];
    const esperado = [...porCupo].sort((x, y) => y.total_cupo_permitido - x.total_cupo_permitido || y.id - x.id);
    expect(porCupo.map((c) => c.id)).toEqual(esperado.map((c) => c.id));
    expect(porCupo[0]!.total_cupo_permitido).toBe(300_000);

    // Pages of a sorted list neither repeat nor skip a row, though 10 accounts share each quota.
    const porPaginas: number[] = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await pagina(`page=${page}&orden=total_cupo_permitido`)).data.map((c: CuentaCredito) => c.id));
    expect(new Set(porPaginas).size).toBe(30);

    const porNombre = (await pagina('per_page=100&orden=nombres&direccion=asc')).data.map((c: CuentaCredito) => c.nombres_tercero);
    expect(porNombre).toEqual([...porNombre].sort());
  });

  it('refuses a page size or sort column the list does not offer with 422', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=user_id', 'orden=id;drop table cuenta_credito', 'direccion=arriba']) {
      const respuesta = await llamar('GET', `/api/cuentas-credito?page=1&${consulta}`, vendedor.token);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });

  it('searches names without accents or case and documents on their digits', async () => {
    const cliente = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: '877.666.555-4', nombres: 'Leónidas', apellidos: 'Gómez Ñáñez' });
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id });
    for (const query of ['leonidas gomez', 'LEONIDAS GOMEZ', 'leonidas nanez', '877666555', '8776665554']) {
      const buscada = (await llamar('GET', `/api/cuentas-credito?query=${encodeURIComponent(query)}`, operario.token)).json().data.cuentas_credito;
      expect(buscada.data.map((c: CuentaCredito) => c.tercero_id), query).toEqual([cliente.id]);
    }
  });
});

describe('POST /api/cuentas-credito/guardar', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar('POST', '/api/cuentas-credito/guardar', null, { tercero_id: 1, total_cupo_permitido: 1 })).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: cliente.id, total_cupo_permitido: 1 }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses every role but those that manage credit with 403 ROL_NO_PERMITIDO: no account is created and no quota raised', async () => {
    const cliente = await crearTercero(entorno.db);
    const conCuenta = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: conCuenta.id, total_cupo_permitido: 1_000_000 });
    const antes = await todo();
    for (const role of ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const) {
      for (const cuerpo of [
        { tercero_id: cliente.id, total_cupo_permitido: 50_000_000 },
        { id, tercero_id: conCuenta.id, total_cupo_permitido: 50_000_000 },
      ]) {
        const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', porRol[role].token, cuerpo);
        expect(respuesta.statusCode, role).toBe(403);
        expect(respuesta.json()).toMatchObject({ code: 'ROL_NO_PERMITIDO' });
      }
    }
    expect(await todo()).toEqual(antes);
  });

  it('refuses an empty body with 422 and both Spanish messages', async () => {
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ tercero_id: [MENSAJES_CUENTA_CREDITO.tercero], total_cupo_permitido: [MENSAJES_CUENTA_CREDITO.cupo] });
  });

  it('refuses a negative or fractional quota with 422', async () => {
    const cliente = await crearTercero(entorno.db);
    for (const total_cupo_permitido of [-1, 100.5]) {
      const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: cliente.id, total_cupo_permitido });
      expect(respuesta.statusCode, String(total_cupo_permitido)).toBe(422);
    }
  });

  it('answers 404 for an unknown third party', async () => {
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: 999999, total_cupo_permitido: 1000 });
    expect(respuesta.statusCode).toBe(404);
  });

  it('creates the account with its quota, then changes the quota through Editar (with its id)', async () => {
    const cliente = await crearTercero(entorno.db);
    const creada = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: cliente.id, total_cupo_permitido: '2,000,000' });
    expect(creada.statusCode).toBe(200);
    expect(creada.json()).toEqual({ message: MENSAJES_CUENTA_CREDITO.creada });
    const [{ id }] = await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', cliente.id).execute() as [{ id: number }];
    const editada = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { id, tercero_id: cliente.id, total_cupo_permitido: 3_000_000 });
    expect(editada.json()).toEqual({ message: MENSAJES_CUENTA_CREDITO.actualizada });
    const filas = await entorno.db.selectFrom('cuenta_credito').select(['total_cupo_permitido', 'total_credito', 'user_id']).where('tercero_id', '=', cliente.id).execute();
    expect(filas).toEqual([{ total_cupo_permitido: '3000000.00', total_credito: '0.00', user_id: gestor.id }]);
  });

  it('gives a new account the term typed (30 days when none), changes it through Editar, and keeps it when Editar omits it', async () => {
    const plazoDe = async (terceroId: number) =>
      (await entorno.db.selectFrom('cuenta_credito').select(['id', 'plazo_dias']).where('tercero_id', '=', terceroId).executeTakeFirstOrThrow());
    const sinPlazo = await crearTercero(entorno.db);
    expect((await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: sinPlazo.id, total_cupo_permitido: 1_000 })).statusCode).toBe(200);
    expect((await plazoDe(sinPlazo.id)).plazo_dias).toBe(PLAZO_CREDITO.defecto);

    const cliente = await crearTercero(entorno.db);
    const creada = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000, plazo_dias: '45' });
    expect(creada.statusCode, creada.body).toBe(200);
    const { id, plazo_dias } = await plazoDe(cliente.id);
    expect(plazo_dias).toBe(45);
    expect((await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { id, tercero_id: cliente.id, total_cupo_permitido: 1_000_000, plazo_dias: 365 })).statusCode).toBe(200);
    expect((await plazoDe(cliente.id)).plazo_dias).toBe(365);
    expect((await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { id, tercero_id: cliente.id, total_cupo_permitido: 2_000_000 })).statusCode).toBe(200);
    expect((await plazoDe(cliente.id)).plazo_dias).toBe(365);
    // The list and the detail answer it.
    const lista = await llamar('GET', `/api/cuentas-credito?query=${cliente.numero_documento}`, operario.token);
    expect(lista.json().data.cuentas_credito.data.find((c: CuentaCredito) => c.id === id)).toMatchObject({ plazo_dias: 365 });
    const detalle = await llamar('GET', `/api/cuentas-credito/tercero/${cliente.id}`, operario.token);
    expect(detalle.json().data.cuenta_credito_cliente).toMatchObject({ id, plazo_dias: 365 });
  });

  it('refuses a term that is not a whole number of days from 1 to 365 with 422 and its message, and writes nothing', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000, plazo_dias: 20 });
    const antes = await todo();
    for (const plazo_dias of [0, -5, 366, 10.5, 'treinta', '', null]) {
      for (const cuerpo of [{ tercero_id: (await crearTercero(entorno.db)).id, total_cupo_permitido: 1_000, plazo_dias }, { id, tercero_id: cliente.id, total_cupo_permitido: 1_000, plazo_dias }]) {
        const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, cuerpo);
        expect(respuesta.statusCode, `${String(plazo_dias)}: ${respuesta.body}`).toBe(422);
        const esperado = plazo_dias === '' || plazo_dias === null ? MENSAJES_CUENTA_CREDITO.plazo : MENSAJES_CUENTA_CREDITO.plazoInvalido;
        expect(respuesta.json().errors, String(plazo_dias)).toEqual({ plazo_dias: [esperado] });
      }
    }
    expect(await todo()).toEqual(antes);
  });

  it("refuses to create a second account for a customer with 409 and leaves the first one's quota alone", async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: cliente.id, total_cupo_permitido: 50_000 });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({
      code: 'CUENTA_CREDITO_EXISTENTE',
      message: ERRORES.CUENTA_CREDITO_EXISTENTE.mensaje,
      errors: { tercero_id: [MENSAJES_CUENTA_CREDITO.cuentaExistente] },
    });
    expect((await cuentaDe(id)).total_cupo_permitido).toBe('1000000.00');
    // Two creates at once: one account, one refusal.
    const otro = await crearTercero(entorno.db);
    const dos = await Promise.all([1, 2].map((n) => llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { tercero_id: otro.id, total_cupo_permitido: n * 1000 })));
    expect(dos.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', otro.id).execute()).toHaveLength(1);
  });

  it("answers 404 when the account edited is not that customer's", async () => {
    const uno = await crearTercero(entorno.db);
    const otro = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: uno.id, total_cupo_permitido: 1_000_000 });
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { id, tercero_id: otro.id, total_cupo_permitido: 5 });
    expect(respuesta.statusCode).toBe(404);
    expect((await cuentaDe(id)).total_cupo_permitido).toBe('1000000.00');
  });

  it('refuses a quota below what the customer owes with 422, saying so, with the amount owed', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000, total_credito: 400_000 });
    const respuesta = await llamar('POST', '/api/cuentas-credito/guardar', gestor.token, { id, tercero_id: cliente.id, total_cupo_permitido: 300_000 });
    expect(respuesta.statusCode).toBe(422);
    const mensaje = MENSAJES_CUENTA_CREDITO.cupoMinimo('$ 400,000');
    expect(mensaje).toBe('El cupo permitido no puede ser menor que el crédito que el cliente ya tiene ($ 400,000)');
    expect(respuesta.json()).toMatchObject({ message: mensaje, errors: { total_cupo_permitido: [mensaje] } });
    expect((await cuentaDe(id)).total_cupo_permitido).toBe('1000000.00');
  });
});

describe('POST /api/cuentas-credito/pedido (the order form, docs/decisions.md "Quién mueve el dinero de un crédito")', () => {
  /** The ceiling the migration seeds (CUPO_MAXIMO_VENDEDOR), set again by the tests that change it. */
  const CUPO_MAXIMO = 5_000_000;
  const ponerParametro = async (valor: string | null) => {
    await entorno.db.deleteFrom('parametro_historial').where('codigo_parametro', '=', PARAMETRO_CUPO_MAXIMO_VENDEDOR).execute();
    await entorno.db.deleteFrom('parametro').where('codigo_parametro', '=', PARAMETRO_CUPO_MAXIMO_VENDEDOR).execute();
    if (valor !== null) await entorno.db.insertInto('parametro').values({ codigo_parametro: PARAMETRO_CUPO_MAXIMO_VENDEDOR, valor_parametro: valor }).execute();
  };
  const pedido = (token: string | null, payload: unknown, codigoTienda?: string) => llamar('POST', '/api/cuentas-credito/pedido', token, payload, codigoTienda);

  it('refuses a call without a token with 401', async () => {
    expect((await pedido(null, { tercero_id: 1, total_cupo_permitido: 1 })).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await pedido(vendedor.token, { tercero_id: cliente.id, total_cupo_permitido: 1 }, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses the roles that do not sell (Administrador, Bodega) with 403 and creates nothing', async () => {
    const cliente = await crearTercero(entorno.db);
    for (const role of ['Administrador', 'Bodega'] as const) {
      const respuesta = await pedido(porRol[role].token, { tercero_id: cliente.id, total_cupo_permitido: 1_000 });
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json()).toMatchObject({ code: 'ROL_NO_PERMITIDO' });
    }
    expect(await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', cliente.id).execute()).toEqual([]);
  });

  it('refuses an empty body with 422 and both Spanish messages, and takes no id', async () => {
    const respuesta = await pedido(vendedor.token, {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ tercero_id: [MENSAJES_CUENTA_CREDITO.tercero], total_cupo_permitido: [MENSAJES_CUENTA_CREDITO.cupo] });
  });

  it('refuses a quota above CUPO_MAXIMO_VENDEDOR with 422 on the field, naming the ceiling, and creates nothing', async () => {
    const cliente = await crearTercero(entorno.db);
    for (const total_cupo_permitido of [CUPO_MAXIMO + 1, 50_000_000]) {
      const respuesta = await pedido(vendedor.token, { tercero_id: cliente.id, total_cupo_permitido });
      expect(respuesta.statusCode).toBe(422);
      const mensaje = MENSAJES_CUENTA_CREDITO.cupoVendedor('$ 5,000,000');
      expect(mensaje).toBe('El cupo de una cuenta creada desde el pedido no puede superar $ 5,000,000. Un cupo mayor lo asigna un administrador en Cuentas crédito');
      expect(respuesta.json()).toMatchObject({ message: mensaje, errors: { total_cupo_permitido: [mensaje] } });
    }
    expect(await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', cliente.id).execute()).toEqual([]);
  });

  it('creates the account of a customer without one, up to the ceiling, for Vendedor and Operario', async () => {
    for (const quien of [vendedor, operario]) {
      const cliente = await crearTercero(entorno.db);
      const respuesta = await pedido(quien.token, { tercero_id: cliente.id, total_cupo_permitido: '5,000,000' });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.json()).toEqual({ message: MENSAJES_CUENTA_CREDITO.creada });
      const filas = await entorno.db.selectFrom('cuenta_credito').select(['total_cupo_permitido', 'total_credito', 'user_id']).where('tercero_id', '=', cliente.id).execute();
      expect(filas).toEqual([{ total_cupo_permitido: '5000000.00', total_credito: '0.00', user_id: quien.id }]);
    }
  });

  it('creates the account with the term typed (30 days when none), and refuses a term out of 1–365 with 422 creating nothing', async () => {
    const conPlazo = await crearTercero(entorno.db);
    expect((await pedido(vendedor.token, { tercero_id: conPlazo.id, total_cupo_permitido: 1_000, plazo_dias: 15 })).statusCode).toBe(200);
    const sinPlazo = await crearTercero(entorno.db);
    expect((await pedido(vendedor.token, { tercero_id: sinPlazo.id, total_cupo_permitido: 1_000 })).statusCode).toBe(200);
    const plazos = await entorno.db.selectFrom('cuenta_credito').select(['tercero_id', 'plazo_dias']).where('tercero_id', 'in', [conPlazo.id, sinPlazo.id]).orderBy('tercero_id').execute();
    expect(plazos).toEqual([
      { tercero_id: conPlazo.id, plazo_dias: 15 },
      { tercero_id: sinPlazo.id, plazo_dias: 30 },
    ]);
    const otro = await crearTercero(entorno.db);
    const respuesta = await pedido(vendedor.token, { tercero_id: otro.id, total_cupo_permitido: 1_000, plazo_dias: 400 });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ plazo_dias: [MENSAJES_CUENTA_CREDITO.plazoInvalido] });
    expect(await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', otro.id).execute()).toEqual([]);
  });

  it("refuses a customer who already has an account with 409, and the account's quota stays", async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000 });
    const respuesta = await pedido(vendedor.token, { id, tercero_id: cliente.id, total_cupo_permitido: 4_000_000 });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ code: 'CUENTA_CREDITO_EXISTENTE' });
    expect((await cuentaDe(id)).total_cupo_permitido).toBe('100000.00');
  });

  it('follows the parameter: a lower ceiling refuses what the default took; a missing or unreadable one, 409', async () => {
    const cliente = await crearTercero(entorno.db);
    try {
      await ponerParametro('1,000,000');
      const sobre = await pedido(vendedor.token, { tercero_id: cliente.id, total_cupo_permitido: 1_000_001 });
      expect(sobre.json()).toMatchObject({ errors: { total_cupo_permitido: [MENSAJES_CUENTA_CREDITO.cupoVendedor('$ 1,000,000')] } });
      for (const valor of [null, 'sin tope']) {
        await ponerParametro(valor);
        const respuesta = await pedido(vendedor.token, { tercero_id: cliente.id, total_cupo_permitido: 1_000 });
        expect(respuesta.statusCode, String(valor)).toBe(409);
        expect(respuesta.json()).toMatchObject({ code: 'CUPO_VENDEDOR_NO_CONFIGURADO', message: ERRORES.CUPO_VENDEDOR_NO_CONFIGURADO.mensaje });
      }
      expect(await entorno.db.selectFrom('cuenta_credito').select('id').where('tercero_id', '=', cliente.id).execute()).toEqual([]);
    } finally {
      await ponerParametro(String(CUPO_MAXIMO));
    }
  });
});

describe('POST /api/cuentas-credito/cliente', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar('POST', '/api/cuentas-credito/cliente', null, { documento_cliente: '1' })).statusCode).toBe(401);
  });

  it('refuses a missing document with 422', async () => {
    expect((await llamar('POST', '/api/cuentas-credito/cliente', operario.token, {})).statusCode).toBe(422);
  });

  it('refuses a document that is not digits, or a document type that is not an id, with 422 and the Spanish messages', async () => {
    const respuesta = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '12a', tipo_documento_id: 'NIT' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      documento_cliente: [MENSAJES_TERCERO.numeroDocumentoDigitos],
      tipo_documento_id: [MENSAJES_CUENTA_CREDITO.tipoDocumento],
    });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '1' }, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('never picks one of two customers sharing the number: 422 naming both, and the document type chooses', async () => {
    const { persona, empresa, cuentaEmpresa } = await clientesConElMismoNumero('52345678');
    const antes = await todo();
    const ambigua = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '52345678' });
    expect(ambigua.statusCode).toBe(422);
    const mensaje = 'Hay 2 clientes con el número de documento 52345678 (Cédula de ciudadanía, NIT). Indique el tipo de documento';
    expect(ambigua.json()).toMatchObject({ message: mensaje, errors: { tipo_documento_id: [mensaje] } });

    const nit = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '52345678', tipo_documento_id: 2 });
    expect(nit.statusCode).toBe(200);
    expect(nit.json().data.cuenta_credito_cliente).toMatchObject({ id: cuentaEmpresa, tercero_id: empresa.id, nombre_tipo_documento: 'NIT', total_credito: 900_000 });
    const cc = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '52345678', tipo_documento_id: '1' });
    expect(cc.json().data.cuenta_credito_cliente).toMatchObject({ tercero_id: persona.id, nombre_tipo_documento: 'Cédula de ciudadanía' });
    const otroTipo = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '52345678', tipo_documento_id: 3 });
    expect(otroTipo.statusCode).toBe(404);
    expect(await todo()).toEqual(antes);
  });

  it('answers the one account when only one of the customers sharing the number has one', async () => {
    const persona = await crearTercero(entorno.db, { tipo_documento_id: 1, numero_documento: '71000111' });
    const empresa = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: '71000111' });
    await crearCuentaCredito(entorno.db, { tercero_id: empresa.id });
    const respuesta = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: '71000111' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.cuenta_credito_cliente.tercero_id).toBe(empresa.id);
    expect(persona.id).not.toBe(empresa.id);
  });

  it("answers 404 'El tercero no tiene una cuenta crédito' for a customer without an account", async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: cliente.numero_documento });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_CUENTA_CREDITO.sinCuenta });
  });

  it('answers the account, its credit invoices and its payments with who recorded them', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000, total_credito: 500_000 });
    await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 120_000 });
    const respuesta = await llamar('POST', '/api/cuentas-credito/cliente', operario.token, { documento_cliente: cliente.numero_documento });
    expect(respuesta.statusCode).toBe(200);
    const { cuenta_credito_cliente, facturas_credito, pagos_cuentas_credito } = respuesta.json().data;
    expect(cuenta_credito_cliente).toMatchObject({ id, total_credito: 380_000, total_cupo_permitido: 1_000_000, nombres_tercero: cliente.nombres });
    expect(facturas_credito).toEqual([{ id: expect.any(Number), venta_id: expect.any(Number), valor_credito: 500_000, fecha_registro: expect.any(String) }]);
    expect(pagos_cuentas_credito).toEqual([{ id: expect.any(Number), valor_pagado: 120_000, fecha_creacion: expect.any(String), nombre_vendedor: gestor.name }]);
  });
});

describe('GET /api/cuentas-credito?numero_documento= (the detail screen finds the customers, docs/decisions-creditos.md)', () => {
  const porDocumento = (numero: string, token: string | null, codigoTienda?: string) =>
    llamar('GET', `/api/cuentas-credito?numero_documento=${encodeURIComponent(numero)}`, token, undefined, codigoTienda);
  const cuentasDe = (respuesta: { json: () => { data: { cuentas_credito: { data: CuentaCredito[] } } } }) => respuesta.json().data.cuentas_credito.data;

  it('refuses a call without a token with 401', async () => {
    expect((await porDocumento('123', null)).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await porDocumento('123', operario.token, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it.each([
    ['letters', '12A45'],
    ['16 digits', '1234567890123456'],
    ['a sign', '-123'],
  ])('refuses a document number with %s with 422 and the third-party message', async (_caso, numero) => {
    const respuesta = await porDocumento(numero, operario.token);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_TERCERO.numeroDocumentoDigitos, errors: { numero_documento: [MENSAJES_TERCERO.numeroDocumentoDigitos] } });
  });

  it.each(ROLES)('answers %s too (credit accounts are for any logged-in user, spec 001 Routes)', async (role) => {
    const respuesta = await porDocumento('404404404', porRol[role].token);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.cuentas_credito).toMatchObject({ data: [], total: 0 });
  });

  it('lists the accounts of every customer with exactly that number, with document type, number and names; writes nothing', async () => {
    const { persona, empresa, cuentaPersona, cuentaEmpresa } = await clientesConElMismoNumero('52345680');
    // A customer with the number but no account is not listed: there is nothing of theirs to open; nor a longer number.
    await crearTercero(entorno.db, { tipo_documento_id: 3, numero_documento: '52345680' });
    await crearCuentaCredito(entorno.db, { tercero_id: (await crearTercero(entorno.db, { numero_documento: '523456801' })).id });
    const antes = await todo();
    const respuesta = await porDocumento('52345680', vendedor.token);
    expect(respuesta.statusCode).toBe(200);
    const cuentas = cuentasDe(respuesta);
    expect(cuentas.map((c) => [c.id, c.tercero_id, c.tipo_documento_id, c.nombre_tipo_documento, c.numero_documento_tercero, c.nombres_tercero]).sort()).toEqual(
      [
        [cuentaPersona, persona.id, 1, 'Cédula de ciudadanía', '52345680', 'Gloria Patricia'],
        [cuentaEmpresa, empresa.id, 2, 'NIT', '52345680', 'Ebanistería Henao'],
      ].sort(),
    );
    expect(cuentas.find((c) => c.id === cuentaEmpresa)).toMatchObject({ total_cupo_permitido: 4_000_000, total_credito: 900_000, apellidos_tercero: 'S.A.S.' });
    expect(await todo()).toEqual(antes);
  });

  it('answers the one account of a number used once, and none for a number without accounts', async () => {
    const cliente = await crearTercero(entorno.db, { numero_documento: '66554433' });
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id });
    expect(cuentasDe(await porDocumento('66554433', operario.token)).map((c) => c.id)).toEqual([id]);
    const sinCuenta = await crearTercero(entorno.db, { numero_documento: '66554434' });
    expect(cuentasDe(await porDocumento(sinCuenta.numero_documento, operario.token))).toEqual([]);
  });
});

describe('GET /api/cuentas-credito/tercero/{tercero_id} (sales form, spec 000 §4.1)', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar('GET', '/api/cuentas-credito/tercero/1', null)).statusCode).toBe(401);
  });

  it('answers an id that is not one (not a number, 0, beyond the id range) with 404, as every path id', async () => {
    for (const id of ['abc', '0', '9999999999']) {
      expect((await llamar('GET', `/api/cuentas-credito/tercero/${id}`, operario.token)).statusCode, id).toBe(404);
    }
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await llamar('GET', '/api/cuentas-credito/tercero/1', operario.token, undefined, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('answers each of two customers sharing a document number their own account (the detail screen opens it by customer)', async () => {
    const { persona, empresa, cuentaPersona, cuentaEmpresa } = await clientesConElMismoNumero('52345679');
    const antes = await todo();
    for (const [tercero, cuenta, tipo] of [
      [persona, cuentaPersona, 'Cédula de ciudadanía'],
      [empresa, cuentaEmpresa, 'NIT'],
    ] as const) {
      const respuesta = await llamar('GET', `/api/cuentas-credito/tercero/${tercero.id}`, operario.token);
      expect(respuesta.statusCode).toBe(200);
      expect(respuesta.json().data.cuenta_credito_cliente).toMatchObject({ id: cuenta, tercero_id: tercero.id, nombre_tipo_documento: tipo, numero_documento_tercero: '52345679' });
      expect(respuesta.json().data.facturas_credito).toHaveLength(1);
    }
    expect(await todo()).toEqual(antes);
  });

  it("answers 404 'El tercero no tiene una cuenta crédito' for a customer without an account", async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await llamar('GET', `/api/cuentas-credito/tercero/${cliente.id}`, operario.token);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_CUENTA_CREDITO.sinCuenta });
  });

  it('answers the account of the customer with its credit invoices and payments, for any logged-in user', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 800_000, total_credito: 200_000 });
    const respuesta = await llamar('GET', `/api/cuentas-credito/tercero/${cliente.id}`, vendedor.token);
    expect(respuesta.statusCode).toBe(200);
    const { cuenta_credito_cliente, facturas_credito, pagos_cuentas_credito } = respuesta.json().data;
    expect(cuenta_credito_cliente).toMatchObject({ id, tercero_id: cliente.id, total_cupo_permitido: 800_000, total_credito: 200_000 });
    expect(facturas_credito).toHaveLength(1);
    expect(pagos_cuentas_credito).toEqual([]);
  });
});

describe('PUT /api/cuentas-credito/pago', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await llamar('PUT', '/api/cuentas-credito/pago', null, { cuenta_credito_id: 1, valor_pago: 1 })).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: 1, valor_pago: 1 }, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses every role but those of POST creditos/abonos with 403 ROL_NO_PERMITIDO, and the balance stays', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 100_000 });
    const antes = await todo();
    for (const role of ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const) {
      const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', porRol[role].token, { cuenta_credito_id: id, valor_pago: 10_000 });
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json()).toMatchObject({ code: 'ROL_NO_PERMITIDO' });
      // The same role on the credit payment of spec 002: one rule for both doors of the same ledger.
      const abono = await llamar('POST', '/api/creditos/abonos', porRol[role].token, {});
      expect(abono.statusCode, role).toBe(403);
    }
    expect(await todo()).toEqual(antes);
  });

  it.each([
    ['zero', 0],
    ['zero text', '0'],
    ['negative', -100],
    ['unreadable', 'abc'],
  ])('refuses a %s amount with 422 "Debe ingresar un valor de pago válido"', async (_caso, valor_pago) => {
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: 1, valor_pago });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ valor_pago: [MENSAJES_CUENTA_CREDITO.pagoInvalido] });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['blank', '  '],
  ])('refuses a %s amount with 422 "Debe ingresar un valor a pagar"', async (_caso, valor_pago) => {
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: 1, valor_pago });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_CUENTA_CREDITO.valorPago, errors: { valor_pago: [MENSAJES_CUENTA_CREDITO.valorPago] } });
  });

  it('answers 404 for an unknown account', async () => {
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: 999999, valor_pago: 10 });
    expect(respuesta.statusCode).toBe(404);
  });

  it('refuses an amount above what the customer owes with 409 and changes nothing', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 100_000 });
    for (const valor_pago of [100_000.01, 150_000]) {
      const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago });
      expect(respuesta.statusCode).toBe(409);
      expect(respuesta.json()).toMatchObject({ message: ERRORES.PAGO_CREDITO_INVALIDO.mensaje });
    }
    expect((await cuentaDe(id)).total_credito).toBe('100000.00');
    expect(await movimientosDe(id)).toHaveLength(1);
  });

  it('lowers the total credit and writes a type-2 movement naming the sale, with its cash method', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 300_000 });
    const [cargo] = await movimientosDe(id);
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: '100,000.25' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: MENSAJES_CUENTA_CREDITO.pagoRegistrado, data: { total_credito: 199_999.75 } });
    expect((await cuentaDe(id)).total_credito).toBe('199999.75');
    expect((await movimientosDe(id))[1]).toEqual({
      tipo_movimiento_credito_id: 2,
      venta_id: cargo!.venta_id,
      valor_movimiento: '100000.25',
      saldo_credito: '199999.75',
      user_id: gestor.id,
      codigo_tienda: tienda.codigo_tienda,
    });
    const formas = await entorno.db.selectFrom('cuenta_credito_movimiento_forma_pago').select(['forma_pago_id', 'valor_pagado']).where('cuenta_credito_movimiento_id', 'in', entorno.db.selectFrom('cuenta_credito_movimiento').select('id').where('cuenta_credito_id', '=', id)).execute();
    expect(formas).toEqual([{ forma_pago_id: 1, valor_pagado: '100000.25' }]);
  });

  it('applies the amount to the oldest pending sales first, one payment per sale, and may pay the whole debt', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
    const actor = { ...actorSistema(tienda.codigo_tienda), userId: vendedor.id };
    await entorno.db.transaction().execute(async (trx) => {
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: 880_001, valor: 50_000, fecha: '2026-01-10' }, actor);
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: 880_002, valor: 70_000, fecha: '2025-12-01' }, actor);
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: 880_003, valor: 30_000, fecha: '2026-02-01' }, actor);
    });
    // 90,000: the sale of December (70,000) whole, then 20,000 of January's.
    expect((await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 90_000 })).statusCode).toBe(200);
    const pagos = (await movimientosDe(id)).filter((m) => m.tipo_movimiento_credito_id === 2).map((m) => [m.venta_id, m.valor_movimiento]);
    expect(pagos).toEqual([
      [880_002, '70000.00'],
      [880_001, '20000.00'],
    ]);
    // The rest of the debt, exactly: allowed (docs/decisions-creditos.md 'Pago a la cuenta'), and the account owes nothing.
    expect((await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 60_000, forma_pago_id: 4, codigo_comprobante: 'TRF-1' })).statusCode).toBe(200);
    expect((await cuentaDe(id)).total_credito).toBe('0.00');
    expect((await movimientosDe(id)).slice(-2).map((m) => [m.venta_id, m.valor_movimiento, m.saldo_credito])).toEqual([
      [880_001, '30000.00', '30000.00'],
      [880_003, '30000.00', '0.00'],
    ]);
  });

  it.each([
    ['Crédito', 6],
    ['Anticipo', 8],
    ['that does not exist', 99],
  ])('refuses the payment method %s with 422 and writes nothing', async (_caso, forma_pago_id) => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 10_000 });
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 1_000, forma_pago_id });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ forma_pago_id: ['La forma de pago no está disponible para abonos a crédito'] });
    expect(await movimientosDe(id)).toHaveLength(1);
  });

  it('asks for the voucher code of a method that requires one (422)', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 10_000 });
    const respuesta = await llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 1_000, forma_pago_id: 4 });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ codigo_comprobante: ['No pueden existir valores vacíos o en cero. Todos los campos son requeridos'] });
  });

  it('ends with the right balance and one movement each when payments arrive at the same time', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_credito: 100_000 });
    // 15 payments of 7,000 on 100,000: the first 14 fit (98,000 leaves 2,000); the 15th is above the 2,000 left,
    // so exactly one is refused, whichever arrives last.
    const respuestas = await Promise.all(
      Array.from({ length: 15 }, () => llamar('PUT', '/api/cuentas-credito/pago', gestor.token, { cuenta_credito_id: id, valor_pago: 7000 })),
    );
    const codigos = respuestas.map((r) => r.statusCode).sort();
    expect(codigos.filter((c) => c === 200)).toHaveLength(14);
    expect(codigos.filter((c) => c === 409)).toHaveLength(1);
    expect((await cuentaDe(id)).total_credito).toBe('2000.00');
    const pagos = (await movimientosDe(id)).filter((m) => m.tipo_movimiento_credito_id === 2);
    expect(pagos).toHaveLength(14);
    expect(pagos.map((p) => Number(p.saldo_credito))).toEqual(Array.from({ length: 14 }, (_, i) => 100_000 - 7000 * (i + 1)));
  });
});

describe('cargarCredito (for the sales issue)', () => {
  const cargar = (terceroId: number, valor: number, ventaId = 501) =>
    entorno.db
      .transaction()
      .execute((trx) => cuentasCreditoService.cargarCredito(trx, { terceroId, ventaId, valor }, { ...actorSistema(tienda.codigo_tienda), userId: vendedor.id }));

  it('charges a sale with a type-1 movement and raises the total credit', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
    expect(await cargar(cliente.id, 250_000, 42)).toBe(250_000);
    expect(await movimientosDe(id)).toEqual([
      { tipo_movimiento_credito_id: 1, venta_id: 42, valor_movimiento: '250000.00', saldo_credito: '250000.00', user_id: vendedor.id, codigo_tienda: tienda.codigo_tienda },
    ]);
  });

  it('refuses a charge above the quota left with 409 and a message with both amounts', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000, total_credito: 900_000 });
    await expect(cargar(cliente.id, 100_000.01)).rejects.toMatchObject({
      status: 409,
      code: 'CUPO_CREDITO_EXCEDIDO',
      message: 'El valor del crédito ($ 100,000.01) supera el cupo disponible de la cuenta crédito ($ 100,000)',
    });
    expect(await cargar(cliente.id, 100_000)).toBe(1_000_000);
    expect((await cuentaDe(id)).total_credito).toBe('1000000.00');
  });

  it('refuses a customer without an account with 404', async () => {
    const cliente = await crearTercero(entorno.db);
    await expect(cargar(cliente.id, 1000)).rejects.toMatchObject({ status: 404, message: ERRORES.CUENTA_CREDITO_NO_ENCONTRADA.mensaje });
  });

  it('lets only the charges that fit the quota through when they arrive at the same time', async () => {
    const cliente = await crearTercero(entorno.db);
    const id = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 50_000 });
    const resultados = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => cargar(cliente.id, 10_000, 600 + i)));
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect((await cuentaDe(id)).total_credito).toBe('50000.00');
    expect(await movimientosDe(id)).toHaveLength(5);
  });
});
