import { ERRORES, MENSAJES_CONEXION, type Conexion, type Pagina } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearConexion,
  crearTienda,
  crearUsuario,
  crearUsuarioConSesion,
  headers,
  iniciarSesion,
  crearUsuariosPorRol,
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

const conexionDe = (id: number) =>
  entorno.db.selectFrom('conexion').select(['id', 'name_connection', 'fecha_cierre', 'cerrada_por']).where('id', '=', id).executeTakeFirstOrThrow();

type Refusal = { method: 'GET' | 'PUT'; url: () => Promise<string>; payload?: object };
const rutas: [string, Refusal][] = [
  ['GET /api/conexiones', { method: 'GET', url: async () => '/api/conexiones' }],
  [
    'PUT /api/conexiones/{id}/editar',
    {
      method: 'PUT',
      url: async () => `/api/conexiones/${await crearConexion(entorno.db, { user_id: superAdmin.id })}/editar`,
      payload: { name_connection: 'Nuevo nombre' },
    },
  ],
  [
    'PUT /api/conexiones/{id}/revocar',
    { method: 'PUT', url: async () => `/api/conexiones/${await crearConexion(entorno.db, { user_id: superAdmin.id })}/revocar` },
  ],
];

describe.each(rutas)('%s refusals', (_ruta, { method, url, payload }) => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method, url: await url(), ...(payload ? { payload } : {}) });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it.each(ROLES_NO_SUPER_ADMIN)('refuses %s with 403, since only SuperAdministrador manages connections', async (role) => {
    const respuesta = await entorno.app.inject({
      method,
      url: await url(),
      headers: headers(porRol[role].token, tienda.codigo_tienda),
      ...(payload ? { payload } : {}),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({
      method,
      url: await url(),
      headers: headers(superAdmin.token, ajena.codigo_tienda),
      ...(payload ? { payload } : {}),
    });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });
});

describe('GET /api/conexiones', () => {
  const listar = async (token: string, query = '') => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/conexiones${query}`, headers: headers(token, tienda.codigo_tienda) });
    return respuesta;
  };
  const pagina = (respuesta: { json: <T>() => T }) => respuesta.json<{ data: { conexiones: Pagina<Conexion> } }>().data.conexiones;

  it.each([
    ['page=0', '?page=0'],
    ['page=abc', '?page=abc'],
    ['a search text over 200 characters', `?query=${'a'.repeat(201)}`],
  ])('refuses %s with 422', async (_caso, query) => {
    const respuesta = await listar(superAdmin.token, query);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ code: 'DATOS_INVALIDOS' });
  });

  it("lists connections newest first with the caller's own marked as current", async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, {
      role: 'SuperAdministrador',
      name: 'Recién Llegada',
      tiendas: [tienda.codigo_tienda],
    });
    const respuesta = await listar(usuario.token);
    expect(respuesta.statusCode).toBe(200);
    const conexiones = pagina(respuesta);
    expect(conexiones).toMatchObject({ current_page: 1, per_page: 10 });
    expect(conexiones.data[0]).toEqual({
      id: expect.any(Number),
      name_connection: 'Chrome en Windows',
      email: usuario.email,
      name: 'Recién Llegada',
      fecha_registro: expect.any(String),
      expira_en: expect.any(String),
      fecha_cierre: null,
      estado: 'Activa',
      es_actual: true,
    });
    expect(conexiones.data.filter((c) => c.es_actual)).toHaveLength(1);
    const fechas = conexiones.data.map((c) => c.fecha_registro);
    expect(fechas).toEqual([...fechas].sort().reverse());
  });

  it('pages by 10 and filters by user e-mail, user name or connection name', async () => {
    const usuario = await crearUsuario(entorno.db, { email: 'lista-paginada@prueba.test', name: 'Lista Paginada' });
    const ahora = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await crearConexion(entorno.db, { user_id: usuario.id, fecha_registro: new Date(ahora - (i + 1) * 60_000) }));
    }

    const primera = pagina(await listar(superAdmin.token, '?query=lista-paginada'));
    expect(primera).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(primera.data.map((c) => c.id)).toEqual(ids.slice(0, 10));

    const segunda = pagina(await listar(superAdmin.token, '?query=lista-paginada&page=2'));
    expect(segunda).toMatchObject({ current_page: 2, last_page: 2, total: 12 });
    expect(segunda.data.map((c) => c.id)).toEqual(ids.slice(10));

    expect(pagina(await listar(superAdmin.token, '?query=LISTA%20PAGINADA')).total).toBe(12);
    const nombrada = await crearConexion(entorno.db, { user_id: superAdmin.id, name_connection: 'Caja mostrador' });
    expect(pagina(await listar(superAdmin.token, '?query=caja%20mostrador')).data.map((c) => c.id)).toEqual([nombrada]);
  });

  it('searches percent signs and underscores literally', async () => {
    const literal = await crearConexion(entorno.db, { user_id: superAdmin.id, name_connection: 'Caja 50% descuento' });
    await crearConexion(entorno.db, { user_id: superAdmin.id, name_connection: 'Caja 500 descuento' });
    const conexiones = pagina(await listar(superAdmin.token, '?query=50%25'));
    expect(conexiones.data.map((c) => c.id)).toEqual([literal]);
  });

  it('searches without accents or case', async () => {
    const usuario = await crearUsuario(entorno.db, { email: 'sin-acentos@prueba.test', name: 'Óscar Gómez' });
    const conexion = await crearConexion(entorno.db, { user_id: usuario.id, name_connection: 'Bodega Medellín' });
    for (const query of ['gomez', 'GOMEZ', 'oscar%20medellin']) {
      expect(pagina(await listar(superAdmin.token, `?query=${query}`)).data.map((c) => c.id), query).toEqual([conexion]);
    }
  });

  it('answers an empty last page past the end', async () => {
    const conexiones = pagina(await listar(superAdmin.token, '?query=lista-paginada&page=9'));
    expect(conexiones).toMatchObject({ data: [], current_page: 9, last_page: 2, total: 12 });
  });

  it('tells closed and expired connections apart', async () => {
    const usuario = await crearUsuario(entorno.db, { email: 'estados@prueba.test' });
    const cerrada = await crearConexion(entorno.db, { user_id: usuario.id, fecha_cierre: new Date() });
    const expirada = await crearConexion(entorno.db, { user_id: usuario.id, expira_en: new Date(Date.now() - 1000) });
    const activa = await crearConexion(entorno.db, { user_id: usuario.id });
    const estados = Object.fromEntries(pagina(await listar(superAdmin.token, '?query=estados@')).data.map((c) => [c.id, c.estado]));
    expect(estados).toEqual({ [cerrada]: 'Cerrada', [expirada]: 'Expirada', [activa]: 'Activa' });
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by a column either way, ties by id', async () => {
    const ahora = Date.now();
    const usuarios = [];
    for (const letra of ['c', 'a', 'b']) usuarios.push(await crearUsuario(entorno.db, { email: `orden-${letra}@orden-conexiones.test` }));
    for (let i = 0; i < 30; i++) {
      // Ten connections share each registration minute, so the tie-break by id decides between them.
      await crearConexion(entorno.db, {
        user_id: usuarios[i % 3]!.id,
        name_connection: `Equipo ${String((i * 7) % 30).padStart(2, '0')}`,
        fecha_registro: new Date(ahora - (i % 3) * 60_000),
      });
    }
    const consultar = async (consulta: string) => pagina(await listar(superAdmin.token, `?query=orden-conexiones&${consulta}`));

    const de25 = await consultar('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const nombres = (await consultar('page=1&per_page=50&orden=name_connection')).data.map((c) => c.name_connection);
    expect(nombres).toEqual([...nombres].sort());
    const alReves = (await consultar('page=1&per_page=50&orden=name_connection&direccion=desc')).data.map((c) => c.name_connection);
    expect(alReves).toEqual([...nombres].reverse());

    const porCorreo = (await consultar('page=1&per_page=100&orden=email&direccion=desc')).data;
    const esperado = [...porCorreo].sort((x, y) => y.email.localeCompare(x.email) || y.id - x.id);
    expect(porCorreo.map((c) => c.id)).toEqual(esperado.map((c) => c.id));
    expect(porCorreo[0]!.email).toBe('orden-c@orden-conexiones.test');

    // Oldest first, pages of 10 neither repeat nor skip a connection among equal dates.
    const porPaginas: Conexion[] = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await consultar(`page=${page}&orden=fecha_registro&direccion=asc`)).data);
    expect(new Set(porPaginas.map((c) => c.id)).size).toBe(30);
    const fechas = porPaginas.map((c) => c.fecha_registro);
    expect(fechas).toEqual([...fechas].sort());
  });

  it('refuses a page size or sort column the list does not offer with 422, and sorts by nothing else', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=user_agent', 'orden=id;drop table conexion', 'direccion=arriba']) {
      const respuesta = await listar(superAdmin.token, `?page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });
});

describe('PUT /api/conexiones/{id}/editar', () => {
  const editar = (id: number | string, payload: object) =>
    entorno.app.inject({ method: 'PUT', url: `/api/conexiones/${id}/editar`, headers: headers(superAdmin.token), payload });

  it.each([
    ['an empty body', {}],
    ['an empty name', { name_connection: '' }],
    ['a whitespace-only name', { name_connection: '   ' }],
  ])('refuses %s with 422 "Debe ingresar un nombre"', async (_caso, payload) => {
    const id = await crearConexion(entorno.db, { user_id: superAdmin.id });
    const respuesta = await editar(id, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({
      message: MENSAJES_CONEXION.nombre,
      errors: { name_connection: [MENSAJES_CONEXION.nombre] },
    });
  });

  it('refuses a name over 120 characters with 422', async () => {
    const id = await crearConexion(entorno.db, { user_id: superAdmin.id });
    const respuesta = await editar(id, { name_connection: 'n'.repeat(121) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ name_connection: [MENSAJES_CONEXION.nombreLargo] });
  });

  it('answers 404 to an id that is not a number or beyond 2^31 - 1: no connection can have it', async () => {
    expect((await editar('abc', { name_connection: 'Caja' })).statusCode).toBe(404);
    const respuesta = await editar(2 ** 31, { name_connection: 'Caja' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
  });

  it('answers 404 for an unknown connection', async () => {
    const respuesta = await editar(999_999, { name_connection: 'Caja' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.CONEXION_NO_ENCONTRADA.mensaje });
  });

  it('renames the connection, trimmed, and leaves it open', async () => {
    const id = await crearConexion(entorno.db, { user_id: superAdmin.id, name_connection: 'Chrome en Windows' });
    const respuesta = await editar(id, { id, name_connection: '  Caja principal ' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Conexión actualizada con éxito' });
    expect(await conexionDe(id)).toMatchObject({ name_connection: 'Caja principal', fecha_cierre: null });
  });
});

describe('PUT /api/conexiones/{id}/revocar', () => {
  const revocar = (token: string, id: number) =>
    entorno.app.inject({ method: 'PUT', url: `/api/conexiones/${id}/revocar`, headers: headers(token) });

  it('answers 404 for an unknown connection', async () => {
    const respuesta = await revocar(superAdmin.token, 999_999);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.CONEXION_NO_ENCONTRADA.mensaje });
  });

  it("closes the connection and refuses its token at once, while the user's other tokens still work", async () => {
    const usuario = await crearUsuario(entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const revocado = await iniciarSesion(entorno.app, usuario.email, usuario.password);
    const otro = await iniciarSesion(entorno.app, usuario.email, usuario.password);
    const [conexion] = await entorno.db
      .selectFrom('conexion')
      .select('id')
      .where('user_id', '=', usuario.id)
      .orderBy('id')
      .execute();

    const respuesta = await revocar(superAdmin.token, conexion!.id);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Conexión revocada con éxito' });
    expect(await conexionDe(conexion!.id)).toMatchObject({ fecha_cierre: expect.any(Date), cerrada_por: superAdmin.id });

    const urlTiendas = `/api/maestros/tiendas/${usuario.id}/usuario`;
    const conRevocado = await entorno.app.inject({ method: 'GET', url: urlTiendas, headers: headers(revocado) });
    expect(conRevocado.statusCode).toBe(401);
    expect(conRevocado.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
    const conOtro = await entorno.app.inject({ method: 'GET', url: urlTiendas, headers: headers(otro) });
    expect(conOtro.statusCode).toBe(200);
  });

  it('keeps the first closing date when a closed connection is revoked again', async () => {
    const cerradaEn = new Date('2026-01-02T03:04:05Z');
    const id = await crearConexion(entorno.db, { user_id: superAdmin.id, fecha_cierre: cerradaEn });
    const respuesta = await revocar(superAdmin.token, id);
    expect(respuesta.statusCode).toBe(200);
    expect(await conexionDe(id)).toMatchObject({ fecha_cierre: cerradaEn, cerrada_por: null });
  });
});
