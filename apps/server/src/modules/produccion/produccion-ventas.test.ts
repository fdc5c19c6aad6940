import { MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_PRODUCCION } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

/** POST produccion/ventas?page&per_page: the sales list of Generar orden producción (spec 002 §2.15, §7). */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let cliente: number;
let otroCliente: number;
let tablero: number;

beforeAll(async () => {
  const db = entorno.db;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, db, tienda.codigo_tienda));
  tablero = (await crearProducto(db, { impuesto_id: (await crearImpuesto(db)).id, proveedor_id: (await crearProveedor(db)).id, grupo_id: 1, linea_id: 1 })).id;
  cliente = (await crearTercero(db)).id;
  otroCliente = (await crearTercero(db)).id;
});

const llamar = (token: string | null, payload: unknown, codigoTienda: string = tienda.codigo_tienda, query = 'page=1&per_page=50') =>
  entorno.app.inject({
    method: 'POST',
    url: `/api/produccion/ventas?${query}`,
    ...(token ? { headers: headers(token, codigoTienda) } : {}),
    payload: payload as Record<string, unknown>,
  });

interface Fila {
  id: number;
  estado_venta_id: number;
  tiene_orden_produccion: boolean;
  [campo: string]: unknown;
}
async function listar(filtro: Record<string, unknown>, codigoTienda?: string) {
  const respuesta = await llamar(superAdmin.token, filtro, codigoTienda);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json<{ data: { ventas: { data: Fila[]; total: number; current_page: number; last_page: number; per_page: number } } }>().data.ventas;
}
const ids = async (filtro: Record<string, unknown>) => (await listar(filtro)).data.map((v) => v.id);

/** A sale of the store (unless told) with one board line, dated at `fecha` (an instant). */
async function venta(fecha: string, opciones: { estado?: number; cliente_id?: number; codigo_tienda?: string } = {}) {
  const v = await crearVentaConLineas(entorno.db, {
    codigo_tienda: opciones.codigo_tienda ?? tienda.codigo_tienda,
    cliente_id: opciones.cliente_id ?? cliente,
    vendedor_id: superAdmin.id,
    estado_venta_id: opciones.estado ?? 2,
    lineas: [{ producto_id: tablero, cantidad: 2, precio_unitario: 50_000 }],
  });
  await entorno.db.updateTable('venta').set({ fecha_venta: new Date(fecha) }).where('id', '=', v.id).execute();
  return v.id;
}

const FILTRO = { fecha_inicial: '2025-03-01', fecha_final: '2025-03-31', estado_venta_id: 2 };

describe('POST produccion/ventas: access and validation', () => {
  it('refuses without a token with 401', async () => {
    expect((await llamar(null, FILTRO)).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const)('refuses %s with 403', async (rol) => {
    expect((await llamar(porRol[rol].token, FILTRO)).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await llamar(superAdmin.token, FILTRO, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it.each([
    ['no start date', { ...FILTRO, fecha_inicial: undefined }, 'fecha_inicial', MENSAJES_PRODUCCION.fecha],
    ['no end date', { ...FILTRO, fecha_final: '' }, 'fecha_final', MENSAJES_PRODUCCION.fecha],
    ['an impossible date', { ...FILTRO, fecha_final: '2025-02-30' }, 'fecha_final', MENSAJES_PRODUCCION.fecha],
    ['a NUL in a date', { ...FILTRO, fecha_inicial: '2025-03-01\u0000' }, 'fecha_inicial', MENSAJE_CARACTERES_NO_PERMITIDOS],
    ['start after end', { ...FILTRO, fecha_inicial: '2025-04-01' }, 'fecha_inicial', MENSAJES_PRODUCCION.rangoFechas],
    ['a sale number of 2^31', { ...FILTRO, venta_id: 2 ** 31 }, 'venta_id', MENSAJES_PRODUCCION.venta],
    ['a customer of 2^31', { ...FILTRO, cliente_id: 2 ** 31 }, 'cliente_id', 'Debe seleccionar un cliente'],
    ['a NUL as customer', { ...FILTRO, cliente_id: '\u0000' }, 'cliente_id', MENSAJE_CARACTERES_NO_PERMITIDOS],
    ['state 3', { ...FILTRO, estado_venta_id: 3 }, 'estado_venta_id', 'Debe seleccionar un estado de venta'],
    ['no state', { ...FILTRO, estado_venta_id: undefined }, 'estado_venta_id', 'Debe seleccionar un estado de venta'],
  ])('refuses %s with 422', async (_caso, cuerpo, campo, mensaje) => {
    const respuesta = await llamar(superAdmin.token, cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(422);
    expect(respuesta.body).toContain(campo);
    expect(respuesta.body).toContain(mensaje);
  });

  it('refuses a page size outside the allowed ones with 422', async () => {
    expect((await llamar(superAdmin.token, FILTRO, tienda.codigo_tienda, 'page=1&per_page=7')).statusCode).toBe(422);
    expect((await llamar(superAdmin.token, FILTRO, tienda.codigo_tienda, `page=${2 ** 31}&per_page=10`)).statusCode).toBe(422);
  });
});

describe('POST produccion/ventas: filters', () => {
  let facturada: number;
  let sinEnvio: number;
  let pendiente: number;
  let anulada: number;
  let deOtroCliente: number;
  let deOtraTienda: number;
  let nocheDelDiez: number;
  let fueraDeRango: number;

  beforeAll(async () => {
    facturada = await venta('2025-03-05T15:00:00Z');
    sinEnvio = await venta('2025-03-06T15:00:00Z', { estado: 6 });
    pendiente = await venta('2025-03-07T15:00:00Z', { estado: 1 });
    anulada = await venta('2025-03-08T15:00:00Z', { estado: 3 });
    deOtroCliente = await venta('2025-03-09T15:00:00Z', { cliente_id: otroCliente });
    deOtraTienda = await venta('2025-03-09T16:00:00Z', { codigo_tienda: ajena.codigo_tienda });
    // 2025-03-10 22:00 in Bogotá (UTC−5), already the 11th in UTC.
    nocheDelDiez = await venta('2025-03-11T03:00:00Z');
    // 2025-02-28 23:00 in Bogotá: before the range although it is March 1st in UTC.
    fueraDeRango = await venta('2025-03-01T04:00:00Z');
  });

  it('lists the billed sales (2 and 6) of the store and range, newest first, with the §3 fields', async () => {
    const pagina = await listar(FILTRO);
    expect(pagina.data.map((v) => v.id)).toEqual([nocheDelDiez, deOtroCliente, sinEnvio, facturada]);
    expect(pagina).toMatchObject({ total: 4, current_page: 1, last_page: 1, per_page: 50 });
    expect(pagina.data.map((v) => v.id)).not.toContain(deOtraTienda);
    const fila = pagina.data.find((v) => v.id === facturada)!;
    expect(Object.keys(fila).sort()).toEqual(
      [
        'id',
        'codigo_tienda',
        'cliente_id',
        'fecha_venta',
        'nombre_tienda',
        'numero_documento_tercero',
        'nombres_tercero',
        'apellidos_tercero',
        'nombre_vendedor',
        'fecha_factura_dian',
        'permite_fe',
        'total_venta_neta',
        'total_venta_bruta',
        'total_impuestos',
        'total_descuento',
        'valor_venta_cambio_favor',
        'estado_venta_id',
        'nombre_estado_venta',
        'tipo_pago_id',
        'nombre_tipo_pago',
        'nombre_tipo_envio',
        'observacion_despacho',
        'formas_pagos',
        'tiene_orden_produccion',
      ].sort(),
    );
    expect(fila).toMatchObject({
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente,
      fecha_venta: '2025-03-05T15:00:00.000Z',
      estado_venta_id: 2,
      total_venta_neta: 100_000,
      total_venta_bruta: 100_000,
      formas_pagos: [],
      tiene_orden_produccion: false,
    });
    expect(typeof fila.nombre_estado_venta).toBe('string');
    expect(typeof fila.numero_documento_tercero).toBe('string');
  });

  it('reads the dates as days in Bogotá', async () => {
    expect(await ids({ ...FILTRO, fecha_inicial: '2025-03-10', fecha_final: '2025-03-10' })).toEqual([nocheDelDiez]);
    expect(await ids({ ...FILTRO, fecha_inicial: '2025-03-11', fecha_final: '2025-03-11' })).toEqual([]);
    expect(await ids({ ...FILTRO, fecha_inicial: '2025-02-28', fecha_final: '2025-02-28' })).toEqual([fueraDeRango]);
  });

  it('lists the pending billing sales with state 1, never the annulled', async () => {
    expect(await ids({ ...FILTRO, estado_venta_id: 1 })).toEqual([pendiente]);
    expect(await ids({ ...FILTRO, estado_venta_id: '1' })).toEqual([pendiente]);
    expect([...(await ids(FILTRO)), ...(await ids({ ...FILTRO, estado_venta_id: 1 }))]).not.toContain(anulada);
  });

  it('filters by sale number and by customer, exactly', async () => {
    expect(await ids({ ...FILTRO, venta_id: facturada })).toEqual([facturada]);
    expect(await ids({ ...FILTRO, venta_id: String(facturada) })).toEqual([facturada]);
    expect(await ids({ ...FILTRO, venta_id: pendiente })).toEqual([]);
    expect(await ids({ ...FILTRO, venta_id: deOtraTienda })).toEqual([]);
    expect(await ids({ ...FILTRO, cliente_id: otroCliente })).toEqual([deOtroCliente]);
    expect(await ids({ ...FILTRO, venta_id: '', cliente_id: null })).toHaveLength(4);
  });

  it('pages the list', async () => {
    const primera = await llamar(superAdmin.token, FILTRO, tienda.codigo_tienda, 'page=1&per_page=10');
    expect(primera.json().data.ventas).toMatchObject({ total: 4, per_page: 10, last_page: 1 });
    const segunda = await llamar(superAdmin.token, FILTRO, tienda.codigo_tienda, 'page=2&per_page=10');
    expect(segunda.json().data.ventas).toMatchObject({ data: [], total: 4, current_page: 2 });
  });

  it('a sale with an OP disappears from Pendientes producción and is marked in the full list', async () => {
    const pendientesProduccion = { ...FILTRO, proceso_produccion: true };
    expect(await ids(pendientesProduccion)).toContain(facturada);
    const generar = await entorno.app.inject({
      method: 'POST',
      url: '/api/produccion/generar-orden',
      headers: headers(superAdmin.token, tienda.codigo_tienda),
      payload: { venta_id: facturada },
    });
    expect(generar.statusCode, generar.body).toBe(200);
    const sinOp = await listar(pendientesProduccion);
    expect(sinOp.data.map((v) => v.id)).toEqual([nocheDelDiez, deOtroCliente, sinEnvio]);
    expect(sinOp.total).toBe(3);
    expect(sinOp.data.every((v) => !v.tiene_orden_produccion)).toBe(true);
    const todas = await listar({ ...FILTRO, proceso_produccion: false });
    expect(todas.data.find((v) => v.id === facturada)?.tiene_orden_produccion).toBe(true);
    expect(todas.total).toBe(4);
  });
});
