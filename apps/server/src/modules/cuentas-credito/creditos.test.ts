import ExcelJS from 'exceljs';
import { ERRORES, hoyNegocio, MENSAJES_CREDITOS, NOMBRES_BASE_CARTERA, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_DINERO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema, type Actor } from '../../db/transaccion';
import { textoPdf } from '../../documents/pdf-texto';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as abonosService from '../abonos';
import { ENLACE_ESTADO_CUENTA, ENLACE_RECIBO_CREDITO } from './creditos-enlaces';
import * as cuentasCreditoService from '.';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;
let actor: Actor;
const hoy = hoyNegocio();
let ventaSiguiente = 700_000;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  actor = { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id, role: 'SuperAdministrador' };
});

/** A customer with a credit account and one charge per amount (a sale each, dated as given), through cargarCredito. */
async function creditoCon(cargos: { valor: number; fecha?: string }[], datos: { nombres?: string; apellidos?: string } = {}) {
  const cliente = await crearTercero(entorno.db, { nombres: datos.nombres ?? `Cliente ${ventaSiguiente}`, apellidos: datos.apellidos ?? 'Crédito' });
  const cuentaId = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
  const ventas: number[] = [];
  await entorno.db.transaction().execute(async (trx) => {
    for (const cargo of cargos) {
      const ventaId = ++ventaSiguiente;
      ventas.push(ventaId);
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor: cargo.valor, ...(cargo.fecha ? { fecha: cargo.fecha } : {}) }, actor);
    }
  });
  return { cliente, cuentaId, ventas };
}

const llamar = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: unknown,
  codigoTienda: string | null = tienda.codigo_tienda,
  extra: Record<string, string> = {},
) =>
  entorno.app.inject({
    method,
    url,
    headers: { ...(token ? headers(token, codigoTienda ?? undefined) : {}), ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const efectivo = (valor: number | string) => ({ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: valor });
const cuerpoPagoCredito = (ventaId: number, valor: number | string, cambios: Record<string, unknown> = {}) => ({
  venta_id: ventaId,
  fecha_abono: hoy,
  observacion_abono: 'Abono de prueba',
  valor_abono: valor,
  lista_formas_pagadas_form: [efectivo(valor)],
  ...cambios,
});
const abonar = (ventaId: number, valor: number | string, cambios: Record<string, unknown> = {}) =>
  llamar('POST', '/api/creditos/abonos', superAdmin.token, cuerpoPagoCredito(ventaId, valor, cambios));

const movimientos = (cuentaId: number) =>
  entorno.db
    .selectFrom('cuenta_credito_movimiento')
    .select(['id', 'tipo_movimiento_credito_id', 'venta_id', 'valor_movimiento', 'saldo_credito', 'movimiento_origen_id', 'fecha_movimiento', 'observacion', 'codigo_tienda', 'user_id'])
    .where('cuenta_credito_id', '=', cuentaId)
    .orderBy('id')
    .execute();
const totalCredito = async (cuentaId: number) =>
  (await entorno.db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuentaId).executeTakeFirstOrThrow()).total_credito;
const formasDe = (movimientoId: number) =>
  entorno.db
    .selectFrom('cuenta_credito_movimiento_forma_pago')
    .select(['forma_pago_id', 'valor_pagado', 'codigo_comprobante', 'fecha_consignacion', 'abono_tercero_id'])
    .where('cuenta_credito_movimiento_id', '=', movimientoId)
    .orderBy('id')
    .execute();
/** Every row of the ledger tables: a refused call changes none. */
const todo = async () => ({
  cuentas: await entorno.db.selectFrom('cuenta_credito').selectAll().orderBy('id').execute(),
  movimientos: await entorno.db.selectFrom('cuenta_credito_movimiento').selectAll().orderBy('id').execute(),
  formas: await entorno.db.selectFrom('cuenta_credito_movimiento_forma_pago').selectAll().orderBy('id').execute(),
  abonos: await entorno.db.selectFrom('abono_tercero').selectAll().orderBy('id').execute(),
});

// ---------------------------------------------------------------------------------------------------- refusals

describe('refusals of every credits route', () => {
  const rutas: { nombre: string; metodo: 'GET' | 'POST' | 'PUT'; url: () => string; cuerpo?: () => unknown; escribe: boolean }[] = [
    { nombre: 'GET /creditos', metodo: 'GET', url: () => '/api/creditos', escribe: false },
    { nombre: 'GET /creditos/cartera', metodo: 'GET', url: () => '/api/creditos/cartera', escribe: false },
    { nombre: 'GET /creditos/cartera/exportar', metodo: 'GET', url: () => '/api/creditos/cartera/exportar', escribe: false },
    { nombre: 'GET /creditos/{id}/ventas-pendientes', metodo: 'GET', url: () => '/api/creditos/1/ventas-pendientes', escribe: false },
    { nombre: 'GET /creditos/{id}/movimientos', metodo: 'GET', url: () => '/api/creditos/1/movimientos', escribe: false },
    { nombre: 'POST /creditos/abonos', metodo: 'POST', url: () => '/api/creditos/abonos', cuerpo: () => cuerpoPagoCredito(ventaSiguiente, 1), escribe: true },
    { nombre: 'PUT /creditos/abonos/{id}/anular', metodo: 'PUT', url: () => '/api/creditos/abonos/1/anular', escribe: true },
    { nombre: 'PUT /creditos/{id}/eliminar', metodo: 'PUT', url: () => '/api/creditos/1/eliminar', cuerpo: () => ({ motivo: 'Incobrable' }), escribe: true },
  ];

  beforeAll(async () => {
    // Something to change, so that a refusal that wrote would show.
    const { cuentaId, ventas } = await creditoCon([{ valor: 50_000 }]);
    expect(cuentaId).toBeGreaterThan(0);
    expect((await abonar(ventas[0]!, 10_000)).statusCode).toBe(200);
  });

  it.each(rutas)('$nombre: 401 without a token', async (ruta) => {
    const antes = await todo();
    const respuesta = await llamar(ruta.metodo, ruta.url(), null, ruta.cuerpo?.());
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
    expect(await todo()).toEqual(antes);
  });

  it.each(rutas)('$nombre: 403 for every role but SuperAdministrador', async (ruta) => {
    const antes = await todo();
    for (const role of ROLES_NO_SUPER_ADMIN) {
      const respuesta = await llamar(ruta.metodo, ruta.url(), porRol[role].token, ruta.cuerpo?.());
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
    }
    expect(await todo()).toEqual(antes);
  });

  it.each(rutas)('$nombre: 403 for a store the user does not belong to', async (ruta) => {
    const respuesta = await llamar(ruta.metodo, ruta.url(), superAdmin.token, ruta.cuerpo?.(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
  });

  it.each(rutas.filter((r) => r.escribe))('$nombre: 422 without the selected store', async (ruta) => {
    const antes = await todo();
    const respuesta = await llamar(ruta.metodo, ruta.url(), superAdmin.token, ruta.cuerpo?.(), null);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
    expect(await todo()).toEqual(antes);
  });

  it.each([
    ['/api/creditos/abc/movimientos', 'GET'],
    ['/api/creditos/0/ventas-pendientes', 'GET'],
    ['/api/creditos/2147483648/movimientos', 'GET'],
    ['/api/creditos/99999999/ventas-pendientes', 'GET'],
    ['/api/creditos/99999999/movimientos', 'GET'],
    ['/api/creditos/abonos/2147483648/anular', 'PUT'],
    ['/api/creditos/abonos/99999999/anular', 'PUT'],
    ['/api/creditos/2147483648/eliminar', 'PUT'],
    ['/api/creditos/99999999/eliminar', 'PUT'],
  ] as const)('%s (%s): 404 for an id that names no row', async (url, metodo) => {
    const respuesta = await llamar(metodo, url, superAdmin.token, metodo === 'PUT' && url.endsWith('eliminar') ? { motivo: 'Incobrable' } : undefined);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().message).toBeTruthy();
  });

  it.each([
    ['page=x', '/api/creditos?page=x'],
    ['a page size not offered', '/api/creditos?per_page=7'],
    ['a customer that is not an id', '/api/creditos?cliente_id=abc'],
    ['a customer beyond 2^31', '/api/creditos?cliente_id=2147483648'],
    ['a NUL byte', '/api/creditos?cliente_id=1%00'],
    ['a huge number', '/api/creditos?cliente_id=1e400'],
    ['a movement type that does not exist', '/api/creditos/1/movimientos?tipo_movimiento_credito_id=6'],
    ['a sale beyond 2^31', '/api/creditos/1/movimientos?venta_id=2147483648'],
    ['a negative sale', '/api/creditos/1/movimientos?venta_id=-1'],
    ['a cut-off that is no date', '/api/creditos/cartera?fecha_corte=2026-02-30'],
    ['a cut-off with a NUL byte', '/api/creditos/cartera/exportar?fecha_corte=2026-01-01%00'],
    ['an aging base not offered', '/api/creditos/cartera?base=entrega'],
  ])('422 (never 500) for %s', async (_caso, url) => {
    const respuesta = await llamar('GET', url, superAdmin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------- lists

describe('GET /api/creditos', () => {
  it('lists the accounts that had movements by name, with pending sales, total, statement link; filters by customer', async () => {
    const sinMovimientos = await crearTercero(entorno.db, { nombres: 'AAA Sin', apellidos: 'Movimientos' });
    await crearCuentaCredito(entorno.db, { tercero_id: sinMovimientos.id });
    const b = await creditoCon([{ valor: 30_000 }, { valor: 20_000 }, { valor: 5_000 }], { nombres: 'AAB Beatriz', apellidos: 'Zuluaga' });
    const a = await creditoCon([{ valor: 10_000 }], { nombres: 'AAA Álvaro', apellidos: 'Arango' });
    expect((await abonar(b.ventas[1]!, 20_000)).statusCode).toBe(200);

    const respuesta = await llamar('GET', '/api/creditos?per_page=100', superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    const { creditos, total_credito_pendiente } = respuesta.json().data;
    const ids = creditos.data.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(sinMovimientos.id);
    expect(ids.indexOf(a.cuentaId)).toBeLessThan(ids.indexOf(b.cuentaId));
    expect(creditos.data.find((c: { id: number }) => c.id === b.cuentaId)).toMatchObject({
      id: b.cuentaId,
      cliente_id: b.cliente.id,
      numero_documento: b.cliente.numero_documento,
      nombres: 'AAB Beatriz',
      apellidos: 'Zuluaga',
      total_credito: 35_000,
      total_pendientes_abono: 2,
    });
    // The total is every matching account's, not the page's.
    const todas = await entorno.db
      .selectFrom('cuenta_credito')
      .select((eb) => eb.fn.sum<string>('total_credito').as('suma'))
      .where((eb) => eb.exists(eb.selectFrom('cuenta_credito_movimiento as m').select('m.id').whereRef('m.cuenta_credito_id', '=', 'cuenta_credito.id')))
      .executeTakeFirstOrThrow();
    expect(total_credito_pendiente).toBe(Number(todas.suma));
    const pagina1 = (await llamar('GET', '/api/creditos?per_page=10&page=1', superAdmin.token)).json().data;
    expect(pagina1.total_credito_pendiente).toBe(total_credito_pendiente);

    const filtrada = (await llamar('GET', `/api/creditos?cliente_id=${b.cliente.id}`, superAdmin.token)).json().data;
    expect(filtrada.creditos).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(filtrada.total_credito_pendiente).toBe(35_000);
    const enlace = filtrada.creditos.data[0].enlace_estado_cuenta as string;
    expect(enlace).toMatch(/^\/api\/public\/credito\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    const pdf = await entorno.app.inject({ method: 'GET', url: enlace });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Todos (0) is every customer.
    expect((await llamar('GET', '/api/creditos?cliente_id=0&per_page=100', superAdmin.token)).json().data.creditos.total).toBe(creditos.total);
  });
});

describe('GET /api/creditos/{id}/ventas-pendientes', () => {
  it('answers the sales still owed on, oldest charge first, with their balance and receipt link', async () => {
    const { cuentaId, ventas } = await creditoCon([
      { valor: 40_000, fecha: '2026-03-01' },
      { valor: 25_000, fecha: '2026-01-15' },
      { valor: 9_000, fecha: '2026-02-01' },
    ]);
    expect((await abonar(ventas[2]!, 9_000)).statusCode).toBe(200);
    expect((await abonar(ventas[0]!, 15_000.5)).statusCode).toBe(200);
    const respuesta = await llamar('GET', `/api/creditos/${cuentaId}/ventas-pendientes`, superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    const filas = respuesta.json().data.creditos_movimientos;
    expect(filas.map((f: { venta_id: number; fecha_movimiento: string; valor_movimiento: number; valor_saldo_movimiento: number }) => [f.venta_id, f.fecha_movimiento, f.valor_movimiento, f.valor_saldo_movimiento])).toEqual([
      [ventas[1], '2026-01-15', 25_000, 25_000],
      [ventas[0], '2026-03-01', 40_000, 24_999.5],
    ]);
    expect(filas[0].enlace_recibo).toMatch(/^\/api\/public\/abono\//);
  });
});

describe('GET /api/creditos/{id}/movimientos', () => {
  it('pages the movements newest first, with paid and pending on charges, methods and annulment on payments; filters by type and sale', async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 100_000 }, { valor: 50_000 }]);
    const pago1 = (await abonar(ventas[0]!, 30_000, {
      valor_abono: 30_000,
      lista_formas_pagadas_form: [efectivo(10_000), { id_forma_pago: 4, nombre_forma_pago: 'Transferencia', valor_pagado: 20_000, codigo_comprobante: 'TRF-9', fecha_consignacion: hoy }],
    })).json().data.movimiento_id as number;
    const pago2 = (await abonar(ventas[0]!, 5_000)).json().data.movimiento_id as number;
    expect((await llamar('PUT', `/api/creditos/abonos/${pago2}/anular`, superAdmin.token)).statusCode).toBe(200);

    const respuesta = await llamar('GET', `/api/creditos/${cuentaId}/movimientos`, superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.creditos_movimientos;
    expect(pagina).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 10 });
    expect(pagina.data.map((m: { tipo_movimiento_credito_id: number }) => m.tipo_movimiento_credito_id)).toEqual([3, 2, 2, 1, 1]);
    const cargo = pagina.data.find((m: { venta_id: number; tipo_movimiento_credito_id: number }) => m.venta_id === ventas[0] && m.tipo_movimiento_credito_id === 1);
    expect(cargo).toMatchObject({ nombre_tipo_movimiento_credito: 'Venta', valor_movimiento: 100_000, valor_pagado: 30_000, valor_saldo_movimiento: 70_000, anulado: false, formas_pago: [], nombre_usuario: superAdmin.name });
    expect(cargo.enlace_recibo).toMatch(/^\/api\/public\/abono\//);
    const primero = pagina.data.find((m: { id: number }) => m.id === pago1);
    expect(primero).toMatchObject({
      tipo_movimiento_credito_id: 2,
      nombre_tipo_movimiento_credito: 'Pago',
      valor_movimiento: 30_000,
      valor_pagado: null,
      valor_saldo_movimiento: null,
      fecha_movimiento: hoy,
      observacion: 'Abono de prueba',
      anulado: false,
      formas_pago: [
        { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 10_000, codigo_comprobante: null, fecha_consignacion: null },
        { forma_pago_id: 4, nombre_forma_pago: 'Transferencia bancaria', valor_pagado: 20_000, codigo_comprobante: 'TRF-9', fecha_consignacion: hoy },
      ],
    });
    expect(pagina.data.find((m: { id: number }) => m.id === pago2)).toMatchObject({ anulado: true });
    expect(pagina.data[0]).toMatchObject({ tipo_movimiento_credito_id: 3, nombre_tipo_movimiento_credito: 'Anulación de pago', enlace_recibo: null });

    const pagosVenta = (await llamar('GET', `/api/creditos/${cuentaId}/movimientos?tipo_movimiento_credito_id=2&venta_id=${ventas[0]}`, superAdmin.token)).json().data.creditos_movimientos;
    expect(pagosVenta.data.map((m: { id: number }) => m.id)).toEqual([pago2, pago1]);
    const ventas2 = (await llamar('GET', `/api/creditos/${cuentaId}/movimientos?tipo_movimiento_credito_id=1&per_page=25`, superAdmin.token)).json().data.creditos_movimientos;
    expect(ventas2).toMatchObject({ total: 2, per_page: 25 });
    const segunda = (await llamar('GET', `/api/creditos/${cuentaId}/movimientos?page=2`, superAdmin.token)).json().data.creditos_movimientos;
    expect(segunda).toMatchObject({ data: [], current_page: 2, total: 5 });
  });
});

// ---------------------------------------------------------------------------------------------------- payment

describe('POST /api/creditos/abonos', () => {
  let venta: number;
  let cuenta: number;
  beforeAll(async () => {
    const credito = await creditoCon([{ valor: 80_000 }]);
    venta = credito.ventas[0]!;
    cuenta = credito.cuentaId;
  });

  const refusa = async (cuerpo: unknown, status: number, mensaje: string, campo?: string) => {
    const antes = await todo();
    const respuesta = await llamar('POST', '/api/creditos/abonos', superAdmin.token, cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(status);
    expect(respuesta.json().message).toBe(mensaje);
    if (campo) expect(respuesta.json().errors[campo]).toContain(mensaje);
    expect(await todo()).toEqual(antes);
  };

  it('§5: a total of zero or empty', async () => {
    await refusa(cuerpoPagoCredito(venta, 0, { lista_formas_pagadas_form: [efectivo(1)] }), 422, MENSAJES_CREDITOS.valorCero, 'valor_abono');
    await refusa(cuerpoPagoCredito(venta, '', { lista_formas_pagadas_form: [efectivo(1)] }), 422, MENSAJES_CREDITOS.valorCero, 'valor_abono');
  });

  it('§5: a method with a zero or empty amount', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [efectivo(1_000), { id_forma_pago: 4, valor_pagado: 0 }] }), 422, MENSAJES_CREDITOS.valoresVacios, 'lista_formas_pagadas_form.1.valor_pagado');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: '' }] }), 422, MENSAJES_CREDITOS.valoresVacios, 'lista_formas_pagadas_form.0.valor_pagado');
  });

  it('§5: a method that requires a voucher without its code or deposit date', async () => {
    const transferencia = { id_forma_pago: 4, nombre_forma_pago: 'Transferencia', valor_pagado: 1_000 };
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ ...transferencia, fecha_consignacion: hoy }] }), 422, MENSAJES_CREDITOS.valoresVacios, 'lista_formas_pagadas_form.0.codigo_comprobante');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ ...transferencia, codigo_comprobante: 'X1' }] }), 422, MENSAJES_CREDITOS.valoresVacios, 'lista_formas_pagadas_form.0.fecha_consignacion');
  });

  it('§5: a form that is no form', async () => {
    await refusa([], 422, MENSAJES_CREDITOS.faltanCampos);
  });

  it('§5: no payment method', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [] }), 422, MENSAJES_CREDITOS.seleccionarForma, 'lista_formas_pagadas_form');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ valor_pagado: 1_000 }] }), 422, MENSAJES_CREDITOS.seleccionarForma, 'lista_formas_pagadas_form.0.id_forma_pago');
  });

  it('§5: sale and date required, date not after today, observation required', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { venta_id: null }), 422, MENSAJES_CREDITOS.venta, 'venta_id');
    await refusa(cuerpoPagoCredito(venta, 1_000, { fecha_abono: '' }), 422, MENSAJES_CREDITOS.fecha, 'fecha_abono');
    await refusa(cuerpoPagoCredito(venta, 1_000, { fecha_abono: '2026-02-30' }), 422, MENSAJES_CREDITOS.fecha, 'fecha_abono');
    await refusa(cuerpoPagoCredito(venta, 1_000, { fecha_abono: '2999-01-01' }), 422, MENSAJES_CREDITOS.fechaFutura, 'fecha_abono');
    await refusa(cuerpoPagoCredito(venta, 1_000, { observacion_abono: '  ' }), 422, MENSAJES_CREDITOS.observacion, 'observacion_abono');
  });

  it('refuses a payment dated before the sale was invoiced', async () => {
    const { ventas } = await creditoCon([{ valor: 5_000, fecha: '2026-03-10' }]);
    await refusa(cuerpoPagoCredito(ventas[0]!, 1_000, { fecha_abono: '2026-03-09' }), 422, MENSAJES_CREDITOS.fechaAnteriorFactura('10/03/2026'), 'fecha_abono');
    expect((await abonar(ventas[0]!, 1_000, { fecha_abono: '2026-03-10' })).statusCode).toBe(200);
  });

  it('refuses a total that is not the sum of the methods', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [efectivo(999.99)] }), 422, MENSAJES_CREDITOS.sumatoria('$ 1,000'), 'valor_abono');
  });

  it('refuses Crédito (6), an unknown method, a repeated method, and a sale not sold on credit', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ id_forma_pago: 6, valor_pagado: 1_000 }] }), 422, MENSAJES_CREDITOS.formaNoPermitida, 'lista_formas_pagadas_form.0.id_forma_pago');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ id_forma_pago: 999, valor_pagado: 1_000 }] }), 422, MENSAJES_CREDITOS.formaNoPermitida, 'lista_formas_pagadas_form.0.id_forma_pago');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [efectivo(500), efectivo(500)] }), 422, MENSAJES_CREDITOS.formaRepetida, 'lista_formas_pagadas_form');
    await refusa(cuerpoPagoCredito(12_345, 1_000), 422, MENSAJES_CREDITOS.ventaSinCredito, 'venta_id');
  });

  it('never answers 500: NUL bytes, ids beyond 2^31, huge and over-precise amounts are 422', async () => {
    await refusa(cuerpoPagoCredito(venta, 1_000, { observacion_abono: 'a\u0000b' }), 422, MENSAJE_CARACTERES_NO_PERMITIDOS);
    await refusa(cuerpoPagoCredito(2_147_483_648, 1_000), 422, MENSAJES_CREDITOS.venta, 'venta_id');
    await refusa(cuerpoPagoCredito(venta, 1e20, { lista_formas_pagadas_form: [efectivo(1e20)] }), 422, MENSAJES_DINERO.maximo, 'valor_abono');
    await refusa(cuerpoPagoCredito(venta, '1.001', { lista_formas_pagadas_form: [efectivo('1.001')] }), 422, MENSAJES_DINERO.decimales, 'valor_abono');
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ id_forma_pago: 2_147_483_648, valor_pagado: 1_000 }] }), 422, MENSAJES_CREDITOS.seleccionarForma);
    await refusa(cuerpoPagoCredito(venta, 1_000, { lista_formas_pagadas_form: [{ ...efectivo(1_000), codigo_comprobante: 'x'.repeat(61) }] }), 422, MENSAJES_CREDITOS.comprobanteLargo);
  });

  it("§5: above the sale's pending balance: 'El abono no debe superar el saldo pendiente …', nothing written", async () => {
    await refusa(cuerpoPagoCredito(venta, 80_000.01), 422, MENSAJES_CREDITOS.superaSaldo('$ 80,000'), 'valor_abono');
  });

  it('writes the payment with its methods, lowers the account and answers the pending balance and the receipt', async () => {
    const antes = await movimientos(cuenta);
    const respuesta = await abonar(venta, '30,000.5', {
      observacion_abono: 'Pago en caja y transferencia',
      lista_formas_pagadas_form: [efectivo('10,000.5'), { id_forma_pago: 4, nombre_forma_pago: 'Transferencia', valor_pagado: 20_000, codigo_comprobante: ' TRF-77 ', fecha_consignacion: '2026-01-02' }],
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe('Abono registrado con éxito');
    expect(data).toMatchObject({ valor_saldo_movimiento: 49_999.5 });
    expect(data.enlace_recibo).toMatch(/^\/api\/public\/abono\//);
    const despues = await movimientos(cuenta);
    expect(despues).toHaveLength(antes.length + 1);
    expect(despues.at(-1)).toMatchObject({
      id: data.movimiento_id,
      tipo_movimiento_credito_id: 2,
      venta_id: venta,
      valor_movimiento: '30000.50',
      saldo_credito: '49999.50',
      movimiento_origen_id: null,
      fecha_movimiento: hoy,
      observacion: 'Pago en caja y transferencia',
      codigo_tienda: tienda.codigo_tienda,
      user_id: superAdmin.id,
    });
    expect(await totalCredito(cuenta)).toBe('49999.50');
    expect(await formasDe(data.movimiento_id)).toEqual([
      { forma_pago_id: 1, valor_pagado: '10000.50', codigo_comprobante: null, fecha_consignacion: null, abono_tercero_id: null },
      { forma_pago_id: 4, valor_pagado: '20000.00', codigo_comprobante: 'TRF-77', fecha_consignacion: '2026-01-02', abono_tercero_id: null },
    ]);
    // The rest, exactly: the sale owes nothing and leaves the pending list.
    expect((await abonar(venta, 49_999.5)).json().data.valor_saldo_movimiento).toBe(0);
    expect((await llamar('GET', `/api/creditos/${cuenta}/ventas-pendientes`, superAdmin.token)).json().data.creditos_movimientos).toEqual([]);
    await refusa(cuerpoPagoCredito(venta, 1), 422, MENSAJES_CREDITOS.superaSaldo('$ 0'), 'valor_abono');
  });

  it("spends the customer's advance balance through the advance method, and refuses more than it holds", async () => {
    const { cliente, cuentaId, ventas } = await creditoCon([{ valor: 60_000 }]);
    await entorno.db.transaction().execute((trx) => abonosService.registrarAbono(trx, { terceroId: cliente.id, valor: 25_000, descripcion: 'Anticipo' }, actor));
    const anticipo = (valor: number) => ({ id_forma_pago: 8, nombre_forma_pago: 'Anticipo', valor_pagado: valor });
    await refusa(cuerpoPagoCredito(ventas[0]!, 25_000.01, { lista_formas_pagadas_form: [anticipo(25_000.01)] }), 422, MENSAJES_CREDITOS.anticipoInsuficiente('$ 25,000'), 'lista_formas_pagadas_form.0.valor_pagado');

    const respuesta = await abonar(ventas[0]!, 35_000, { lista_formas_pagadas_form: [anticipo(25_000), efectivo(10_000)] });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const pagoId = respuesta.json().data.movimiento_id as number;
    const uso = await entorno.db.selectFrom('abono_tercero').selectAll().where('tercero_id', '=', cliente.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(uso).toMatchObject({ tipo_movimiento_abono_id: 2, valor_abono: '-25000.00', saldo_abono: '0.00', venta_id: ventas[0], user_id: superAdmin.id });
    expect((await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', cliente.id).executeTakeFirstOrThrow()).saldo_abono).toBe('0.00');
    expect(await formasDe(pagoId)).toEqual([
      { forma_pago_id: 8, valor_pagado: '25000.00', codigo_comprobante: null, fecha_consignacion: null, abono_tercero_id: uso.id },
      { forma_pago_id: 1, valor_pagado: '10000.00', codigo_comprobante: null, fecha_consignacion: null, abono_tercero_id: null },
    ]);
    expect(await totalCredito(cuentaId)).toBe('25000.00');

    // Annulling the payment gives the advance back (abono_tercero type 4 naming the spend).
    const anulada = await llamar('PUT', `/api/creditos/abonos/${pagoId}/anular`, superAdmin.token);
    expect(anulada.statusCode).toBe(200);
    const devolucion = await entorno.db.selectFrom('abono_tercero').selectAll().where('movimiento_origen_id', '=', uso.id).executeTakeFirstOrThrow();
    expect(devolucion).toMatchObject({ tipo_movimiento_abono_id: 4, valor_abono: '25000.00', saldo_abono: '25000.00', venta_id: ventas[0] });
    expect(await totalCredito(cuentaId)).toBe('60000.00');
  });

  it('accepts at most the balance out of 50 parallel payments against one sale; the rest get the message', async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 100_000 }]);
    const montos = Array.from({ length: 50 }, (_, i) => 3_000 + (i % 7) * 1_000);
    const respuestas = await Promise.all(montos.map((monto) => abonar(ventas[0]!, monto)));
    const aceptados = respuestas.flatMap((r, i) => (r.statusCode === 200 ? [montos[i]!] : []));
    const suma = aceptados.reduce((s, m) => s + m, 0);
    expect(montos.reduce((s, m) => s + m, 0)).toBeGreaterThan(100_000);
    expect(suma).toBeLessThanOrEqual(100_000);
    expect(aceptados.length).toBeGreaterThan(0);
    for (const r of respuestas.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toMatch(/^El abono no debe superar el saldo pendiente \$ [\d,]+(\.\d+)?$/);
    }
    // Refused ones are those the balance left could not hold.
    const restante = 100_000 - suma;
    expect(montos.some((m, i) => respuestas[i]!.statusCode !== 200 && m <= restante)).toBe(false);
    expect(Number(await totalCredito(cuentaId))).toBe(restante);
    const pagos = (await movimientos(cuentaId)).filter((m) => m.tipo_movimiento_credito_id === 2);
    expect(pagos).toHaveLength(aceptados.length);
    // Each movement's balance is the account's total right after it.
    let saldo = 100_000;
    for (const pago of pagos) {
      saldo -= Number(pago.valor_movimiento);
      expect(Number(pago.saldo_credito)).toBe(saldo);
    }
  });
});

// ---------------------------------------------------------------------------------------------------- annulment

describe('PUT /api/creditos/abonos/{movimiento_id}/anular', () => {
  it("writes a type 3 naming the payment, raises the sale and the account, answers 'Abono anulado'; a second time is 409", async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 20_000 }]);
    const pagoId = (await abonar(ventas[0]!, 7_500)).json().data.movimiento_id as number;
    const respuesta = await llamar('PUT', `/api/creditos/abonos/${pagoId}/anular`, superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Abono anulado', data: { venta_id: ventas[0] } });
    expect((await movimientos(cuentaId)).at(-1)).toMatchObject({
      tipo_movimiento_credito_id: 3,
      venta_id: ventas[0],
      valor_movimiento: '7500.00',
      saldo_credito: '20000.00',
      movimiento_origen_id: pagoId,
      codigo_tienda: tienda.codigo_tienda,
      user_id: superAdmin.id,
      fecha_movimiento: hoy,
    });
    expect(await totalCredito(cuentaId)).toBe('20000.00');
    const antes = await todo();
    const otra = await llamar('PUT', `/api/creditos/abonos/${pagoId}/anular`, superAdmin.token);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJES_CREDITOS.pagoYaAnulado);
    expect(await todo()).toEqual(antes);
  });

  it('annuls a payment once when two annulments arrive together', async () => {
    const { cliente, cuentaId, ventas } = await creditoCon([{ valor: 20_000 }]);
    await entorno.db.transaction().execute((trx) => abonosService.registrarAbono(trx, { terceroId: cliente.id, valor: 5_000 }, actor));
    const pagoId = (await abonar(ventas[0]!, 8_000, { lista_formas_pagadas_form: [{ id_forma_pago: 8, valor_pagado: 5_000 }, efectivo(3_000)] })).json().data.movimiento_id as number;
    const respuestas = await Promise.all(Array.from({ length: 4 }, () => llamar('PUT', `/api/creditos/abonos/${pagoId}/anular`, superAdmin.token)));
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await movimientos(cuentaId)).filter((m) => m.tipo_movimiento_credito_id === 3)).toHaveLength(1);
    expect(await totalCredito(cuentaId)).toBe('20000.00');
    expect((await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', cliente.id).executeTakeFirstOrThrow()).saldo_abono).toBe('5000.00');
  });

  it('refuses a movement that is not a payment (409) and a payment whose sale was annulled (409)', async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 20_000 }]);
    const [cargo] = await movimientos(cuentaId);
    const noPago = await llamar('PUT', `/api/creditos/abonos/${cargo!.id}/anular`, superAdmin.token);
    expect(noPago.statusCode).toBe(409);
    expect(noPago.json().message).toBe(MENSAJES_CREDITOS.noEsPagoCredito);

    // A ledger where the sale was annulled with a payment alive (rows before this issue's rule): the payment stays.
    const pagoId = (await abonar(ventas[0]!, 5_000)).json().data.movimiento_id as number;
    await entorno.db.transaction().execute(async (trx) => {
      await trx.updateTable('cuenta_credito').set({ total_credito: 0 }).where('id', '=', cuentaId).execute();
      await trx
        .insertInto('cuenta_credito_movimiento')
        .values({ cuenta_credito_id: cuentaId, tipo_movimiento_credito_id: 4, venta_id: ventas[0]!, descripcion_movimiento: 'Anulación', valor_movimiento: 15_000, saldo_credito: 0, movimiento_origen_id: cargo!.id, observacion: null, codigo_tienda: null, user_id: superAdmin.id })
        .execute();
    });
    const respuesta = await llamar('PUT', `/api/creditos/abonos/${pagoId}/anular`, superAdmin.token);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_CREDITOS.pagoVentaAnulada);
  });
});

// ---------------------------------------------------------------------------------------------------- write-off

describe('PUT /api/creditos/{id}/eliminar', () => {
  it.each([
    ['missing', {}, MENSAJES_CREDITOS.motivo],
    ['blank', { motivo: '   ' }, MENSAJES_CREDITOS.motivo],
    ['too short', { motivo: 'ab' }, MENSAJES_CREDITOS.motivoLongitud],
    ['too long', { motivo: 'x'.repeat(201) }, MENSAJES_CREDITOS.motivoLongitud],
    ['with a NUL byte', { motivo: 'Incobrable\u0000' }, MENSAJE_CARACTERES_NO_PERMITIDOS],
    ['not text', { motivo: 12345 }, MENSAJES_CREDITOS.motivo],
  ])('refuses a reason %s with 422 and writes nothing', async (_caso, cuerpo, mensaje) => {
    const { cuentaId } = await creditoCon([{ valor: 1_000 }]);
    const antes = await todo();
    const respuesta = await llamar('PUT', `/api/creditos/${cuentaId}/eliminar`, superAdmin.token, cuerpo);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(mensaje);
    expect(await todo()).toEqual(antes);
  });

  it("writes off every pending sale with a type 5 carrying the reason, answers 'Crédito eliminado'; then 409", async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 30_000 }, { valor: 12_000 }, { valor: 5_000 }]);
    expect((await abonar(ventas[0]!, 10_000)).statusCode).toBe(200);
    expect((await abonar(ventas[2]!, 5_000)).statusCode).toBe(200);
    const respuesta = await llamar('PUT', `/api/creditos/${cuentaId}/eliminar`, superAdmin.token, { motivo: ' Cliente liquidado ' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Crédito eliminado', data: { ventas: 2, valor: 32_000 } });
    const [cargo1, cargo2] = (await movimientos(cuentaId)).filter((m) => m.tipo_movimiento_credito_id === 1);
    expect((await movimientos(cuentaId)).filter((m) => m.tipo_movimiento_credito_id === 5)).toEqual([
      expect.objectContaining({ venta_id: ventas[0], valor_movimiento: '20000.00', saldo_credito: '12000.00', movimiento_origen_id: cargo1!.id, observacion: 'Cliente liquidado', user_id: superAdmin.id, codigo_tienda: tienda.codigo_tienda }),
      expect.objectContaining({ venta_id: ventas[1], valor_movimiento: '12000.00', saldo_credito: '0.00', movimiento_origen_id: cargo2!.id, observacion: 'Cliente liquidado' }),
    ]);
    expect(await totalCredito(cuentaId)).toBe('0.00');
    const antes = await todo();
    const otra = await llamar('PUT', `/api/creditos/${cuentaId}/eliminar`, superAdmin.token, { motivo: 'Otra vez' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJES_CREDITOS.sinSaldoPendiente);
    expect(await todo()).toEqual(antes);
  });
});

// ---------------------------------------------------------------------------------------------------- aging

describe('GET /api/creditos/cartera and its export', () => {
  it('buckets what each sale owes by days past its invoice date at the cut-off, per customer and in total; exports a real .xlsx', async () => {
    const { cliente, cuentaId, ventas } = await creditoCon(
      [
        { valor: 1_000, fecha: '2026-06-30' },
        { valor: 2_000, fecha: '2026-06-15' },
        { valor: 3_000, fecha: '2026-05-31' },
        { valor: 3_500, fecha: '2026-05-30' },
        { valor: 4_000, fecha: '2026-04-01' },
        { valor: 5_000, fecha: '2026-03-31' },
        { valor: 6_000, fecha: '2026-07-01' },
      ],
      { nombres: 'Cartera', apellidos: 'Edades' },
    );
    // Paid before the cut-off: counted; its sale owes 1,500 of 2,000.
    expect((await abonar(ventas[1]!, 500, { fecha_abono: '2026-06-20' })).statusCode).toBe(200);
    const respuesta = await llamar('GET', `/api/creditos/cartera?fecha_corte=2026-06-30&cliente_id=${cliente.id}`, superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    // 0 days current; 15 and 30 days in 1–30; 31 in 31–60; 90 in 61–90; 91 over 90; the sale of July not yet.
    const esperado = { corriente: 1_000, dias_1_30: 4_500, dias_31_60: 3_500, dias_61_90: 4_000, mas_90: 5_000, total: 18_000 };
    expect(respuesta.json().data).toEqual({
      fecha_corte: '2026-06-30',
      base: 'factura',
      clientes: [{ cliente_id: cliente.id, credito_id: cuentaId, numero_documento: cliente.numero_documento, nombres: 'Cartera', apellidos: 'Edades', ...esperado }],
      totales: esperado,
    });
    // Today by default: every charge is older than the sale of July, all counted.
    const actual = (await llamar('GET', `/api/creditos/cartera?cliente_id=${cliente.id}`, superAdmin.token)).json().data;
    expect(actual.fecha_corte).toBe(hoy);
    expect(actual.totales.total).toBe(24_000);

    const descarga = await llamar('GET', `/api/creditos/cartera/exportar?fecha_corte=2026-06-30&cliente_id=${cliente.id}`, superAdmin.token);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(descarga.headers['content-disposition']).toContain('filename="Cartera por edades 2026-06-30.xlsx"');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(descarga.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Cartera por edades')!;
    const valores = (fila: number) => (hoja.getRow(fila).values as unknown[]).slice(1);
    expect(valores(1)).toEqual(['Número documento', 'Nombres', 'Apellidos', 'Corriente', '1 a 30 días', '31 a 60 días', '61 a 90 días', 'Más de 90 días', 'Total']);
    expect(valores(2)).toEqual([cliente.numero_documento, 'Cartera', 'Edades', 1_000, 4_500, 3_500, 4_000, 5_000, 18_000]);
    expect(valores(3)).toEqual(['Total', undefined, undefined, 1_000, 4_500, 3_500, 4_000, 5_000, 18_000]);
  });
});

describe('GET /api/creditos/cartera?base=vencimiento (docs/decisions-factura-electronica.md, "Venta a crédito")', () => {
  it("buckets each sale by days past its stored due date around every boundary, or its charge + the account's term without one", async () => {
    const cliente = await crearTercero(entorno.db, { nombres: 'Cartera', apellidos: 'Vencida' });
    // A 60-day account: the charge whose sale has no due date of its own is due its charge date + 60.
    const cuentaId = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000, plazo_dias: 60 });
    // [value, invoice (charge) date, stored due date]: days past due at the 2026-06-30 cut-off in the comments.
    const ventas: [number, string, string | null][] = [
      [1_000, '2026-06-01', '2026-07-15'], // not yet due: current (by invoice date: 29 days)
      [2_000, '2026-05-01', '2026-06-30'], // due on the cut-off: 0, current (by invoice date: 60)
      [3_000, '2026-05-01', '2026-06-29'], // 1 (60)
      [4_000, '2026-04-01', '2026-05-31'], // 30 (90)
      [5_000, '2026-03-01', '2026-05-30'], // 31 (121)
      [6_000, '2026-02-01', '2026-04-01'], // 90 (149)
      [7_000, '2026-01-01', '2026-03-31'], // 91 (180)
      [8_000, '2026-05-15', null], //          2026-05-15 + 60 = 2026-07-14: current (46)
    ];
    await entorno.db.transaction().execute(async (trx) => {
      for (const [valor, fecha, vencimiento] of ventas) {
        let ventaId = ++ventaSiguiente;
        if (vencimiento) {
          ventaId = (await crearVenta(trx, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id, estado_venta_id: 2 })).id;
          await trx.updateTable('venta').set({ fecha_vencimiento: vencimiento }).where('id', '=', ventaId).execute();
        }
        await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor, fecha }, actor);
      }
    });
    const cartera = async (base?: string) => {
      const respuesta = await llamar('GET', `/api/creditos/cartera?fecha_corte=2026-06-30&cliente_id=${cliente.id}${base ? `&base=${base}` : ''}`, superAdmin.token);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      return respuesta.json().data;
    };
    const porVencimiento = { corriente: 11_000, dias_1_30: 7_000, dias_31_60: 5_000, dias_61_90: 6_000, mas_90: 7_000, total: 36_000 };
    expect(await cartera('vencimiento')).toEqual({
      fecha_corte: '2026-06-30',
      base: 'vencimiento',
      clientes: [{ cliente_id: cliente.id, credito_id: cuentaId, numero_documento: cliente.numero_documento, nombres: 'Cartera', apellidos: 'Vencida', ...porVencimiento }],
      totales: porVencimiento,
    });
    // By invoice date (the default, as before): the same debts, other buckets.
    const porFactura = { corriente: 0, dias_1_30: 1_000, dias_31_60: 13_000, dias_61_90: 4_000, mas_90: 18_000, total: 36_000 };
    expect(await cartera()).toMatchObject({ base: 'factura', totales: porFactura });
    expect(await cartera('factura')).toMatchObject({ base: 'factura', totales: porFactura });

    // The export follows the base chosen and says which.
    const descarga = await llamar('GET', `/api/creditos/cartera/exportar?fecha_corte=2026-06-30&cliente_id=${cliente.id}&base=vencimiento`, superAdmin.token);
    expect(descarga.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(descarga.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Cartera por edades')!;
    const valores = (fila: number) => (hoja.getRow(fila).values as unknown[]).slice(1);
    expect(valores(2)).toEqual([cliente.numero_documento, 'Cartera', 'Vencida', 11_000, 7_000, 5_000, 6_000, 7_000, 36_000]);
    expect(valores(6)).toEqual([`Edades: ${NOMBRES_BASE_CARTERA.vencimiento.toLowerCase()}`]);

    // The customer's statement prints each pending invoice's due date.
    const estado = await entorno.app.inject({ method: 'GET', url: ENLACE_ESTADO_CUENTA.url('secreto-de-pruebas-que-no-sale-de-los-tests', cuentaId) });
    const texto = textoPdf(estado.rawPayload);
    expect(texto).toContain('Vencimiento');
    for (const fecha of ['15/07/2026', '30/06/2026', '31/03/2026', '14/07/2026']) expect(texto).toContain(fecha);
  });

  it('refuses a base that is not one with 422 and its message', async () => {
    const respuesta = await llamar('GET', '/api/creditos/cartera?base=entrega', superAdmin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ base: [MENSAJES_CREDITOS.baseCartera] });
  });
});

// ---------------------------------------------------------------------------------------------------- public documents

describe('public receipts: GET /api/public/abono/{token} and /api/public/credito/{token}', () => {
  it('renders the sale receipt with its charge, payments with methods, annulled ones marked and the pending balance', async () => {
    const { ventas } = await creditoCon([{ valor: 90_000 }], { nombres: 'Recibo', apellidos: 'Pérez Ñuñez' });
    const pagoId = (await abonar(ventas[0]!, 25_000, {
      lista_formas_pagadas_form: [efectivo(5_000), { id_forma_pago: 4, valor_pagado: 20_000, codigo_comprobante: 'TRF-555', fecha_consignacion: '2026-01-05' }],
    })).json().data.movimiento_id as number;
    const anulado = (await abonar(ventas[0]!, 1_234.5)).json().data.movimiento_id as number;
    expect((await llamar('PUT', `/api/creditos/abonos/${anulado}/anular`, superAdmin.token)).statusCode).toBe(200);
    const respuesta = await entorno.app.inject({ method: 'GET', url: ENLACE_RECIBO_CREDITO.url('secreto-de-pruebas-que-no-sale-de-los-tests', ventas[0]!) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toBe('application/pdf');
    expect(respuesta.headers['cache-control']).toBe('private, no-store');
    const texto = textoPdf(respuesta.rawPayload);
    expect(texto).toContain('Recibo de abonos a crédito');
    // A charge without a bill is named by its order; the shop's internal "Venta No." is never the receipt's name.
    expect(texto).toContain(`Recibo de abonos a crédito · Pedido No. ${ventas[0]}`);
    expect(texto).not.toContain('Venta No.');
    expect(texto).toContain('Recibo Pérez Ñuñez');
    expect(texto).toContain('Efectivo: $ 5,000.00');
    expect(texto).toContain('Transferencia bancaria: $ 20,000.00 · comprobante TRF-555 · consignado el 05/01/2026');
    expect(texto).toContain(`Abono anulado (movimiento No. ${anulado + 1})`);
    expect(texto).toContain('$ 65,000.00');
    expect(texto).toContain('Saldo pendiente');
    expect(pagoId).toBeGreaterThan(0);
  });

  it('renders the account statement with running balance, pending per sale, totals and aging', async () => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 10_000, fecha: '2025-01-01' }, { valor: 7_000 }], { nombres: 'Estado', apellidos: 'Cuenta' });
    expect((await abonar(ventas[1]!, 2_000)).statusCode).toBe(200);
    const respuesta = await entorno.app.inject({ method: 'GET', url: ENLACE_ESTADO_CUENTA.url('secreto-de-pruebas-que-no-sale-de-los-tests', cuentaId) });
    expect(respuesta.statusCode).toBe(200);
    const texto = textoPdf(respuesta.rawPayload);
    for (const esperado of ['Estado de cuenta', 'Estado Cuenta', 'Saldo pendiente por venta', 'Cartera por edades', 'Más de 90 días', 'Movimientos', '$ 17,000.00', '$ 15,000.00', 'Saldo del crédito']) {
      expect(texto).toContain(esperado);
    }
  });

  it('names each sale by the document the customer holds and prints the NITs with their check digit', async () => {
    const cliente = await crearTercero(entorno.db, { nombres: 'Maderas', apellidos: 'del Valle', tipo_documento_id: 2, numero_documento: '800197268' });
    const cuentaId = await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
    const facturada = (await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id, estado_venta_id: 2 })).id;
    const numerar = async (ventaId: number, tipo: 'FACTURA' | 'REMISION', prefijo: string, numero: number) => {
      const rango = await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: tipo, prefijo, numero_desde: numero, numero_hasta: numero + 10, activo: false });
      await entorno.db
        .updateTable('venta')
        .set({ tipo_documento: tipo, prefijo_factura_dian: prefijo, nro_factura_dian: numero, rango_numeracion_id: rango.id, fecha_factura: new Date() })
        .where('id', '=', ventaId)
        .execute();
    };
    await numerar(facturada, 'FACTURA', 'FE', 7702);
    const remitida = (await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id, estado_venta_id: 2 })).id;
    await numerar(remitida, 'REMISION', 'REM', 4410);
    await entorno.db.transaction().execute(async (trx) => {
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: facturada, valor: 30_000 }, actor);
      await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: remitida, valor: 12_000 }, actor);
    });
    expect((await abonar(facturada, 5_000)).statusCode).toBe(200);
    await entorno.db
      .insertInto('parametro')
      .values({ codigo_parametro: 'EMPRESA_NIT', valor_parametro: '900123456' })
      .onConflict((oc) => oc.column('codigo_parametro').doUpdateSet({ valor_parametro: '900123456' }))
      .execute();

    const respuesta = await entorno.app.inject({ method: 'GET', url: ENLACE_ESTADO_CUENTA.url('secreto-de-pruebas-que-no-sale-de-los-tests', cuentaId) });
    expect(respuesta.statusCode).toBe(200);
    const texto = textoPdf(respuesta.rawPayload);
    // The invoice and the remission as the customer holds them (formatearNumeroDocumento), never the internal ids.
    expect(texto).toContain('FE7702');
    expect(texto).toContain('REM4410');
    expect(texto).not.toContain('FE-7702');
    for (const id of [facturada, remitida]) expect(texto).not.toMatch(new RegExp(`(venta|Venta)( a crédito)? No\\. ${id}\\b`));
    // The issuer's and the customer's NIT with DIAN's check digit.
    expect(texto).toContain('NIT 900.123.456-8');
    expect(texto).toContain('800.197.268-4');

    // The billed sale's receipt is named by its invoice too.
    const recibo = textoPdf((await entorno.app.inject({ method: 'GET', url: ENLACE_RECIBO_CREDITO.url('secreto-de-pruebas-que-no-sale-de-los-tests', facturada) })).rawPayload);
    expect(recibo).toContain('Recibo de abonos a crédito · FE7702');
    expect(recibo).toContain('Factura FE7702');
    expect(recibo).toContain('Abono a la venta FE7702');
    expect(recibo).not.toMatch(new RegExp(`(venta|Venta) No\\. ${facturada}\\b`));
  });

  it.each([
    ['/api/public/abono/', 'abono'],
    ['/api/public/credito/', 'credito'],
  ])('%s answers 404 for a link that is not one: JSON for the API client, an HTML page for a browser', async (base) => {
    const { cuentaId, ventas } = await creditoCon([{ valor: 1_000 }]);
    const otroProposito = base.includes('abono') ? ENLACE_ESTADO_CUENTA.url('secreto-de-pruebas-que-no-sale-de-los-tests', cuentaId) : ENLACE_RECIBO_CREDITO.url('secreto-de-pruebas-que-no-sale-de-los-tests', ventas[0]!);
    const ajeno = base.includes('abono') ? ENLACE_RECIBO_CREDITO.url('otro-secreto', ventas[0]!) : ENLACE_ESTADO_CUENTA.url('otro-secreto', cuentaId);
    // A NUL byte in the path never reaches the route: 404 too.
    expect((await entorno.app.inject({ method: 'GET', url: `${base}%00` })).statusCode).toBe(404);
    for (const token of ['x', `${ventas[0]}`, otroProposito.split('/').at(-1)!, ajeno.split('/').at(-1)!]) {
      const json = await entorno.app.inject({ method: 'GET', url: `${base}${token}` });
      expect(json.statusCode, token).toBe(404);
      expect(json.json().message).toMatch(/no es válido o ya expiró/);
      const html = await entorno.app.inject({ method: 'GET', url: `${base}${token}`, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('<html lang="es">');
    }
  });
});
