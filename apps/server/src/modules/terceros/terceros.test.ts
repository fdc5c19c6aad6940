import { ERRORES, MENSAJE_DV_NIT, MENSAJES_TERCERO, type Tercero } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearTienda,
  crearUsuarioConSesion,
  headers,
  iniciarSesion,
  type TiendaPrueba,
  type UsuarioPrueba,
  crearTercero,
  datosCliente,
  datosPersonal,
  documentoNuevo,
} from '../../../test/factories';

const entorno = usarEntorno();

type ConSesion = UsuarioPrueba & { token: string };
let tienda: TiendaPrueba;
let otraTienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: ConSesion;
let vendedor: ConSesion;
let bodega: ConSesion;
let administrador: ConSesion;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  otraTienda = await crearTienda(db);
  ajena = await crearTienda(db);
  superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda, otraTienda.codigo_tienda] });
  vendedor = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  bodega = await crearUsuarioConSesion(app, db, { role: 'Bodega', tiendas: [tienda.codigo_tienda] });
  administrador = await crearUsuarioConSesion(app, db, { role: 'Administrador', tiendas: [tienda.codigo_tienda] });
});

const crear = (token: string | null, payload: unknown, codigoTienda: string | undefined = tienda.codigo_tienda) =>
  entorno.app.inject({
    method: 'POST',
    url: '/api/terceros/crear',
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    payload: payload as object,
  });

const editar = (token: string | null, id: number, payload: unknown, codigoTienda: string | undefined = tienda.codigo_tienda) =>
  entorno.app.inject({
    method: 'PUT',
    url: `/api/terceros/${id}/editar`,
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    payload: payload as object,
  });

const listar = (token: string, query: Record<string, string> = {}) =>
  entorno.app.inject({ method: 'GET', url: '/api/terceros', query, headers: headers(token, tienda.codigo_tienda) });

const terceroDe = (id: number) => entorno.db.selectFrom('tercero').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const usuarioDe = (id: number) => entorno.db.selectFrom('usuario').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tiendasDe = async (userId: number) =>
  (await entorno.db.selectFrom('usuario_tienda').select('codigo_tienda').where('user_id', '=', userId).orderBy('codigo_tienda').execute()).map(
    (f) => f.codigo_tienda,
  );

describe('GET /api/terceros', () => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/terceros' });
    expect(respuesta.statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/terceros', headers: headers(vendedor.token, ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses an unknown role filter with 422', async () => {
    const respuesta = await listar(vendedor.token, { role: 'Gerente' });
    expect(respuesta.statusCode).toBe(422);
  });

  it('lets every logged-in role read a page of 10, newest first, with every column of the Clientes screen', async () => {
    const primero = await crearTercero(entorno.db, { nombres: 'Paginado', apellidos: 'Uno' });
    for (let i = 0; i < 10; i++) await crearTercero(entorno.db, { nombres: `Paginado ${i}` });
    const respuesta = await listar(bodega.token);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json<{ data: { terceros: { data: Tercero[]; current_page: number; last_page: number; per_page: number } } }>().data
      .terceros;
    expect(pagina.per_page).toBe(10);
    expect(pagina.data).toHaveLength(10);
    expect(pagina.last_page).toBeGreaterThanOrEqual(2);
    expect(pagina.data.map((t) => t.id)).not.toContain(primero.id);
    expect(Object.keys(pagina.data[0]!).sort()).toEqual(
      [
        'id',
        'tipo_documento_id',
        'nombre_tipo_documento',
        'numero_documento',
        'nombres',
        'apellidos',
        'correo_electronico',
        'numero_telefonico',
        'numero_celular',
        'tipo_tercero',
        'tipo_persona',
        'responsable_iva',
        'responsabilidad_fiscal',
        'direccion_residencia',
        'country_code',
        'state_code',
        'city_code',
        'activo',
        'user_id',
        'nombre_perfil',
        'saldo_abono',
        'fecha_registro',
      ].sort(),
    );
    const segunda = await listar(bodega.token, { page: '2' });
    expect(segunda.json().data.terceros.data.map((t: Tercero) => t.id)).toContain(primero.id);
  });

  it('pages by the size asked (10, 25, 50 or 100) and sorts by a column either way, ties by id', async () => {
    for (let n = 0; n < 30; n++) await crearTercero(entorno.db, { nombres: `QQ Orden ${String(n).padStart(2, '0')}`, saldo_abono: (n % 3) * 1000 });
    const pagina = async (consulta: Record<string, string>) =>
      (await listar(vendedor.token, { query: 'qq orden', ...consulta })).json().data.terceros as {
        data: Tercero[];
        per_page: number;
        total: number;
        last_page: number;
      };

    const de25 = await pagina({ per_page: '25' });
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);

    const porSaldo = (await pagina({ per_page: '50', orden: 'saldo_abono', direccion: 'desc' })).data;
    const esperado = [...porSaldo].sort((x, y) => y.saldo_abono - x.saldo_abono || y.id - x.id);
    expect(porSaldo.map((t) => t.id)).toEqual(esperado.map((t) => t.id));
    expect(porSaldo[0]!.saldo_abono).toBe(2000);

    // Pages of a sorted list neither repeat nor skip a row, though 10 customers share each balance.
    const porPaginas: number[] = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await pagina({ page: String(page), orden: 'saldo_abono' })).data.map((t) => t.id));
    expect(new Set(porPaginas).size).toBe(30);

    const porNombre = (await pagina({ per_page: '100', orden: 'nombres', direccion: 'asc' })).data.map((t) => t.nombres);
    expect(porNombre).toEqual([...porNombre].sort());
    const alReves = (await pagina({ per_page: '100', orden: 'nombres', direccion: 'desc' })).data.map((t) => t.nombres);
    expect(alReves).toEqual([...porNombre].reverse());
  });

  it('refuses a page size or sort column the list does not offer with 422, and sorts by nothing else', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=password', 'orden=id;drop table tercero', 'direccion=arriba']) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/terceros?page=1&${consulta}`, headers: headers(vendedor.token, tienda.codigo_tienda) });
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });

  it('searches by document prefix, by full name and by e-mail', async () => {
    // Eleven digits, searched by a ten-digit prefix: the factories' nine-digit documents can never contain it.
    const buscado = await crearTercero(entorno.db, { numero_documento: '71234567890', nombres: 'Gloria Inés', apellidos: 'Zapata Ríos' });
    for (const query of ['7123456789', 'inés zapata', 'ZAPATA']) {
      const respuesta = await listar(vendedor.token, { query });
      const ids = respuesta.json().data.terceros.data.map((t: Tercero) => t.id);
      expect(ids, query).toEqual([buscado.id]);
    }
  });

  it('searches without accents or case, in the list and in the typeahead (no_page=1)', async () => {
    const buscado = await crearTercero(entorno.db, { nombres: 'Úrsula', apellidos: 'Gómez Echeverría' });
    for (const query of ['ursula gomez', 'URSULA GOMEZ', 'úrsula echeverria', 'Ursula GÓMEZ']) {
      const pagina = (await listar(vendedor.token, { query })).json().data.terceros.data as Tercero[];
      expect(pagina.map((t) => t.id), query).toEqual([buscado.id]);
      const typeahead = (await listar(vendedor.token, { query, no_page: '1' })).json().data.terceros as Tercero[];
      expect(typeahead.map((t) => t.id), query).toEqual([buscado.id]);
    }
  });

  it('finds a NIT typed without dots when stored with them, and the reverse', async () => {
    const conPuntos = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: '811.222.333-4' });
    const sinPuntos = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: '8124445556' });
    const ids = async (query: string) => ((await listar(vendedor.token, { query })).json().data.terceros.data as Tercero[]).map((t) => t.id);
    expect(await ids('811222333')).toEqual([conPuntos.id]);
    expect(await ids('8112223334')).toEqual([conPuntos.id]);
    expect(await ids('812.444.555-6')).toEqual([sinPuntos.id]);
    expect(await ids('812444555')).toEqual([sinPuntos.id]);
  });

  it('answers a plain list of active messengers for role=Mensajero&no_page=1', async () => {
    const activo = await crearTercero(entorno.db, { tipo_tercero: 'MSJ', nombres: 'Mensajero activo' });
    const inactivo = await crearTercero(entorno.db, { tipo_tercero: 'MSJ', nombres: 'Mensajero inactivo', activo: false });
    const respuesta = await listar(vendedor.token, { role: 'Mensajero', no_page: '1' });
    expect(respuesta.statusCode).toBe(200);
    const lista = respuesta.json<{ data: { terceros: Tercero[] } }>().data.terceros;
    expect(Array.isArray(lista)).toBe(true);
    expect(lista.every((t) => t.tipo_tercero === 'MSJ')).toBe(true);
    expect(lista.map((t) => t.id)).toContain(activo.id);
    expect(lista.map((t) => t.id)).not.toContain(inactivo.id);
  });

  it('answers operators for role=Operario and third parties without a user for modo_usuario=0', async () => {
    const operario = await crearTercero(entorno.db, { tipo_tercero: 'OP', user_id: bodega.id });
    const cliente = await crearTercero(entorno.db);
    const operarios = (await listar(vendedor.token, { role: 'Operario', no_page: '1' })).json().data.terceros as Tercero[];
    expect(operarios.map((t) => t.id)).toEqual([operario.id]);
    expect(operarios[0]!.nombre_perfil).toBe('Bodega');
    const sinUsuario = (await listar(vendedor.token, { modo_usuario: '0', no_page: '1' })).json().data.terceros as Tercero[];
    expect(sinUsuario.map((t) => t.id)).toContain(cliente.id);
    expect(sinUsuario.map((t) => t.id)).not.toContain(operario.id);
  });
});

describe('GET /api/terceros/{id}', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/terceros/1' })).statusCode).toBe(401);
  });

  it('answers 404 with the Spanish message for an unknown third party', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/terceros/999999', headers: headers(vendedor.token) });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TERCERO_NO_ENCONTRADO.mensaje });
  });

  it('answers the third party and its user account (role_tercero)', async () => {
    const creado = await crear(superAdmin.token, datosPersonal('B', 'Bodega-2026'));
    const id = creado.json().data.tercero.id as number;
    const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/terceros/${id}`, headers: headers(vendedor.token) });
    expect(respuesta.statusCode).toBe(200);
    const { tercero, role_tercero } = respuesta.json().data;
    expect(tercero).toMatchObject({ id, tipo_tercero: 'B', nombre_perfil: 'Bodega', saldo_abono: 0 });
    expect(role_tercero).toEqual({ user_id: tercero.user_id, nombre_perfil: 'Bodega', activo: true, tiendas: [tienda.codigo_tienda] });
  });

  it('answers only who it is and its balance with solo_info=1, to any role', async () => {
    const cliente = await crearTercero(entorno.db, { saldo_abono: 125000.5 });
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/terceros/${cliente.id}?solo_info=1`,
      headers: headers(bodega.token, tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({
      data: {
        tercero: {
          id: cliente.id,
          numero_documento: cliente.numero_documento,
          nombres: cliente.nombres,
          apellidos: cliente.apellidos,
          tipo_tercero: 'C',
          saldo_abono: 125000.5,
        },
      },
    });
  });
});

describe('POST /api/terceros/crear', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await crear(null, datosCliente())).statusCode).toBe(401);
  });

  it.each(['bodega', 'administrador'] as const)('refuses %s with 403, since /terceros is for SuperAdministrador and Vendedor', async (quien) => {
    const usuario = quien === 'bodega' ? bodega : administrador;
    const respuesta = await crear(usuario.token, datosCliente());
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
  });

  it('refuses an Operario, who sells in Pedidos but does not create customers (spec 001 Routes), with 403 and writes nothing', async () => {
    const operario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Operario', tiendas: [tienda.codigo_tienda] });
    const datos = datosCliente();
    const respuesta = await crear(operario.token, datos);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
    const escritos = await entorno.db.selectFrom('tercero').select('id').where('numero_documento', '=', datos.numero_documento).execute();
    expect(escritos).toEqual([]);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const respuesta = await crear(vendedor.token, datosCliente(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses a call without a store with 422, since a third party is registered in a store', async () => {
    const respuesta = await crear(vendedor.token, datosCliente(), '');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_REQUERIDA.mensaje });
  });

  it('refuses an empty body with 422 and every Spanish message of a customer form', async () => {
    const respuesta = await crear(vendedor.token, {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      tipo_documento_id: [MENSAJES_TERCERO.tipoDocumento],
      numero_documento: [MENSAJES_TERCERO.numeroDocumento],
      nombres: [MENSAJES_TERCERO.nombres],
      apellidos: [MENSAJES_TERCERO.apellidos],
      correo_electronico: [MENSAJES_TERCERO.correo],
      numero_celular: [MENSAJES_TERCERO.celular],
      direccion_residencia: [MENSAJES_TERCERO.direccion],
      country_code: [MENSAJES_TERCERO.opcion],
      state_code: [MENSAJES_TERCERO.opcion],
      city_code: [MENSAJES_TERCERO.opcion],
    });
  });

  it('refuses a document with letters, a bad e-mail and a bad cell number with their messages', async () => {
    const respuesta = await crear(vendedor.token, datosCliente({ numero_documento: '12A45', correo_electronico: 'no-es-correo', numero_celular: 'abc' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      numero_documento: [MENSAJES_TERCERO.numeroDocumentoDigitos],
      correo_electronico: [MENSAJES_TERCERO.correoValido],
      numero_celular: [MENSAJES_TERCERO.numeroInvalido],
    });
  });

  it("refuses a NIT whose check digit is not DIAN's with that message, on the field and as the answer's message; keeps a right one as its digits", async () => {
    const mal = await crear(vendedor.token, datosCliente({ tipo_documento_id: 2, numero_documento: '800197268-5' }));
    expect(mal.statusCode).toBe(422);
    expect(mal.json()).toMatchObject({ message: MENSAJE_DV_NIT, errors: { numero_documento: [MENSAJE_DV_NIT] } });
    expect(await entorno.db.selectFrom('tercero').select('id').where('numero_documento', 'in', ['800197268', '800197268-5']).execute()).toEqual([]);

    const bien = await crear(vendedor.token, datosCliente({ tipo_documento_id: 2, numero_documento: '800197268-4' }));
    expect(bien.statusCode, bien.body).toBe(200);
    const guardado = await entorno.db.selectFrom('tercero').select(['numero_documento', 'tipo_documento_id']).where('numero_documento', '=', '800197268').executeTakeFirstOrThrow();
    expect(guardado).toEqual({ numero_documento: '800197268', tipo_documento_id: 2 });
  });

  it.each([
    ['an unknown', 'X'],
    ['a null', null],
  ])("refuses %s type with 422 'Debe seleccionar un tipo de tercero'", async (_caso, tipo_tercero) => {
    const respuesta = await crear(superAdmin.token, { ...datosCliente(), tipo_tercero });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ tipo_tercero: [MENSAJES_TERCERO.tipoTercero] });
  });

  it("refuses a blank document number with 422 'Debe ingresar un número de documento'", async () => {
    const respuesta = await crear(vendedor.token, datosCliente({ numero_documento: '   ' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ numero_documento: [MENSAJES_TERCERO.numeroDocumento] });
  });

  it('requires a password of at least 8 characters for a type that logs in', async () => {
    const sinClave = await crear(superAdmin.token, datosPersonal('V', '', { password_usuario: null }));
    expect(sinClave.statusCode).toBe(422);
    expect(sinClave.json().errors).toEqual({ password_usuario: [MENSAJES_TERCERO.password] });
    const corta = await crear(superAdmin.token, datosPersonal('V', 'corta'));
    expect(corta.json().errors).toEqual({ password_usuario: [MENSAJES_TERCERO.passwordCorta] });
  });

  it('refuses a Colombian city outside the chosen department and an unknown country', async () => {
    const ciudad = await crear(vendedor.token, datosCliente({ state_code: '08', city_code: '05001' }));
    expect(ciudad.statusCode).toBe(422);
    expect(ciudad.json().errors).toEqual({ city_code: [MENSAJES_TERCERO.opcion] });
    const pais = await crear(vendedor.token, datosCliente({ country_code: 'XX' }));
    expect(pais.json().errors).toEqual({ country_code: [MENSAJES_TERCERO.opcion] });
  });

  it('refuses Vendedor registering a seller with 409, since only administrators choose the type', async () => {
    const datos = datosPersonal('V', 'Clave-segura-1');
    const respuesta = await crear(vendedor.token, datos);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TERCERO_TIPO_NO_PERMITIDO.mensaje });
    expect(await entorno.db.selectFrom('usuario').select('id').where('email', '=', datos.correo_electronico!).execute()).toEqual([]);
  });

  it('creates a customer in Medellín without a user account, registered in the current store', async () => {
    const datos = datosCliente({ numero_telefonico: '6044445566' });
    const respuesta = await crear(vendedor.token, datos);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: 'Tercero creado con éxito', data: { tercero: { numero_documento: datos.numero_documento } } });
    const fila = await terceroDe(respuesta.json().data.tercero.id);
    expect(fila).toMatchObject({
      tipo_tercero: 'C',
      country_code: 'CO',
      state_code: '05',
      city_code: '05001',
      numero_telefonico: '6044445566',
      user_id: null,
      activo: true,
      saldo_abono: '0.00',
      codigo_tienda: tienda.codigo_tienda,
    });
  });

  it('takes free-text state and city for a country other than Colombia', async () => {
    const respuesta = await crear(vendedor.token, datosCliente({ country_code: 'EC', state_code: 'Pichincha', city_code: 'Quito' }));
    expect(respuesta.statusCode).toBe(200);
    expect(await terceroDe(respuesta.json().data.tercero.id)).toMatchObject({ country_code: 'EC', state_code: 'Pichincha', city_code: 'Quito' });
  });

  it('refuses a document type and number already registered with 409, but takes the number with another type', async () => {
    const numero = documentoNuevo();
    expect((await crear(vendedor.token, datosCliente({ numero_documento: numero }))).statusCode).toBe(200);
    const repetido = await crear(vendedor.token, datosCliente({ numero_documento: numero }));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toMatchObject({ message: ERRORES.TERCERO_DOCUMENTO_DUPLICADO.mensaje });
    expect((await crear(vendedor.token, datosCliente({ numero_documento: numero, tipo_documento_id: 2 }))).statusCode).toBe(200);
  });

  it('creates a seller whose account has the Vendedor role and the current store, and who logs in with that password', async () => {
    const datos = datosPersonal('V', 'Vende-Mucho-2026');
    const respuesta = await crear(superAdmin.token, datos, otraTienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const tercero = await terceroDe(respuesta.json().data.tercero.id);
    expect(tercero.user_id).not.toBeNull();
    const usuario = await usuarioDe(tercero.user_id!);
    expect(usuario).toMatchObject({ role: 'Vendedor', activo: true, email: datos.correo_electronico, name: `${datos.nombres} ${datos.apellidos}` });
    expect(await tiendasDe(usuario.id)).toEqual([otraTienda.codigo_tienda]);
    const token = await iniciarSesion(entorno.app, datos.correo_electronico!, 'Vende-Mucho-2026');
    expect(token).toBeTruthy();
  });

  it('gives the account the stores chosen in the form and the role of each staff type', async () => {
    for (const [tipo, rol] of [['A', 'Administrador'], ['B', 'Bodega'], ['OP', 'Operario']] as const) {
      const respuesta = await crear(superAdmin.token, datosPersonal(tipo, 'Clave-segura-1', { tiendas: [tienda.codigo_tienda, otraTienda.codigo_tienda] }));
      expect(respuesta.statusCode, tipo).toBe(200);
      const usuario = await usuarioDe((await terceroDe(respuesta.json().data.tercero.id)).user_id!);
      expect(usuario.role).toBe(rol);
      expect(await tiendasDe(usuario.id)).toEqual([tienda.codigo_tienda, otraTienda.codigo_tienda].sort());
    }
  });

  it('refuses an unknown store in the store list with 422', async () => {
    const respuesta = await crear(superAdmin.token, datosPersonal('V', 'Clave-segura-1', { tiendas: ['NOEXISTE'] }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ tiendas: [MENSAJES_TERCERO.tiendas] });
  });

  it('creates a messenger without a user account, even when a password is sent', async () => {
    const respuesta = await crear(superAdmin.token, datosPersonal('MSJ', 'Clave-segura-1'));
    expect(respuesta.statusCode).toBe(200);
    expect((await terceroDe(respuesta.json().data.tercero.id)).user_id).toBeNull();
  });

  it('refuses an e-mail another account uses with 409 and leaves no third party behind', async () => {
    const datos = datosPersonal('V', 'Clave-segura-1', { correo_electronico: vendedor.email.toUpperCase() });
    const respuesta = await crear(superAdmin.token, datos);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TERCERO_CORREO_EN_USO.mensaje });
    expect(await entorno.db.selectFrom('tercero').select('id').where('numero_documento', '=', datos.numero_documento!).execute()).toEqual([]);
  });
});

describe('PUT /api/terceros/{id}/editar', () => {
  it('refuses a call without a token with 401', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await editar(null, cliente.id, datosCliente())).statusCode).toBe(401);
  });

  it('refuses Bodega with 403 and leaves the row alone', async () => {
    const cliente = await crearTercero(entorno.db, { nombres: 'Sin cambios' });
    const respuesta = await editar(bodega.token, cliente.id, datosCliente({ nombres: 'Cambiado' }));
    expect(respuesta.statusCode).toBe(403);
    expect((await terceroDe(cliente.id)).nombres).toBe('Sin cambios');
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    const cliente = await crearTercero(entorno.db);
    expect((await editar(vendedor.token, cliente.id, datosCliente(), ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a missing name with 422 and its message', async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await editar(vendedor.token, cliente.id, datosCliente({ nombres: '  ' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_TERCERO.nombres, errors: { nombres: [MENSAJES_TERCERO.nombres] } });
  });

  it('answers 404 for an unknown third party', async () => {
    const respuesta = await editar(vendedor.token, 999999, datosCliente());
    expect(respuesta.statusCode).toBe(404);
  });

  it('lets Vendedor edit a customer, but its active flag does not change', async () => {
    const cliente = await crearTercero(entorno.db);
    const respuesta = await editar(vendedor.token, cliente.id, datosCliente({ numero_documento: cliente.numero_documento, nombres: 'Nombre nuevo', activo: false }));
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Tercero actualizado con éxito' });
    expect(await terceroDe(cliente.id)).toMatchObject({ nombres: 'Nombre nuevo', activo: true });
  });

  it('refuses Vendedor editing a staff member with 409', async () => {
    const creado = await crear(superAdmin.token, datosPersonal('B', 'Clave-segura-1'));
    const id = creado.json().data.tercero.id as number;
    const respuesta = await editar(vendedor.token, id, datosCliente());
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TERCERO_TIPO_NO_PERMITIDO.mensaje });
  });

  it('refuses a document another third party has with 409', async () => {
    const uno = await crearTercero(entorno.db);
    const otro = await crearTercero(entorno.db);
    const respuesta = await editar(vendedor.token, otro.id, datosCliente({ numero_documento: uno.numero_documento }));
    expect(respuesta.statusCode).toBe(409);
  });

  it('blocks the login of a deactivated staff member at once, and lets it back in when reactivated', async () => {
    const datos = datosPersonal('V', 'Clave-inicial-1');
    const id = (await crear(superAdmin.token, datos)).json().data.tercero.id as number;
    const token = await iniciarSesion(entorno.app, datos.correo_electronico!, 'Clave-inicial-1');
    const antes = await listar(token);
    expect(antes.statusCode).toBe(200);

    const desactivar = await editar(superAdmin.token, id, { ...datos, password_usuario: null, activo: false });
    expect(desactivar.statusCode).toBe(200);
    expect((await terceroDe(id)).activo).toBe(false);
    // Deactivating ends the open sessions: the token is refused from the next call.
    const despues = await listar(token);
    expect(despues.statusCode).toBe(401);
    expect(despues.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
    const ingreso = await entorno.app.inject({ method: 'POST', url: '/api/ingreso', payload: { email: datos.correo_electronico, password: 'Clave-inicial-1' } });
    expect(ingreso.statusCode).toBe(401);

    await editar(superAdmin.token, id, { ...datos, password_usuario: null, activo: true });
    expect(await iniciarSesion(entorno.app, datos.correo_electronico!, 'Clave-inicial-1')).toBeTruthy();
  });

  it('changes the password only when one is given, and the role and stores with the type', async () => {
    const datos = datosPersonal('V', 'Clave-inicial-1');
    const id = (await crear(superAdmin.token, datos)).json().data.tercero.id as number;
    const userId = (await terceroDe(id)).user_id!;

    await editar(superAdmin.token, id, { ...datos, password_usuario: '' });
    expect(await iniciarSesion(entorno.app, datos.correo_electronico!, 'Clave-inicial-1')).toBeTruthy();

    const respuesta = await editar(superAdmin.token, id, {
      ...datos,
      tipo_tercero: 'B',
      password_usuario: 'Clave-nueva-22',
      tiendas: [otraTienda.codigo_tienda],
    });
    expect(respuesta.statusCode).toBe(200);
    expect(await usuarioDe(userId)).toMatchObject({ role: 'Bodega', activo: true });
    expect(await tiendasDe(userId)).toEqual([otraTienda.codigo_tienda]);
    expect(await iniciarSesion(entorno.app, datos.correo_electronico!, 'Clave-nueva-22')).toBeTruthy();
  });

  it("ends the user's open sessions when the SuperAdministrador changes the password, role or stores, and only then", async () => {
    const datos = datosPersonal('V', 'Clave-inicial-1', { tiendas: [tienda.codigo_tienda] });
    const id = (await crear(superAdmin.token, datos)).json().data.tercero.id as number;
    const userId = (await terceroDe(id)).user_id!;
    const sesionesAbiertas = async () =>
      (await entorno.db.selectFrom('conexion').select('id').where('user_id', '=', userId).where('fecha_cierre', 'is', null).execute()).length;

    // A change of name only: the sessions go on.
    let token = await iniciarSesion(entorno.app, datos.correo_electronico!, 'Clave-inicial-1');
    expect((await editar(superAdmin.token, id, { ...datos, nombres: 'Otro nombre', password_usuario: null })).statusCode).toBe(200);
    expect((await listar(token)).statusCode).toBe(200);

    const cambios = [
      { password_usuario: 'Clave-cambiada-1' },
      { password_usuario: null, tipo_tercero: 'B' },
      { password_usuario: null, tipo_tercero: 'B', tiendas: [tienda.codigo_tienda, otraTienda.codigo_tienda] },
    ];
    let clave = 'Clave-inicial-1';
    let actuales: Record<string, unknown> = { ...datos };
    for (const cambio of cambios) {
      token = await iniciarSesion(entorno.app, datos.correo_electronico!, clave);
      const otro = await iniciarSesion(entorno.app, datos.correo_electronico!, clave);
      expect(await sesionesAbiertas()).toBeGreaterThanOrEqual(2);
      actuales = { ...actuales, ...cambio };
      expect((await editar(superAdmin.token, id, actuales)).statusCode).toBe(200);
      for (const viejo of [token, otro]) {
        const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/maestros/tiendas/${userId}/usuario`, headers: headers(viejo) });
        expect(respuesta.statusCode).toBe(401);
        expect(respuesta.json()).toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje });
      }
      expect(await sesionesAbiertas()).toBe(0);
      if (cambio.password_usuario) clave = cambio.password_usuario;
    }
    // The editor's own session is untouched.
    expect((await listar(superAdmin.token)).statusCode).toBe(200);
  });

  it('deactivates the account of a staff member turned into a customer', async () => {
    const datos = datosPersonal('OP', 'Clave-inicial-1');
    const id = (await crear(superAdmin.token, datos)).json().data.tercero.id as number;
    const respuesta = await editar(superAdmin.token, id, {
      ...datos,
      tipo_tercero: 'C',
      direccion_residencia: 'Calle 1',
      country_code: 'CO',
      state_code: '11',
      city_code: '11001',
    });
    expect(respuesta.statusCode).toBe(200);
    const tercero = await terceroDe(id);
    expect((await usuarioDe(tercero.user_id!)).activo).toBe(false);
  });

  it('creates the account of a customer turned into staff, which then needs a password', async () => {
    const cliente = await crearTercero(entorno.db);
    const base = datosPersonal('V', '', { numero_documento: cliente.numero_documento, password_usuario: null });
    const sinClave = await editar(superAdmin.token, cliente.id, base);
    expect(sinClave.statusCode).toBe(422);
    expect(sinClave.json().errors).toEqual({ password_usuario: [MENSAJES_TERCERO.password] });
    const conClave = await editar(superAdmin.token, cliente.id, { ...base, password_usuario: 'Clave-segura-1' });
    expect(conClave.statusCode).toBe(200);
    const usuario = await usuarioDe((await terceroDe(cliente.id)).user_id!);
    expect(usuario).toMatchObject({ role: 'Vendedor', activo: true });
    expect(await tiendasDe(usuario.id)).toEqual([tienda.codigo_tienda]);
  });
});

describe('GET /api/listas/tipo-documento', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/listas/tipo-documento' })).statusCode).toBe(401);
  });

  it('lists the document types with their DIAN codes', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/listas/tipo-documento', headers: headers(bodega.token) });
    expect(respuesta.statusCode).toBe(200);
    const tipos = respuesta.json().data.tipos_documentos;
    expect(tipos).toContainEqual({ id: 1, nombre_tipo_documento: 'Cédula de ciudadanía', codigo_dian: '13' });
    expect(tipos).toContainEqual({ id: 2, nombre_tipo_documento: 'NIT', codigo_dian: '31' });
  });
});
