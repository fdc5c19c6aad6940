import { ERRORES, hoyNegocio, ID_MAXIMO, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_CAJAS, type TurnoDetalle } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { actorSistema, enTransaccion } from '../../db/transaccion';
import {
  crearCaja,
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  fijarRolesTurnoCaja,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as devolucionesService from '../devoluciones';

const entorno = usarEntorno();
const hoy = hoyNegocio();
const EFECTIVO = 1;
const TARJETA = 2;
const CREDITO = 6;
const NO_EXISTE = ID_MAXIMO - 1;

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let tableroId: number;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tableroId = (
    await crearProducto(db, {
      impuesto_id: exento.id,
      proveedor_id: proveedor.id,
      grupo_id: 1,
      linea_id: 1,
      precio_unitario: 100_000,
      tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 500, precio_unitario: 100_000 }],
    })
  ).id;
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'CJR', numero_hasta: 100_000 });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'CJF', numero_hasta: 100_000 });
});

type Metodo = 'GET' | 'POST' | 'PUT';
const llamar = (method: Metodo, url: string, token: string | null, payload?: unknown, codigoTienda: string | null = tienda.codigo_tienda) =>
  entorno.app.inject({
    method,
    url,
    headers: token ? headers(token, codigoTienda ?? undefined) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok<T = Record<string, unknown>>(respuesta: Awaited<ReturnType<typeof llamar>>): Promise<T> {
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as T;
}

/** A pending sale of `cantidad` boards at $ 100,000 by `usuario`. */
const ventaPendiente = async (usuario: { id: number }, clienteId: number, cantidad = 1) =>
  crearVentaConLineas(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: clienteId, vendedor_id: usuario.id, lineas: [{ producto_id: tableroId, cantidad, precio_unitario: 100_000 }] });

const eventos = (turnoId: number) => entorno.db.selectFrom('turno_caja_evento').select(['evento', 'detalle', 'valor']).where('turno_caja_id', '=', turnoId).orderBy('id').execute();

describe('refusals of every route', () => {
  const rutas: { method: Metodo; url: string; revisor: boolean; body?: unknown }[] = [
    { method: 'GET', url: '/api/maestros/cajas', revisor: true },
    { method: 'POST', url: '/api/maestros/cajas/guardar', revisor: true, body: { nombre_caja: 'X' } },
    { method: 'PUT', url: `/api/maestros/cajas/${NO_EXISTE}/actualizar`, revisor: true, body: { nombre_caja: 'X' } },
    { method: 'GET', url: '/api/cajas/activas', revisor: false },
    { method: 'GET', url: '/api/cajas/turno-actual', revisor: false },
    { method: 'POST', url: '/api/cajas/turnos/abrir', revisor: false, body: { caja_id: NO_EXISTE, base_inicial: 0 } },
    { method: 'GET', url: '/api/cajas/turnos', revisor: true },
    { method: 'GET', url: `/api/cajas/turnos/${NO_EXISTE}`, revisor: false },
    { method: 'POST', url: `/api/cajas/turnos/${NO_EXISTE}/cerrar`, revisor: false, body: { efectivo_contado: 0 } },
    { method: 'POST', url: `/api/cajas/turnos/${NO_EXISTE}/revisar`, revisor: true, body: { aprobado: true } },
    { method: 'POST', url: `/api/cajas/turnos/${NO_EXISTE}/reabrir`, revisor: true, body: { motivo: 'x' } },
  ];

  it.each(rutas)('$method $url: 401 without a token, 403 for a role or a store not allowed, 422 without a store', async (ruta) => {
    expect((await llamar(ruta.method, ruta.url, null, ruta.body)).statusCode).toBe(401);
    expect((await llamar(ruta.method, ruta.url, porRol.Bodega.token, ruta.body)).statusCode).toBe(403);
    if (ruta.revisor) expect((await llamar(ruta.method, ruta.url, porRol.Vendedor.token, ruta.body)).statusCode).toBe(403);
    const ajenaRespuesta = await llamar(ruta.method, ruta.url, superAdmin.token, ruta.body, ajena.codigo_tienda);
    expect(ajenaRespuesta.statusCode).toBe(403);
    expect(ajenaRespuesta.json().code).toBe('TIENDA_NO_PERMITIDA');
    expect((await llamar(ruta.method, ruta.url, superAdmin.token, ruta.body, null)).statusCode).toBe(422);
  });

  it('answers 404 for an id no integer column holds and 422 in Spanish for bad input, NUL bytes included', async () => {
    expect((await llamar('GET', `/api/cajas/turnos/${ID_MAXIMO + 1}`, superAdmin.token)).statusCode).toBe(404);
    expect((await llamar('POST', '/api/cajas/turnos/abc/cerrar', superAdmin.token, { efectivo_contado: 0 })).statusCode).toBe(404);
    const nul = await llamar('POST', '/api/maestros/cajas/guardar', superAdmin.token, { nombre_caja: 'Caja\u0000' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.nombre_caja).toEqual([MENSAJE_CARACTERES_NO_PERMITIDOS]);
    const vacia = await llamar('POST', '/api/maestros/cajas/guardar', superAdmin.token, { nombre_caja: '  ' });
    expect(vacia.json().errors.nombre_caja).toEqual([MENSAJES_CAJAS.nombre]);
    const base = await llamar('POST', '/api/cajas/turnos/abrir', superAdmin.token, { caja_id: ID_MAXIMO + 1, base_inicial: -5 });
    expect(base.statusCode).toBe(422);
    expect(base.json().errors).toMatchObject({ caja_id: [MENSAJES_CAJAS.caja], base_inicial: [MENSAJES_CAJAS.base] });
    const enorme = await llamar('POST', '/api/cajas/turnos/abrir', superAdmin.token, { caja_id: 1, base_inicial: 1e20 });
    expect(enorme.statusCode).toBe(422);
    const conteo = await llamar('POST', `/api/cajas/turnos/${NO_EXISTE}/cerrar`, superAdmin.token, { conteo: [{ denominacion: 'B3000', cantidad: 1 }] });
    expect(conteo.json().errors['conteo.0.denominacion']).toEqual([MENSAJES_CAJAS.denominacion]);
    const sinTotal = await llamar('POST', `/api/cajas/turnos/${NO_EXISTE}/cerrar`, superAdmin.token, {});
    expect(sinTotal.json().errors.efectivo_contado).toEqual([MENSAJES_CAJAS.contado]);
    const motivo = await llamar('POST', `/api/cajas/turnos/${NO_EXISTE}/reabrir`, superAdmin.token, { motivo: ' ' });
    expect(motivo.json().errors.motivo).toEqual([MENSAJES_CAJAS.motivo]);
    const comentario = await llamar('POST', `/api/cajas/turnos/${NO_EXISTE}/revisar`, superAdmin.token, { aprobado: false });
    expect(comentario.json().errors.comentario).toEqual([MENSAJES_CAJAS.comentario]);
    const filtro = await llamar('GET', '/api/cajas/turnos?estado=OTRO&fecha_desde=2026-02-30', superAdmin.token);
    expect(filtro.json().errors).toMatchObject({ estado: [MENSAJES_CAJAS.estado], fecha_desde: [MENSAJES_CAJAS.fecha] });
  });
});

describe('registers', () => {
  it('creates, lists with an accent-free search, renames and refuses a repeated name or another store\u2019s register', async () => {
    const admin = porRol.Administrador;
    const { id } = await ok<{ id: number }>(await llamar('POST', '/api/maestros/cajas/guardar', admin.token, { nombre_caja: 'Caja Mostrador Pequeño' }));
    const fila = await entorno.db.selectFrom('caja').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ codigo_tienda: tienda.codigo_tienda, nombre_caja: 'Caja Mostrador Pequeño', activa: true });
    const repetida = await llamar('POST', '/api/maestros/cajas/guardar', admin.token, { nombre_caja: 'caja mostrador pequeño' });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().errors.nombre_caja).toEqual([ERRORES.CAJA_DUPLICADA.mensaje]);
    const lista = await ok<{ cajas: { data: { id: number }[]; total: number } }>(await llamar('GET', '/api/maestros/cajas?query=pequeno', admin.token));
    expect(lista.cajas.data.map((c) => c.id)).toEqual([id]);
    await ok(await llamar('PUT', `/api/maestros/cajas/${id}/actualizar`, admin.token, { nombre_caja: 'Caja Mostrador', activa: false }));
    expect(await entorno.db.selectFrom('caja').select(['nombre_caja', 'activa']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ nombre_caja: 'Caja Mostrador', activa: false });
    const activas = await ok<{ cajas: { id: number }[] }>(await llamar('GET', '/api/cajas/activas', porRol.Vendedor.token));
    expect(activas.cajas.map((c) => c.id)).not.toContain(id);
    const inactiva = await llamar('POST', '/api/cajas/turnos/abrir', porRol.Vendedor.token, { caja_id: id, base_inicial: 0 });
    expect(inactiva.json().code).toBe('CAJA_INACTIVA');
    // Another store's register: not found here.
    const otra = await crearCaja(entorno.db, ajena.codigo_tienda);
    expect((await llamar('PUT', `/api/maestros/cajas/${otra.id}/actualizar`, admin.token, { nombre_caja: 'Robada' })).statusCode).toBe(404);
    const abrirOtra = await llamar('POST', '/api/cajas/turnos/abrir', admin.token, { caja_id: otra.id, base_inicial: 0 });
    expect(abrirOtra.statusCode).toBe(422);
    const auditoria = await entorno.db.selectFrom('auditoria').select(['accion', 'modulo']).where('tabla', '=', 'caja').where('registro', '=', String(id)).orderBy('id').execute();
    expect(auditoria).toEqual([
      { accion: 'crear', modulo: 'cajas' },
      { accion: 'editar', modulo: 'cajas' },
    ]);
  });
});

describe('a shift', () => {
  it('opens once on two clicks, one per cashier and one per register', async () => {
    const caja = await crearCaja(entorno.db, tienda.codigo_tienda);
    const otraCaja = await crearCaja(entorno.db, tienda.codigo_tienda);
    const cajero = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const [a, b] = await Promise.all([
      llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 50_000 }),
      llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 50_000 }),
    ]);
    const [ta, tb] = [await ok<TurnoDetalle>(a), await ok<TurnoDetalle>(b)];
    expect(ta.id).toBe(tb.id);
    expect(ta).toMatchObject({ estado: 'ABIERTO', base_inicial: 50_000, efectivo_esperado: 50_000, nombre_caja: caja.nombre_caja });
    expect(await entorno.db.selectFrom('turno_caja').select('id').where('usuario_id', '=', cajero.id).execute()).toHaveLength(1);
    expect(await eventos(ta.id)).toEqual([{ evento: 'ABRIR', detalle: null, valor: '50000.00' }]);
    const segunda = await llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: otraCaja.id, base_inicial: 0 });
    expect(segunda.json().code).toBe('TURNO_CAJA_YA_ABIERTO');
    const otro = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Operario', tiendas: [tienda.codigo_tienda] });
    const ocupada = await llamar('POST', '/api/cajas/turnos/abrir', otro.token, { caja_id: caja.id, base_inicial: 0 });
    expect(ocupada.statusCode).toBe(409);
    expect(ocupada.json().message).toBe(ERRORES.CAJA_OCUPADA.mensaje);
    // Only its cashier or a reviewer sees or closes it.
    expect((await llamar('GET', `/api/cajas/turnos/${ta.id}`, otro.token)).statusCode).toBe(404);
    expect((await llamar('POST', `/api/cajas/turnos/${ta.id}/cerrar`, otro.token, { efectivo_contado: 0 })).json().code).toBe('TURNO_CAJA_AJENO');
    expect((await llamar('GET', `/api/cajas/turnos/${ta.id}`, porRol.Administrador.token)).statusCode).toBe(200);
  });

  it('expects the float plus the cashier\u2019s cash in less their cash out, closes with a count, is approved, reopened with a reason and closed again', async () => {
    const { app, db } = entorno;
    const cajero = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    const caja = await crearCaja(db, tienda.codigo_tienda);
    const turno = await ok<TurnoDetalle>(await llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 100_000 }));

    const cliente = await crearTercero(db);
    await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
    // A bill in cash: + 100,000.
    const contado = await ventaPendiente(cajero, cliente.id);
    await ok(await llamar('POST', `/api/facturas/${contado.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }])));
    // A bill by card counts nothing.
    const tarjeta = await ventaPendiente(cajero, cliente.id);
    await ok(await llamar('POST', `/api/facturas/${tarjeta.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: TARJETA, valor_pagado: 100_000, comprobante_id: 'VOUCHER-1' }])));
    // A credit bill, then a credit payment in cash: + 50,000.
    const credito = await ventaPendiente(cajero, cliente.id, 2);
    await ok(await llamar('POST', `/api/facturas/${credito.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: 200_000 }], { crear_venta_credito: true })));
    await ok(
      await llamar('POST', '/api/creditos/abonos', cajero.token, {
        venta_id: credito.id,
        fecha_abono: hoy,
        observacion_abono: 'Abono en caja',
        valor_abono: 50_000,
        lista_formas_pagadas_form: [{ id_forma_pago: EFECTIVO, valor_pagado: 50_000 }],
      }),
    );
    // An advance in cash: + 30,000.
    await ok(await llamar('POST', '/api/anticipos/guardar', cajero.token, { cliente_id: cliente.id, fecha_anticipo: hoy, valor_anticipo: 30_000, forma_pago_id: EFECTIVO, observacion_anticipo: 'Anticipo en caja' }));
    // An expense in cash: − 20,000.
    await ok(await llamar('POST', '/api/egresos/guardar', cajero.token, { fecha_egreso: hoy, forma_pago_id: EFECTIVO, valor_egreso: 20_000, descripcion_egreso: 'Transporte' }));
    // A refund: annulling the cash bill gives back 100,000 in cash.
    await ok(await llamar('PUT', `/api/facturas/${contado.id}/anular`, cajero.token));
    // Another user's cash in the same store is not this drawer's.
    await ok(await llamar('POST', '/api/egresos/guardar', superAdmin.token, { fecha_egreso: hoy, forma_pago_id: EFECTIVO, valor_egreso: 5_000, descripcion_egreso: 'Otro cajero' }));

    const actual = await ok<{ turno: TurnoDetalle; debe_abrir_turno: boolean }>(await llamar('GET', '/api/cajas/turno-actual', cajero.token));
    expect(actual.debe_abrir_turno).toBe(false);
    expect(actual.turno.movimientos).toEqual({ ventas: 100_000, abonos_credito: 50_000, anticipos: 30_000, ingresos: 0, devoluciones: 100_000, egresos: 20_000 });
    // 100,000 + 100,000 + 50,000 + 30,000 − 20,000 − 100,000
    expect(actual.turno.efectivo_esperado).toBe(160_000);

    // The close: one 100,000 bill, one 50,000 and one 5,000: 155,000, a faltante of 5,000.
    const conteo = [
      { denominacion: 'B100000', cantidad: 1 },
      { denominacion: 'B50000', cantidad: 1 },
      { denominacion: 'B5000', cantidad: 1 },
      { denominacion: 'M50', cantidad: 0 },
    ];
    const cerrado = await ok<{ efectivo_esperado: number; efectivo_contado: number; diferencia: number; estado: string }>(
      await llamar('POST', `/api/cajas/turnos/${turno.id}/cerrar`, cajero.token, { conteo, efectivo_contado: 1, observacion_cierre: 'Faltan 5 mil' }),
    );
    expect(cerrado).toMatchObject({ estado: 'CERRADO', efectivo_esperado: 160_000, efectivo_contado: 155_000, diferencia: -5_000 });
    const fila = await db.selectFrom('turno_caja').selectAll().where('id', '=', turno.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ estado: 'CERRADO', efectivo_esperado: '160000.00', efectivo_contado: '155000.00', diferencia: '-5000.00', observacion_cierre: 'Faltan 5 mil' });
    expect(fila.conteo).toEqual(conteo.slice(0, 3));
    expect(fila.fecha_cierre).not.toBeNull();
    expect((await llamar('POST', `/api/cajas/turnos/${turno.id}/cerrar`, cajero.token, { efectivo_contado: 0 })).json().code).toBe('TURNO_CAJA_CERRADO');

    // The closing PDF, letter and 80 mm, by its signed link; an altered link is a 404.
    const detalle = await ok<TurnoDetalle>(await llamar('GET', `/api/cajas/turnos/${turno.id}`, cajero.token));
    for (const enlace of [detalle.enlace_pdf!, detalle.enlace_pdf_80mm!]) {
      const pdf = await app.inject({ method: 'GET', url: enlace });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await app.inject({ method: 'GET', url: `${detalle.enlace_pdf!}x` })).statusCode).toBe(404);

    // The administrator approves; a cashier may not.
    expect((await llamar('POST', `/api/cajas/turnos/${turno.id}/revisar`, porRol.Vendedor.token, { aprobado: true })).statusCode).toBe(403);
    await ok(await llamar('POST', `/api/cajas/turnos/${turno.id}/revisar`, porRol.Administrador.token, { aprobado: true, comentario: 'Faltante explicado' }));
    expect(await db.selectFrom('turno_caja').select(['estado_revision', 'comentario_revision', 'revisado_por']).where('id', '=', turno.id).executeTakeFirstOrThrow()).toEqual({
      estado_revision: 'APROBADO',
      comentario_revision: 'Faltante explicado',
      revisado_por: porRol.Administrador.id,
    });
    const lista = await ok<{ turnos: { data: { id: number; estado: string; diferencia: number }[] } }>(
      await llamar('GET', `/api/cajas/turnos?fecha_desde=${hoy}&fecha_hasta=${hoy}&caja_id=${caja.id}&estado=CERRADO`, porRol.Administrador.token),
    );
    expect(lista.turnos.data).toEqual([expect.objectContaining({ id: turno.id, estado: 'CERRADO', diferencia: -5_000 })]);

    // Reopened with a reason: the review is cleared and the window runs on; income after it counts.
    await ok(await llamar('POST', `/api/cajas/turnos/${turno.id}/reabrir`, porRol.Administrador.token, { motivo: 'Faltó registrar un ingreso' }));
    expect(await db.selectFrom('turno_caja').select(['estado', 'estado_revision', 'fecha_cierre', 'diferencia']).where('id', '=', turno.id).executeTakeFirstOrThrow()).toEqual({
      estado: 'ABIERTO',
      estado_revision: null,
      fecha_cierre: null,
      diferencia: null,
    });
    await ok(await llamar('POST', '/api/ingresos/guardar', cajero.token, { fecha_ingreso: hoy, forma_pago_id: EFECTIVO, valor_ingreso: 5_000, descripcion_ingreso: 'Venta de retal' }));
    const recerrado = await ok<{ efectivo_esperado: number; diferencia: number }>(await llamar('POST', `/api/cajas/turnos/${turno.id}/cerrar`, cajero.token, { efectivo_contado: '165000' }));
    expect(recerrado).toMatchObject({ efectivo_esperado: 165_000, diferencia: 0 });
    expect((await eventos(turno.id)).map((e) => [e.evento, e.detalle])).toEqual([
      ['ABRIR', null],
      ['CERRAR', 'Faltan 5 mil'],
      ['APROBAR', 'Faltante explicado'],
      ['REABRIR', 'Faltó registrar un ingreso'],
      ['CERRAR', null],
    ]);
    // Every step is in the audit trail, under the module cajas.
    const auditados = await db.selectFrom('auditoria').select(['tabla', 'accion']).where('modulo', '=', 'cajas').where('usuario_id', 'in', [cajero.id, porRol.Administrador.id]).orderBy('id').execute();
    expect(auditados.filter((a) => a.tabla === 'turno_caja_evento')).toHaveLength(5);
    expect(auditados.filter((a) => a.tabla === 'turno_caja').map((a) => a.accion)).toEqual(['crear', 'editar', 'editar', 'editar', 'editar']);
    // Reopening again is refused once the cashier opened a later shift.
    await ok(await llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 0 }));
    const tarde = await llamar('POST', `/api/cajas/turnos/${turno.id}/reabrir`, porRol.Administrador.token, { motivo: 'Otra vez' });
    expect(tarde.json().code).toBe('TURNO_CAJA_NO_REABRIBLE');
  });
});

describe('the guard of the cash writers (ROLES_TURNO_CAJA)', () => {
  let sinTurno: UsuarioConSesion;
  beforeAll(async () => {
    sinTurno = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    await fijarRolesTurnoCaja(entorno.db, 'Vendedor, SuperAdministrador');
  });
  const refusa = (respuesta: Awaited<ReturnType<typeof llamar>>) => {
    expect(respuesta.statusCode, respuesta.body).toBe(409);
    expect(respuesta.json()).toMatchObject({ code: 'TURNO_CAJA_REQUERIDO', message: 'Abra un turno de caja antes de recibir o entregar efectivo' });
  };
  // The guard runs before the writer looks its records up: a record that does not exist shows which came first.
  const pasa = (respuesta: Awaited<ReturnType<typeof llamar>>) => expect(respuesta.json().code).not.toBe('TURNO_CAJA_REQUERIDO');

  it('says on the current-shift call that the role must open one', async () => {
    expect(await ok(await llamar('GET', '/api/cajas/turno-actual', sinTurno.token))).toEqual({ turno: null, debe_abrir_turno: true });
    expect((await ok<{ debe_abrir_turno: boolean }>(await llamar('GET', '/api/cajas/turno-actual', porRol.Operario.token))).debe_abrir_turno).toBe(false);
  });

  it('billing refuses cash without a shift and takes a card', async () => {
    const cliente = await crearTercero(entorno.db);
    const venta = await ventaPendiente(sinTurno, cliente.id);
    refusa(await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, sinTurno.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }])));
    expect(await entorno.db.selectFrom('venta').select('estado_venta_id').where('id', '=', venta.id).executeTakeFirstOrThrow()).toEqual({ estado_venta_id: 1 });
    await ok(await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, sinTurno.token, cuerpoFacturar([{ id_forma_pago: TARJETA, valor_pagado: 100_000, comprobante_id: 'V-9' }])));
  });

  it('a credit payment refuses cash without a shift and takes a card', async () => {
    const cuerpo = (forma: number) => ({
      venta_id: NO_EXISTE,
      fecha_abono: hoy,
      observacion_abono: 'Abono',
      valor_abono: 1_000,
      lista_formas_pagadas_form: [{ id_forma_pago: forma, valor_pagado: 1_000, codigo_comprobante: forma === TARJETA ? 'V-1' : null }],
    });
    refusa(await llamar('POST', '/api/creditos/abonos', sinTurno.token, cuerpo(EFECTIVO)));
    pasa(await llamar('POST', '/api/creditos/abonos', sinTurno.token, cuerpo(TARJETA)));
  });

  it('an account payment refuses cash without a shift and takes a card', async () => {
    refusa(await llamar('PUT', '/api/cuentas-credito/pago', sinTurno.token, { cuenta_credito_id: NO_EXISTE, valor_pago: 1_000 }));
    const tarjeta = await llamar('PUT', '/api/cuentas-credito/pago', sinTurno.token, { cuenta_credito_id: NO_EXISTE, valor_pago: 1_000, forma_pago_id: TARJETA, codigo_comprobante: 'V-2' });
    pasa(tarjeta);
    expect(tarjeta.statusCode).toBe(404);
  });

  it('an advance refuses cash without a shift and takes a card', async () => {
    const cliente = await crearTercero(entorno.db);
    const cuerpo = (forma: number) => ({ cliente_id: cliente.id, fecha_anticipo: hoy, valor_anticipo: 10_000, forma_pago_id: forma, observacion_anticipo: 'Anticipo', ...(forma === TARJETA ? { codigo_comprobante: 'V-3' } : {}) });
    refusa(await llamar('POST', '/api/anticipos/guardar', sinTurno.token, cuerpo(EFECTIVO)));
    await ok(await llamar('POST', '/api/anticipos/guardar', sinTurno.token, cuerpo(TARJETA)));
  });

  it('expenses and income refuse cash without a shift and take a transfer', async () => {
    refusa(await llamar('POST', '/api/egresos/guardar', sinTurno.token, { fecha_egreso: hoy, forma_pago_id: EFECTIVO, valor_egreso: 1_000, descripcion_egreso: 'Gasto' }));
    refusa(await llamar('POST', '/api/ingresos/guardar', sinTurno.token, { fecha_ingreso: hoy, forma_pago_id: EFECTIVO, valor_ingreso: 1_000, descripcion_ingreso: 'Ingreso' }));
    pasa(await llamar('POST', '/api/egresos/guardar', sinTurno.token, { fecha_egreso: hoy, forma_pago_id: 4, valor_egreso: 1_000, descripcion_egreso: 'Gasto' }));
  });

  it('a refund (annulment or partial return) refuses cash without a shift and gives back a card', async () => {
    const actor = { userId: sinTurno.id, role: 'SuperAdministrador' as const, codigoTienda: tienda.codigo_tienda, conexionId: null };
    await expect(
      enTransaccion(entorno.db, (trx) => devolucionesService.registrarDevolucion(trx, actor, 'venta', NO_EXISTE, [{ forma_pago_id: EFECTIVO, nombre_forma_pago: 'Efectivo', valor: 1_000 }])),
    ).rejects.toMatchObject({ code: 'TURNO_CAJA_REQUERIDO' });
    const cerrada = new Error('rollback');
    await expect(
      enTransaccion(entorno.db, async (trx) => {
        await devolucionesService.registrarDevolucion(trx, actor, 'venta', NO_EXISTE, [{ forma_pago_id: TARJETA, nombre_forma_pago: 'Tarjeta', valor: 1_000 }]);
        throw cerrada;
      }),
    ).rejects.toBe(cerrada);
    // Work with no user (demo data, jobs) is never refused.
    await expect(
      enTransaccion(entorno.db, async (trx) => {
        await devolucionesService.registrarDevolucion(trx, actorSistema(tienda.codigo_tienda), 'venta', NO_EXISTE, [{ forma_pago_id: EFECTIVO, nombre_forma_pago: 'Efectivo', valor: 1 }]);
        throw cerrada;
      }),
    ).rejects.toBe(cerrada);
  });

  it('lets a role the parameter does not name move cash, and a cashier with an open shift', async () => {
    await fijarRolesTurnoCaja(entorno.db, 'Vendedor');
    pasa(await llamar('POST', '/api/egresos/guardar', sinTurno.token, { fecha_egreso: hoy, forma_pago_id: EFECTIVO, valor_egreso: 1_000, descripcion_egreso: 'Gasto' }));
    const cajero = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const cliente = await crearTercero(entorno.db);
    const venta = await ventaPendiente(cajero, cliente.id);
    refusa(await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }])));
    const caja = await crearCaja(entorno.db, tienda.codigo_tienda);
    await ok(await llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 0 }));
    await ok(await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }])));
    await fijarRolesTurnoCaja(entorno.db, null);
  });
});

describe('a close racing the cashier\u2019s cash sale (docs/architecture.md §3, the shift\u2019s lock)', () => {
  it('either counts the sale in the closed shift or refuses it: the stored expected cash is always the float plus what came in', async () => {
    await fijarRolesTurnoCaja(entorno.db, 'Vendedor');
    try {
      for (let ronda = 0; ronda < 4; ronda++) {
        const cajero = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
        const caja = await crearCaja(entorno.db, tienda.codigo_tienda);
        const cliente = await crearTercero(entorno.db);
        const venta = await ventaPendiente(cajero, cliente.id);
        const turno = await ok<TurnoDetalle>(await llamar('POST', '/api/cajas/turnos/abrir', cajero.token, { caja_id: caja.id, base_inicial: 10_000 }));
        const [factura, cierre] = await Promise.all([
          llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cajero.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }])),
          llamar('POST', `/api/cajas/turnos/${turno.id}/cerrar`, cajero.token, { efectivo_contado: 10_000 }),
        ]);
        expect(cierre.statusCode, cierre.body).toBe(200);
        expect([200, 409], factura.body).toContain(factura.statusCode);
        const fila = await entorno.db.selectFrom('turno_caja').select(['efectivo_esperado']).where('id', '=', turno.id).executeTakeFirstOrThrow();
        expect(fila.efectivo_esperado).toBe(factura.statusCode === 200 ? '110000.00' : '10000.00');
      }
    } finally {
      await fijarRolesTurnoCaja(entorno.db, null);
    }
  });
});
