import { io, type Socket } from 'socket.io-client';
import {
  eventoDespacho,
  eventoOrdenProduccion,
  NAMESPACE_PUBLICO,
  RUTA_TIEMPO_REAL,
  salaAprobadores,
  salaDespachos,
  type DespachoNotificado,
  type TurnoPublicoNotificado,
} from '@tablero/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { cerrarSockets, conectar, escuchar, esperarAdaptadores, esperarEvento } from '../../../test/tiempo-real';

/**
 * The live channels of dispatch (spec 001 "Public dispatch board"; docs/architecture.md §9): the public board's
 * namespace and the staff event.
 */

const entorno = usarEntorno();

let url: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let tablero: number;
let cliente: number;
let mensajero: number;

beforeAll(async () => {
  const db = entorno.db;
  url = await escuchar(entorno.app);
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, db, tienda.codigo_tienda));
  tablero = (await crearProducto(db, { impuesto_id: (await crearImpuesto(db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(db)).id, grupo_id: 1, linea_id: 1 })).id;
  cliente = (await crearTercero(db, { nombres: 'Ana Lucía', apellidos: 'Pérez', numero_documento: '99887766' })).id;
  mensajero = (await crearTercero(db, { tipo_tercero: 'MSJ', nombres: 'Mateo', apellidos: 'Mensajero' })).id;
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
});

const publicos = new Set<Socket>();
afterEach(() => {
  cerrarSockets();
  for (const s of publicos) s.disconnect();
  publicos.clear();
});

/** The public board's socket as the board opens it: namespace /publico, auth { tienda }, no token. */
function conectarPublico(auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(`${url}${NAMESPACE_PUBLICO}`, { path: RUTA_TIEMPO_REAL, transports: ['websocket'], auth, reconnection: false, forceNew: true, timeout: 5_000 });
  publicos.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Every event (name and payload) the socket receives from now on. */
function todo(socket: Socket): [string, unknown][] {
  const recibidos: [string, unknown][] = [];
  socket.onAny((evento: string, datos: unknown) => recibidos.push([evento, datos]));
  return recibidos;
}
function siguiente(socket: Socket, evento: string, ms = 5_000): Promise<TurnoPublicoNotificado> {
  return new Promise((resolve, reject) => {
    const limite = setTimeout(() => reject(new Error(`No llegó '${evento}'`)), ms);
    socket.once(evento, (datos: TurnoPublicoNotificado) => {
      clearTimeout(limite);
      resolve(datos);
    });
  });
}
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ventaPendiente() {
  return (
    await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente,
      vendedor_id: superAdmin.id,
      lineas: [{ producto_id: tablero, cantidad: 1, precio_unitario: 50_000 }],
    })
  ).id;
}
const facturar = (app: typeof entorno.app, ventaId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/facturas/${ventaId}/forma-pago`,
    headers: headers(porRol.Vendedor.token, tienda.codigo_tienda),
    payload: cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: 50_000 }]),
  });

describe('the public board namespace', () => {
  it('refuses a handshake without a store or with an unknown one', async () => {
    await expect(conectarPublico({})).rejects.toThrow();
    await expect(conectarPublico({ tienda: 'NOEXISTE' })).rejects.toThrow();
    await expect(conectarPublico({ tienda: { $ne: 1 } })).rejects.toThrow();
  });

  it('receives new_dispatch, assign_dispatch and remove_dispatch with only the board fields; the staff room gets its notice', async () => {
    const tablero = await conectarPublico({ tienda: tienda.codigo_tienda });
    const deAjena = await conectarPublico({ tienda: ajena.codigo_tienda });
    const staff = await conectar(url, porRol.Operario.token);
    const alAjeno = todo(deAjena);
    const todoDelTablero = todo(tablero);
    const ventaId = await ventaPendiente();

    const nuevo = siguiente(tablero, 'new_dispatch');
    const avisoStaff = esperarEvento(staff, eventoDespacho(tienda.codigo_tienda));
    expect((await facturar(entorno.app, ventaId)).statusCode).toBe(200);
    const n = await nuevo;
    expect(Object.keys(n).sort()).toEqual(['cliente', 'codigo_tienda', 'despachador', 'numero_turno', 'venta_id']);
    expect(n).toMatchObject({ venta_id: ventaId, cliente: 'Ana P.', despachador: null, codigo_tienda: tienda.codigo_tienda });
    expect((await avisoStaff) as DespachoNotificado).toMatchObject({ accion: 'crear', venta_id: ventaId, estado: 'en_cola', numero_turno: n.numero_turno });

    const asignado = siguiente(tablero, 'assign_dispatch');
    const llamada = await entorno.app.inject({
      method: 'GET',
      url: `/api/despachos/turnos/${ventaId}/${porRol.Vendedor.id}/venta`,
      headers: headers(porRol.Vendedor.token, tienda.codigo_tienda),
    });
    expect(llamada.statusCode).toBe(200);
    expect(await asignado).toMatchObject({ venta_id: ventaId, numero_turno: n.numero_turno, despachador: porRol.Vendedor.name.split(' ')[0] });

    const retirado = siguiente(tablero, 'remove_dispatch');
    const despacho = await entorno.app.inject({
      method: 'POST',
      url: '/api/despachos/guardar',
      headers: headers(porRol.Vendedor.token, tienda.codigo_tienda),
      payload: { venta_id: ventaId, mensajero_id: mensajero, observacion_despacho: 'Entregado' },
    });
    expect(despacho.statusCode).toBe(200);
    expect(await retirado).toMatchObject({ venta_id: ventaId, numero_turno: n.numero_turno });

    await pausa(150);
    expect(alAjeno).toEqual([]);
    expect(todoDelTablero.map(([e]) => e)).toEqual(['new_dispatch', 'assign_dispatch', 'remove_dispatch']);
    expect(JSON.stringify(todoDelTablero)).not.toContain('99887766');
    expect(JSON.stringify(todoDelTablero)).not.toContain('Pérez');
  });

  it("never receives another channel's events, and nothing it sends reaches anyone", async () => {
    const tablero = await conectarPublico({ tienda: tienda.codigo_tienda });
    const otro = await conectarPublico({ tienda: tienda.codigo_tienda });
    const recibidos = todo(tablero);
    const delOtro = todo(otro);
    const staff = await conectar(url, porRol.Vendedor.token);
    const alStaff: unknown[] = [];
    staff.onAny((e: string, d: unknown) => alStaff.push([e, d]));
    // Events of the other channels of this store, emitted by the server.
    entorno.app.tiempoReal.emitirASala(salaAprobadores(tienda.codigo_tienda), 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 3 });
    entorno.app.tiempoReal.emitirASala(salaDespachos(tienda.codigo_tienda), eventoDespacho(tienda.codigo_tienda), { codigo_tienda: tienda.codigo_tienda, accion: 'crear', turno_id: 1, venta_id: 1, numero_turno: 1, estado: 'en_cola' });
    entorno.app.tiempoReal.emitirAUsuario(porRol.Vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 1 });
    // What a board might try: join rooms, fake events to the others.
    tablero.emit('join', `despachos:${tienda.codigo_tienda}`);
    tablero.emit('new_dispatch', { numero_turno: 999, venta_id: 999, cliente: 'Falso', despachador: null, codigo_tienda: tienda.codigo_tienda });
    tablero.emit(eventoOrdenProduccion(tienda.codigo_tienda), {});
    entorno.app.tiempoReal.emitirASala(salaDespachos(tienda.codigo_tienda), eventoDespacho(tienda.codigo_tienda), { codigo_tienda: tienda.codigo_tienda, accion: 'llamar', turno_id: 1, venta_id: 1, numero_turno: 1, estado: 'en_proceso' });
    await pausa(300);
    expect(recibidos).toEqual([]);
    expect(delOtro).toEqual([]);
    expect(alStaff.map((x) => (x as [string])[0])).not.toContain('new_dispatch');
    expect(alStaff.map((x) => (x as [string])[0])).toContain(eventoDespacho(tienda.codigo_tienda));
  });

  it('a board that keeps sending is cut off', async () => {
    const tablero = await conectarPublico({ tienda: tienda.codigo_tienda });
    const cortado = new Promise<string>((resolve) => tablero.once('disconnect', (razon) => resolve(razon)));
    for (let i = 0; i < 30; i++) tablero.emit('ruido', i);
    expect(await cortado).toBe('io server disconnect');
  });

  it('gets the event of a turn created on another server instance', async () => {
    const otra = await entorno.otraApp();
    await escuchar(otra);
    await esperarAdaptadores(entorno.db, 2);
    const tablero = await conectarPublico({ tienda: tienda.codigo_tienda });
    const ventaId = await ventaPendiente();
    const nuevo = siguiente(tablero, 'new_dispatch');
    expect((await facturar(otra, ventaId)).statusCode).toBe(200);
    expect(await nuevo).toMatchObject({ venta_id: ventaId });
  });
});
