import { hoyNegocio, MENSAJES_RESERVAS, sumarDias } from '@tablero/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
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
  cuerpoGuardarVenta,
  headers,
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// docs/decisions-reservas.md: a saved order not yet billed reserves its stock lines in its store until it is billed,
// annulled or lapses (DIAS_RESERVA_PEDIDO); saving or billing what others hold asks for confirmation (409).

const entorno = usarEntorno();

const PRECIO = 100_000;
const EFECTIVO = 1;

let tienda: TiendaPrueba;
let otraTienda: TiendaPrueba;
let vendedor: UsuarioConSesion;
let vendedor2: UsuarioConSesion;
let bodega: UsuarioConSesion;
let superAdmin: UsuarioConSesion;
let ajeno: UsuarioConSesion;
let marta: { id: number };
let pedro: { id: number };
let impuesto: { id: number };
let proveedor: { id: number };

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  otraTienda = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  vendedor = usuarios.porRol.Vendedor;
  bodega = usuarios.porRol.Bodega;
  vendedor2 = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  ajeno = await crearUsuarioConSesion(app, db, { role: 'Bodega', tiendas: [otraTienda.codigo_tienda] });
  impuesto = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  proveedor = await crearProveedor(db);
  marta = await crearTercero(db, { nombres: 'Marta', apellidos: 'Rincón' });
  pedro = await crearTercero(db, { nombres: 'Pedro', apellidos: 'Gómez' });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RES' });
});

/** A fresh board with `cantidad` in stock in the store (each test its own, so figures never mix). */
async function tablero(cantidad: number, extra: { grupo_servicio_id?: number } = {}) {
  return crearProducto(entorno.db, {
    impuesto_id: impuesto.id,
    proveedor_id: proveedor.id,
    precio_unitario: PRECIO,
    ...extra,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad, precio_unitario: PRECIO }],
  });
}

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null, payload?: object, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, headers: usuario ? headers(usuario.token, codigoTienda) : {}, ...(payload ? { payload } : {}) });

const guardar = (productoId: number, cantidad: number, opciones: { usuario?: UsuarioConSesion; cliente?: { id: number }; venta_id?: number; version?: number; estado?: number; confirmar?: boolean } = {}) =>
  llamar(
    'POST',
    '/api/facturas/guardar',
    opciones.usuario ?? vendedor,
    cuerpoGuardarVenta(
      {
        tercero_id: (opciones.cliente ?? marta).id,
        lineas: [{ producto_id: productoId, cantidad_solicitada: cantidad, precio_unitario: PRECIO, porcentaje_impuesto: 0 }],
        venta_id: opciones.venta_id ?? null,
        ...(opciones.version !== undefined ? { version: opciones.version } : {}),
        estado_venta_id: opciones.estado ?? 1,
      },
      opciones.confirmar ? { confirmar_reservas: true } : {},
    ),
  );

async function cifras(productoId: number, ventaId?: number) {
  const respuesta = await llamar('GET', `/api/reservas?producto_ids=${productoId}${ventaId ? `&venta_id=${ventaId}` : ''}`, vendedor);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  const [fila] = respuesta.json().data.reservas;
  return { cantidad: fila.cantidad, reservado: fila.reservado, disponible: fila.disponible };
}

const contarVentas = async () => Number((await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('GET reservas and reservas/producto/{id}: refusals', () => {
  it('answer 401 without a token', async () => {
    expect((await llamar('GET', '/api/reservas?producto_ids=1', null)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/reservas/producto/1', null)).statusCode).toBe(401);
  });

  it('answer 403 for a store the user does not belong to, and the holders list 403 for a seller', async () => {
    expect((await llamar('GET', '/api/reservas?producto_ids=1', ajeno)).statusCode).toBe(403);
    expect((await llamar('GET', '/api/reservas/producto/1', ajeno)).statusCode).toBe(403);
    expect((await llamar('GET', '/api/reservas/producto/1', vendedor)).statusCode).toBe(403);
  });

  it('answer 422 in Spanish for bad product ids, and 404 for an id no row can have', async () => {
    for (const consulta of ['producto_ids=abc', 'producto_ids=', 'producto_ids=2147483648', `producto_ids=${Array.from({ length: 201 }, (_, n) => n + 1).join(',')}`]) {
      const respuesta = await llamar('GET', `/api/reservas?${consulta}`, vendedor);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().message).toBe(MENSAJES_RESERVAS.productos);
    }
    expect((await llamar('GET', '/api/reservas?producto_ids=1&venta_id=abc', vendedor)).statusCode).toBe(422);
    expect((await llamar('GET', '/api/reservas/producto/2147483648', bodega)).statusCode).toBe(404);
    expect((await llamar('GET', '/api/reservas/producto/2147483647', bodega)).statusCode).toBe(404);
  });
});

describe('what a saved order reserves', () => {
  it('reserves after the save, not against itself, follows an edit, and ends when billed', async () => {
    const producto = await tablero(5);
    const guardado = await guardar(producto.id, 3);
    expect(guardado.statusCode, guardado.body).toBe(200);
    const { venta_id, version } = guardado.json().data;
    expect(await cifras(producto.id)).toEqual({ cantidad: 5, reservado: 3, disponible: 2 });
    // The order being edited does not count against itself.
    expect(await cifras(producto.id, venta_id)).toEqual({ cantidad: 5, reservado: 0, disponible: 5 });
    // Editing it to all five boards asks nothing: nobody else holds them.
    const editado = await guardar(producto.id, 5, { venta_id, version, estado: 4 });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 5, reservado: 5, disponible: 0 });

    const pendiente = await guardar(producto.id, 5, { venta_id, version: editado.json().data.version, estado: 1 });
    expect(pendiente.statusCode, pendiente.body).toBe(200);
    const facturado = await llamar('POST', `/api/facturas/${venta_id}/forma-pago`, superAdmin, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 5 * PRECIO }]));
    expect(facturado.statusCode, facturado.body).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 0, reservado: 0, disponible: 0 });
  });

  it('ends when the order is annulled, and when it lapses after DIAS_RESERVA_PEDIDO days since its last save', async () => {
    const producto = await tablero(4);
    const a = (await guardar(producto.id, 1)).json().data;
    const b = (await guardar(producto.id, 2)).json().data;
    expect((await cifras(producto.id)).reservado).toBe(3);
    expect((await guardar(producto.id, 1, { venta_id: a.venta_id, version: a.version, estado: 3 })).statusCode).toBe(200);
    expect((await cifras(producto.id)).reservado).toBe(2);

    await entorno.db.updateTable('venta').set({ updated_at: sql<Date>`now() - interval '8 days'` }).where('id', '=', b.venta_id).execute();
    expect(await cifras(producto.id)).toEqual({ cantidad: 4, reservado: 0, disponible: 4 });
    await entorno.db.updateTable('parametro').set({ valor_parametro: '10' }).where('codigo_parametro', '=', 'DIAS_RESERVA_PEDIDO').execute();
    try {
      expect((await cifras(producto.id)).reservado).toBe(2);
    } finally {
      await entorno.db.updateTable('parametro').set({ valor_parametro: '7' }).where('codigo_parametro', '=', 'DIAS_RESERVA_PEDIDO').execute();
    }
  });

  it('reserves for a quotation only once accepted, until its validity date ends or it becomes an order, and names it', async () => {
    const producto = await tablero(4);
    const cotizada = await guardar(producto.id, 3, { estado: 7 });
    expect(cotizada.statusCode, cotizada.body).toBe(200);
    const { venta_id } = cotizada.json().data;
    // A quotation the customer has not accepted holds nothing (docs/decisions-cotizaciones.md).
    expect((await cifras(producto.id)).reservado).toBe(0);
    expect((await llamar('POST', `/api/cotizaciones/${venta_id}/aceptar`, vendedor)).statusCode).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 4, reservado: 3, disponible: 1 });
    // Another order for the boards it holds is asked to confirm, naming the accepted quotation.
    const otro = await guardar(producto.id, 2, { cliente: pedro });
    expect(otro.statusCode).toBe(409);
    expect(otro.json().errors.reservas).toContain(`El producto ${producto.referencia} - ${producto.nombre_producto} está reservado por la cotización aceptada No. ${venta_id} de Marta Rincón (3)`);

    // Its last valid day still holds; the day after it no longer does.
    await entorno.db.updateTable('venta').set({ fecha_validez: hoyNegocio() }).where('id', '=', venta_id).execute();
    expect((await cifras(producto.id)).reservado).toBe(3);
    await entorno.db.updateTable('venta').set({ fecha_validez: sumarDias(hoyNegocio(), -1) }).where('id', '=', venta_id).execute();
    expect((await cifras(producto.id)).reservado).toBe(0);

    // Converted, the order holds the boards and the quotation no longer does: counted once.
    await entorno.db.updateTable('venta').set({ fecha_validez: sumarDias(hoyNegocio(), 5) }).where('id', '=', venta_id).execute();
    const vista = await llamar('GET', `/api/cotizaciones/${venta_id}/conversion`, vendedor);
    expect(vista.statusCode, vista.body).toBe(200);
    const convertida = await llamar('POST', `/api/cotizaciones/${venta_id}/convertir`, vendedor, { precios: 'cotizados', total_venta: vista.json().data.total_cotizado });
    expect(convertida.statusCode, convertida.body).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 4, reservado: 3, disponible: 1 });
  });

  it('reserves nothing of a service, and nothing in another store', async () => {
    const servicio = await tablero(0, { grupo_servicio_id: 1 });
    const producto = await tablero(3);
    const respuesta = await llamar(
      'POST',
      '/api/facturas/guardar',
      vendedor,
      cuerpoGuardarVenta({
        tercero_id: marta.id,
        lineas: [
          { producto_id: producto.id, cantidad_solicitada: 1, precio_unitario: PRECIO, porcentaje_impuesto: 0 },
          { producto_id: servicio.id, cantidad_solicitada: 7, precio_unitario: PRECIO, porcentaje_impuesto: 0 },
        ],
      }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const figuras = (await llamar('GET', `/api/reservas?producto_ids=${producto.id},${servicio.id}`, vendedor)).json().data.reservas;
    expect(figuras).toEqual([{ producto_id: producto.id, cantidad: 3, reservado: 1, disponible: 2 }]);
  });
});

describe('selling reserved stock asks for confirmation', () => {
  it('refuses a save that takes another order\'s boards with 409 naming the order, and saves it when confirmed', async () => {
    const producto = await tablero(2);
    const primero = (await guardar(producto.id, 2)).json().data;
    const antes = await contarVentas();
    const rechazo = await guardar(producto.id, 1, { usuario: vendedor2, cliente: pedro });
    expect(rechazo.statusCode, rechazo.body).toBe(409);
    const cuerpo = rechazo.json();
    expect(cuerpo.code).toBe('STOCK_RESERVADO');
    expect(cuerpo.errors.reservas[0]).toBe(`El producto ${producto.referencia} - ${producto.nombre_producto} está reservado por el pedido No. ${primero.venta_id} de Marta Rincón (2)`);
    expect(cuerpo.message).toContain(`pedido No. ${primero.venta_id} de Marta Rincón`);
    expect(await contarVentas()).toBe(antes);

    const confirmado = await guardar(producto.id, 1, { usuario: vendedor2, cliente: pedro, confirmar: true });
    expect(confirmado.statusCode, confirmado.body).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 2, reservado: 3, disponible: 0 });
    // First come, first served: the newer order that took the boards does not hold back the bill of the first one.
    const facturado = await llamar('POST', `/api/facturas/${primero.venta_id}/forma-pago`, superAdmin, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 2 * PRECIO }]));
    expect(facturado.statusCode, facturado.body).toBe(200);
    expect(await cifras(producto.id)).toEqual({ cantidad: 0, reservado: 1, disponible: 0 });
  });

  it('asks nothing when there is no stock at all (selling short keeps its old rule)', async () => {
    const producto = await tablero(0);
    expect((await guardar(producto.id, 2)).statusCode).toBe(200);
    expect((await guardar(producto.id, 1, { cliente: pedro })).statusCode).toBe(200);
  });

  it('refuses a bill that takes stock an earlier order reserves until confirmed, and the stock moves only then', async () => {
    const producto = await tablero(1);
    const holder = await guardar(producto.id, 1);
    expect(holder.statusCode).toBe(200);
    // An order written without the save's check (as one saved before reservations existed).
    const otra = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: pedro.id,
      vendedor_id: vendedor2.id,
      lineas: [{ producto_id: producto.id, cantidad: 1, precio_unitario: PRECIO }],
    });
    const cuerpo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: otra.total_venta }]);
    const rechazo = await llamar('POST', `/api/facturas/${otra.id}/forma-pago`, superAdmin, cuerpo);
    expect(rechazo.statusCode, rechazo.body).toBe(409);
    expect(rechazo.json().errors.reservas[0]).toContain(`pedido No. ${holder.json().data.venta_id} de Marta Rincón`);
    expect((await saldoDe(entorno.db, tienda.codigo_tienda, producto.id))!.cantidad).toBe(1);
    const facturado = await llamar('POST', `/api/facturas/${otra.id}/forma-pago`, superAdmin, { ...cuerpo, confirmar_reservas: true });
    expect(facturado.statusCode, facturado.body).toBe(200);
    expect((await saldoDe(entorno.db, tienda.codigo_tienda, producto.id))!.cantidad).toBe(0);
  });

  it('lets exactly one of two orders saved at once for the last board through without confirmation', async () => {
    for (let ronda = 0; ronda < 3; ronda++) {
      const producto = await tablero(1);
      const respuestas = await Promise.all([guardar(producto.id, 1), guardar(producto.id, 1, { usuario: vendedor2, cliente: pedro })]);
      expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await cifras(producto.id)).toEqual({ cantidad: 1, reservado: 1, disponible: 0 });
    }
  });
});

describe('GET reservas/producto/{id}: the kardex\'s holders', () => {
  it('lists the orders holding the product with customer, seller, quantity, since and expiry; none of another store', async () => {
    const producto = await tablero(10);
    const guardado = (await guardar(producto.id, 4)).json().data;
    const respuesta = await llamar('GET', `/api/reservas/producto/${producto.id}`, bodega);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const datos = respuesta.json().data;
    expect(datos.existencia).toEqual({ producto_id: producto.id, cantidad: 10, reservado: 4, disponible: 6 });
    expect(datos.dias_reserva).toBe(7);
    expect(datos.pedidos).toHaveLength(1);
    const [pedido] = datos.pedidos;
    expect(pedido).toMatchObject({ venta_id: guardado.venta_id, estado_venta_id: 1, nombre_cliente: 'Marta Rincón', nombre_vendedor: vendedor.name, cantidad: 4 });
    expect(new Date(pedido.vence).getTime() - new Date(pedido.desde).getTime()).toBe(7 * 24 * 3600 * 1000);

    const otra = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Bodega', tiendas: [otraTienda.codigo_tienda] });
    const enOtra = await llamar('GET', `/api/reservas/producto/${producto.id}`, otra, undefined, otraTienda.codigo_tienda);
    expect(enOtra.statusCode, enOtra.body).toBe(200);
    expect(enOtra.json().data.pedidos).toEqual([]);
  });
});
