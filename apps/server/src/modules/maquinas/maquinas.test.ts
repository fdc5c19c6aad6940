import { ERRORES, GRUPOS_SERVICIO, MENSAJES_MAQUINA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioPrueba, crearMaquina } from '../../../test/factories';

const entorno = usarEntorno();

type ConSesion = UsuarioPrueba & { token: string };
const NO_SUPER_ADMIN = ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const;
/** Roles that cannot open the production screens (stage management, preparation). */
const SIN_PRODUCCION = ['Administrador', 'Vendedor', 'Bodega'] as const;

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

const filaMaquina = (id: number) =>
  entorno.db
    .selectFrom('maquina')
    .select(['referencia', 'nombre_maquina', 'grupo_servicio_id', 'estado_maquina_id'])
    .where('id', '=', id)
    .executeTakeFirst();

const contar = async () =>
  Number((await entorno.db.selectFrom('maquina').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

let referencias = 0;
const valida = (cambios: Record<string, unknown> = {}) => ({
  referencia: `NUEVA-${++referencias}`,
  nombre_maquina: 'Enchapadora de cantos recta',
  grupo_servicio_id: 2,
  estado_maquina_id: 1,
  ...cambios,
});

const INVALIDOS: [string, Record<string, unknown>, Record<string, string[]>][] = [
  ['a whitespace-only reference', { referencia: '  ' }, { referencia: [MENSAJES_MAQUINA.referencia] }],
  ['a reference of 31 characters', { referencia: 'R'.repeat(31) }, { referencia: [MENSAJES_MAQUINA.referenciaLarga] }],
  ['a name of 101 characters', { nombre_maquina: 'N'.repeat(101) }, { nombre_maquina: [MENSAJES_MAQUINA.nombreLargo] }],
  ['an empty service group and state', { grupo_servicio_id: '', estado_maquina_id: null }, {
    grupo_servicio_id: [MENSAJES_MAQUINA.opcion],
    estado_maquina_id: [MENSAJES_MAQUINA.opcion],
  }],
  ['options that are not ids', { grupo_servicio_id: 'Corte', estado_maquina_id: 0 }, {
    grupo_servicio_id: [MENSAJES_MAQUINA.opcion],
    estado_maquina_id: [MENSAJES_MAQUINA.opcion],
  }],
  ['a service group and a state that do not exist', { grupo_servicio_id: 99, estado_maquina_id: 4 }, {
    grupo_servicio_id: [MENSAJES_MAQUINA.opcion],
    estado_maquina_id: [MENSAJES_MAQUINA.opcion],
  }],
  ['the old id of Servicios especiales (8, now 3)', { grupo_servicio_id: 8 }, { grupo_servicio_id: [MENSAJES_MAQUINA.opcion] }],
];

describe('GET /api/maestros/maquinas', () => {
  const listar = (token: string | null, query = '', codigoTienda?: string) =>
    entorno.app.inject({ method: 'GET', url: `/api/maestros/maquinas${query}`, ...(token ? { headers: headers(token, codigoTienda) } : {}) });

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

  it('refuses page 0 with 422', async () => {
    expect((await listar(superAdmin.token, '?page=0')).statusCode).toBe(422);
  });

  it('pages machines by id, 10 a page, with the names of their service group and state', async () => {
    const antes = await contar();
    const creadas = [];
    for (let n = 0; n < 12; n++) creadas.push(await crearMaquina(entorno.db, { grupo_servicio_id: n % 2 ? GRUPOS_SERVICIO.SERVICIOS_ESPECIALES : GRUPOS_SERVICIO.CORTE, estado_maquina_id: (n % 3) + 1 }));
    const total = antes + 12;
    const ultima = Math.ceil(total / 10);
    const respuesta = await listar(superAdmin.token, `?page=${ultima}`, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.maquinas;
    expect(pagina).toMatchObject({ current_page: ultima, last_page: ultima, per_page: 10, total });
    const ultimaCreada = creadas.at(-1)!;
    expect(pagina.data.at(-1)).toEqual({
      ...ultimaCreada,
      nombre_grupo_servicio: 'Servicios especiales',
      nombre_estado_maquina: 'Fuera de servicio',
    });
    const ids = pagina.data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const primera = await listar(superAdmin.token);
    expect(primera.json().data.maquinas).toMatchObject({ current_page: 1, last_page: ultima });
    expect(primera.json().data.maquinas.data).toHaveLength(10);

    const buscada = await listar(superAdmin.token, `?query=${creadas[3]!.referencia.toLowerCase()}`);
    expect(buscada.json().data.maquinas).toMatchObject({ data: [{ id: creadas[3]!.id }], total: 1 });
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by a column either way, ties by id', async () => {
    for (let n = 0; n < 30; n++) {
      await crearMaquina(entorno.db, {
        referencia: `ORD-${String(29 - n).padStart(2, '0')}`,
        nombre_maquina: `Ordenable ${n}`,
        estado_maquina_id: (n % 3) + 1,
        grupo_servicio_id: n % 2 ? GRUPOS_SERVICIO.ENCHAPE : GRUPOS_SERVICIO.CORTE,
      });
    }
    const pagina = async (consulta: string) => (await listar(superAdmin.token, `?query=ordenable&${consulta}`)).json().data.maquinas;

    const de25 = await pagina('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const porReferencia = (await pagina('page=1&per_page=50&orden=referencia&direccion=asc')).data.map((m: { referencia: string }) => m.referencia);
    expect(porReferencia).toEqual([...porReferencia].sort());
    expect(porReferencia[0]).toBe('ORD-00');
    const alReves = (await pagina('page=1&per_page=50&orden=referencia&direccion=desc')).data.map((m: { referencia: string }) => m.referencia);
    expect(alReves).toEqual([...porReferencia].reverse());

    type Fila = { id: number; nombre_estado_maquina: string };
    const porEstado = (await pagina('page=1&per_page=100&orden=nombre_estado_maquina&direccion=desc')).data as Fila[];
    const esperado = [...porEstado].sort((x, y) => y.nombre_estado_maquina.localeCompare(x.nombre_estado_maquina) || y.id - x.id);
    expect(porEstado.map((m) => m.id)).toEqual(esperado.map((m) => m.id));

    // Pages of a sorted list neither repeat nor skip a row, though 10 machines share each state.
    const porPaginas = [];
    for (let page = 1; page <= 3; page++) {
      porPaginas.push(...(await pagina(`page=${page}&orden=nombre_estado_maquina`)).data.map((m: { id: number }) => m.id));
    }
    expect(new Set(porPaginas).size).toBe(30);

    const porGrupo = (await pagina('page=1&per_page=50&orden=nombre_grupo_servicio')).data.map((m: { nombre_grupo_servicio: string }) => m.nombre_grupo_servicio);
    expect(porGrupo.slice(0, 15).every((nombre: string) => nombre === 'Corte')).toBe(true);
  });

  it('refuses a page size or sort column the list does not offer with 422, and sorts by nothing else', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=grupo_servicio_id', 'orden=id;drop table maquina', 'direccion=arriba']) {
      const respuesta = await listar(superAdmin.token, `?page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });

  it('searches names without accents or case', async () => {
    const buscada = await crearMaquina(entorno.db, { nombre_maquina: 'Enchapadora Gómez' });
    for (const query of ['gomez', 'GOMEZ', 'enchapadora%20g%C3%B3mez']) {
      expect((await listar(superAdmin.token, `?query=${query}`)).json().data.maquinas, query).toMatchObject({ data: [{ id: buscada.id }], total: 1 });
    }
  });
});

describe('GET /api/maestros/maquinas/grupos-servicios and estados-maquinas', () => {
  const URLS = ['/api/maestros/maquinas/grupos-servicios', '/api/maestros/maquinas/estados-maquinas'];

  it.each(URLS)('%s refuses a call without a token with 401', async (url) => {
    expect((await entorno.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it.each(URLS.flatMap((url) => NO_SUPER_ADMIN.map((role) => [url, role] as const)))('%s refuses %s with 403', async (url, role) => {
    const respuesta = await entorno.app.inject({ method: 'GET', url, headers: headers(porRol[role].token, tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
  });

  it.each(URLS)('%s refuses a store header the user does not belong to with 403', async (url) => {
    const respuesta = await entorno.app.inject({ method: 'GET', url, headers: headers(superAdmin.token, ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
  });

  it('answers the active service groups by id, with the ids of spec 002 §9', async () => {
    await entorno.db.insertInto('grupo_servicio').values({ id: 97, nombre_grupo_servicio: 'Inactivo', activo: false }).execute();
    const respuesta = await entorno.app.inject({ method: 'GET', url: URLS[0]!, headers: headers(superAdmin.token, tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({
      data: {
        grupos_servicios: [
          { id: 1, nombre_grupo_servicio: 'Corte' },
          { id: 2, nombre_grupo_servicio: 'Enchape' },
          { id: 3, nombre_grupo_servicio: 'Servicios especiales' },
          { id: 6, nombre_grupo_servicio: 'Empaque' },
        ],
      },
    });
  });

  it('answers the three machine states', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: URLS[1]!, headers: headers(superAdmin.token) });
    expect(respuesta.json()).toEqual({
      data: {
        estados_maquinas: [
          { id: 1, nombre_estado_maquina: 'Disponible' },
          { id: 2, nombre_estado_maquina: 'En mantenimiento' },
          { id: 3, nombre_estado_maquina: 'Fuera de servicio' },
        ],
      },
    });
  });
});

describe('POST /api/maestros/maquinas/guardar', () => {
  const guardar = (token: string | null, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/maestros/maquinas/guardar',
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    expect((await guardar(null, valida())).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and creates nothing', async (role) => {
    const antes = await contar();
    const respuesta = await guardar(porRol[role].token, valida(), tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(await contar()).toBe(antes);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await guardar(superAdmin.token, valida(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses an empty body with 422 and the spec messages for the four fields', async () => {
    const respuesta = await guardar(superAdmin.token, {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toEqual({
      message: MENSAJES_MAQUINA.referencia,
      code: 'DATOS_INVALIDOS',
      errors: {
        referencia: ['Debe ingresar una referencia'],
        nombre_maquina: ['Debe ingresar un nombre'],
        grupo_servicio_id: ['Debe seleccionar una opción'],
        estado_maquina_id: ['Debe seleccionar una opción'],
      },
      request_id: expect.any(String),
    });
  });

  it.each(INVALIDOS)('refuses %s with 422 and its messages, creating nothing', async (_caso, cambios, errors) => {
    const antes = await contar();
    const respuesta = await guardar(superAdmin.token, valida(cambios));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual(errors);
    expect(await contar()).toBe(antes);
  });

  it('refuses a reference that exists, whatever its case, with 409 on the field', async () => {
    await crearMaquina(entorno.db, { referencia: 'COR-77' });
    const antes = await contar();
    const respuesta = await guardar(superAdmin.token, valida({ referencia: ' cor-77 ' }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toEqual({
      message: ERRORES.MAQUINA_REFERENCIA_DUPLICADA.mensaje,
      code: 'MAQUINA_REFERENCIA_DUPLICADA',
      errors: { referencia: [ERRORES.MAQUINA_REFERENCIA_DUPLICADA.mensaje] },
      request_id: expect.any(String),
    });
    expect(await contar()).toBe(antes);
  });

  it('creates the machine, trimmed, with ids sent as text or numbers', async () => {
    const respuesta = await guardar(
      superAdmin.token,
      { referencia: ' ESP-09 ', nombre_maquina: ' Router CNC ', grupo_servicio_id: '3', estado_maquina_id: 2 },
      tienda.codigo_tienda,
    );
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Máquina creada con éxito', data: { id: expect.any(Number) } });
    expect(await filaMaquina(respuesta.json().data.id)).toEqual({
      referencia: 'ESP-09',
      nombre_maquina: 'Router CNC',
      grupo_servicio_id: GRUPOS_SERVICIO.SERVICIOS_ESPECIALES,
      estado_maquina_id: 2,
    });
  });
});

describe('PUT /api/maestros/maquinas/{id}/actualizar', () => {
  const actualizar = (token: string | null, id: number | string, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'PUT',
      url: `/api/maestros/maquinas/${id}/actualizar`,
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    const { id } = await crearMaquina(entorno.db);
    expect((await actualizar(null, id, valida())).statusCode).toBe(401);
  });

  it.each(NO_SUPER_ADMIN)('refuses %s with 403 and changes nothing', async (role) => {
    const maquina = await crearMaquina(entorno.db);
    const respuesta = await actualizar(porRol[role].token, maquina.id, valida({ estado_maquina_id: 3 }), tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(await filaMaquina(maquina.id)).toMatchObject({ estado_maquina_id: 1 });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const { id } = await crearMaquina(entorno.db);
    expect((await actualizar(superAdmin.token, id, valida(), ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses an empty body with 422 and the four messages', async () => {
    const { id } = await crearMaquina(entorno.db);
    const respuesta = await actualizar(superAdmin.token, id, {});
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors).sort()).toEqual(['estado_maquina_id', 'grupo_servicio_id', 'nombre_maquina', 'referencia']);
  });

  it.each(INVALIDOS)('refuses %s with 422 and its messages, changing nothing', async (_caso, cambios, errors) => {
    const maquina = await crearMaquina(entorno.db);
    const respuesta = await actualizar(superAdmin.token, maquina.id, valida(cambios));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual(errors);
    expect(await filaMaquina(maquina.id)).toMatchObject({ referencia: maquina.referencia, nombre_maquina: maquina.nombre_maquina });
  });

  it('answers 404 for an unknown machine', async () => {
    const respuesta = await actualizar(superAdmin.token, 999999, valida());
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.MAQUINA_NO_ENCONTRADA.mensaje });
  });

  it("refuses another machine's reference with 409", async () => {
    await crearMaquina(entorno.db, { referencia: 'EMP-55' });
    const maquina = await crearMaquina(entorno.db);
    const respuesta = await actualizar(superAdmin.token, maquina.id, valida({ referencia: 'Emp-55' }));
    expect(respuesta.statusCode).toBe(409);
    expect(await filaMaquina(maquina.id)).toMatchObject({ referencia: maquina.referencia });
  });

  it('replaces every field, e.g. sending a machine to maintenance in another group', async () => {
    const maquina = await crearMaquina(entorno.db, { grupo_servicio_id: 1, estado_maquina_id: 1 });
    const respuesta = await actualizar(
      superAdmin.token,
      maquina.id,
      { referencia: maquina.referencia, nombre_maquina: 'Empacadora', grupo_servicio_id: 6, estado_maquina_id: 2 },
      tienda.codigo_tienda,
    );
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Máquina actualizada con éxito' });
    expect(await filaMaquina(maquina.id)).toEqual({
      referencia: maquina.referencia,
      nombre_maquina: 'Empacadora',
      grupo_servicio_id: GRUPOS_SERVICIO.EMPAQUE,
      estado_maquina_id: 2,
    });
  });
});

describe('POST /api/maquinas/produccion', () => {
  const produccion = (token: string | null, payload: unknown, codigoTienda?: string) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/maquinas/produccion',
      ...(token ? { headers: headers(token, codigoTienda) } : {}),
      payload: payload as object,
    });

  it('refuses a call without a token with 401', async () => {
    expect((await produccion(null, { servicio: 1 })).statusCode).toBe(401);
  });

  it.each(SIN_PRODUCCION)('refuses %s with 403, since only the production roles run stages', async (role) => {
    const respuesta = await produccion(porRol[role].token, { servicio: 1 }, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await produccion(porRol.Operario.token, { servicio: 1 }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it.each([
    ['no service', {}],
    ['an empty service', { servicio: '' }],
    ['a service that is not an id', { servicio: 'Corte' }],
  ])('refuses %s with 422 "Debe seleccionar un servicio"', async (_caso, payload) => {
    const respuesta = await produccion(porRol.Operario.token, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_MAQUINA.servicio, errors: { servicio: [MENSAJES_MAQUINA.servicio] } });
  });

  it('lists the machines of one service group by reference, in every state, to Operario and SuperAdministrador', async () => {
    const b = await crearMaquina(entorno.db, { referencia: 'ZENC-B', grupo_servicio_id: 2, estado_maquina_id: 3 });
    const a = await crearMaquina(entorno.db, { referencia: 'ZENC-A', grupo_servicio_id: 2, estado_maquina_id: 2 });
    await crearMaquina(entorno.db, { referencia: 'ZEMP-A', grupo_servicio_id: GRUPOS_SERVICIO.EMPAQUE });
    const enchape = await entorno.db.selectFrom('maquina').select('referencia').where('grupo_servicio_id', '=', 2).orderBy('referencia').execute();

    for (const token of [porRol.Operario.token, superAdmin.token]) {
      const respuesta = await produccion(token, { servicio: '2' }, tienda.codigo_tienda);
      expect(respuesta.statusCode).toBe(200);
      const maquinas = respuesta.json().data.maquinas as { referencia: string }[];
      expect(maquinas.map((m) => m.referencia)).toEqual(enchape.map((m) => m.referencia));
      expect(maquinas).toEqual(
        expect.arrayContaining([
          { ...a, nombre_grupo_servicio: 'Enchape', nombre_estado_maquina: 'En mantenimiento' },
          { ...b, nombre_grupo_servicio: 'Enchape', nombre_estado_maquina: 'Fuera de servicio' },
        ]),
      );
    }
  });

  it('lists each of the four service groups of spec 002 §9 (1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque) by its id', async () => {
    const grupos = [
      [GRUPOS_SERVICIO.CORTE, 'Corte', 'YCOR'],
      [GRUPOS_SERVICIO.ENCHAPE, 'Enchape', 'YENC'],
      [GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, 'Servicios especiales', 'YESP'],
      [GRUPOS_SERVICIO.EMPAQUE, 'Empaque', 'YEMP'],
    ] as const;
    for (const [id, , prefijo] of grupos) await crearMaquina(entorno.db, { referencia: `${prefijo}-01`, grupo_servicio_id: id });
    for (const [id, nombre, prefijo] of grupos) {
      const respuesta = await produccion(porRol.Operario.token, { servicio: id });
      expect(respuesta.statusCode).toBe(200);
      const maquinas = respuesta.json().data.maquinas as { referencia: string; grupo_servicio_id: number; nombre_grupo_servicio: string }[];
      expect(maquinas.map((m) => m.referencia)).toContain(`${prefijo}-01`);
      expect(maquinas.every((m) => m.grupo_servicio_id === id && m.nombre_grupo_servicio === nombre)).toBe(true);
    }
    // 8 was the old id of Servicios especiales: no group has it any more.
    expect((await produccion(porRol.Operario.token, { servicio: 8 })).json()).toEqual({ data: { maquinas: [] } });
  });

  it('answers an empty list for a service group without machines', async () => {
    const respuesta = await produccion(porRol.Operario.token, { servicio: 4242 });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ data: { maquinas: [] } });
  });
});
