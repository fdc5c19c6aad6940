import { ERRORES, MENSAJE_INGRESO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuario, crearUsuarioConSesion, headers, iniciarSesion, UA_CHROME_WINDOWS, type TiendaPrueba } from '../../../test/factories';
import { firmarToken } from '../../lib/tokens';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
});

const ingresar = (payload: unknown, opciones: { ip?: string; userAgent?: string; app?: typeof entorno.app } = {}) =>
  (opciones.app ?? entorno.app).inject({
    method: 'POST',
    url: '/api/ingreso',
    payload: payload as object,
    headers: { 'user-agent': opciones.userAgent ?? UA_CHROME_WINDOWS },
    ...(opciones.ip ? { remoteAddress: opciones.ip } : {}),
  });

const intentosDe = (email: string) =>
  entorno.db.selectFrom('intento_ingreso').select(['email', 'ip', 'exitoso']).where('email', '=', email).orderBy('id').execute();

const conexionesDe = (userId: number) =>
  entorno.db.selectFrom('conexion').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Any call behind a token: the user's own stores. */
const llamarCon = (token: string, userId: number) =>
  entorno.app.inject({ method: 'GET', url: `/api/maestros/tiendas/${userId}/usuario`, headers: headers(token) });

describe('POST /api/ingreso', () => {
  it('refuses an empty body with 422 "Debe ingresar todos los campos" for e-mail and password', async () => {
    const respuesta = await ingresar({});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({
      message: MENSAJE_INGRESO,
      code: 'DATOS_INVALIDOS',
      errors: { email: [MENSAJE_INGRESO], password: [MENSAJE_INGRESO] },
      request_id: expect.any(String),
    });
  });

  it('refuses blank fields with the same 422', async () => {
    const respuesta = await ingresar({ email: '   ', password: '' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ email: [MENSAJE_INGRESO], password: [MENSAJE_INGRESO] });
  });

  it('refuses an e-mail that is not one with 422', async () => {
    const respuesta = await ingresar({ email: 'no-es-un-correo', password: 'algo' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJE_INGRESO, errors: { email: [MENSAJE_INGRESO] } });
  });

  it('refuses a wrong password with 401 and records the failed attempt', async () => {
    const usuario = await crearUsuario(entorno.db);
    const respuesta = await ingresar({ email: usuario.email, password: 'no-es-la-clave' });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toEqual({ message: ERRORES.CREDENCIALES_INVALIDAS.mensaje, code: 'CREDENCIALES_INVALIDAS', request_id: expect.any(String) });
    expect(await intentosDe(usuario.email)).toEqual([{ email: usuario.email, ip: '127.0.0.1', exitoso: false }]);
    expect(await conexionesDe(usuario.id)).toEqual([]);
  });

  it('refuses an unknown e-mail with the same 401 and records the failed attempt', async () => {
    const respuesta = await ingresar({ email: 'Nadie@Prueba.test', password: 'cualquiera' });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.CREDENCIALES_INVALIDAS.mensaje });
    expect(await intentosDe('nadie@prueba.test')).toEqual([{ email: 'nadie@prueba.test', ip: '127.0.0.1', exitoso: false }]);
  });

  it('refuses an inactive user with 401 and opens no connection', async () => {
    const usuario = await crearUsuario(entorno.db, { activo: false });
    const respuesta = await ingresar({ email: usuario.email, password: usuario.password });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.USUARIO_INACTIVO.mensaje });
    expect(await conexionesDe(usuario.id)).toEqual([]);
  });

  it('logs in and opens a connection named after the browser and system', async () => {
    const usuario = await crearUsuario(entorno.db, { role: 'Bodega', name: 'Bernardo Bodega', tiendas: [tienda.codigo_tienda] });
    const antes = Date.now();
    const respuesta = await ingresar({ email: `  ${usuario.email.toUpperCase()} `, password: usuario.password }, { ip: '10.1.2.3' });
    expect(respuesta.statusCode).toBe(200);
    const cuerpo = respuesta.json();
    expect(cuerpo).toEqual({
      message: 'Bienvenido(a) Bernardo Bodega',
      data: {
        token: expect.any(String),
        expira_en: expect.any(String),
        id: usuario.id,
        name: 'Bernardo Bodega',
        email: usuario.email,
        role: 'Bodega',
      },
    });

    // The default lifetime is 8 hours.
    const expiraEn = new Date(cuerpo.data.expira_en).getTime();
    expect(expiraEn).toBeGreaterThanOrEqual(antes + 8 * 3600_000);
    expect(expiraEn).toBeLessThanOrEqual(Date.now() + 8 * 3600_000);

    const [conexion, ...otras] = await conexionesDe(usuario.id);
    expect(otras).toEqual([]);
    expect(conexion).toMatchObject({
      name_connection: 'Chrome en Windows',
      user_agent: UA_CHROME_WINDOWS,
      ip: '10.1.2.3',
      fecha_cierre: null,
      cerrada_por: null,
    });
    expect(conexion!.expira_en.getTime()).toBe(expiraEn);
    expect(await intentosDe(usuario.email)).toEqual([{ email: usuario.email, ip: '10.1.2.3', exitoso: true }]);

    expect((await llamarCon(cuerpo.data.token, usuario.id)).statusCode).toBe(200);
  });

  it('names a connection from another browser after it', async () => {
    const usuario = await crearUsuario(entorno.db);
    const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const respuesta = await ingresar({ email: usuario.email, password: usuario.password }, { userAgent: firefoxLinux });
    expect(respuesta.statusCode).toBe(200);
    expect((await conexionesDe(usuario.id))[0]?.name_connection).toBe('Firefox en Linux');
  });

  it('refuses the sixth attempt after five failures with 429, even with the right password', async () => {
    const usuario = await crearUsuario(entorno.db);
    for (let i = 0; i < 5; i++) {
      const fallido = await ingresar({ email: usuario.email, password: `mala-${i}` });
      expect(fallido.statusCode).toBe(401);
    }
    // From another IP too: the limit is per e-mail.
    const respuesta = await ingresar({ email: usuario.email, password: usuario.password }, { ip: '10.9.9.9' });
    expect(respuesta.statusCode).toBe(429);
    expect(respuesta.json()).toEqual({ message: ERRORES.DEMASIADOS_INTENTOS.mensaje, code: 'DEMASIADOS_INTENTOS', request_id: expect.any(String) });
    expect(await conexionesDe(usuario.id)).toEqual([]);
    // A refused attempt is not counted again, and other accounts are not affected.
    expect((await intentosDe(usuario.email)).filter((i) => !i.exitoso)).toHaveLength(5);
    const otro = await crearUsuario(entorno.db);
    expect((await ingresar({ email: otro.email, password: otro.password })).statusCode).toBe(200);
  });

  it('refuses an IP over its login limit with 429, whatever the e-mail', async () => {
    const app = await entorno.otraApp({ ingresoMaxPorIp: 3 });
    const usuario = await crearUsuario(entorno.db);
    const ip = '10.20.30.40';
    for (let i = 0; i < 3; i++) {
      const respuesta = await ingresar({ email: `desconocido${i}@prueba.test`, password: 'x' }, { app, ip });
      expect(respuesta.statusCode).toBe(401);
    }
    const respuesta = await ingresar({ email: usuario.email, password: usuario.password }, { app, ip });
    expect(respuesta.statusCode).toBe(429);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.DEMASIADOS_INTENTOS.mensaje });
    // Another IP still gets in.
    expect((await ingresar({ email: usuario.email, password: usuario.password }, { app, ip: '10.20.30.41' })).statusCode).toBe(200);
  });

  it('behind a proxy named in TRUST_PROXY counts each forwarded client on its own; a forged header from elsewhere counts its sender', async () => {
    const app = await entorno.otraApp({ ingresoMaxPorIp: 2, trustProxy: ['10.0.0.0/8'] });
    const usuario = await crearUsuario(entorno.db);
    const desde = (cliente: string, proxy = '10.1.1.1') =>
      app.inject({
        method: 'POST',
        url: '/api/ingreso',
        payload: { email: `nadie-${cliente}@prueba.test`, password: 'x' },
        headers: { 'user-agent': UA_CHROME_WINDOWS, 'x-forwarded-for': cliente },
        remoteAddress: proxy,
      });
    // Two clients behind the load balancer: each has its own two attempts.
    for (const cliente of ['181.50.1.1', '181.50.1.2']) {
      expect((await desde(cliente)).statusCode).toBe(401);
      expect((await desde(cliente)).statusCode).toBe(401);
    }
    expect((await desde('181.50.1.1')).statusCode).toBe(429);
    const ingreso = await app.inject({
      method: 'POST',
      url: '/api/ingreso',
      payload: { email: usuario.email, password: usuario.password },
      headers: { 'user-agent': UA_CHROME_WINDOWS, 'x-forwarded-for': '181.50.1.3' },
      remoteAddress: '10.1.1.1',
    });
    expect(ingreso.statusCode).toBe(200);
    expect((await conexionesDe(usuario.id)).at(-1)?.ip).toBe('181.50.1.3');
    // A sender that is not a trusted proxy cannot choose its address with the header.
    expect((await desde('181.50.1.9', '200.7.7.7')).statusCode).toBe(401);
    expect((await desde('181.50.1.10', '200.7.7.7')).statusCode).toBe(401);
    expect((await desde('181.50.1.11', '200.7.7.7')).statusCode).toBe(429);
  });

  it('evaluates exactly five of 30 parallel wrong guesses for one e-mail; the rest get 429 unevaluated', async () => {
    const usuario = await crearUsuario(entorno.db);
    const respuestas = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ingresar({ email: usuario.email, password: `adivina-${i}` }, { ip: `10.30.0.${i + 1}` })),
    );
    const estados = respuestas.map((respuesta) => respuesta.statusCode);
    expect(estados.filter((estado) => estado === 401)).toHaveLength(5);
    expect(estados.filter((estado) => estado === 429)).toHaveLength(25);
    // Only the evaluated guesses left an attempt row: the password was never compared for the others.
    expect(await intentosDe(usuario.email)).toHaveLength(5);
  });

  it('counts only failures per e-mail: a successful login gives its attempt back', async () => {
    const usuario = await crearUsuario(entorno.db);
    for (let i = 0; i < 4; i++) expect((await ingresar({ email: usuario.email, password: `mala-${i}` })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await ingresar({ email: usuario.email, password: usuario.password })).statusCode).toBe(200);
    expect((await ingresar({ email: usuario.email, password: 'mala-5' })).statusCode).toBe(401);
    expect((await ingresar({ email: usuario.email, password: usuario.password })).statusCode).toBe(429);
  });

  it('shares the per-IP limit between two server instances on one database', async () => {
    const primera = await entorno.otraApp({ ingresoMaxPorIp: 4 });
    const segunda = await entorno.otraApp({ ingresoMaxPorIp: 4 });
    const usuario = await crearUsuario(entorno.db);
    const ip = '10.40.0.1';
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? primera : segunda;
      expect((await ingresar({ email: `otro${i}@prueba.test`, password: 'x' }, { app, ip })).statusCode).toBe(401);
    }
    // Four attempts were spread over both instances; the fifth is refused by either of them.
    expect((await ingresar({ email: usuario.email, password: usuario.password }, { app: primera, ip })).statusCode).toBe(429);
    expect((await ingresar({ email: usuario.email, password: usuario.password }, { app: segunda, ip })).statusCode).toBe(429);
    const [limite] = await entorno.db.selectFrom('limite_ingreso').select('intentos').where('clave', '=', `ip:${ip}`).execute();
    expect(limite?.intentos).toBe(6);
  });

  it('opens a new window once the old one is over', async () => {
    const usuario = await crearUsuario(entorno.db);
    for (let i = 0; i < 5; i++) await ingresar({ email: usuario.email, password: `mala-${i}` });
    expect((await ingresar({ email: usuario.email, password: usuario.password })).statusCode).toBe(429);
    await entorno.db
      .updateTable('limite_ingreso')
      .set({ ventana_inicio: new Date(Date.now() - 16 * 60_000) })
      .where('clave', '=', `correo:${usuario.email.toLowerCase()}`)
      .execute();
    expect((await ingresar({ email: usuario.email, password: usuario.password })).statusCode).toBe(200);
  });

  it('gives tokens the configured lifetime', async () => {
    const app = await entorno.otraApp({ tokenHoras: 2 });
    const usuario = await crearUsuario(entorno.db);
    const antes = Date.now();
    const respuesta = await ingresar({ email: usuario.email, password: usuario.password }, { app });
    const expiraEn = new Date(respuesta.json().data.expira_en).getTime();
    expect(expiraEn).toBeGreaterThanOrEqual(antes + 2 * 3600_000);
    expect(expiraEn).toBeLessThanOrEqual(Date.now() + 2 * 3600_000);
    expect((await conexionesDe(usuario.id))[0]?.expira_en.getTime()).toBe(expiraEn);
  });
});

describe('session tokens', () => {
  it('refuses a token whose time is over with 401', async () => {
    // A negative lifetime signs tokens that expired an hour ago.
    const app = await entorno.otraApp({ tokenHoras: -1 });
    const usuario = await crearUsuario(entorno.db);
    const token = await iniciarSesion(app, usuario.email, usuario.password);
    const respuesta = await llamarCon(token, usuario.id);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
  });

  it('refuses a token signed with a past expiry for an open connection with 401', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db);
    const [conexion] = await conexionesDe(usuario.id);
    const vencido = await firmarToken(SECRETO_PRUEBA, { userId: usuario.id, conexionId: conexion!.id }, new Date(Date.now() - 1000));
    const respuesta = await llamarCon(vencido, usuario.id);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
  });

  it('refuses a token signed with another secret with 401', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db);
    const [conexion] = await conexionesDe(usuario.id);
    const ajeno = await firmarToken('otro-secreto', { userId: usuario.id, conexionId: conexion!.id }, new Date(Date.now() + 3600_000));
    const respuesta = await llamarCon(ajeno, usuario.id);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it("refuses a token naming another user's connection with 401", async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db);
    const otro = await crearUsuario(entorno.db);
    const [conexion] = await conexionesDe(usuario.id);
    const cruzado = await firmarToken(SECRETO_PRUEBA, { userId: otro.id, conexionId: conexion!.id }, new Date(Date.now() + 3600_000));
    expect((await llamarCon(cruzado, otro.id)).statusCode).toBe(401);
  });

  it('refuses a malformed authorization header with 401', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db);
    for (const authorization of [usuario.token, `Basic ${usuario.token}`, 'Bearer', 'Bearer no.es.token']) {
      const respuesta = await entorno.app.inject({
        method: 'GET',
        url: `/api/maestros/tiendas/${usuario.id}/usuario`,
        headers: { authorization },
      });
      expect(respuesta.statusCode, authorization).toBe(401);
    }
  });
});

describe('POST /api/salir', () => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/salir' });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403 and keeps the session open', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { tiendas: [tienda.codigo_tienda] });
    const ajena = await crearTienda(entorno.db);
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/salir', headers: headers(usuario.token, ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
    expect((await conexionesDe(usuario.id))[0]?.fecha_cierre).toBeNull();
  });

  it('closes the connection, after which the same token gets 401', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Operario', tiendas: [tienda.codigo_tienda] });
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/salir', headers: headers(usuario.token, tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Sesión cerrada' });

    const [conexion] = await conexionesDe(usuario.id);
    expect(conexion).toMatchObject({ fecha_cierre: expect.any(Date), cerrada_por: usuario.id });

    const despues = await llamarCon(usuario.token, usuario.id);
    expect(despues.statusCode).toBe(401);
    expect(despues.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
    expect((await entorno.app.inject({ method: 'POST', url: '/api/salir', headers: headers(usuario.token) })).statusCode).toBe(401);
  });
});
