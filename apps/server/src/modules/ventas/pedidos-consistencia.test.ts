import { MENSAJES_INVENTARIO, MENSAJES_VENTA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearDescuento,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuariosPorRol,
  cuerpoGuardarVenta,
  headers,
  type LineaCuerpoVenta,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// What the order form and POST facturas/guardar agree on (docs/decisions.md "Pedidos", "Descuentos"): an approved
// discount covers the request's quantity only, the unit price is the store's unless the role may set one, a board line
// with a cut plan sells the plan's boards, and 'Otros impuestos' adds no tax the lines already carry.

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let administrador: UsuarioConSesion;
let cliente: { id: number };
let iva: { id: number };
let iva5: { id: number };
let consumo: { id: number };
let tablero: { id: number; nombre: string };

const PRECIO = 185_000.5;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  vendedor = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  administrador = usuarios.porRol.Administrador;
  iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19% de prueba', porcentaje_impuesto: 19 });
  iva5 = await crearImpuesto(db, { nombre_impuesto: 'IVA 5% de prueba', porcentaje_impuesto: 5 });
  consumo = await crearImpuesto(db, { nombre_impuesto: 'Impuesto al consumo de prueba', porcentaje_impuesto: 8, clase_impuesto: 'OTRO' });
  const proveedor = await crearProveedor(db);
  const producto = await crearProducto(db, {
    nombre_producto: 'Tablero RH gris 15 mm',
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 50, precio_unitario: PRECIO }],
  });
  tablero = { id: producto.id, nombre: `${producto.referencia} - Tablero RH gris 15 mm` };
  cliente = await crearTercero(db, { nombres: 'Marta', apellidos: 'Rincón' });
});

const guardar = (payload: object, usuario: UsuarioConSesion = vendedor) =>
  entorno.app.inject({ method: 'POST', url: '/api/facturas/guardar', headers: headers(usuario.token, tienda.codigo_tienda), payload });

const linea = (cantidad: number, extra: Partial<LineaCuerpoVenta> = {}): LineaCuerpoVenta => ({
  producto_id: tablero.id,
  cantidad_solicitada: cantidad,
  precio_unitario: PRECIO,
  porcentaje_impuesto: 19,
  ...extra,
});

const contar = async (tabla: 'venta' | 'venta_detalle') =>
  Number((await entorno.db.selectFrom(tabla).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** Sends the body and expects the refusal: its status, code or field, the Spanish message, and no row written. */
async function rechazado(payload: object, usuario: UsuarioConSesion, esperado: { status: number; code?: string; campo?: string; message: string }) {
  const antes = { ventas: await contar('venta'), lineas: await contar('venta_detalle') };
  const respuesta = await guardar(payload, usuario);
  expect(respuesta.statusCode, respuesta.body).toBe(esperado.status);
  const cuerpo = respuesta.json();
  expect(cuerpo.message).toBe(esperado.message);
  if (esperado.code) expect(cuerpo.code).toBe(esperado.code);
  if (esperado.campo) expect(cuerpo.errors[esperado.campo]).toEqual([esperado.message]);
  expect({ ventas: await contar('venta'), lineas: await contar('venta_detalle') }).toEqual(antes);
}

describe('POST /api/facturas/guardar: an approved discount covers the quantity it was approved for', () => {
  const aprobado = () =>
    crearDescuento(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      tercero_id: cliente.id,
      producto_id: tablero.id,
      user_id: vendedor.id,
      cantidad_solicitada: 4,
      precio_unitario: PRECIO,
      porcentaje_descuento: 5,
      aprobador_id: administrador.id,
      aprobado: true,
    });

  it('refuses the line whose quantity changed after the approval (409 naming the product and the approved quantity), saving nothing', async () => {
    const solicitud = await aprobado();
    for (const cantidad of [3, 5]) {
      await rechazado(
        cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(cantidad, { porcentaje_descuento: 5, descuento_solicitado_id: solicitud.id })] }),
        vendedor,
        { status: 409, code: 'DESCUENTO_NO_COINCIDE', message: MENSAJES_VENTA.descuentoCantidad(tablero.nombre, 4) },
      );
    }
  });

  it('saves the approved quantity with the discount, and the changed quantity without it at full price', async () => {
    const solicitud = await aprobado();
    const con = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(4, { porcentaje_descuento: 5, descuento_solicitado_id: solicitud.id })] }));
    expect(con.statusCode, con.body).toBe(200);
    expect(con.json().data.totales.total_descuento).toBe(37_000.1);
    const sin = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(5)] }));
    expect(sin.statusCode, sin.body).toBe(200);
    expect(sin.json().data.totales.total_descuento).toBe(0);
  });
});

describe('POST /api/facturas/guardar: the unit price is the store\'s unless the role may set one', () => {
  it('refuses another price from a Vendedor or an Operario (409 naming the product and the store\'s price), saving nothing', async () => {
    for (const usuario of [vendedor, operario]) {
      await rechazado(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(1, { precio_unitario: 170_000 })] }), usuario, {
        status: 409,
        code: 'PRECIO_NO_COINCIDE',
        message: MENSAJES_VENTA.precioDistinto(tablero.nombre, '$ 185,000.50'),
      });
    }
  });

  it('saves the price a SuperAdministrador sets, with the totals of that price', async () => {
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(2, { precio_unitario: 170_000 })] }), superAdmin);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { venta_id, totales } = respuesta.json().data;
    expect(totales.total_subtotal_venta).toBe(340_000);
    const [guardada] = await entorno.db.selectFrom('venta_detalle').select(['precio_unitario', 'valor_subtotal']).where('venta_id', '=', venta_id).execute();
    expect(guardada).toEqual({ precio_unitario: '170000.00000', valor_subtotal: '340000.00' });
  });
});

describe('POST /api/facturas/guardar: a board line with a cut plan sells the plan\'s boards', () => {
  const plan = (placas: number) => ({ url_planos: 'https://tablero.test/planos.pdf', piezas: [{ cantidad: 6, base: 600, altura: 400 }], optimizacion: { planilla: { cant_placas: placas } } });

  it('refuses a quantity other than the plan\'s board count (409 naming the product and the count), saving nothing', async () => {
    for (const cantidad of [1, 3]) {
      await rechazado(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(cantidad, { item: 1, lepton: plan(2) })] }), vendedor, {
        status: 409,
        code: 'CANTIDAD_PLAN_NO_COINCIDE',
        message: MENSAJES_VENTA.cantidadPlan(tablero.nombre, 2),
      });
    }
    // Whoever saves: the plan is the plan.
    await rechazado(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(1, { item: 1, lepton: plan(1) }), linea(4, { item: 2, lepton: plan(3) })] }), superAdmin, {
      status: 409,
      code: 'CANTIDAD_PLAN_NO_COINCIDE',
      message: MENSAJES_VENTA.cantidadPlan(tablero.nombre, 3),
    });
  });

  it('saves the plan\'s board count; a plan without a board count (the spec\'s shape) fixes no quantity', async () => {
    const igual = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(2, { item: 1, lepton: plan(2) })] }));
    expect(igual.statusCode, igual.body).toBe(200);
    const sinPlacas = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(5, { item: 1, lepton: { url_planos: 'x', piezas: [] } })] }));
    expect(sinPlacas.statusCode, sinPlacas.body).toBe(200);
  });
});

describe('POST /api/facturas/guardar: \'Otros impuestos\' adds no tax the lines already carry', () => {
  it('refuses the lines\' own IVA and another IVA on lines that pay IVA (422 on impuesto_adicional_id), saving nothing', async () => {
    for (const [adicional, nombre, porcentaje] of [
      [iva, 'IVA 19% de prueba', 19],
      [iva5, 'IVA 5% de prueba', 5],
    ] as const) {
      await rechazado(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(1)], impuesto_adicional: { id: adicional.id, porcentaje } }), vendedor, {
        status: 422,
        campo: 'impuesto_adicional_id',
        message: MENSAJES_VENTA.impuestoRepetido(nombre),
      });
    }
  });

  it('saves a tax of another class, with its amount', async () => {
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [linea(1)], impuesto_adicional: { id: consumo.id, porcentaje: 8 } }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data.totales.total_otros_impuestos_venta).toBe(14_800.04);
  });
});

describe('POST /api/facturas/guardar: what billing will take out must be takeable (docs/decisions.md, Inventario)', () => {
  let bisagra: { id: number; nombre: string };
  let canto: { id: number };
  let enchape: { id: number };
  beforeAll(async () => {
    const { db } = entorno;
    const unidades = await crearTipoMedida(db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' });
    const metros = await crearTipoMedida(db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const proveedor = await crearProveedor(db);
    const enTienda = [{ codigo_tienda: tienda.codigo_tienda, cantidad: 50, precio_unitario: 1_000 }];
    const producto = await crearProducto(db, { nombre_producto: 'Bisagra cazoleta 35 mm', impuesto_id: iva.id, proveedor_id: proveedor.id, tipo_medida_id: unidades.id, precio_unitario: 1_000, tiendas: enTienda });
    bisagra = { id: producto.id, nombre: 'Bisagra cazoleta 35 mm' };
    canto = await crearProducto(db, { nombre_producto: 'Canto PVC blanco 22 mm', impuesto_id: iva.id, proveedor_id: proveedor.id, tipo_medida_id: metros.id, precio_unitario: 1_000, tiendas: enTienda });
    const servicio = await crearTipoMedida(db, { nombre_corto_tipo_medida: 'SRV', nombre_tipo_medida: 'Servicio' });
    enchape = await crearProducto(db, { nombre_producto: 'Enchape canto rígido (metro)', impuesto_id: iva.id, proveedor_id: proveedor.id, tipo_medida_id: servicio.id, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1, precio_unitario: 1_000, tiendas: enTienda });
  });
  const de = (producto: { id: number }, cantidad: number): LineaCuerpoVenta => ({ producto_id: producto.id, cantidad_solicitada: cantidad, precio_unitario: 1_000, porcentaje_impuesto: 19 });

  it('refuses half a hinge (422 on its line\'s quantity, the inventory\'s message), saving nothing', async () => {
    await rechazado(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [de(canto, 2.5), de(bisagra, 0.5)] }), vendedor, {
      status: 422,
      campo: 'productoList.1.cantidad_solicitada',
      message: MENSAJES_INVENTARIO.cantidadEntera(bisagra.nombre),
    });
  });

  it('saves 2.5 m of edge band, 7.35 m of an edge-banding service, and hinges whose lines add up to whole units, as billing counts them', async () => {
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [de(canto, 2.5), de(enchape, 7.35), de(bisagra, 0.5), de(bisagra, 1.5)] }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
  });
});
