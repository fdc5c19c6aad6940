import { ERRORES, MENSAJE_DV_NIT, MENSAJES_PROVEEDOR } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba, crearProveedor } from '../../../test/factories';

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

const valido = (cambios: Record<string, unknown> = {}) => ({
  nombre_proveedor: 'Maderas del Valle S.A.S.',
  nit: `800${Math.floor(Math.random() * 1e9)}`.slice(0, 12),
  numero_telefonico: '6024851200',
  correo_electronico: 'ventas@maderas.test',
  direccion: 'Calle 15 # 32-40',
  credito: true,
  plazo_credito: 30,
  ...cambios,
});

const filaProveedor = (id: number) =>
  entorno.db
    .selectFrom('proveedor')
    .select(['nombre_proveedor', 'nit', 'numero_telefonico', 'correo_electronico', 'direccion', 'credito', 'plazo_credito'])
    .where('id', '=', id)
    .executeTakeFirst();

const contarProveedores = async () =>
  Number((await entorno.db.selectFrom('proveedor').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** The validation cases shared by create and update: payload changes → field → exact message. */
const INVALIDOS: [string, Record<string, unknown>, string, string][] = [
  ['a name of 201 characters', { nombre_proveedor: 'N'.repeat(201) }, 'nombre_proveedor', MENSAJES_PROVEEDOR.nombreLargo],
  ['a NIT of 31 characters', { nit: '9'.repeat(31) }, 'nit', MENSAJES_PROVEEDOR.nitLargo],
  ["a NIT whose check digit is not DIAN's", { nit: '800197268-5' }, 'nit', MENSAJE_DV_NIT],
  ['a phone of 11 digits', { numero_telefonico: '30012345678' }, 'numero_telefonico', MENSAJES_PROVEEDOR.telefonoLargo],
  ['a phone with letters', { numero_telefonico: '300-ABC' }, 'numero_telefonico', MENSAJES_PROVEEDOR.telefonoDigitos],
  ['an e-mail of 101 characters', { correo_electronico: `${'a'.repeat(90)}@ejemplo.test` }, 'correo_electronico', MENSAJES_PROVEEDOR.correoLargo],
  ['an e-mail without @', { correo_electronico: 'ventas.maderas.test' }, 'correo_electronico', MENSAJES_PROVEEDOR.correoInvalido],
  ['an address of 101 characters', { direccion: 'D'.repeat(101) }, 'direccion', MENSAJES_PROVEEDOR.direccionLarga],
  ['credit without a term', { credito: true, plazo_credito: undefined }, 'plazo_credito', MENSAJES_PROVEEDOR.plazo],
  ['credit with an empty term', { credito: true, plazo_credito: '' }, 'plazo_credito', MENSAJES_PROVEEDOR.plazo],
  ['a negative term', { plazo_credito: -1 }, 'plazo_credito', MENSAJES_PROVEEDOR.plazoEntero],
  ['a fractional term', { plazo_credito: 1.5 }, 'plazo_credito', MENSAJES_PROVEEDOR.plazoEntero],
  ['a term of 10000 days', { plazo_credito: 10000 }, 'plazo_credito', MENSAJES_PROVEEDOR.plazoMaximo],
];

describe('GET /api/maestros/proveedores', () => {
  const listar = (token: string | null, query = '', codigoTienda?: string) =>
    entorno.app.inject({ method: 'GET', url: `/api/maestros/proveedores${query}`, ...(token ? { headers: headers(token, codigoTienda) } : {}) });

  it('refuses a call without a token with 401', async () => {
    const respuesta = await listar(null);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje });
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403, since only SuperAdministrador manages suppliers', async (role) => {
    const respuesta = await listar(porRol[role].token, '', tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await listar(superAdmin.token, '', ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses page 0 with 422', async () => {
    const respuesta = await listar(superAdmin.token, '?pagination=1&page=0');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ code: 'DATOS_INVALIDOS', errors: { page: expect.any(Array) } });
  });

  it('answers every supplier by name, without paging, when pagination is not asked', async () => {
    const b = await crearProveedor(entorno.db, { nombre_proveedor: 'BB Herrajes' });
    const a = await crearProveedor(entorno.db, { nombre_proveedor: 'AA Tableros', credito: true, plazo_credito: 60, direccion: null });
    const respuesta = await listar(superAdmin.token, '', tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const proveedores = respuesta.json().data.proveedores as { nombre_proveedor: string }[];
    expect(Array.isArray(proveedores)).toBe(true);
    const nombres = proveedores.map((p) => p.nombre_proveedor);
    expect(nombres).toEqual([...nombres].sort((x, y) => x.localeCompare(y, 'en')));
    expect(proveedores).toEqual(expect.arrayContaining([a, b]));
  });

  it('pages by 10 with pagination=1 and finds by NIT or name', async () => {
    for (let n = 0; n < 11; n++) await crearProveedor(entorno.db, { nombre_proveedor: `ZZ Paginado ${n}` });
    const total = await contarProveedores();
    const ultima = Math.ceil(total / 10);
    const respuesta = await listar(superAdmin.token, `?pagination=1&page=${ultima}`);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.proveedores;
    expect(pagina).toMatchObject({ current_page: ultima, last_page: ultima, per_page: 10, total });
    expect(pagina.data).toHaveLength(total - (ultima - 1) * 10);

    const buscado = await crearProveedor(entorno.db, { nit: '811999888-7' });
    const porNit = await listar(superAdmin.token, '?pagination=1&page=1&query=999888');
    expect(porNit.json().data.proveedores).toMatchObject({ data: [buscado], total: 1, last_page: 1 });
    const porNombre = await listar(superAdmin.token, '?query=zz%20paginado%2010');
    expect(porNombre.json().data.proveedores).toEqual([expect.objectContaining({ nombre_proveedor: 'ZZ Paginado 10' })]);
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by a column either way, ties by id', async () => {
    for (let n = 0; n < 30; n++) await crearProveedor(entorno.db, { nombre_proveedor: `YY Orden ${n}`, plazo_credito: n % 3, credito: true });
    const pagina = async (consulta: string) => (await listar(superAdmin.token, `?pagination=1&query=yy%20orden&${consulta}`)).json().data.proveedores;

    const de25 = await pagina('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const todos = (await pagina('page=1&per_page=50&orden=plazo_credito&direccion=desc')).data as { id: number; plazo_credito: number }[];
    const esperado = [...todos].sort((x, y) => y.plazo_credito - x.plazo_credito || y.id - x.id);
    expect(todos.map((p) => p.id)).toEqual(esperado.map((p) => p.id));
    expect(todos[0]!.plazo_credito).toBe(2);

    // Pages of a sorted list neither repeat nor skip a row, though 10 suppliers share each term.
    const porPaginas = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await pagina(`page=${page}&orden=plazo_credito`)).data.map((p: { id: number }) => p.id));
    expect(new Set(porPaginas).size).toBe(30);

    const porNit = (await pagina('page=1&per_page=100&orden=nit&direccion=asc')).data.map((p: { nit: string }) => p.nit);
    expect(porNit).toEqual([...porNit].sort());
  });

  it('refuses a page size or sort column the list does not offer with 422, and sorts by nothing else', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=password', 'orden=id;drop table proveedor', 'direccion=arriba']) {
      const respuesta = await listar(superAdmin.token, `?pagination=1&page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });

  it('searches names without accents or case, and NITs on their digits', async () => {
    const buscado = await crearProveedor(entorno.db, { nombre_proveedor: 'Maderas Gómez Ñuflo', nit: '833.444.555-1' });
    const sinPuntos = await crearProveedor(entorno.db, { nombre_proveedor: 'Tableros del Sur', nit: '8345556667' });
    const ids = async (query: string) =>
      ((await listar(superAdmin.token, `?query=${encodeURIComponent(query)}`)).json().data.proveedores as { id: number }[]).map((p) => p.id);
    for (const query of ['gomez', 'GOMEZ', 'maderas nuflo', '833444555', '8334445551']) expect(await ids(query), query).toEqual([buscado.id]);
    expect(await ids('834.555.666-7')).toEqual([sinPuntos.id]);
    const pagina = (await listar(superAdmin.token, '?pagination=1&page=1&query=gomez')).json().data.proveedores;
    expect(pagina).toMatchObject({ data: [{ id: buscado.id }], total: 1 });
  });
});

describe('POST /api/maestros/proveedores/guardar', () => {
  const guardar = (token: string | null, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/maestros/proveedores/guardar',
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    expect((await guardar(null, valido())).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and creates nothing', async (role) => {
    const antes = await contarProveedores();
    const respuesta = await guardar(porRol[role].token, valido(), tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
    expect(await contarProveedores()).toBe(antes);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await guardar(superAdmin.token, valido(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses an empty body with 422 and the four required-field messages', async () => {
    const respuesta = await guardar(superAdmin.token, {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({
      message: MENSAJES_PROVEEDOR.nombre,
      code: 'DATOS_INVALIDOS',
      errors: {
        nombre_proveedor: [MENSAJES_PROVEEDOR.nombre],
        nit: [MENSAJES_PROVEEDOR.nit],
        numero_telefonico: [MENSAJES_PROVEEDOR.telefono],
        correo_electronico: [MENSAJES_PROVEEDOR.correo],
      },
      request_id: expect.any(String),
    });
  });

  it('refuses whitespace-only required fields with the same messages', async () => {
    const respuesta = await guardar(superAdmin.token, valido({ nombre_proveedor: '  ', nit: ' ', numero_telefonico: ' ', correo_electronico: ' ' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      nombre_proveedor: [MENSAJES_PROVEEDOR.nombre],
      nit: [MENSAJES_PROVEEDOR.nit],
      numero_telefonico: [MENSAJES_PROVEEDOR.telefono],
      correo_electronico: [MENSAJES_PROVEEDOR.correo],
    });
  });

  it.each(INVALIDOS)('refuses %s with 422 and its message', async (_caso, cambios, campo, mensaje) => {
    const antes = await contarProveedores();
    const respuesta = await guardar(superAdmin.token, valido(cambios));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ [campo]: [mensaje] });
    expect(await contarProveedores()).toBe(antes);
  });

  it('accepts the maximum lengths', async () => {
    const respuesta = await guardar(
      superAdmin.token,
      valido({
        nombre_proveedor: 'N'.repeat(200),
        nit: `L${'9'.repeat(29)}`,
        numero_telefonico: '3'.repeat(10),
        correo_electronico: `${'a'.repeat(89)}@ejemplo.co`,
        direccion: 'D'.repeat(100),
        plazo_credito: 9999,
      }),
    );
    expect(respuesta.statusCode).toBe(200);
  });

  it('refuses a NIT another supplier has with 409 and a message on the field, creating nothing', async () => {
    const existente = await crearProveedor(entorno.db, { nit: '900100200-0' });
    const antes = await contarProveedores();
    const respuesta = await guardar(superAdmin.token, valido({ nit: ' 900100200-0 ' }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toEqual({
      message: ERRORES.PROVEEDOR_NIT_DUPLICADO.mensaje,
      code: 'PROVEEDOR_NIT_DUPLICADO',
      errors: { nit: [ERRORES.PROVEEDOR_NIT_DUPLICADO.mensaje] },
      request_id: expect.any(String),
    });
    expect(await contarProveedores()).toBe(antes);
    expect(await filaProveedor(existente.id)).toMatchObject({ nombre_proveedor: existente.nombre_proveedor });
  });

  it('creates a supplier on credit with its term, trimmed, and answers its id', async () => {
    const respuesta = await guardar(
      superAdmin.token,
      valido({ nombre_proveedor: '  Cantos Andinos Ltda. ', nit: ' 830112233-1 ', correo_electronico: ' pedidos@cantos.test ', plazo_credito: '45' }),
      tienda.codigo_tienda,
    );
    expect(respuesta.statusCode).toBe(200);
    const cuerpo = respuesta.json();
    expect(cuerpo).toEqual({ message: 'Proveedor creado con éxito', data: { id: expect.any(Number) } });
    expect(await filaProveedor(cuerpo.data.id)).toEqual({
      nombre_proveedor: 'Cantos Andinos Ltda.',
      nit: '830112233-1',
      numero_telefonico: '6024851200',
      correo_electronico: 'pedidos@cantos.test',
      direccion: 'Calle 15 # 32-40',
      credito: true,
      plazo_credito: 45,
    });
  });

  it('saves a supplier without credit with term 0 and a blank address as none', async () => {
    const respuesta = await guardar(superAdmin.token, valido({ credito: false, plazo_credito: 90, direccion: '   ' }));
    expect(respuesta.statusCode).toBe(200);
    expect(await filaProveedor(respuesta.json().data.id)).toMatchObject({ credito: false, plazo_credito: 0, direccion: null });
    const sinCampos = await guardar(superAdmin.token, valido({ credito: undefined, plazo_credito: undefined, direccion: undefined }));
    expect(sinCampos.statusCode).toBe(200);
    expect(await filaProveedor(sinCampos.json().data.id)).toMatchObject({ credito: false, plazo_credito: 0, direccion: null });
  });
});

describe('PUT /api/maestros/proveedores/{id}/actualizar', () => {
  const actualizar = (token: string | null, id: number | string, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'PUT',
      url: `/api/maestros/proveedores/${id}/actualizar`,
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    const { id } = await crearProveedor(entorno.db);
    expect((await actualizar(null, id, valido())).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and changes nothing', async (role) => {
    const proveedor = await crearProveedor(entorno.db);
    const respuesta = await actualizar(porRol[role].token, proveedor.id, valido({ nombre_proveedor: 'Otro' }), tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(await filaProveedor(proveedor.id)).toMatchObject({ nombre_proveedor: proveedor.nombre_proveedor });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const { id } = await crearProveedor(entorno.db);
    const respuesta = await actualizar(superAdmin.token, id, valido(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('answers 404 to an id that is not a number or beyond 2^31 - 1', async () => {
    expect((await actualizar(superAdmin.token, 'abc', valido())).statusCode).toBe(404);
    const respuesta = await actualizar(superAdmin.token, 2 ** 31, valido());
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
  });

  it('refuses an empty body with 422 and the four required-field messages', async () => {
    const { id } = await crearProveedor(entorno.db);
    const respuesta = await actualizar(superAdmin.token, id, {});
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors).sort()).toEqual(['correo_electronico', 'nit', 'nombre_proveedor', 'numero_telefonico']);
  });

  it.each(INVALIDOS)('refuses %s with 422 and its message', async (_caso, cambios, campo, mensaje) => {
    const proveedor = await crearProveedor(entorno.db);
    const respuesta = await actualizar(superAdmin.token, proveedor.id, valido(cambios));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ [campo]: [mensaje] });
    expect(await filaProveedor(proveedor.id)).toMatchObject({ nombre_proveedor: proveedor.nombre_proveedor });
  });

  it('answers 404 for an unknown supplier', async () => {
    const respuesta = await actualizar(superAdmin.token, 999999, valido());
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PROVEEDOR_NO_ENCONTRADO.mensaje });
  });

  it('refuses the NIT of another supplier with 409 and leaves both alone', async () => {
    const otro = await crearProveedor(entorno.db, { nit: '900555444-3' });
    const proveedor = await crearProveedor(entorno.db);
    const respuesta = await actualizar(superAdmin.token, proveedor.id, valido({ nit: '900555444-3' }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ errors: { nit: [ERRORES.PROVEEDOR_NIT_DUPLICADO.mensaje] } });
    expect(await filaProveedor(proveedor.id)).toMatchObject({ nit: proveedor.nit });
    expect(await filaProveedor(otro.id)).toMatchObject({ nit: '900555444-3' });
  });

  it('replaces every field, keeping its own NIT', async () => {
    const proveedor = await crearProveedor(entorno.db, { credito: false });
    const respuesta = await actualizar(
      superAdmin.token,
      proveedor.id,
      valido({ nit: proveedor.nit, nombre_proveedor: 'Nuevo nombre', numero_telefonico: '3159998877', plazo_credito: 15, direccion: null }),
      tienda.codigo_tienda,
    );
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Proveedor actualizado con éxito' });
    expect(await filaProveedor(proveedor.id)).toEqual({
      nombre_proveedor: 'Nuevo nombre',
      nit: proveedor.nit,
      numero_telefonico: '3159998877',
      correo_electronico: 'ventas@maderas.test',
      direccion: null,
      credito: true,
      plazo_credito: 15,
    });
  });

  it('resets the term to 0 when credit is switched off', async () => {
    const proveedor = await crearProveedor(entorno.db, { credito: true, plazo_credito: 30 });
    const respuesta = await actualizar(superAdmin.token, proveedor.id, valido({ nit: proveedor.nit, credito: false, plazo_credito: 30 }));
    expect(respuesta.statusCode).toBe(200);
    expect(await filaProveedor(proveedor.id)).toMatchObject({ credito: false, plazo_credito: 0 });
  });
});
