import { GRUPOS_SERVICIO, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_DESPACHOS } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearMaquina,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

/** Dispatch (spec 001 §7 despachos; docs/decisions-despachos.md): turns, their calls and dispatches, the public list. */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let vendedorAjeno: UsuarioConSesion;
let tablero: number;
let cliente: number;
let mensajero: number;
let noMensajero: number;
let operario: number;
let maquinaEmpaque: number;

const EFECTIVO = 1;

beforeAll(async () => {
  const db = entorno.db;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, db, tienda.codigo_tienda));
  vendedorAjeno = await crearUsuarioConSesion(entorno.app, db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
  const base = { impuesto_id: (await crearImpuesto(db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(db)).id };
  tablero = (await crearProducto(db, { ...base, grupo_id: 1, linea_id: 1 })).id;
  cliente = (await crearTercero(db, { nombres: 'María Fernanda', apellidos: 'Gómez Ruiz', numero_documento: '52111222' })).id;
  mensajero = (await crearTercero(db, { tipo_tercero: 'MSJ', nombres: 'Mateo', apellidos: 'Mensajero' })).id;
  noMensajero = (await crearTercero(db, { nombres: 'Carlos', apellidos: 'Cliente' })).id;
  operario = (await crearTercero(db, { tipo_tercero: 'OP', nombres: 'Óscar', apellidos: 'Operario' })).id;
  maquinaEmpaque = (await crearMaquina(db, { grupo_servicio_id: GRUPOS_SERVICIO.EMPAQUE })).id;
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
  await crearRangoNumeracion(db, { codigo_tienda: ajena.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REMB' });
});

const inyectar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url: `/api${url}`, ...(token ? { headers: headers(token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

/** A sale of the store in state `estado` (1 pending billing unless told), one board line of 100,000. */
async function venta(estado = 1, codigoTienda = tienda.codigo_tienda, vendedor = superAdmin.id) {
  return (
    await crearVentaConLineas(entorno.db, {
      codigo_tienda: codigoTienda,
      cliente_id: cliente,
      vendedor_id: vendedor,
      estado_venta_id: estado,
      lineas: [{ producto_id: tablero, cantidad: 1, precio_unitario: 100_000 }],
    })
  ).id;
}

const facturar = async (ventaId: number, usuario = porRol.Vendedor, codigoTienda = tienda.codigo_tienda) => {
  const r = await inyectar('POST', `/facturas/${ventaId}/forma-pago`, usuario.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }]), codigoTienda);
  expect(r.statusCode, r.body).toBe(200);
};
const turnosDe = (ventaId: number) => entorno.db.selectFrom('despacho_turno').selectAll().where('venta_id', '=', ventaId).orderBy('id').execute();
const eventosDe = async (ventaId: number) =>
  (
    await entorno.db
      .selectFrom('despacho_turno_evento as e')
      .innerJoin('despacho_turno as t', 't.id', 'e.turno_id')
      .select(['e.evento', 'e.user_id'])
      .where('t.venta_id', '=', ventaId)
      .orderBy('e.id')
      .execute()
  ).map((e) => `${e.evento}:${e.user_id}`);

const llamarTurno = (ventaId: number, usuario: UsuarioConSesion = porRol.Vendedor, userId = usuario.id, codigoTienda = tienda.codigo_tienda) =>
  inyectar('GET', `/despachos/turnos/${ventaId}/${userId}/venta`, usuario.token, undefined, codigoTienda);
const guardar = (cuerpo: Record<string, unknown>, usuario: UsuarioConSesion = porRol.Vendedor, codigoTienda = tienda.codigo_tienda) =>
  inyectar('POST', '/despachos/guardar', usuario.token, cuerpo, codigoTienda);
const listar = (cuerpo: Record<string, unknown>, usuario: UsuarioConSesion = porRol.Vendedor, query = 'page=1&per_page=50') =>
  inyectar('POST', `/despachos/turnos?${query}`, usuario.token, cuerpo);

/** A billed sale (through the billing route) with its turn. */
async function ventaEnCola() {
  const id = await venta();
  await facturar(id);
  return id;
}

/** Generates the sale's OP (only Empaque), prepares it, starts and finishes its one stage, through the routes. */
async function produccionCompleta(ventaId: number) {
  const generada = await inyectar('POST', '/produccion/generar-orden', superAdmin.token, { venta_id: ventaId });
  expect(generada.statusCode, generada.body).toBe(200);
  const ordenId = generada.json<{ data: { orden_produccion: { id: number } } }>().data.orden_produccion.id;
  expect((await inyectar('POST', '/produccion/proceso-etapa-orden', superAdmin.token, { orden_produccion_id: ordenId })).statusCode).toBe(200);
  const etapa = await entorno.db.selectFrom('produccion_venta_etapa').select('id').where('produccion_venta_id', '=', ordenId).executeTakeFirstOrThrow();
  const iniciada = await inyectar('POST', '/produccion/iniciar-etapa', superAdmin.token, { orden_etapa_id: etapa.id, maquina_id: maquinaEmpaque, operario_id: operario });
  expect(iniciada.statusCode, iniciada.body).toBe(200);
  return async () => {
    const finalizada = await inyectar('POST', '/produccion/parar-finalizar-etapa', superAdmin.token, { produccion_etapa_id: etapa.id });
    expect(finalizada.statusCode, finalizada.body).toBe(200);
  };
}

describe('when a sale gets its turn', () => {
  it('billing a sale without OP enqueues it, numbered per store and business day', async () => {
    const primera = await ventaEnCola();
    const segunda = await ventaEnCola();
    const [t1] = await turnosDe(primera);
    const [t2] = await turnosDe(segunda);
    expect(t1).toMatchObject({ estado: 'en_cola', origen: 'facturacion', codigo_tienda: tienda.codigo_tienda, usuario_crea: porRol.Vendedor.id });
    expect(t2!.numero_turno).toBe(t1!.numero_turno + 1);
    expect(t2!.fecha_turno).toBe(t1!.fecha_turno);
    expect(await eventosDe(primera)).toEqual([`crear:${porRol.Vendedor.id}`]);
    // Another store counts its own turns.
    const deAjena = await venta(1, ajena.codigo_tienda, vendedorAjeno.id);
    await facturar(deAjena, vendedorAjeno, ajena.codigo_tienda);
    const [ta] = await turnosDe(deAjena);
    expect(ta!.numero_turno).toBe(1);
    const consecutivo = await entorno.db.selectFrom('despacho_consecutivo').selectAll().where('codigo_tienda', '=', tienda.codigo_tienda).execute();
    expect(consecutivo).toEqual([{ codigo_tienda: tienda.codigo_tienda, fecha: t1!.fecha_turno, ultimo: t2!.numero_turno }]);
  });

  it('numbers turns without gaps or repeats when many sales are billed at once', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => venta()));
    await Promise.all(ids.map((id) => facturar(id)));
    const numeros = (await entorno.db.selectFrom('despacho_turno').select('numero_turno').where('venta_id', 'in', ids).execute()).map((t) => t.numero_turno).sort((a, b) => a - b);
    expect(new Set(numeros).size).toBe(8);
    expect(numeros[7]! - numeros[0]!).toBe(7);
  });

  it('a sale with an OP gets its turn when the OP finishes (billed), not when billed', async () => {
    const id = await venta(2);
    const finalizar = await produccionCompleta(id);
    expect(await turnosDe(id)).toEqual([]);
    await finalizar();
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', origen: 'produccion' }]);
  });

  it('a sale pending billing whose OP finished gets its turn when billed', async () => {
    const id = await venta(1);
    await (await produccionCompleta(id))();
    expect(await turnosDe(id)).toEqual([]);
    await facturar(id);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', origen: 'facturacion' }]);
  });

  it('billing a sale whose OP is still running gives it no turn and takes no number of the day; finishing the OP does', async () => {
    const id = await venta(1);
    const finalizar = await produccionCompleta(id);
    const antes = await entorno.db.selectFrom('despacho_consecutivo').select('ultimo').where('codigo_tienda', '=', tienda.codigo_tienda).executeTakeFirst();
    await facturar(id);
    expect(await turnosDe(id)).toEqual([]);
    const despues = await entorno.db.selectFrom('despacho_consecutivo').select('ultimo').where('codigo_tienda', '=', tienda.codigo_tienda).executeTakeFirst();
    expect(despues?.ultimo).toBe(antes?.ultimo);
    await finalizar();
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', origen: 'produccion' }]);
  });

  it('billing a sale while its OP finishes, at once: exactly one turn, whichever commits first', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await venta(1);
      const finalizar = await produccionCompleta(id);
      await Promise.all([facturar(id), finalizar()]);
      expect(await turnosDe(id), `vuelta ${i}`).toMatchObject([{ estado: 'en_cola' }]);
    }
  });

  it('generating an OP withdraws a waiting turn; once called, generating is refused with 409', async () => {
    const id = await ventaEnCola();
    expect((await inyectar('POST', '/produccion/generar-orden', superAdmin.token, { venta_id: id })).statusCode).toBe(200);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'retirado' }]);
    expect(await eventosDe(id)).toEqual([`crear:${porRol.Vendedor.id}`, `retirar:${superAdmin.id}`]);

    const llamada = await ventaEnCola();
    expect((await llamarTurno(llamada)).statusCode).toBe(200);
    const refusal = await inyectar('POST', '/produccion/generar-orden', superAdmin.token, { venta_id: llamada });
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toBe('La venta ya está en despacho; no se puede generar su orden de producción');
    expect(await entorno.db.selectFrom('produccion_venta').select('id').where('venta_id', '=', llamada).execute()).toEqual([]);
  });

  it('annulling a sale withdraws its waiting or called turn; the sale detail shows the turn', async () => {
    const id = await ventaEnCola();
    expect((await inyectar('GET', `/facturas/${id}`, porRol.Vendedor.token)).json().data.despacho).toMatchObject({ estado: 'en_cola', fecha_despacho: null });
    expect((await inyectar('PUT', `/facturas/${id}/anular`, superAdmin.token)).statusCode).toBe(200);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'retirado' }]);
    const llamada = await ventaEnCola();
    expect((await llamarTurno(llamada)).statusCode).toBe(200);
    expect((await inyectar('PUT', `/facturas/${llamada}/anular`, superAdmin.token)).statusCode).toBe(200);
    expect(await turnosDe(llamada)).toMatchObject([{ estado: 'retirado' }]);
    expect((await guardar({ venta_id: llamada, mensajero_id: mensajero, observacion_despacho: 'x' })).statusCode).toBe(404);
    // A sale without a turn: despacho null.
    expect((await inyectar('GET', `/facturas/${await venta(1)}`, porRol.Vendedor.token)).json().data.despacho).toBeNull();
  });
});

describe('POST despachos/pasar (Pasar a despacho)', () => {
  it('refuses without a token (401), another store (403), bad input (422)', async () => {
    const id = await venta(2);
    expect((await inyectar('POST', '/despachos/pasar', null, { venta_id: id })).statusCode).toBe(401);
    expect((await inyectar('POST', '/despachos/pasar', superAdmin.token, { venta_id: id }, ajena.codigo_tienda)).statusCode).toBe(403);
    for (const venta_id of [2 ** 31, '\u0000', 'x', null]) {
      const r = await inyectar('POST', '/despachos/pasar', superAdmin.token, { venta_id });
      expect(r.statusCode, String(venta_id)).toBe(422);
      expect(r.body).toContain('venta_id');
    }
    expect((await inyectar('POST', '/despachos/pasar', superAdmin.token, { venta_id: '\u0000' })).body).toContain(MENSAJE_CARACTERES_NO_PERMITIDOS);
    expect(await turnosDe(id)).toEqual([]);
  });

  it('gives a billed sale without a turn one by hand; a second time, or an unbilled sale, is a 409', async () => {
    const id = await venta(2);
    const r = await inyectar('POST', '/despachos/pasar', porRol.Operario.token, { venta_id: id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_DESPACHOS.pasada);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', origen: 'manual', usuario_crea: porRol.Operario.id }]);
    const otra = await inyectar('POST', '/despachos/pasar', porRol.Operario.token, { venta_id: id });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe('La venta ya está en despacho');
    const pendiente = await inyectar('POST', '/despachos/pasar', porRol.Operario.token, { venta_id: await venta(1) });
    expect(pendiente.statusCode).toBe(409);
    expect(pendiente.json().message).toBe('Solo una venta facturada puede pasar a despacho');
    expect((await inyectar('POST', '/despachos/pasar', porRol.Operario.token, { venta_id: await venta(2, ajena.codigo_tienda) })).statusCode).toBe(404);
  });
});

describe('GET despachos/turnos/{ventaId}/{userId}/venta (calling a turn)', () => {
  it('refuses without a token (401), another store (403), another user id (403), bad ids (404)', async () => {
    const id = await ventaEnCola();
    expect((await inyectar('GET', `/despachos/turnos/${id}/${porRol.Vendedor.id}/venta`, null)).statusCode).toBe(401);
    expect((await llamarTurno(id, vendedorAjeno, vendedorAjeno.id, tienda.codigo_tienda)).statusCode).toBe(403);
    const otro = await llamarTurno(id, porRol.Vendedor, porRol.Operario.id);
    expect(otro.statusCode).toBe(403);
    expect(otro.json().message).toBe('Solo puede llamar turnos a su propio nombre');
    expect((await llamarTurno(2 ** 31)).statusCode).toBe(404);
    expect((await inyectar('GET', `/despachos/turnos/${id}/abc/venta`, porRol.Vendedor.token)).statusCode).toBe(404);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', despachador_id: null }]);
  });

  it('calls the waiting turn: in process with the dispatcher; answers the sale header and lines; a second call is a 409', async () => {
    const id = await ventaEnCola();
    const r = await llamarTurno(id, porRol.Bodega);
    expect(r.statusCode, r.body).toBe(200);
    const { venta: cabecera, detalle_venta } = r.json().data;
    expect(cabecera).toMatchObject({ id, nombre_estado_venta: expect.any(String), nombre_tipo_pago: expect.any(String), nombres_tercero: 'María Fernanda' });
    expect(Number(cabecera.total_venta_bruta)).toBe(100_000);
    expect(detalle_venta).toHaveLength(1);
    expect(detalle_venta[0]).toMatchObject({ referencia: expect.any(String), nombre_producto: expect.any(String) });
    expect(Number(detalle_venta[0].cantidad_vendida)).toBe(1);
    const [turno] = await turnosDe(id);
    expect(turno).toMatchObject({ estado: 'en_proceso', despachador_id: porRol.Bodega.id });
    expect(turno!.fecha_llamado).not.toBeNull();
    const otra = await llamarTurno(id, porRol.Vendedor);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe('El turno ya fue llamado');
    expect(await eventosDe(id)).toEqual([`crear:${porRol.Vendedor.id}`, `llamar:${porRol.Bodega.id}`]);
  });

  it('two dispatchers calling the same turn at once: one succeeds, the other gets 409', async () => {
    const id = await ventaEnCola();
    const respuestas = await Promise.all([llamarTurno(id, porRol.Vendedor), llamarTurno(id, porRol.Operario), llamarTurno(id, superAdmin)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await eventosDe(id)).filter((e) => e.startsWith('llamar'))).toHaveLength(1);
  });

  it('a sale without a turn is a 404', async () => {
    const r = await llamarTurno(await venta(2));
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('La venta no tiene un turno de despacho');
  });
});

describe('GET despachos/venta/{ventaId} (the detail without calling)', () => {
  it('refuses without a token (401), another store (403), bad or foreign ids (404)', async () => {
    const id = await ventaEnCola();
    expect((await inyectar('GET', `/despachos/venta/${id}`, null)).statusCode).toBe(401);
    expect((await inyectar('GET', `/despachos/venta/${id}`, porRol.Vendedor.token, undefined, ajena.codigo_tienda)).statusCode).toBe(403);
    expect((await inyectar('GET', `/despachos/venta/${2 ** 31}`, porRol.Vendedor.token)).statusCode).toBe(404);
    expect((await inyectar('GET', `/despachos/venta/${await venta(2, ajena.codigo_tienda)}`, porRol.Vendedor.token)).statusCode).toBe(404);
  });

  it('answers the sale, its lines and its turn, and leaves the turn waiting', async () => {
    const id = await ventaEnCola();
    const r = await inyectar('GET', `/despachos/venta/${id}`, porRol.Bodega.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ venta: { id }, detalle_venta: [{ item: 1 }], turno: { estado: 'en_cola', nombre_despachador: null } });
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', despachador_id: null }]);
    expect(await eventosDe(id)).toEqual([`crear:${porRol.Vendedor.id}`]);
  });
});

describe('POST despachos/guardar (Realizar despacho)', () => {
  it('refuses without a token (401), another store (403), and invalid input with 422 and the spec message', async () => {
    const id = await ventaEnCola();
    const cuerpo = { venta_id: id, usuario_id: porRol.Vendedor.id, mensajero_id: mensajero, observacion_despacho: 'Entregar en portería' };
    expect((await inyectar('POST', '/despachos/guardar', null, cuerpo)).statusCode).toBe(401);
    expect((await guardar(cuerpo, vendedorAjeno, tienda.codigo_tienda)).statusCode).toBe(403);
    for (const [caso, cambios, campo, mensaje] of [
      ['no messenger', { mensajero_id: null }, 'mensajero_id', MENSAJES_DESPACHOS.mensajeroObservacion],
      ['no observation', { observacion_despacho: '  ' }, 'observacion_despacho', MENSAJES_DESPACHOS.mensajeroObservacion],
      ['a NUL in the observation', { observacion_despacho: 'ok\u0000' }, 'observacion_despacho', MENSAJE_CARACTERES_NO_PERMITIDOS],
      ['a messenger of 2^31', { mensajero_id: 2 ** 31 }, 'mensajero_id', MENSAJES_DESPACHOS.mensajeroObservacion],
      ['a sale of 2^31', { venta_id: 2 ** 31 }, 'venta_id', MENSAJES_DESPACHOS.venta],
      ['a huge number', { venta_id: 1e30 }, 'venta_id', MENSAJES_DESPACHOS.venta],
      ['a long observation', { observacion_despacho: 'x'.repeat(501) }, 'observacion_despacho', MENSAJES_DESPACHOS.observacionLarga],
      ['a customer as messenger', { mensajero_id: noMensajero }, 'mensajero_id', MENSAJES_DESPACHOS.mensajeroObservacion],
    ] as const) {
      const r = await guardar({ ...cuerpo, ...cambios });
      expect(r.statusCode, caso).toBe(422);
      expect(r.body, caso).toContain(campo);
      expect(r.body, caso).toContain(mensaje);
    }
    const otroUsuario = await guardar({ ...cuerpo, usuario_id: porRol.Operario.id });
    expect(otroUsuario.statusCode).toBe(403);
    expect(await turnosDe(id)).toMatchObject([{ estado: 'en_cola', fecha_despacho: null, mensajero_id: null }]);
  });

  it('dispatches a called turn: date, messenger, observation and user; twice is a 409', async () => {
    const id = await ventaEnCola();
    expect((await llamarTurno(id, porRol.Operario)).statusCode).toBe(200);
    const r = await guardar({ venta_id: id, usuario_id: porRol.Operario.id, mensajero_id: mensajero, observacion_despacho: ' Entregar en portería ' }, porRol.Operario);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_DESPACHOS.despachada);
    const [turno] = await turnosDe(id);
    expect(turno).toMatchObject({
      estado: 'despachado',
      mensajero_id: mensajero,
      observacion_despacho: 'Entregar en portería',
      usuario_despacha: porRol.Operario.id,
      despachador_id: porRol.Operario.id,
    });
    expect(turno!.fecha_despacho).not.toBeNull();
    const otra = await guardar({ venta_id: id, usuario_id: porRol.Operario.id, mensajero_id: mensajero, observacion_despacho: 'Otra vez' }, porRol.Operario);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe('La venta ya fue despachada');
    expect(await eventosDe(id)).toEqual([`crear:${porRol.Vendedor.id}`, `llamar:${porRol.Operario.id}`, `despachar:${porRol.Operario.id}`]);
    // Calling a dispatched turn is refused too.
    expect((await llamarTurno(id)).statusCode).toBe(409);
    // The sale's detail shows the dispatch (its observation and the turn).
    const detalle = (await inyectar('GET', `/facturas/${id}`, porRol.Vendedor.token)).json().data;
    expect(detalle.ventas_encabezado.observacion_despacho).toBe('Entregar en portería');
    expect(detalle.despacho).toMatchObject({ turno_id: turno!.id, numero_turno: turno!.numero_turno, estado: 'despachado', observacion_despacho: 'Entregar en portería' });
    // So does the dispatch dialog: who called it, which messenger took it, when.
    const despacho = (await inyectar('GET', `/despachos/venta/${id}`, porRol.Vendedor.token)).json().data;
    expect(despacho.turno).toMatchObject({
      turno_id: turno!.id,
      estado: 'despachado',
      nombre_despachador: porRol.Operario.name,
      nombre_mensajero: 'Mateo Mensajero',
      observacion_despacho: 'Entregar en portería',
    });
    expect(Date.parse(despacho.turno.fecha_despacho)).toBeGreaterThanOrEqual(Date.parse(despacho.turno.fecha_llamado));
  });

  it('dispatches straight from the queue; two dispatches at once: one succeeds', async () => {
    const id = await ventaEnCola();
    const cuerpo = { venta_id: id, mensajero_id: mensajero, observacion_despacho: 'Sin llamar' };
    const respuestas = await Promise.all([guardar(cuerpo, porRol.Vendedor), guardar(cuerpo, porRol.Bodega), guardar(cuerpo, superAdmin)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await eventosDe(id)).filter((e) => e.startsWith('despachar'))).toHaveLength(1);
    const [turno] = await turnosDe(id);
    expect(turno!.despachador_id).toBe(turno!.usuario_despacha);
  });
});

describe('POST despachos/turnos?page (the Despachos list)', () => {
  it('refuses without a token (401), another store (403), invalid filters (422)', async () => {
    expect((await inyectar('POST', '/despachos/turnos?page=1', null, {})).statusCode).toBe(401);
    expect((await inyectar('POST', '/despachos/turnos?page=1', porRol.Vendedor.token, {}, ajena.codigo_tienda)).statusCode).toBe(403);
    for (const [cuerpo, campo, mensaje] of [
      [{ modo_consulta: 'todos' }, 'modo_consulta', MENSAJES_DESPACHOS.modo],
      [{ fecha_inicial: '2025-02-30' }, 'fecha_inicial', MENSAJES_DESPACHOS.fecha],
      [{ fecha_inicial: '2025-03-02', fecha_final: '2025-03-01' }, 'fecha_inicial', MENSAJES_DESPACHOS.rangoFechas],
      [{ venta_id: 2 ** 31 }, 'venta_id', MENSAJES_DESPACHOS.venta],
      [{ cliente_id: '\u0000' }, 'cliente_id', MENSAJE_CARACTERES_NO_PERMITIDOS],
    ] as const) {
      const r = await listar(cuerpo);
      expect(r.statusCode, campo).toBe(422);
      expect(r.body).toContain(mensaje);
    }
    expect((await listar({}, porRol.Vendedor, `page=${2 ** 31}`)).statusCode).toBe(422);
  });

  it('lists today pending turns by default and the dispatched ones in their mode, with the spec fields and waiting times', async () => {
    const pendiente = await ventaEnCola();
    const despachada = await ventaEnCola();
    expect((await llamarTurno(despachada, porRol.Bodega)).statusCode).toBe(200);
    expect((await guardar({ venta_id: despachada, mensajero_id: mensajero, observacion_despacho: 'Listo' }, porRol.Bodega)).statusCode).toBe(200);

    const r = await listar({});
    expect(r.statusCode, r.body).toBe(200);
    const { despachos_turnos, tiempo_espera_promedio_segundos } = r.json().data;
    const ids = despachos_turnos.data.map((f: { id: number }) => f.id);
    expect(ids).toContain(pendiente);
    expect(ids).not.toContain(despachada);
    const fila = despachos_turnos.data.find((f: { id: number }) => f.id === pendiente);
    expect(fila).toMatchObject({
      id: pendiente,
      numero_turno: expect.any(Number),
      estado: 'en_cola',
      fecha_despacho: null,
      numero_documento_tercero: '52111222',
      nombres_tercero: 'María Fernanda',
      apellidos_tercero: 'Gómez Ruiz',
      nombre_vendedor: expect.any(String),
      tiempo_espera_segundos: expect.any(Number),
    });
    expect(typeof tiempo_espera_promedio_segundos).toBe('number');

    const despachados = (await listar({ modo_consulta: 'despachados', venta_id: despachada })).json().data.despachos_turnos;
    expect(despachados.data).toHaveLength(1);
    expect(despachados.data[0]).toMatchObject({ id: despachada, estado: 'despachado', nombre_despachador: porRol.Bodega.name, observacion_despacho: 'Listo', nombre_mensajero: 'Mateo Mensajero' });
    expect(despachados.data[0].fecha_despacho).not.toBeNull();

    // Filters: another customer, another day, the other store see nothing.
    expect((await listar({ cliente_id: noMensajero })).json().data.despachos_turnos.data).toEqual([]);
    expect((await listar({ fecha_inicial: '2020-01-01', fecha_final: '2020-01-02' })).json().data.despachos_turnos.total).toBe(0);
    const ajenos = await inyectar('POST', '/despachos/turnos?page=1', vendedorAjeno.token, { venta_id: pendiente }, ajena.codigo_tienda);
    expect(ajenos.json().data.despachos_turnos.data).toEqual([]);
  });
});

describe('GET public/despachos/turnos (no token)', () => {
  it('answers the board with only its fields: upcoming and in process, names shortened', async () => {
    const proxima = await ventaEnCola();
    const enProceso = await ventaEnCola();
    expect((await llamarTurno(enProceso, porRol.Bodega)).statusCode).toBe(200);
    // The earlier tests left many turns waiting: the board pages them by 12, oldest first.
    const { last_page } = (await entorno.app.inject({ method: 'GET', url: `/api/public/despachos/turnos?codigo_tienda=${tienda.codigo_tienda}&page=1` })).json().data;
    expect(last_page).toBeGreaterThan(1);
    const r = await entorno.app.inject({ method: 'GET', url: `/api/public/despachos/turnos?codigo_tienda=${tienda.codigo_tienda}&page=${last_page}&paginacion=12` });
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data;
    expect(Object.keys(data).sort()).toEqual(['current_page', 'en_proceso', 'last_page', 'proximos', 'tienda']);
    const p = data.proximos.find((t: { venta_id: number }) => t.venta_id === proxima);
    expect(Object.keys(p).sort()).toEqual(['cliente', 'numero_turno', 'venta_id']);
    expect(p.cliente).toBe('María G.');
    const e = (await entorno.app.inject({ method: 'GET', url: `/api/public/despachos/turnos?codigo_tienda=${tienda.codigo_tienda}&page=1` }))
      .json()
      .data.en_proceso.find((t: { venta_id: number }) => t.venta_id === enProceso);
    expect(Object.keys(e).sort()).toEqual(['cliente', 'despachador', 'numero_turno', 'venta_id']);
    expect(e.despachador).toBe(porRol.Bodega.name.split(' ')[0]);
    expect(data.proximos.length).toBeLessThanOrEqual(12);
    expect(r.body).not.toContain('52111222');
    expect(r.body).not.toContain('Gómez');
  });

  it('refuses an unknown store (404) and bad input (422), never 500', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/public/despachos/turnos?codigo_tienda=NOEXISTE&page=1' })).statusCode).toBe(404);
    expect((await entorno.app.inject({ method: 'GET', url: '/api/public/despachos/turnos?page=1' })).statusCode).toBe(422);
    expect((await entorno.app.inject({ method: 'GET', url: `/api/public/despachos/turnos?codigo_tienda=${tienda.codigo_tienda}%00&page=1` })).statusCode).toBe(422);
    expect((await entorno.app.inject({ method: 'GET', url: `/api/public/despachos/turnos?codigo_tienda=${tienda.codigo_tienda}&page=${2 ** 31}` })).statusCode).toBe(422);
  });
});
