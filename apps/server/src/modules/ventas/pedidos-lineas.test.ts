import fc from 'fast-check';
import { calcularPrecioRetal, calcularTotalesVenta, MENSAJES_RETAL, MENSAJES_VENTA, type RetalMedidas } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearDescuento,
  crearImpuesto,
  crearParametro,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  cuerpoGuardarVenta,
  headers,
  type LineaCuerpoVenta,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The kinds of line beyond a plain product line (docs/decisions.md: Descuentos, Retales, Líneas de servicio del plan de
// corte): a discount from an approved request, a cut plan's service lines under their board line, an offcut line priced
// from its measures; and POST facturas/retal.

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let administrador: UsuarioConSesion;
let bodega: UsuarioConSesion;
let cliente: { id: number };
let otroCliente: { id: number };
let tablero: { id: number; referencia: string };
let tableroRef: string;
let servicio: { id: number };
let retal: { id: number };

const PRECIO_TABLERO = 185_000.5;
const PRECIO_SERVICIO = 1_200;
const PRECIOS_RETAL = { pieza: '48000', canto_rigido: '2500', canto_flexible: '3800' };

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = usuarios.porRol.Vendedor;
  administrador = usuarios.porRol.Administrador;
  bodega = usuarios.porRol.Bodega;
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  const enTienda = (precio: number) => [
    { codigo_tienda: tienda.codigo_tienda, cantidad: 50, precio_unitario: precio },
    { codigo_tienda: ajena.codigo_tienda, cantidad: 50, precio_unitario: precio },
  ];
  tablero = await crearProducto(db, { nombre_producto: 'Tablero RH blanco 18 mm', impuesto_id: iva.id, proveedor_id: proveedor.id, tiendas: enTienda(PRECIO_TABLERO) });
  tableroRef = tablero.referencia;
  servicio = await crearProducto(db, { referencia: `SERVICOR1-${tienda.codigo_tienda}`, nombre_producto: 'Servicio de corte', impuesto_id: iva.id, proveedor_id: proveedor.id, tiendas: enTienda(PRECIO_SERVICIO) });
  retal = await crearProducto(db, { referencia: 'RETAL', nombre_producto: 'Retal de tablero', impuesto_id: iva.id, proveedor_id: proveedor.id, precio_unitario: 0 });
  cliente = await crearTercero(db, { nombres: 'Óscar', apellidos: 'Gómez' });
  otroCliente = await crearTercero(db, { nombres: 'Lucía', apellidos: 'Mejía' });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_PIEZA', valor_parametro: PRECIOS_RETAL.pieza });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: PRECIOS_RETAL.canto_rigido });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_FLEXIBLE', valor_parametro: PRECIOS_RETAL.canto_flexible });
});

const guardar = (payload: object, usuario: UsuarioConSesion = vendedor, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method: 'POST', url: '/api/facturas/guardar', headers: headers(usuario.token, codigoTienda), payload });

const lineaTablero = (cantidad: number, extra: Partial<LineaCuerpoVenta> = {}): LineaCuerpoVenta => ({
  producto_id: tablero.id,
  cantidad_solicitada: cantidad,
  precio_unitario: PRECIO_TABLERO,
  porcentaje_impuesto: 19,
  ...extra,
});

const lineasGuardadas = (ventaId: number) =>
  entorno.db
    .selectFrom('venta_detalle')
    .select(['item', 'item_padre', 'servicio_lepton', 'porcentaje_descuento', 'valor_descuento', 'descuento_solicitado_id', 'detalle_retal', 'precio_unitario'])
    .where('venta_id', '=', ventaId)
    .orderBy('item')
    .execute();

const ventas = async () => Number((await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** An approved request of the seller for the customer and the board: quantity 3 at the store's price, 10 %. */
const aprobado = (cambios: Partial<Parameters<typeof crearDescuento>[1]> = {}) =>
  crearDescuento(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    tercero_id: cliente.id,
    producto_id: tablero.id,
    user_id: vendedor.id,
    cantidad_solicitada: 3,
    precio_unitario: PRECIO_TABLERO,
    porcentaje_descuento: 10,
    aprobador_id: administrador.id,
    aprobado: true,
    ...cambios,
  });

const conDescuento = (descuentoId: number, cambios: Partial<LineaCuerpoVenta> = {}) =>
  cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(3, { porcentaje_descuento: 10, descuento_solicitado_id: descuentoId, ...cambios })] });

describe('POST /api/facturas/guardar: a discount comes from the approved request that covers the line', () => {
  it('saves the line with the discount, the amounts and the request it comes from', async () => {
    const solicitud = await aprobado();
    const respuesta = await guardar(conDescuento(solicitud.id));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { venta_id, totales } = respuesta.json().data;
    // 3 × 185000.50 = 555001.50; 10 % = 55500.15.
    expect(totales.total_descuento).toBe(55_500.15);
    expect(await lineasGuardadas(venta_id)).toEqual([
      expect.objectContaining({ porcentaje_descuento: '10.00', valor_descuento: '55500.15', descuento_solicitado_id: solicitud.id }),
    ]);
  });

  it('refuses a discount without a request, with a pending, a rejected or another store\'s request (409 naming the product)', async () => {
    const pendiente = await aprobado({ aprobador_id: undefined, aprobado: false });
    const rechazado = await aprobado({ aprobado: false });
    const deOtraTienda = await aprobado({ codigo_tienda: ajena.codigo_tienda });
    const antes = await ventas();
    const casos = [
      cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(3, { porcentaje_descuento: 10 })] }),
      conDescuento(pendiente.id),
      conDescuento(rechazado.id),
      conDescuento(deOtraTienda.id),
      conDescuento(2 ** 31 - 1),
    ];
    for (const cuerpo of casos) {
      const respuesta = await guardar(cuerpo);
      expect(respuesta.statusCode, respuesta.body).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'DESCUENTO_NO_PERMITIDO' });
      expect(respuesta.json().message).toContain('Tablero RH blanco 18 mm');
    }
    expect(await ventas()).toBe(antes);
  });

  it('refuses a request that does not match the line: customer, quantity, price or percentage', async () => {
    const solicitud = await aprobado();
    const antes = await ventas();
    const nombre = `${tableroRef} - Tablero RH blanco 18 mm`;
    const casos = [
      [cuerpoGuardarVenta({ tercero_id: otroCliente.id, lineas: [lineaTablero(3, { porcentaje_descuento: 10, descuento_solicitado_id: solicitud.id })] }), MENSAJES_VENTA.descuentoNoCoincide(nombre)],
      // Another quantity names the approved one (docs/decisions.md "Descuentos").
      [conDescuento(solicitud.id, { cantidad_solicitada: 2 }), MENSAJES_VENTA.descuentoCantidad(nombre, 3)],
      [conDescuento(solicitud.id, { porcentaje_descuento: 15 }), MENSAJES_VENTA.descuentoNoCoincide(nombre)],
    ] as const;
    for (const [cuerpo, mensaje] of casos) {
      const respuesta = await guardar(cuerpo);
      expect(respuesta.statusCode, respuesta.body).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'DESCUENTO_NO_COINCIDE', message: mensaje });
    }
    expect(await ventas()).toBe(antes);
  });

  it('a request covers one line of one order: a second order is refused, and the order keeps it when edited', async () => {
    const solicitud = await aprobado();
    const primera = await guardar(conDescuento(solicitud.id));
    expect(primera.statusCode).toBe(200);
    const segunda = await guardar(conDescuento(solicitud.id));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().code).toBe('DESCUENTO_USADO');
    // The same order saved again (its lines replaced) keeps its discount.
    const { venta_id, version } = primera.json().data;
    const editada = await guardar({ ...conDescuento(solicitud.id), venta_id, version, estado_venta_id: 4 });
    expect(editada.statusCode, editada.body).toBe(200);
    expect((await lineasGuardadas(venta_id))[0]!.descuento_solicitado_id).toBe(solicitud.id);
    // Dropping the discount frees the request for another order.
    const sinDescuento = await guardar(
      cuerpoGuardarVenta({ venta_id, version: editada.json().data.version, estado_venta_id: 4, tercero_id: cliente.id, lineas: [lineaTablero(3)] }),
    );
    expect(sinDescuento.statusCode).toBe(200);
    expect((await guardar(conDescuento(solicitud.id))).statusCode).toBe(200);
  });

  it('two lines of one order naming the same request are refused (422)', async () => {
    const solicitud = await aprobado();
    const linea = lineaTablero(3, { porcentaje_descuento: 10, descuento_solicitado_id: solicitud.id });
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea, { ...linea }] }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors['productoList.1.descuento_solicitado_id']).toEqual([MENSAJES_VENTA.descuentoRepetido]);
  });

  it('two sellers saving new orders with the same request at once: exactly one keeps it', async () => {
    const solicitud = await aprobado();
    const respuestas = await Promise.all([guardar(conDescuento(solicitud.id)), guardar(conDescuento(solicitud.id)), guardar(conDescuento(solicitud.id))]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of respuestas.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('DESCUENTO_USADO');
    const usos = await entorno.db.selectFrom('venta_detalle').select('venta_id').where('descuento_solicitado_id', '=', solicitud.id).execute();
    expect(usos).toHaveLength(1);
  });
});

describe('POST /api/facturas/guardar: a cut plan\'s service lines under their board line', () => {
  const plan = { url_planos: 'https://tablero.test/planos.pdf', piezas: [{ cantidad: 2, base: 600, altura: 400 }] };

  it('keeps each service line with its board line (item_padre) and the plan on the board line', async () => {
    const cuerpo = cuerpoGuardarVenta({
      tercero_id: cliente.id,
      lineas: [
        lineaTablero(2, { item: 1, lepton: plan }),
        { producto_id: servicio.id, cantidad_solicitada: 1, precio_unitario: PRECIO_SERVICIO, porcentaje_impuesto: 19, item: 2, item_padre: 1, servicio_lepton: true },
      ],
    });
    const respuesta = await guardar(cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const lineas = await lineasGuardadas(respuesta.json().data.venta_id);
    expect(lineas.map(({ item, item_padre, servicio_lepton }) => ({ item, item_padre, servicio_lepton }))).toEqual([
      { item: 1, item_padre: null, servicio_lepton: false },
      { item: 2, item_padre: 1, servicio_lepton: true },
    ]);
  });

  it('refuses a service line without its board line, or naming a line without a plan (422 on item_padre)', async () => {
    const servicioDe = (extra: Partial<LineaCuerpoVenta>): LineaCuerpoVenta => ({
      producto_id: servicio.id,
      cantidad_solicitada: 1,
      precio_unitario: PRECIO_SERVICIO,
      porcentaje_impuesto: 19,
      item: 2,
      ...extra,
    });
    const casos: [LineaCuerpoVenta, string][] = [
      [servicioDe({ servicio_lepton: true }), MENSAJES_VENTA.servicioSinPadre],
      [servicioDe({ servicio_lepton: true, item_padre: 1 }), MENSAJES_VENTA.itemPadre],
      [servicioDe({ servicio_lepton: true, item_padre: 9 }), MENSAJES_VENTA.itemPadre],
    ];
    const antes = await ventas();
    for (const [linea, mensaje] of casos) {
      const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1, { item: 1 }), linea] }));
      expect(respuesta.statusCode, respuesta.body).toBe(422);
      expect(respuesta.json().errors['productoList.1.item_padre']).toEqual([mensaje]);
    }
    expect(await ventas()).toBe(antes);
  });
});

const MEDIDAS: RetalMedidas = { base: 600, altura: 400, tipo_canto: 1, lados: { superior: true, inferior: false, izquierdo: true, derecho: false } };
const precioEsperado = (medidas: RetalMedidas) => calcularPrecioRetal({ ...medidas, precios: PRECIOS_RETAL });

describe('POST /api/facturas/retal', () => {
  const cotizar = (payload: object, token: string | null = vendedor.token, codigoTienda = tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/facturas/retal', ...(token ? { headers: headers(token, codigoTienda) } : {}), payload });

  it('refuses no token (401), Bodega (403) and a store the user does not belong to (403)', async () => {
    expect((await cotizar(MEDIDAS, null)).statusCode).toBe(401);
    expect((await cotizar(MEDIDAS, bodega.token)).statusCode).toBe(403);
    expect((await cotizar(MEDIDAS, vendedor.token, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses missing or broken measures with the calculator\'s message (422)', async () => {
    for (const cuerpo of [{}, { ...MEDIDAS, base: 0 }, { ...MEDIDAS, altura: 'abc' }, { ...MEDIDAS, base: 60.5 }, { ...MEDIDAS, tipo_canto: 7 }]) {
      const respuesta = await cotizar(cuerpo);
      expect(respuesta.statusCode, JSON.stringify(cuerpo)).toBe(422);
    }
    expect((await cotizar({ altura: 400 })).json().errors.base).toEqual([MENSAJES_RETAL.campos]);
  });

  it('prices the offcut from the parameters and answers the order line (the offcut product, one unit)', async () => {
    const esperado = precioEsperado(MEDIDAS);
    // 0.6 × 0.4 × 48000 = 11520; (600 + 400) mm × 2500 = 2500; total 14020.
    expect(esperado.total).toBe(14_020);
    const respuesta = await cotizar({ ...MEDIDAS, total_precio_base: esperado.total_precio_base, cantidad_canto: 1, total_precio_canto: esperado.total_precio_canto });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toEqual({
      precio: esperado,
      linea: expect.objectContaining({
        producto_id: retal.id,
        referencia: 'RETAL',
        precio_unitario: 14_020,
        cantidad_solicitada: 1,
        descripcion: 'Retal 600 × 400 mm, canto rígido en 2 lados',
        retal: MEDIDAS,
      }),
    });
  });

  it('reads base prices written with thousands commas, and refuses (409) a negative or unreadable one', async () => {
    const fijar = (valor: string) => entorno.db.updateTable('parametro').set({ valor_parametro: valor }).where('codigo_parametro', '=', 'VALOR_BASE_CANTO_RIGIDO').execute();
    try {
      await fijar('2,500');
      expect((await cotizar(MEDIDAS)).json().data.precio.total).toBe(14_020);
      for (const malo of ['-2500', 'dos mil', '2,5']) {
        await fijar(malo);
        const respuesta = await cotizar(MEDIDAS);
        expect(respuesta.statusCode, malo).toBe(409);
        expect(respuesta.json()).toMatchObject({ code: 'RETAL_NO_CONFIGURADO', message: MENSAJES_RETAL.sinPrecios });
      }
    } finally {
      await fijar(PRECIOS_RETAL.canto_rigido);
    }
  });

  it('refuses amounts that are not the server\'s (409): a calculator with stale prices calculates again', async () => {
    const respuesta = await cotizar({ ...MEDIDAS, total_precio_base: 11_000 });
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ code: 'RETAL_PRECIO_NO_COINCIDE', message: MENSAJES_RETAL.totales });
  });
});

describe('POST /api/facturas/guardar: an offcut line', () => {
  const lineaRetal = (precio: number, extra: Partial<LineaCuerpoVenta> = {}): LineaCuerpoVenta => ({
    producto_id: retal.id,
    cantidad_solicitada: 1,
    precio_unitario: precio,
    porcentaje_impuesto: 19,
    retal: MEDIDAS,
    ...extra,
  });

  it('saves the offcut at its price with its measures, and reads them back', async () => {
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaRetal(precioEsperado(MEDIDAS).total)] }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const ventaId = respuesta.json().data.venta_id;
    const leida = await entorno.app.inject({ method: 'GET', url: `/api/ventas/${ventaId}`, headers: headers(vendedor.token, tienda.codigo_tienda) });
    expect(leida.json().data.ventas_detalle[0]).toMatchObject({ referencia: 'RETAL', valor_unitario: 14_020, retal: MEDIDAS });
  });

  it('refuses an offcut at another price (409 with the right one) or as another product (422), saving nothing', async () => {
    const antes = await ventas();
    const caro = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaRetal(14_020.01)] }));
    expect(caro.statusCode).toBe(409);
    expect(caro.json()).toMatchObject({ code: 'RETAL_PRECIO_NO_COINCIDE', message: MENSAJES_VENTA.retalPrecio('$ 14,020') });
    const otroProducto = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaRetal(14_020, { producto_id: tablero.id })] }));
    expect(otroProducto.statusCode).toBe(422);
    expect(otroProducto.json().message).toBe(MENSAJES_VENTA.retalProducto);
    expect(await ventas()).toBe(antes);
  });
});

describe('POST /api/facturas/guardar: the form\'s totals and the server\'s agree to the centavo', () => {
  it('on random orders (quantities, the store prices, an order-level tax), the saved totals are calcularTotalesVenta\'s', async () => {
    const adicional = await crearImpuesto(entorno.db, { porcentaje_impuesto: 4.25, clase_impuesto: 'OTRO' });
    const proveedor = await crearProveedor(entorno.db);
    const impuestos = [0, 5, 19];
    const productos = await Promise.all(
      [3333.33, 0.01, 125_000.5, 7.77, 99_999.99].map(async (precio, n) => {
        const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: impuestos[n % 3]! });
        const producto = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, tiendas: [{ codigo_tienda: tienda.codigo_tienda, precio_unitario: precio }] });
        return { id: producto.id, precio, porcentaje_impuesto: impuestos[n % 3]! };
      }),
    );
    const pedido = fc.record({
      lineas: fc.array(fc.record({ producto: fc.constantFrom(...productos), centesimas: fc.integer({ min: 1, max: 100_000 }) }), { minLength: 1, maxLength: 12 }),
      conAdicional: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(pedido, async ({ lineas, conAdicional }) => {
        const cuerpoLineas = lineas.map(({ producto, centesimas }) => ({
          producto_id: producto.id,
          cantidad_solicitada: centesimas / 100,
          precio_unitario: producto.precio,
          porcentaje_impuesto: producto.porcentaje_impuesto,
        }));
        const impuestoAdicional = conAdicional ? { id: adicional.id, porcentaje: 4.25 } : null;
        const esperado = calcularTotalesVenta({
          porcentaje_impuesto_adicional: impuestoAdicional?.porcentaje ?? 0,
          lineas: cuerpoLineas.map((l) => ({ cantidad: l.cantidad_solicitada, precio_unitario: l.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: l.porcentaje_impuesto })),
        }).totales;
        const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: cuerpoLineas, impuesto_adicional: impuestoAdicional }));
        expect(respuesta.statusCode, respuesta.body).toBe(200);
        const fila = await entorno.db.selectFrom('venta').selectAll().where('id', '=', respuesta.json().data.venta_id).executeTakeFirstOrThrow();
        expect(Number(fila.total_venta)).toBe(esperado.total_venta);
        expect(Number(fila.total_subtotal_venta)).toBe(esperado.total_subtotal_venta);
        expect(Number(fila.total_impuestos_venta)).toBe(esperado.total_impuestos_venta);
        expect(Number(fila.total_otros_impuestos_venta)).toBe(esperado.total_otros_impuestos_venta);
      }),
      { numRuns: 40 },
    );
  });
});
