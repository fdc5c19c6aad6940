import { ERRORES, MENSAJES_TIPO_CONCEPTO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba, crearTipoConcepto } from '../../../test/factories';

const entorno = usarEntorno();

type ConSesion = UsuarioPrueba & { token: string };
const NO_SUPER_ADMIN = ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const;

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: ConSesion;
const porRol = {} as Record<(typeof NO_SUPER_ADMIN)[number], ConSesion>;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  for (const role of NO_SUPER_ADMIN) porRol[role] = await crearUsuarioConSesion(app, db, { role, tiendas: [tienda.codigo_tienda] });
});

const nombreDe = async (id: number) =>
  (await entorno.db.selectFrom('tipo_concepto').select('nombre_tipo_concepto').where('id', '=', id).executeTakeFirst())?.nombre_tipo_concepto;

const contar = async () =>
  Number((await entorno.db.selectFrom('tipo_concepto').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

const INVALIDOS: [string, unknown, string][] = [
  ['an empty body', {}, MENSAJES_TIPO_CONCEPTO.nombre],
  ['an empty name', { nombre_tipo_concepto: '' }, MENSAJES_TIPO_CONCEPTO.nombre],
  ['a whitespace-only name', { nombre_tipo_concepto: '   ' }, MENSAJES_TIPO_CONCEPTO.nombre],
  ['a name that is not text', { nombre_tipo_concepto: 12 }, MENSAJES_TIPO_CONCEPTO.nombre],
  ['a name of 101 characters', { nombre_tipo_concepto: 'C'.repeat(101) }, MENSAJES_TIPO_CONCEPTO.nombreLargo],
];

describe('GET /api/maestros/tipos-conceptos', () => {
  const listar = (token: string | null, query = '', codigoTienda?: string) =>
    entorno.app.inject({ method: 'GET', url: `/api/maestros/tipos-conceptos${query}`, ...(token ? { headers: headers(token, codigoTienda) } : {}) });

  it('refuses a call without a token with 401', async () => {
    expect((await listar(null)).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403', async (role) => {
    const respuesta = await listar(porRol[role].token, '', tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await listar(superAdmin.token, '', ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses a page that is not a number with 422', async () => {
    const respuesta = await listar(superAdmin.token, '?pagination=1&page=x');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ errors: { page: expect.any(Array) } });
  });

  it('answers every concept type by name without pagination, and pages of 10 with it', async () => {
    const creados = [];
    for (let n = 11; n >= 1; n--) creados.push(await crearTipoConcepto(entorno.db, `Concepto ${String(n).padStart(2, '0')}`));
    const todos = await listar(superAdmin.token, '', tienda.codigo_tienda);
    expect(todos.statusCode).toBe(200);
    const lista = todos.json().data.tipos_conceptos as { nombre_tipo_concepto: string }[];
    expect(lista.map((t) => t.nombre_tipo_concepto)).toEqual(creados.map((t) => t.nombre_tipo_concepto).reverse());

    const pagina2 = await listar(superAdmin.token, '?pagination=1&page=2');
    expect(pagina2.json().data.tipos_conceptos).toEqual({
      data: [creados[0]],
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 11,
    });
    const buscado = await listar(superAdmin.token, '?pagination=1&page=1&query=cepto%2007');
    expect(buscado.json().data.tipos_conceptos).toMatchObject({ data: [{ nombre_tipo_concepto: 'Concepto 07' }], total: 1 });
  });

  it('searches names without accents or case', async () => {
    const creado = await crearTipoConcepto(entorno.db, 'Fletes Gómez');
    for (const query of ['gomez', 'GOMEZ', 'fletes%20gomez']) {
      const pagina = (await listar(superAdmin.token, `?pagination=1&page=1&query=${query}`)).json().data.tipos_conceptos;
      expect(pagina, query).toMatchObject({ data: [{ id: creado.id }], total: 1 });
      const lista = (await listar(superAdmin.token, `?query=${query}`)).json().data.tipos_conceptos as { id: number }[];
      expect(lista.map((t) => t.id), query).toEqual([creado.id]);
    }
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by the name either way', async () => {
    for (let n = 0; n < 30; n++) await crearTipoConcepto(entorno.db, `Ordenado ${String((n * 7) % 30).padStart(2, '0')}`);
    const pagina = async (consulta: string) =>
      (await listar(superAdmin.token, `?pagination=1&query=ordenado&${consulta}`)).json().data.tipos_conceptos;

    const de25 = await pagina('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const nombres = (datos: { nombre_tipo_concepto: string }[]) => datos.map((t) => t.nombre_tipo_concepto);
    const asc = nombres((await pagina('page=1&per_page=50&orden=nombre_tipo_concepto&direccion=asc')).data);
    expect(asc).toEqual([...asc].sort());
    const desc = nombres((await pagina('page=1&per_page=50&orden=nombre_tipo_concepto&direccion=desc')).data);
    expect(desc).toEqual([...asc].reverse());

    // Pages of 10 sorted descending neither repeat nor skip a row.
    const porPaginas = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...nombres((await pagina(`page=${page}&orden=nombre_tipo_concepto&direccion=desc`)).data));
    expect(porPaginas).toEqual(desc);
  });

  it('refuses a page size or sort column the list does not offer with 422, and sorts by nothing else', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=id', 'orden=nombre_tipo_concepto;drop table tipo_concepto', 'direccion=arriba']) {
      const respuesta = await listar(superAdmin.token, `?pagination=1&page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });
});

describe('POST /api/maestros/tipos-conceptos/guardar', () => {
  const guardar = (token: string | null, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/maestros/tipos-conceptos/guardar',
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    expect((await guardar(null, { nombre_tipo_concepto: 'Arriendo' })).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and creates nothing', async (role) => {
    const antes = await contar();
    const respuesta = await guardar(porRol[role].token, { nombre_tipo_concepto: `De ${role}` }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(await contar()).toBe(antes);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await guardar(superAdmin.token, { nombre_tipo_concepto: 'Ajena' }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it.each(INVALIDOS)('refuses %s with 422 and its message', async (_caso, payload, mensaje) => {
    const respuesta = await guardar(superAdmin.token, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({ message: mensaje, code: 'DATOS_INVALIDOS', errors: { nombre_tipo_concepto: [mensaje] }, request_id: expect.any(String) });
  });

  it('refuses a name that exists, whatever its case, with 409 and a message on the field', async () => {
    await crearTipoConcepto(entorno.db, 'Servicios públicos');
    const antes = await contar();
    const respuesta = await guardar(superAdmin.token, { nombre_tipo_concepto: ' SERVICIOS PÚBLICOS ' });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toEqual({
      message: ERRORES.TIPO_CONCEPTO_DUPLICADO.mensaje,
      code: 'TIPO_CONCEPTO_DUPLICADO',
      errors: { nombre_tipo_concepto: [ERRORES.TIPO_CONCEPTO_DUPLICADO.mensaje] },
      request_id: expect.any(String),
    });
    expect(await contar()).toBe(antes);
  });

  it('creates the concept type, trimmed, with up to 100 characters', async () => {
    const respuesta = await guardar(superAdmin.token, { nombre_tipo_concepto: '  Compra de tableros ' }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Tipo de concepto creado con éxito', data: { id: expect.any(Number) } });
    expect(await nombreDe(respuesta.json().data.id)).toBe('Compra de tableros');
    expect((await guardar(superAdmin.token, { nombre_tipo_concepto: 'L'.repeat(100) })).statusCode).toBe(200);
  });
});

describe('PUT /api/maestros/tipos-conceptos/{id}/actualizar', () => {
  const actualizar = (token: string | null, id: number | string, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'PUT',
      url: `/api/maestros/tipos-conceptos/${id}/actualizar`,
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    const { id } = await crearTipoConcepto(entorno.db);
    expect((await actualizar(null, id, { nombre_tipo_concepto: 'Otro' })).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and changes nothing', async (role) => {
    const tipo = await crearTipoConcepto(entorno.db);
    const respuesta = await actualizar(porRol[role].token, tipo.id, { nombre_tipo_concepto: `Por ${role}` }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(await nombreDe(tipo.id)).toBe(tipo.nombre_tipo_concepto);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const { id } = await crearTipoConcepto(entorno.db);
    const respuesta = await actualizar(superAdmin.token, id, { nombre_tipo_concepto: 'Otro' }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
  });

  it.each(INVALIDOS)('refuses %s with 422 and its message', async (_caso, payload, mensaje) => {
    const tipo = await crearTipoConcepto(entorno.db);
    const respuesta = await actualizar(superAdmin.token, tipo.id, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ nombre_tipo_concepto: [mensaje] });
    expect(await nombreDe(tipo.id)).toBe(tipo.nombre_tipo_concepto);
  });

  it('answers 404 for an unknown concept type', async () => {
    const respuesta = await actualizar(superAdmin.token, 999999, { nombre_tipo_concepto: 'Otro' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIPO_CONCEPTO_NO_ENCONTRADO.mensaje });
  });

  it("refuses another concept type's name with 409", async () => {
    await crearTipoConcepto(entorno.db, 'Transporte y fletes');
    const tipo = await crearTipoConcepto(entorno.db);
    const respuesta = await actualizar(superAdmin.token, tipo.id, { nombre_tipo_concepto: 'transporte y fletes' });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIPO_CONCEPTO_DUPLICADO.mensaje });
    expect(await nombreDe(tipo.id)).toBe(tipo.nombre_tipo_concepto);
  });

  it('renames the concept type, and may change only the case of its own name', async () => {
    const tipo = await crearTipoConcepto(entorno.db, 'arriendo local');
    const respuesta = await actualizar(superAdmin.token, tipo.id, { nombre_tipo_concepto: ' Arriendo Local ' }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Tipo de concepto actualizado con éxito' });
    expect(await nombreDe(tipo.id)).toBe('Arriendo Local');
  });
});
