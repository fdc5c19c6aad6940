import { MENSAJES_DESCUENTO } from '@tablero/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearDescuento,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  headers,
  type ProductoPrueba,
  type RolNoSuperAdmin,
  type TerceroPrueba,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { cerrarSockets, conectar, escuchar, esperarAdaptadores, esperarEvento, recogerEventos } from '../../../test/tiempo-real';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let vendedor: UsuarioConSesion;
let admin: UsuarioConSesion;
let adminAjeno: UsuarioConSesion;
let cliente: TerceroPrueba;
let producto: ProductoPrueba;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  vendedor = porRol.Vendedor;
  admin = porRol.Administrador;
  adminAjeno = await crearUsuarioConSesion(app, db, { role: 'Administrador', tiendas: [ajena.codigo_tienda] });
  cliente = await crearTercero(db, { nombres: 'Gloria Inés', apellidos: 'Zapata Ríos' });
  const impuesto = await crearImpuesto(db);
  const proveedor = await crearProveedor(db);
  producto = await crearProducto(db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, nombre_producto: 'Melamina Blanca 15 mm', tiendas: [{ codigo_tienda: tienda.codigo_tienda }] });
});

const llamar = (method: 'GET' | 'POST', url: string, token: string | null, codigoTienda: string | undefined, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

const solicitud = (cambios: Record<string, unknown> = {}) => ({
  porcentaje_descuento: 10,
  tercero_id: cliente.id,
  producto_id: producto.id,
  cantidad_solicitada: 3,
  precio_unitario: 1234.56789,
  sub_total: 3703.7,
  codigo_tienda: tienda.codigo_tienda,
  ...cambios,
});

const filaDe = (id: number) =>
  entorno.db
    .selectFrom('descuento_solicitado')
    .select(['codigo_tienda', 'tercero_id', 'producto_id', 'cantidad_solicitada', 'precio_unitario', 'sub_total', 'porcentaje_descuento', 'user_id', 'aprobado', 'aprobador_id', 'fecha_decision'])
    .where('id', '=', id)
    .executeTakeFirst();

const pendienteNuevo = () =>
  crearDescuento(entorno.db, { codigo_tienda: tienda.codigo_tienda, tercero_id: cliente.id, producto_id: producto.id, user_id: vendedor.id });

describe('refusals common to every descuentos route', () => {
  const rutas = (): [string, 'GET' | 'POST', string, object | undefined][] => [
    ['POST solicitar/guardar', 'POST', '/api/descuentos/solicitar/guardar', solicitud()],
    ['GET solicitados', 'GET', `/api/descuentos/solicitados/${tienda.codigo_tienda}`, undefined],
    ['POST solicitados/aprobar', 'POST', '/api/descuentos/solicitados/aprobar', { descuento_solicitado_id: 1, aprobado: true }],
  ];

  it('answers 401 without a token', async () => {
    for (const [nombre, method, url, payload] of rutas()) expect((await llamar(method, url, null, undefined, payload)).statusCode, nombre).toBe(401);
  });

  it('answers 403 for a store the user does not belong to, and 422 without a store', async () => {
    for (const [nombre, method, url, payload] of rutas()) {
      const token = method === 'GET' || url.endsWith('aprobar') ? admin.token : vendedor.token;
      expect((await llamar(method, url, token, ajena.codigo_tienda, payload)).statusCode, nombre).toBe(403);
      const sinTienda = await llamar(method, url, token, undefined, payload);
      expect(sinTienda.statusCode, nombre).toBe(422);
      expect(sinTienda.json().code, nombre).toBe('TIENDA_REQUERIDA');
    }
  });

  it('answers 403 to the roles the routes are not for', async () => {
    for (const role of ['Administrador', 'Bodega'] as const) {
      expect((await llamar('POST', '/api/descuentos/solicitar/guardar', porRol[role].token, tienda.codigo_tienda, solicitud())).statusCode, role).toBe(403);
    }
    for (const role of ['Vendedor', 'Bodega', 'Operario'] as const) {
      const lista = await llamar('GET', `/api/descuentos/solicitados/${tienda.codigo_tienda}`, porRol[role].token, tienda.codigo_tienda);
      expect(lista.statusCode, role).toBe(403);
      const decision = await llamar('POST', '/api/descuentos/solicitados/aprobar', porRol[role].token, tienda.codigo_tienda, { descuento_solicitado_id: 1, aprobado: true });
      expect(decision.statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/descuentos/solicitar/guardar', () => {
  it('saves a pending request of the seller in the store, and answers it', async () => {
    const respuesta = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud());
    expect(respuesta.statusCode).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe(MENSAJES_DESCUENTO.solicitado);
    expect(data.descuento).toMatchObject({ codigo_tienda: tienda.codigo_tienda, sub_total: 3703.7, porcentaje_descuento: 10, aprobado: false });
    expect(await filaDe(data.descuento.id)).toEqual({
      codigo_tienda: tienda.codigo_tienda,
      tercero_id: cliente.id,
      producto_id: producto.id,
      cantidad_solicitada: '3.00',
      precio_unitario: '1234.56789',
      sub_total: '3703.70',
      porcentaje_descuento: '10.00',
      user_id: vendedor.id,
      aprobado: false,
      aprobador_id: null,
      fecha_decision: null,
    });
  });

  it('lets the Operario and the SuperAdministrador ask too, and accepts the body without codigo_tienda', async () => {
    for (const usuario of [porRol.Operario, superAdmin]) {
      const { codigo_tienda: _omitida, ...sinTienda } = solicitud();
      expect((await llamar('POST', '/api/descuentos/solicitar/guardar', usuario.token, tienda.codigo_tienda, sinTienda)).statusCode).toBe(200);
    }
  });

  it('answers 403 when the body names another store than the selected one', async () => {
    const respuesta = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ codigo_tienda: ajena.codigo_tienda }));
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses a percentage of 0, below 1, above 100 or missing with the spec message (spec 000 §5)', async () => {
    const antes = await entorno.db.selectFrom('descuento_solicitado').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const porcentaje of [0, -5, 0.5, 100.01, 150, '', null, 'abc']) {
      const respuesta = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ porcentaje_descuento: porcentaje }));
      expect(respuesta.statusCode, String(porcentaje)).toBe(422);
      expect(respuesta.json().errors.porcentaje_descuento, String(porcentaje)).toEqual([MENSAJES_DESCUENTO.porcentaje]);
    }
    const despues = await entorno.db.selectFrom('descuento_solicitado').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it('accepts 1 and 100', async () => {
    for (const porcentaje of [1, 100]) {
      expect((await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ porcentaje_descuento: porcentaje }))).statusCode).toBe(200);
    }
  });

  it('refuses a customer or a product that does not exist, on its field', async () => {
    const sinCliente = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ tercero_id: 999999 }));
    expect(sinCliente.statusCode).toBe(422);
    expect(sinCliente.json().errors).toEqual({ tercero_id: [MENSAJES_DESCUENTO.clienteNoExiste] });
    const sinProducto = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ producto_id: 999999 }));
    expect(sinProducto.statusCode).toBe(422);
    expect(sinProducto.json().errors).toEqual({ producto_id: [MENSAJES_DESCUENTO.productoNoExiste] });
  });

  it('refuses a sub_total that is not cantidad × precio to the centavo', async () => {
    for (const subTotal of [3703.71, 3703.69, 3703.703, 0]) {
      const respuesta = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ sub_total: subTotal }));
      expect(respuesta.statusCode, String(subTotal)).toBe(422);
      expect(respuesta.json().errors.sub_total, String(subTotal)).toEqual([MENSAJES_DESCUENTO.subTotal]);
    }
    // Text with thousands commas is the same amount.
    expect((await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ sub_total: '3,703.70' }))).statusCode).toBe(200);
  });

  it('refuses a missing quantity, a zero quantity and a negative price', async () => {
    for (const [campo, valor, mensaje] of [
      ['cantidad_solicitada', 0, MENSAJES_DESCUENTO.cantidad],
      ['cantidad_solicitada', undefined, MENSAJES_DESCUENTO.cantidad],
      ['precio_unitario', -1, MENSAJES_DESCUENTO.precio],
      ['tercero_id', undefined, MENSAJES_DESCUENTO.cliente],
      ['producto_id', undefined, MENSAJES_DESCUENTO.producto],
    ] as const) {
      const respuesta = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedor.token, tienda.codigo_tienda, solicitud({ [campo]: valor }));
      expect(respuesta.statusCode, campo).toBe(422);
      expect(respuesta.json().errors[campo], campo).toEqual([mensaje]);
    }
  });
});

describe('GET /api/descuentos/solicitados/{storeId}', () => {
  let tiendaLista: TiendaPrueba;
  let adminLista: UsuarioConSesion;
  let vendedorLista: UsuarioConSesion;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const { app, db } = entorno;
    tiendaLista = await crearTienda(db);
    adminLista = await crearUsuarioConSesion(app, db, { role: 'Administrador', tiendas: [tiendaLista.codigo_tienda] });
    vendedorLista = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tiendaLista.codigo_tienda] });
    const base = { codigo_tienda: tiendaLista.codigo_tienda, tercero_id: cliente.id, producto_id: producto.id, user_id: vendedorLista.id };
    ids.viejo = (await crearDescuento(db, { ...base, fecha_creacion: new Date('2026-11-01T10:00:00Z') })).id;
    ids.aprobado = (await crearDescuento(db, { ...base, aprobador_id: adminLista.id, aprobado: true, porcentaje_descuento: 15, fecha_creacion: new Date('2026-11-02T10:00:00Z') })).id;
    ids.rechazado = (await crearDescuento(db, { ...base, aprobador_id: adminLista.id, aprobado: false, fecha_creacion: new Date('2026-11-03T10:00:00Z') })).id;
    ids.nuevo = (await crearDescuento(db, { ...base, cantidad_solicitada: 3, precio_unitario: 1234.56789, porcentaje_descuento: 12.5, fecha_creacion: new Date('2026-11-04T10:00:00Z') })).id;
    for (let n = 0; n < 9; n++) await crearDescuento(db, { ...base, fecha_creacion: new Date(`2026-10-${String(n + 10)}T10:00:00Z`) });
    // Another store's request never shows.
    await crearDescuento(db, { codigo_tienda: ajena.codigo_tienda, tercero_id: cliente.id, producto_id: producto.id, user_id: vendedor.id });
  });

  const url = (consulta = '') => `/api/descuentos/solicitados/${tiendaLista.codigo_tienda}${consulta}`;

  it('pages the store\'s requests newest first, with names, figures and state', async () => {
    const respuesta = await llamar('GET', url(), adminLista.token, tiendaLista.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.descuentos_solicitados;
    expect(pagina).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 13 });
    expect(pagina.data.slice(0, 4).map((d: { id: number }) => d.id)).toEqual([ids.nuevo, ids.rechazado, ids.aprobado, ids.viejo]);
    expect(pagina.data[0]).toMatchObject({
      referencia: producto.referencia,
      nombre_producto: 'Melamina Blanca 15 mm',
      nombres_cliente: 'Gloria Inés',
      apellidos_cliente: 'Zapata Ríos',
      nombre_vendedor: vendedorLista.name,
      sub_total: 3703.7,
      // 3,703.70 − 12.5 % (462.9625 → 462.96) = 3,240.74, in centavos.
      sub_total_con_descuento: 3240.74,
      porcentaje_descuento: 12.5,
      aprobado: false,
      nombre_aprobador: null,
      estado: 'pendiente',
    });
    const segunda = (await llamar('GET', url('?page=2'), adminLista.token, tiendaLista.codigo_tienda)).json().data.descuentos_solicitados;
    expect(segunda.data).toHaveLength(3);
  });

  it('filters by state (spec 000 §4.3)', async () => {
    const de = async (estado: string) =>
      (await llamar('GET', url(`?estado=${estado}&per_page=25`), adminLista.token, tiendaLista.codigo_tienda)).json().data.descuentos_solicitados;
    const aprobados = await de('aprobado');
    expect(aprobados.data.map((d: { id: number }) => d.id)).toEqual([ids.aprobado]);
    expect(aprobados.data[0]).toMatchObject({ aprobado: true, nombre_aprobador: adminLista.name, estado: 'aprobado' });
    const rechazados = await de('rechazado');
    expect(rechazados.data.map((d: { id: number }) => d.id)).toEqual([ids.rechazado]);
    expect(rechazados.data[0]).toMatchObject({ aprobado: false, nombre_aprobador: adminLista.name, estado: 'rechazado' });
    expect((await de('pendiente')).total).toBe(11);
    const invalido = await llamar('GET', url('?estado=otro'), adminLista.token, tiendaLista.codigo_tienda);
    expect(invalido.statusCode).toBe(422);
  });

  it('answers 403 when the path names another store than the selected one', async () => {
    expect((await llamar('GET', `/api/descuentos/solicitados/${ajena.codigo_tienda}`, adminLista.token, tiendaLista.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses an unknown sort column or page size with 422', async () => {
    expect((await llamar('GET', url('?orden=user_id'), adminLista.token, tiendaLista.codigo_tienda)).statusCode).toBe(422);
    expect((await llamar('GET', url('?per_page=7'), adminLista.token, tiendaLista.codigo_tienda)).statusCode).toBe(422);
  });
});

describe('POST /api/descuentos/solicitados/aprobar', () => {
  it('approves a pending request, recording who and when, once', async () => {
    const { id } = await pendienteNuevo();
    const respuesta = await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: true });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_DESCUENTO.aprobadoOk);
    const fila = await filaDe(id);
    expect(fila).toMatchObject({ aprobado: true, aprobador_id: admin.id });
    expect(fila?.fecha_decision).toBeInstanceOf(Date);

    for (const aprobado of [true, false]) {
      const otraVez = await llamar('POST', '/api/descuentos/solicitados/aprobar', superAdmin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado });
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().message).toBe(MENSAJES_DESCUENTO.yaDecidida);
    }
    expect(await filaDe(id)).toMatchObject({ aprobado: true, aprobador_id: admin.id });
  });

  it('rejects a pending request (0 as the spec\'s clients may send it)', async () => {
    const { id } = await pendienteNuevo();
    const respuesta = await llamar('POST', '/api/descuentos/solicitados/aprobar', superAdmin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: 0 });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_DESCUENTO.rechazadoOk);
    expect(await filaDe(id)).toMatchObject({ aprobado: false, aprobador_id: superAdmin.id });
    const otraVez = await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: true });
    expect(otraVez.statusCode).toBe(409);
  });

  it('lets exactly one of two decisions at the same time win', async () => {
    for (let vuelta = 0; vuelta < 5; vuelta++) {
      const { id } = await pendienteNuevo();
      const respuestas = await Promise.all([
        llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: true }),
        llamar('POST', '/api/descuentos/solicitados/aprobar', superAdmin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: false }),
      ]);
      const codigos = respuestas.map((r) => r.statusCode).sort();
      expect(codigos).toEqual([200, 409]);
      const ganador = respuestas[0]?.statusCode === 200 ? { aprobado: true, aprobador_id: admin.id } : { aprobado: false, aprobador_id: superAdmin.id };
      expect(await filaDe(id)).toMatchObject(ganador);
    }
  });

  it('answers 404 for a missing request and for another store\'s one', async () => {
    const faltante = await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: 999999, aprobado: true });
    expect(faltante.statusCode).toBe(404);
    const { id } = await pendienteNuevo();
    const ajeno = await llamar('POST', '/api/descuentos/solicitados/aprobar', adminAjeno.token, ajena.codigo_tienda, { descuento_solicitado_id: id, aprobado: true });
    expect(ajeno.statusCode).toBe(404);
    expect(await filaDe(id)).toMatchObject({ aprobado: false, aprobador_id: null });
  });

  it('refuses a missing id or decision with 422', async () => {
    const sinId = await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { aprobado: true });
    expect(sinId.statusCode).toBe(422);
    expect(sinId.json().errors.descuento_solicitado_id).toEqual([MENSAJES_DESCUENTO.solicitud]);
    const sinDecision = await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: 1 });
    expect(sinDecision.statusCode).toBe(422);
    expect(sinDecision.json().errors.aprobado).toEqual([MENSAJES_DESCUENTO.aprobado]);
  });
});

describe('GET /api/descuentos/{id}', () => {
  const url = (id: number | string) => `/api/descuentos/${id}`;

  it('answers a request with its state to its requester and to an approver of the store', async () => {
    const { id } = await pendienteNuevo();
    const delVendedor = await llamar('GET', url(id), vendedor.token, tienda.codigo_tienda);
    expect(delVendedor.statusCode).toBe(200);
    expect(delVendedor.json().data.descuento).toMatchObject({
      id,
      producto_id: producto.id,
      tercero_id: cliente.id,
      nombre_producto: 'Melamina Blanca 15 mm',
      nombre_vendedor: vendedor.name,
      cantidad_solicitada: 2,
      precio_unitario: 1000,
      sub_total: 2000,
      porcentaje_descuento: 10,
      sub_total_con_descuento: 1800,
      aprobado: false,
      nombre_aprobador: null,
      estado: 'pendiente',
    });
    await llamar('POST', '/api/descuentos/solicitados/aprobar', admin.token, tienda.codigo_tienda, { descuento_solicitado_id: id, aprobado: false });
    for (const usuario of [vendedor, admin, superAdmin]) {
      const respuesta = await llamar('GET', url(id), usuario.token, tienda.codigo_tienda);
      expect(respuesta.statusCode, usuario.role).toBe(200);
      expect(respuesta.json().data.descuento, usuario.role).toMatchObject({ id, aprobado: false, nombre_aprobador: admin.name, estado: 'rechazado' });
    }
  });

  it('answers 404 to another seller, for another store\'s request and for ids that do not exist or no integer holds', async () => {
    const { id } = await pendienteNuevo();
    const otroVendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    expect((await llamar('GET', url(id), otroVendedor.token, tienda.codigo_tienda)).statusCode).toBe(404);
    expect((await llamar('GET', url(id), adminAjeno.token, ajena.codigo_tienda)).statusCode).toBe(404);
    for (const ausente of [999999, 2 ** 31 - 1, 2 ** 31, '99999999999999999999', 0, 'abc']) {
      const respuesta = await llamar('GET', url(ausente), admin.token, tienda.codigo_tienda);
      expect(respuesta.statusCode, String(ausente)).toBe(404);
    }
  });

  it('refuses without a token (401), a role that neither asks nor approves (403), another store (403) and no store (422)', async () => {
    const { id } = await pendienteNuevo();
    expect((await llamar('GET', url(id), null, undefined)).statusCode).toBe(401);
    expect((await llamar('GET', url(id), porRol.Bodega.token, tienda.codigo_tienda)).statusCode).toBe(403);
    expect((await llamar('GET', url(id), vendedor.token, ajena.codigo_tienda)).statusCode).toBe(403);
    expect((await llamar('GET', url(id), vendedor.token, undefined)).statusCode).toBe(422);
  });
});

describe('GET /api/descuentos/pendientes', () => {
  it('counts the pending requests of the selected store only', async () => {
    const tiendaConteo = await crearTienda(entorno.db);
    const adminConteo = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Administrador', tiendas: [tiendaConteo.codigo_tienda] });
    const contar = async () => {
      const respuesta = await llamar('GET', '/api/descuentos/pendientes', adminConteo.token, tiendaConteo.codigo_tienda);
      expect(respuesta.statusCode).toBe(200);
      return respuesta.json().data.pendientes as number;
    };
    expect(await contar()).toBe(0);
    const base = { codigo_tienda: tiendaConteo.codigo_tienda, tercero_id: cliente.id, producto_id: producto.id, user_id: vendedor.id };
    const primero = await crearDescuento(entorno.db, base);
    await crearDescuento(entorno.db, base);
    await crearDescuento(entorno.db, { ...base, aprobador_id: adminConteo.id, aprobado: true });
    await crearDescuento(entorno.db, { ...base, aprobador_id: adminConteo.id, aprobado: false });
    await pendienteNuevo();
    expect(await contar()).toBe(2);
    await llamar('POST', '/api/descuentos/solicitados/aprobar', adminConteo.token, tiendaConteo.codigo_tienda, { descuento_solicitado_id: primero.id, aprobado: true });
    expect(await contar()).toBe(1);
  });

  it('refuses without a token (401), to sellers (403), for another store (403) and without a store (422)', async () => {
    expect((await llamar('GET', '/api/descuentos/pendientes', null, undefined)).statusCode).toBe(401);
    for (const role of ['Vendedor', 'Bodega', 'Operario'] as const) {
      expect((await llamar('GET', '/api/descuentos/pendientes', porRol[role].token, tienda.codigo_tienda)).statusCode, role).toBe(403);
    }
    expect((await llamar('GET', '/api/descuentos/pendientes', admin.token, ajena.codigo_tienda)).statusCode).toBe(403);
    expect((await llamar('GET', '/api/descuentos/pendientes', admin.token, undefined)).statusCode).toBe(422);
  });
});

describe('realtime: decisions and pending counts', () => {
  let url: string;
  let tiendaVivo: TiendaPrueba;
  let vendedorVivo: UsuarioConSesion;
  let otroVendedor: UsuarioConSesion;
  let adminVivo: UsuarioConSesion;

  beforeAll(async () => {
    url = await escuchar(entorno.app);
    tiendaVivo = await crearTienda(entorno.db);
    vendedorVivo = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tiendaVivo.codigo_tienda] });
    otroVendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tiendaVivo.codigo_tienda] });
    adminVivo = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Administrador', tiendas: [tiendaVivo.codigo_tienda] });
  });

  afterEach(() => cerrarSockets());

  const pendienteVivo = () =>
    crearDescuento(entorno.db, { codigo_tienda: tiendaVivo.codigo_tienda, tercero_id: cliente.id, producto_id: producto.id, user_id: vendedorVivo.id, porcentaje_descuento: 12.5 });
  const aprobar = (id: number, aprobado: boolean) =>
    llamar('POST', '/api/descuentos/solicitados/aprobar', adminVivo.token, tiendaVivo.codigo_tienda, { descuento_solicitado_id: id, aprobado });

  it('tells the requester the decision, with the line\'s figures and the approver, and no other seller', async () => {
    const { id } = await pendienteVivo();
    const suyo = await conectar(url, vendedorVivo.token);
    const ajeno = await conectar(url, otroVendedor.token);
    const alAjeno = recogerEventos(ajeno, 'descuento:decidido');
    const decision = esperarEvento(suyo, 'descuento:decidido');

    expect((await aprobar(id, true)).statusCode).toBe(200);
    expect(await decision).toEqual({
      id,
      aprobado: true,
      producto_id: producto.id,
      tercero_id: cliente.id,
      porcentaje_descuento: 12.5,
      cantidad_solicitada: 2,
      precio_unitario: 1000,
      codigo_tienda: tiendaVivo.codigo_tienda,
      nombre_aprobador: adminVivo.name,
    });
    const rechazo = esperarEvento(suyo, 'descuento:decidido');
    const segundo = await pendienteVivo();
    expect((await aprobar(segundo.id, false)).statusCode).toBe(200);
    expect(await rechazo).toMatchObject({ id: segundo.id, aprobado: false, nombre_aprobador: adminVivo.name });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alAjeno).toEqual([]);
  });

  it('sends nothing for a refused decision (already decided)', async () => {
    const { id } = await pendienteVivo();
    expect((await aprobar(id, true)).statusCode).toBe(200);
    const suyo = await conectar(url, vendedorVivo.token);
    const recibidos = recogerEventos(suyo, 'descuento:decidido');
    expect((await aprobar(id, false)).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recibidos).toEqual([]);
  });

  it('gives the store\'s approvers the pending count after a request is saved and after it is decided', async () => {
    const delAdmin = await conectar(url, adminVivo.token);
    const delVendedor = await conectar(url, vendedorVivo.token);
    const alVendedor = recogerEventos(delVendedor, 'descuentos:pendientes');
    const pendientes = async () =>
      (await llamar('GET', '/api/descuentos/pendientes', adminVivo.token, tiendaVivo.codigo_tienda)).json().data.pendientes as number;
    const antes = await pendientes();

    const trasSolicitar = esperarEvento(delAdmin, 'descuentos:pendientes');
    const solicitud = await llamar('POST', '/api/descuentos/solicitar/guardar', vendedorVivo.token, tiendaVivo.codigo_tienda, {
      porcentaje_descuento: 5,
      tercero_id: cliente.id,
      producto_id: producto.id,
      cantidad_solicitada: 1,
      precio_unitario: 100,
      sub_total: 100,
    });
    expect(solicitud.statusCode).toBe(200);
    expect(await trasSolicitar).toEqual({ codigo_tienda: tiendaVivo.codigo_tienda, pendientes: antes + 1 });

    const trasDecidir = esperarEvento(delAdmin, 'descuentos:pendientes');
    expect((await aprobar(solicitud.json().data.descuento.id, true)).statusCode).toBe(200);
    expect(await trasDecidir).toEqual({ codigo_tienda: tiendaVivo.codigo_tienda, pendientes: antes });
    expect(alVendedor).toEqual([]);
  });

  it('reaches a requester connected to another server instance of the same database', async () => {
    const otraInstancia = await entorno.otraApp();
    const urlOtra = await escuchar(otraInstancia);
    await esperarAdaptadores(entorno.db, 2);
    const { id } = await pendienteVivo();
    const enLaOtra = await conectar(urlOtra, vendedorVivo.token);
    const decision = esperarEvento(enLaOtra, 'descuento:decidido');
    expect((await aprobar(id, true)).statusCode).toBe(200);
    expect(await decision).toMatchObject({ id, aprobado: true, nombre_aprobador: adminVivo.name });
  });
});
