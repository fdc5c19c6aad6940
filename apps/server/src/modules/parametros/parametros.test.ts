import { ERRORES, MENSAJES_PARAMETRO, ROLES } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import * as parametrosService from './parametros.service';
import {
  crearParametro,
  crearTienda,
  crearUsuariosPorRol,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

const entorno = usarEntorno();



let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
});

const historialDe = (codigo: string) =>
  entorno.db
    .selectFrom('parametro_historial')
    .select(['codigo_parametro', 'valor_anterior', 'valor_nuevo', 'user_id'])
    .where('codigo_parametro', '=', codigo)
    .orderBy('id')
    .execute();

describe('GET /api/parametros', () => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/parametros' });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it.each(ROLES_NO_SUPER_ADMIN)('refuses %s with 403, since only SuperAdministrador manages parameters', async (role) => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: '/api/parametros',
      headers: headers(porRol[role].token, tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: '/api/parametros',
      headers: headers(superAdmin.token, ajena.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('lists every parameter by code to SuperAdministrador', async () => {
    await crearParametro(entorno.db, { codigo_parametro: 'LISTA_ZETA', valor_parametro: '1,2' });
    await crearParametro(entorno.db, { codigo_parametro: 'LISTA_ALFA', valor_parametro: '3' });
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: '/api/parametros',
      headers: headers(superAdmin.token, tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    const parametros = respuesta.json<{ data: { parametros: { codigo_parametro: string }[] } }>().data.parametros;
    const codigos = parametros.map((p) => p.codigo_parametro);
    expect(codigos).toEqual([...codigos].sort());
    expect(parametros).toEqual(
      expect.arrayContaining([
        { codigo_parametro: 'LISTA_ALFA', valor_parametro: '3' },
        { codigo_parametro: 'LISTA_ZETA', valor_parametro: '1,2' },
      ]),
    );
  });
});

describe('GET /api/parametros/{code}', () => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/parametros/VALOR_BASE_PIEZA' });
    expect(respuesta.statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const { codigo_parametro } = await crearParametro(entorno.db);
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/parametros/${codigo_parametro}`,
      headers: headers(porRol.Vendedor.token, ajena.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('answers 404 to a code longer than 60 characters: no parameter can have it', async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/parametros/${'X'.repeat(61)}`,
      headers: headers(porRol.Vendedor.token),
    });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ code: 'NO_ENCONTRADO', message: ERRORES.NO_ENCONTRADO.mensaje });
  });

  it('answers 404 with the Spanish message for an unknown code', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/parametros/NO_EXISTE', headers: headers(porRol.Vendedor.token) });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PARAMETRO_NO_ENCONTRADO.mensaje });
  });

  it('lets every logged-in role read one parameter, since the sales screens read them', async () => {
    const parametro = await crearParametro(entorno.db, { codigo_parametro: 'VALOR_BASE_PIEZA', valor_parametro: '48000' });
    for (const role of ROLES) {
      const token = role === 'SuperAdministrador' ? superAdmin.token : porRol[role].token;
      const respuesta = await entorno.app.inject({
        method: 'GET',
        url: '/api/parametros/VALOR_BASE_PIEZA',
        headers: headers(token, tienda.codigo_tienda),
      });
      expect(respuesta.statusCode, role).toBe(200);
      expect(respuesta.json()).toEqual({ data: { parametro } });
    }
  });
});

describe('POST /api/parametros/crear', () => {
  const crear = (token: string | null, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/parametros/crear',
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    const respuesta = await crear(null, { codigo_parametro: 'SIN_TOKEN', valor_parametro: '1' });
    expect(respuesta.statusCode).toBe(401);
  });

  it.each(ROLES_NO_SUPER_ADMIN)('refuses %s with 403', async (role) => {
    const respuesta = await crear(porRol[role].token, { codigo_parametro: `DE_${role.toUpperCase()}`, valor_parametro: '1' });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await crear(superAdmin.token, { codigo_parametro: 'TIENDA_AJENA', valor_parametro: '1' }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses an empty body with 422 and both Spanish field messages', async () => {
    const respuesta = await crear(superAdmin.token, {});
    expect(respuesta.statusCode).toBe(422);
    const cuerpo = respuesta.json();
    expect(cuerpo.errors).toEqual({
      codigo_parametro: [MENSAJES_PARAMETRO.codigo],
      valor_parametro: [MENSAJES_PARAMETRO.valor],
    });
    expect(cuerpo.message).toBe(MENSAJES_PARAMETRO.codigo);
  });

  it('refuses a request without any body with 422 and the same messages', async () => {
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/parametros/crear', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      codigo_parametro: [MENSAJES_PARAMETRO.codigo],
      valor_parametro: [MENSAJES_PARAMETRO.valor],
    });
  });

  it('refuses whitespace-only values with 422 and both Spanish field messages', async () => {
    const respuesta = await crear(superAdmin.token, { codigo_parametro: '   ', valor_parametro: ' \t ' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      codigo_parametro: [MENSAJES_PARAMETRO.codigo],
      valor_parametro: [MENSAJES_PARAMETRO.valor],
    });
  });

  it('refuses values that are too long with 422', async () => {
    const respuesta = await crear(superAdmin.token, { codigo_parametro: 'C'.repeat(61), valor_parametro: 'v'.repeat(1001) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      codigo_parametro: [MENSAJES_PARAMETRO.codigoLargo],
      valor_parametro: [MENSAJES_PARAMETRO.valorLargo],
    });
  });

  it('refuses a code that already exists with 409 and leaves the existing value alone', async () => {
    await crearParametro(entorno.db, { codigo_parametro: 'DUPLICADO', valor_parametro: 'original' });
    const respuesta = await crear(superAdmin.token, { codigo_parametro: 'DUPLICADO', valor_parametro: 'otro' });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PARAMETRO_DUPLICADO.mensaje });
    const fila = await entorno.db.selectFrom('parametro').select('valor_parametro').where('codigo_parametro', '=', 'DUPLICADO').executeTakeFirst();
    expect(fila?.valor_parametro).toBe('original');
    expect(await historialDe('DUPLICADO')).toEqual([]);
  });

  it('creates the parameter, trimmed, and records its first history row', async () => {
    const respuesta = await crear(superAdmin.token, { codigo_parametro: '  NUEVO_PARAMETRO ', valor_parametro: ' 1,3 ' }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Parámetro creado con éxito' });

    const fila = await entorno.db
      .selectFrom('parametro')
      .select(['codigo_parametro', 'valor_parametro'])
      .where('codigo_parametro', '=', 'NUEVO_PARAMETRO')
      .executeTakeFirst();
    expect(fila).toEqual({ codigo_parametro: 'NUEVO_PARAMETRO', valor_parametro: '1,3' });
    expect(await historialDe('NUEVO_PARAMETRO')).toEqual([
      { codigo_parametro: 'NUEVO_PARAMETRO', valor_anterior: null, valor_nuevo: '1,3', user_id: superAdmin.id },
    ]);
  });
});

describe('PUT /api/parametros/{code}/editar', () => {
  const editar = (token: string | null, codigo: string, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'PUT',
      url: `/api/parametros/${codigo}/editar`,
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    const { codigo_parametro } = await crearParametro(entorno.db);
    const respuesta = await editar(null, codigo_parametro, { valor_parametro: '2' });
    expect(respuesta.statusCode).toBe(401);
  });

  it.each(ROLES_NO_SUPER_ADMIN)('refuses %s with 403 and leaves the value alone', async (role) => {
    const { codigo_parametro } = await crearParametro(entorno.db, { valor_parametro: 'antes' });
    const respuesta = await editar(porRol[role].token, codigo_parametro, { valor_parametro: 'despues' });
    expect(respuesta.statusCode).toBe(403);
    const fila = await entorno.db.selectFrom('parametro').select('valor_parametro').where('codigo_parametro', '=', codigo_parametro).executeTakeFirst();
    expect(fila?.valor_parametro).toBe('antes');
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const { codigo_parametro } = await crearParametro(entorno.db);
    const respuesta = await editar(superAdmin.token, codigo_parametro, { valor_parametro: '2' }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it.each([
    ['an empty body', {}],
    ['an empty value', { valor_parametro: '' }],
    ['a whitespace-only value', { valor_parametro: '   ' }],
  ])('refuses %s with 422 "Debe ingresar un valor del parametro"', async (_caso, payload) => {
    const { codigo_parametro } = await crearParametro(entorno.db);
    const respuesta = await editar(superAdmin.token, codigo_parametro, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({
      message: MENSAJES_PARAMETRO.valor,
      errors: { valor_parametro: [MENSAJES_PARAMETRO.valor] },
    });
  });

  it('answers 404 for an unknown code', async () => {
    const respuesta = await editar(superAdmin.token, 'NO_EXISTE', { valor_parametro: '2' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PARAMETRO_NO_ENCONTRADO.mensaje });
  });

  it('changes only the value, never the code, and records the previous value', async () => {
    await crearParametro(entorno.db, { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: '2500' });
    const respuesta = await editar(
      superAdmin.token,
      'VALOR_BASE_CANTO_RIGIDO',
      { codigo_parametro: 'OTRO_CODIGO', valor_parametro: ' 2700 ' },
      tienda.codigo_tienda,
    );
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Parámetro actualizado con éxito' });

    const filas = await entorno.db
      .selectFrom('parametro')
      .select(['codigo_parametro', 'valor_parametro'])
      .where('codigo_parametro', 'in', ['VALOR_BASE_CANTO_RIGIDO', 'OTRO_CODIGO'])
      .execute();
    expect(filas).toEqual([{ codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: '2700' }]);
    expect(await historialDe('VALOR_BASE_CANTO_RIGIDO')).toEqual([
      { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_anterior: '2500', valor_nuevo: '2700', user_id: superAdmin.id },
    ]);
  });

  it('writes no history when the value does not change', async () => {
    const { codigo_parametro } = await crearParametro(entorno.db, { valor_parametro: 'igual' });
    const respuesta = await editar(superAdmin.token, codigo_parametro, { valor_parametro: 'igual' });
    expect(respuesta.statusCode).toBe(200);
    expect(await historialDe(codigo_parametro)).toEqual([]);
  });
});

describe('reading parameters inside a transaction', () => {
  it('reads them all at its first read and keeps that set while others change the table, and sees its own edit', async () => {
    const { codigo_parametro: primero } = await crearParametro(entorno.db, { valor_parametro: 'uno' });
    const { codigo_parametro: segundo } = await crearParametro(entorno.db, { valor_parametro: 'dos' });
    const resultado = await entorno.db.transaction().execute(async (trx) => {
      const a = await parametrosService.valorParametro(trx, primero);
      // Another transaction changes the second parameter meanwhile: this one keeps the set it read at its first read.
      await entorno.db.updateTable('parametro').set({ valor_parametro: 'cambiado' }).where('codigo_parametro', '=', segundo).execute();
      const b = await parametrosService.valorParametro(trx, segundo);
      const ausente = await parametrosService.valorParametro(trx, 'NO_EXISTE_EN_LA_TABLA');
      await parametrosService.editarParametro(trx, actorSistema(), primero, 'editado');
      const editado = await parametrosService.leerParametro(trx, primero);
      return { a, b, ausente, editado };
    });
    expect(resultado).toEqual({ a: 'uno', b: 'dos', ausente: null, editado: { codigo_parametro: primero, valor_parametro: 'editado' } });
    // Outside a transaction every read goes to the table.
    expect(await parametrosService.valorParametro(entorno.db, segundo)).toBe('cambiado');
    await expect(parametrosService.leerParametro(entorno.db, 'NO_EXISTE_EN_LA_TABLA')).rejects.toMatchObject({ code: 'PARAMETRO_NO_ENCONTRADO' });
  });
});
