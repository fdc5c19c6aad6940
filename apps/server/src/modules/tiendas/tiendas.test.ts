import { ERRORES } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuario, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba } from '../../../test/factories';

const entorno = usarEntorno();
const url = (userId: number) => `/api/maestros/tiendas/${userId}/usuario`;

describe('GET /api/maestros/tiendas/{userId}/usuario', () => {
  let norte: TiendaPrueba;
  let centro: TiendaPrueba;
  let cerrada: TiendaPrueba;
  let ajena: TiendaPrueba;
  let vendedor: UsuarioPrueba & { token: string };
  let superAdmin: UsuarioPrueba & { token: string };

  beforeAll(async () => {
    const { app, db } = entorno;
    // Created out of code order, to see the answer sorted by code.
    norte = await crearTienda(db, { codigo_tienda: 'N02', nombre_tienda: 'Norte' });
    centro = await crearTienda(db, { codigo_tienda: 'C01', nombre_tienda: 'Centro' });
    cerrada = await crearTienda(db, { codigo_tienda: 'A00', nombre_tienda: 'Cerrada', activo: false });
    ajena = await crearTienda(db, { codigo_tienda: 'Z99', nombre_tienda: 'Ajena' });
    vendedor = await crearUsuarioConSesion(app, db, {
      role: 'Vendedor',
      tiendas: [norte.codigo_tienda, centro.codigo_tienda, cerrada.codigo_tienda],
    });
    superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [centro.codigo_tienda] });
  });

  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: url(vendedor.id) });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it("refuses another user's stores to a non-SuperAdministrador with 403", async () => {
    const otro = await crearUsuario(entorno.db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
    for (const role of ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const) {
      await entorno.db.updateTable('usuario').set({ role }).where('id', '=', vendedor.id).execute();
      const respuesta = await entorno.app.inject({ method: 'GET', url: url(otro.id), headers: headers(vendedor.token) });
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
    }
    await entorno.db.updateTable('usuario').set({ role: 'Vendedor' }).where('id', '=', vendedor.id).execute();
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: url(vendedor.id),
      headers: headers(vendedor.token, ajena.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('answers 404 to a user id that is not a positive integer below 2^31', async () => {
    for (const id of ['abc', '0', String(2 ** 31)]) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/maestros/tiendas/${id}/usuario`, headers: headers(vendedor.token) });
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
    }
  });

  it("lists the user's own active stores in code order, with id, code and name", async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: url(vendedor.id),
      headers: headers(vendedor.token, norte.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({
      data: {
        tiendas_usuario: [
          { id: centro.id, codigo_tienda: 'C01', nombre_tienda: 'Centro' },
          { id: norte.id, codigo_tienda: 'N02', nombre_tienda: 'Norte' },
        ],
      },
    });
  });

  it('leaves inactive stores out of the list', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: url(vendedor.id), headers: headers(vendedor.token) });
    const codigos = respuesta.json<{ data: { tiendas_usuario: TiendaPrueba[] } }>().data.tiendas_usuario.map((t) => t.codigo_tienda);
    expect(codigos).not.toContain(cerrada.codigo_tienda);
  });

  it('answers an empty list for a user without stores', async () => {
    const sinTiendas = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Bodega', tiendas: [] });
    const respuesta = await entorno.app.inject({ method: 'GET', url: url(sinTiendas.id), headers: headers(sinTiendas.token) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ data: { tiendas_usuario: [] } });
  });

  it("lets SuperAdministrador read any user's stores", async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: url(vendedor.id),
      headers: headers(superAdmin.token, centro.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.tiendas_usuario.map((t: TiendaPrueba) => t.codigo_tienda)).toEqual(['C01', 'N02']);
  });

  it('answers 404 to SuperAdministrador for an unknown user', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: url(999_999), headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.USUARIO_NO_ENCONTRADO.mensaje });
  });

  it('changes nothing in the database', async () => {
    const antes = await entorno.db.selectFrom('usuario_tienda').selectAll().orderBy('user_id').orderBy('codigo_tienda').execute();
    await entorno.app.inject({ method: 'GET', url: url(vendedor.id), headers: headers(vendedor.token) });
    const despues = await entorno.db.selectFrom('usuario_tienda').selectAll().orderBy('user_id').orderBy('codigo_tienda').execute();
    expect(despues).toEqual(antes);
  });
});
