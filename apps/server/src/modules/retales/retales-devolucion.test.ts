import { calcularPrecioRetal, type RetalMedidas } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearParametro,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  cuerpoFacturar,
  cuerpoGuardarVenta,
  headers,
  saldoDe,
  type LineaCuerpoVenta,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// A partial return of a billed sale and the kept offcut an offcut line sold (docs/decisions-retales.md, "La venta";
// docs/decisions-factura-electronica.md, "Devolución parcial"): a line returned whole gives it back DISPONIBLE with one
// DEVOLUCION naming the sale; a line returned in part, or another line, leaves it CONSUMIDO; a later annulment does not
// give it back twice.
const entorno = usarEntorno();
const EFECTIVO = 1;
const PRECIO_TABLERO = 150_000;
const PRECIOS_RETAL = { pieza: '48000', canto_rigido: '2500', canto_flexible: '3800' };

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let tablero: number;
let productoRetal: number;
let cliente: number;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  const base = { impuesto_id: (await crearImpuesto(db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(db)).id };
  tablero = (
    await crearProducto(db, { ...base, referencia: 'MEL-BLANCA-15', nombre_producto: 'Melamina blanca 15 mm', grupo_id: 1, linea_id: 1, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: PRECIO_TABLERO }] })
  ).id;
  await db.updateTable('producto').set({ medida_largo: 2440, medida_ancho: 2150 }).where('id', '=', tablero).execute();
  productoRetal = (await crearProducto(db, { ...base, referencia: 'RETAL', nombre_producto: 'Retal de tablero', precio_unitario: 0, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 0 }] })).id;
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_PIEZA', valor_parametro: PRECIOS_RETAL.pieza });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: PRECIOS_RETAL.canto_rigido });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_FLEXIBLE', valor_parametro: PRECIOS_RETAL.canto_flexible });
  cliente = (await crearTercero(db)).id;
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RV', numero_hasta: 100_000 });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion, payload?: unknown) =>
  entorno.app.inject({ method, url: `/api/${url}`, headers: headers(usuario.token, tienda.codigo_tienda), ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok<T>(respuesta: Awaited<ReturnType<typeof llamar>>): Promise<T> {
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as T;
}

const retal = (id: number) => entorno.db.selectFrom('retal').select(['estado', 'venta_uso_id']).where('id', '=', id).executeTakeFirstOrThrow();
const movimientos = (id: number) =>
  entorno.db.selectFrom('retal_movimiento').select(['tipo', 'estado_anterior', 'estado_nuevo', 'venta_id', 'motivo', 'user_id', 'codigo_tienda']).where('retal_id', '=', id).orderBy('id').execute();
const tipos = async (id: number) => (await movimientos(id)).map((m) => m.tipo);
const stock = async (productoId: number) => (await saldoDe(entorno.db, tienda.codigo_tienda, productoId))!.cantidad;

/** A new 600 × 400 offcut kept by hand in the store (Bodega), and the offcut line that sells it as is. */
async function retalYLinea(): Promise<{ id: number; linea: LineaCuerpoVenta }> {
  const id = (await ok<{ id: number }>(await llamar('POST', 'retales', porRol.Bodega, { producto_id: tablero, base: 600, altura: 400 }))).id;
  const medidas: RetalMedidas = { base: 600, altura: 400, tipo_canto: 0, lados: { superior: false, inferior: false, izquierdo: false, derecho: false }, retal_id: id };
  const precio = calcularPrecioRetal({ ...medidas, precios: PRECIOS_RETAL }).total;
  return { id, linea: { producto_id: productoRetal, cantidad_solicitada: 1, precio_unitario: precio, porcentaje_impuesto: 0, retal: medidas } };
}

/**
 * A billed sale (a remission paid in cash) of a kept offcut (its offcut line, quantity 1) and 2 boards; answers the
 * sale, the offcut and both lines' ids. Billing consumes the offcut.
 */
async function ventaConRetal() {
  const { id: retalId, linea } = await retalYLinea();
  const lineas: LineaCuerpoVenta[] = [
    { ...linea, item: 1 },
    { producto_id: tablero, cantidad_solicitada: 2, precio_unitario: PRECIO_TABLERO, porcentaje_impuesto: 0, item: 2 },
  ];
  const ventaId = (await ok<{ venta_id: number }>(await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas })))).venta_id;
  await facturar(ventaId);
  expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: ventaId });
  const detalle = await entorno.db.selectFrom('venta_detalle').select(['id', 'producto_id']).where('venta_id', '=', ventaId).execute();
  return {
    ventaId,
    retalId,
    lineaRetal: detalle.find((d) => d.producto_id === productoRetal)!.id,
    lineaTablero: detalle.find((d) => d.producto_id === tablero)!.id,
  };
}

async function facturar(ventaId: number) {
  const { total_venta } = await entorno.db.selectFrom('venta').select('total_venta').where('id', '=', ventaId).executeTakeFirstOrThrow();
  const respuesta = await llamar('POST', `facturas/${ventaId}/forma-pago`, superAdmin, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: Number(total_venta) }]));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
}

/** The return, after its preview; answers both messages (the dialog shows the preview's, then the return's). */
async function devolver(ventaId: number, lineas: { venta_detalle_id: number; cantidad: number }[]): Promise<{ previa: string; hecha: string }> {
  const previa = await ok<{ mensaje: string }>(await llamar('POST', `facturas/${ventaId}/devoluciones/previa`, superAdmin, { motivo: 'El cliente no lo usó', lineas }));
  const respuesta = await llamar('POST', `facturas/${ventaId}/devoluciones`, superAdmin, { motivo: 'El cliente no lo usó', lineas });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return { previa: previa.mensaje, hecha: (respuesta.json().data as { mensaje: string }).mensaje };
}
const codigoDe = async (id: number) => (await entorno.db.selectFrom('retal').select('codigo').where('id', '=', id).executeTakeFirstOrThrow()).codigo;

/** The DEVOLUCION a partial return of the sale writes for its offcut. */
const devolucionParcial = (ventaId: number) => ({
  tipo: 'DEVOLUCION',
  estado_anterior: 'CONSUMIDO',
  estado_nuevo: 'DISPONIBLE',
  venta_id: ventaId,
  motivo: `Devolución parcial de la venta No. ${ventaId}`,
  user_id: superAdmin.id,
  codigo_tienda: tienda.codigo_tienda,
});

describe('a partial return of an offcut line', () => {
  it('(1) returning the whole line gives the offcut back DISPONIBLE with one DEVOLUCION naming the sale; the rest of the return is as before', async () => {
    const { ventaId, retalId, lineaRetal } = await ventaConRetal();
    const tableros = await stock(tablero);
    const retales = await stock(productoRetal);
    const mensajes = await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 1 }]);
    // The dialog says so before and after: the preview and the return name the offcut.
    const aviso = `El retal ${await codigoDe(retalId)} vuelve al inventario de retales`;
    expect(mensajes.previa).toContain(aviso);
    expect(mensajes.hecha).toContain(aviso);

    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });
    const libro = await movimientos(retalId);
    expect(libro.map((m) => m.tipo)).toEqual(['ALTA_MANUAL', 'CONSUMO', 'DEVOLUCION']);
    expect(libro[2]).toEqual(devolucionParcial(ventaId));
    // The offcut's screen lists it again, with its ledger.
    const leido = await ok<{ retal: { estado: string }; movimientos: { tipo: string; motivo: string | null }[] }>(await llamar('GET', `retales/${retalId}`, porRol.Bodega));
    expect(leido.retal.estado).toBe('DISPONIBLE');
    expect(leido.movimientos[0]).toMatchObject({ tipo: 'DEVOLUCION', motivo: `Devolución parcial de la venta No. ${ventaId}` });
    // The return itself: the offcut line's stock back in, the boards untouched, one return of that line.
    expect(await stock(tablero)).toBe(tableros);
    expect(await stock(productoRetal)).toBe(retales + 1);
    const lineas = await entorno.db
      .selectFrom('devolucion_venta_detalle as dd')
      .innerJoin('devolucion_venta as dv', 'dv.id', 'dd.devolucion_venta_id')
      .select(['dd.venta_detalle_id', 'dd.cantidad'])
      .where('dv.venta_id', '=', ventaId)
      .execute();
    expect(lineas.map((l) => [l.venta_detalle_id, Number(l.cantidad)])).toEqual([[lineaRetal, 1]]);
  });

  it('(2) returning part of the line, or another line, leaves the offcut CONSUMIDO and writes no offcut movement', async () => {
    const { ventaId, retalId, lineaRetal, lineaTablero } = await ventaConRetal();
    const tableros = await stock(tablero);

    await devolver(ventaId, [{ venta_detalle_id: lineaTablero, cantidad: 2 }]);
    expect(await stock(tablero)).toBe(tableros + 2);
    expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: ventaId });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL', 'CONSUMO']);

    const enParte = await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 0.5 }]);
    expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: ventaId });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL', 'CONSUMO']);
    expect([enParte.previa, enParte.hecha].join(' ')).not.toContain('inventario de retales');

    // The control: the rest of the line, returned now, is what gives it back.
    const resto = await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 0.5 }]);
    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });
    expect(resto.hecha).toContain(`El retal ${await codigoDe(retalId)} vuelve al inventario de retales`);
  });

  it('(3) the return that completes the line, counting earlier ones, gives it back exactly once', async () => {
    const { ventaId, retalId, lineaRetal, lineaTablero } = await ventaConRetal();

    // Part of the offcut line together with the whole other line: only the offcut line's own completeness counts.
    await devolver(ventaId, [
      { venta_detalle_id: lineaRetal, cantidad: 0.4 },
      { venta_detalle_id: lineaTablero, cantidad: 2 },
    ]);
    expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: ventaId });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL', 'CONSUMO']);

    await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 0.6 }]);
    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL', 'CONSUMO', 'DEVOLUCION']);

    // Nothing of the offcut line is left to return: another return of it is refused and moves nothing.
    const otraVez = await llamar('POST', `facturas/${ventaId}/devoluciones`, superAdmin, { motivo: 'Otra vez', lineas: [{ venta_detalle_id: lineaRetal, cantidad: 0.1 }] });
    expect(otraVez.statusCode).toBe(422);
    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });
    const devoluciones = (await movimientos(retalId)).filter((m) => m.tipo === 'DEVOLUCION');
    expect(devoluciones).toEqual([devolucionParcial(ventaId)]);
  });

  it('(4) annulling the sale after its return gave the offcut back writes no second DEVOLUCION, even once another sale took it', async () => {
    const { ventaId, retalId, lineaRetal } = await ventaConRetal();
    await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 1 }]);
    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });

    // Another sale sells the same offcut, now free again, and its bill consumes it.
    const medidas: RetalMedidas = { base: 600, altura: 400, tipo_canto: 0, lados: { superior: false, inferior: false, izquierdo: false, derecho: false }, retal_id: retalId };
    const linea: LineaCuerpoVenta = { producto_id: productoRetal, cantidad_solicitada: 1, precio_unitario: calcularPrecioRetal({ ...medidas, precios: PRECIOS_RETAL }).total, porcentaje_impuesto: 0, retal: medidas };
    const otra = (await ok<{ venta_id: number }>(await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [linea] })))).venta_id;
    await facturar(otra);
    expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: otra });

    const anulada = await llamar('PUT', `facturas/${ventaId}/anular`, superAdmin, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await retal(retalId)).toEqual({ estado: 'CONSUMIDO', venta_uso_id: otra });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL', 'CONSUMO', 'DEVOLUCION', 'CONSUMO']);
    const deLaVenta = (await movimientos(retalId)).filter((m) => m.venta_id === ventaId);
    expect(deLaVenta.map((m) => m.tipo)).toEqual(['CONSUMO', 'DEVOLUCION']);
    expect(deLaVenta[1]).toEqual(devolucionParcial(ventaId));
  });

  it('(4) annulling the sale after its return gave the offcut back leaves it DISPONIBLE with its one DEVOLUCION', async () => {
    const { ventaId, retalId, lineaRetal } = await ventaConRetal();
    await devolver(ventaId, [{ venta_detalle_id: lineaRetal, cantidad: 1 }]);
    const anulada = await llamar('PUT', `facturas/${ventaId}/anular`, superAdmin, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await retal(retalId)).toEqual({ estado: 'DISPONIBLE', venta_uso_id: null });
    expect(await movimientos(retalId)).toEqual([
      expect.objectContaining({ tipo: 'ALTA_MANUAL' }),
      expect.objectContaining({ tipo: 'CONSUMO', venta_id: ventaId }),
      devolucionParcial(ventaId),
    ]);
  });
});
