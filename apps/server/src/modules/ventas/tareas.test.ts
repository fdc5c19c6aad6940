import { MENSAJES_TAREA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearTarea,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
  type VentaPrueba,
} from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let vendedor: UsuarioConSesion;
let venta: VentaPrueba;
let ventaAjena: VentaPrueba;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  vendedor = porRol.Vendedor;
  const cliente = await crearTercero(db, { nombres: 'Gloria Inés', apellidos: 'Zapata Ríos' });
  venta = await crearVenta(db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id });
  ventaAjena = await crearVenta(db, { codigo_tienda: ajena.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, codigoTienda: string | undefined, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

const tareaDe = (id: number) =>
  entorno.db.selectFrom('venta_tarea').select(['venta_id', 'descripcion_tarea', 'observacion_tarea', 'tarea_completada', 'user_id']).where('id', '=', id).executeTakeFirst();

describe('refusals common to every tareas route', () => {
  const rutas = (): [string, 'GET' | 'POST' | 'PUT', string, object | undefined][] => [
    ['POST /api/tareas', 'POST', '/api/tareas', { venta_id: venta.id }],
    ['POST /api/tareas/guardar', 'POST', '/api/tareas/guardar', { venta_id: venta.id, descripcion_tarea: 'Confirmar medidas' }],
    ['PUT /api/tareas/{id}/actualizar', 'PUT', '/api/tareas/1/actualizar', { tarea_completada: 1, observacion_tarea: null }],
    ['GET /api/tareas', 'GET', '/api/tareas?tarea_completada=0', undefined],
  ];

  it('answers 401 without a token', async () => {
    for (const [nombre, method, url, payload] of rutas()) expect((await llamar(method, url, null, undefined, payload)).statusCode, nombre).toBe(401);
  });

  it('answers 403 for a store the user does not belong to, and 422 without a store', async () => {
    for (const [nombre, method, url, payload] of rutas()) {
      expect((await llamar(method, url, vendedor.token, ajena.codigo_tienda, payload)).statusCode, nombre).toBe(403);
      const sinTienda = await llamar(method, url, vendedor.token, undefined, payload);
      expect(sinTienda.statusCode, nombre).toBe(422);
      expect(sinTienda.json().code, nombre).toBe('TIENDA_REQUERIDA');
    }
  });

  it('lets every role in (spec 000 §2.1: Pendientes is for any logged-in user)', async () => {
    for (const role of ROLES_NO_SUPER_ADMIN) {
      expect((await llamar('GET', '/api/tareas', porRol[role].token, tienda.codigo_tienda)).statusCode, role).toBe(200);
    }
  });
});

describe('POST /api/tareas/guardar', () => {
  it('adds an open task with its author, trimmed, and answers it', async () => {
    const respuesta = await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: venta.id, descripcion_tarea: '  Confirmar medidas con el cliente  ' });
    expect(respuesta.statusCode).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe(MENSAJES_TAREA.guardada);
    expect(data.tarea).toMatchObject({ venta_id: venta.id, descripcion_tarea: 'Confirmar medidas con el cliente', observacion_tarea: null, tarea_completada: false });
    expect(await tareaDe(data.tarea.id)).toEqual({
      venta_id: venta.id,
      descripcion_tarea: 'Confirmar medidas con el cliente',
      observacion_tarea: null,
      tarea_completada: false,
      user_id: vendedor.id,
    });
  });

  it('refuses an empty, blank or too long description with the spec message, saving nothing', async () => {
    const antes = await entorno.db.selectFrom('venta_tarea').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const descripcion_tarea of [undefined, '', '   ', 'x'.repeat(201), 'con\u0000nulo']) {
      const respuesta = await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: venta.id, descripcion_tarea });
      expect(respuesta.statusCode, String(descripcion_tarea)).toBe(422);
      expect(respuesta.json().errors.descripcion_tarea, String(descripcion_tarea)).toBeDefined();
    }
    const blanco = await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: venta.id, descripcion_tarea: '  ' });
    expect(blanco.json().errors.descripcion_tarea).toEqual([MENSAJES_TAREA.descripcion]);
    const despues = await entorno.db.selectFrom('venta_tarea').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it('accepts exactly 200 characters', async () => {
    const respuesta = await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: venta.id, descripcion_tarea: 'ñ'.repeat(200) });
    expect(respuesta.statusCode).toBe(200);
  });

  it('answers 404 for a sale of another store, an unknown sale or one beyond 2^31 − 1 with 422', async () => {
    const ajenaRespuesta = await llamar('POST', '/api/tareas/guardar', superAdmin.token, tienda.codigo_tienda, { venta_id: ventaAjena.id, descripcion_tarea: 'Otra tienda' });
    expect(ajenaRespuesta.statusCode).toBe(404);
    expect(ajenaRespuesta.json().code).toBe('VENTA_NO_ENCONTRADA');
    expect((await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: 999_999_999, descripcion_tarea: 'x' })).statusCode).toBe(404);
    expect((await llamar('POST', '/api/tareas/guardar', vendedor.token, tienda.codigo_tienda, { venta_id: 2 ** 31, descripcion_tarea: 'x' })).statusCode).toBe(422);
    expect(await entorno.db.selectFrom('venta_tarea').select('id').where('venta_id', '=', ventaAjena.id).execute()).toEqual([]);
  });
});

describe('POST /api/tareas', () => {
  it("answers the sale's tasks in the order they were written", async () => {
    const cliente = await crearTercero(entorno.db);
    const otra = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id });
    const primera = await crearTarea(entorno.db, otra.id, { descripcion_tarea: 'Primera' });
    const segunda = await crearTarea(entorno.db, otra.id, { descripcion_tarea: 'Segunda', tarea_completada: true });
    const respuesta = await llamar('POST', '/api/tareas', vendedor.token, tienda.codigo_tienda, { venta_id: otra.id });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.tareas).toEqual([primera, segunda]);
  });

  it('answers 404 for a sale of another store and 422 without a sale', async () => {
    expect((await llamar('POST', '/api/tareas', superAdmin.token, tienda.codigo_tienda, { venta_id: ventaAjena.id })).statusCode).toBe(404);
    const sinVenta = await llamar('POST', '/api/tareas', vendedor.token, tienda.codigo_tienda, {});
    expect(sinVenta.statusCode).toBe(422);
    expect(sinVenta.json().errors.venta_id).toEqual([MENSAJES_TAREA.venta]);
  });
});

describe('PUT /api/tareas/{id}/actualizar', () => {
  it('completes a task with its observation, then reopens it clearing the observation', async () => {
    const tarea = await crearTarea(entorno.db, venta.id);
    const completar = await llamar('PUT', `/api/tareas/${tarea.id}/actualizar`, vendedor.token, tienda.codigo_tienda, { tarea_completada: 1, observacion_tarea: ' Cliente confirmó ' });
    expect(completar.statusCode).toBe(200);
    expect(completar.json().message).toBe(MENSAJES_TAREA.actualizada);
    expect(await tareaDe(tarea.id)).toMatchObject({ tarea_completada: true, observacion_tarea: 'Cliente confirmó', user_id: vendedor.id });
    const reabrir = await llamar('PUT', `/api/tareas/${tarea.id}/actualizar`, porRol.Administrador.token, tienda.codigo_tienda, { tarea_completada: false, observacion_tarea: '' });
    expect(reabrir.statusCode).toBe(200);
    expect(await tareaDe(tarea.id)).toMatchObject({ tarea_completada: false, observacion_tarea: null, user_id: porRol.Administrador.id });
  });

  it('refuses a missing flag or a too long observation with 422 and changes nothing', async () => {
    const tarea = await crearTarea(entorno.db, venta.id);
    for (const payload of [{}, { tarea_completada: 'quizá' }, { tarea_completada: true, observacion_tarea: 'x'.repeat(501) }]) {
      expect((await llamar('PUT', `/api/tareas/${tarea.id}/actualizar`, vendedor.token, tienda.codigo_tienda, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await tareaDe(tarea.id)).toMatchObject({ tarea_completada: false, observacion_tarea: null });
  });

  it('answers 404 for a task of another store, an unknown one and a path id beyond 2^31 − 1, changing nothing', async () => {
    const deOtraTienda = await crearTarea(entorno.db, ventaAjena.id);
    const respuesta = await llamar('PUT', `/api/tareas/${deOtraTienda.id}/actualizar`, superAdmin.token, tienda.codigo_tienda, { tarea_completada: true });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().code).toBe('TAREA_NO_ENCONTRADA');
    expect(await tareaDe(deOtraTienda.id)).toMatchObject({ tarea_completada: false });
    for (const id of ['999999999', String(2 ** 31), 'abc']) {
      expect((await llamar('PUT', `/api/tareas/${id}/actualizar`, vendedor.token, tienda.codigo_tienda, { tarea_completada: true })).statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/tareas (Pendientes)', () => {
  it("lists the store's open tasks with their order's date and customer, oldest order first, and no others", async () => {
    const soloTienda = await crearTienda(entorno.db);
    const { porRol: usuarios } = await crearUsuariosPorRol(entorno.app, entorno.db, soloTienda.codigo_tienda);
    const cliente = await crearTercero(entorno.db, { nombres: 'Maderas', apellidos: 'Gómez' });
    const vieja = await crearVenta(entorno.db, { codigo_tienda: soloTienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: usuarios.Vendedor.id, fecha_venta: new Date('2026-11-01T15:00:00Z') });
    const nueva = await crearVenta(entorno.db, { codigo_tienda: soloTienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: usuarios.Vendedor.id, fecha_venta: new Date('2026-11-20T15:00:00Z') });
    const anulada = await crearVenta(entorno.db, { codigo_tienda: soloTienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: usuarios.Vendedor.id, estado_venta_id: 3 });
    const deNueva = await crearTarea(entorno.db, nueva.id, { descripcion_tarea: 'Entregar el sábado' });
    const deVieja = await crearTarea(entorno.db, vieja.id, { descripcion_tarea: 'Cortar de nuevo' });
    const completada = await crearTarea(entorno.db, vieja.id, { descripcion_tarea: 'Ya hecha', tarea_completada: true });
    await crearTarea(entorno.db, anulada.id, { descripcion_tarea: 'De una venta anulada' });

    const abiertas = await llamar('GET', '/api/tareas?tarea_completada=0', usuarios.Operario.token, soloTienda.codigo_tienda);
    expect(abiertas.statusCode).toBe(200);
    expect(abiertas.json().data.tareas).toEqual([
      { ...deVieja, fecha_venta: '2026-11-01T15:00:00.000Z', nombres_cliente: 'Maderas', apellidos_cliente: 'Gómez' },
      { ...deNueva, fecha_venta: '2026-11-20T15:00:00.000Z', nombres_cliente: 'Maderas', apellidos_cliente: 'Gómez' },
    ]);
    const hechas = await llamar('GET', '/api/tareas?tarea_completada=1', usuarios.Operario.token, soloTienda.codigo_tienda);
    expect(hechas.json().data.tareas.map((t: { id: number }) => t.id)).toEqual([completada.id]);
  });

  it('answers an empty list for a store without pending tasks', async () => {
    const vacia = await crearTienda(entorno.db);
    const { porRol: usuarios } = await crearUsuariosPorRol(entorno.app, entorno.db, vacia.codigo_tienda);
    const respuesta = await llamar('GET', '/api/tareas', usuarios.Bodega.token, vacia.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.tareas).toEqual([]);
  });
});
