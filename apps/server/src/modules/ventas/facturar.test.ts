import {
  ADJUNTO_MAXIMO_BYTES,
  ERRORES,
  formatearPesos,
  hoyNegocio,
  MENSAJES_ADJUNTO,
  MENSAJES_FACTURACION,
  MENSAJES_FE,
  MENSAJES_INVENTARIO,
  MENSAJES_NUMERACION,
  MENSAJES_VENTA,
  sumarDias,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import * as migracionPlazo from '../../db/migrations/202612030200_plazo_credito';
import { detallePorTercero } from '../cuentas-credito';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  movimientosDe,
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let tablero: { id: number };
let canto: { id: number };
let corte: { id: number };
let rangoFactura: { id: number };
let rangoRemision: { id: number };

const EFECTIVO = 1;
const TARJETA = 2;
const CREDITO = 6;
const ANTICIPO = 8;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  bodega = usuarios.porRol.Bodega;
  administrador = usuarios.porRol.Administrador;
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  const enTiendas = (cantidad: number, precio: number) => [
    { codigo_tienda: tienda.codigo_tienda, cantidad, precio_unitario: precio },
    { codigo_tienda: ajena.codigo_tienda, cantidad, precio_unitario: precio },
  ];
  tablero = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 100_000, tiendas: enTiendas(1000, 100_000) });
  canto = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 2, linea_id: 4, precio_unitario: 1_500.5, tiendas: enTiendas(1000, 1_500.5) });
  corte = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1, precio_unitario: 2_000, tiendas: enTiendas(0, 2_000) });
  rangoFactura = await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FE', numero_desde: 1, numero_hasta: 10_000 });
  rangoRemision = await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 500, numero_hasta: 10_000 });
  await crearRangoNumeracion(db, { codigo_tienda: ajena.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REMB' });
});

/** A new customer (prepaid balance when given) and one pending sale of 2 boards, 2.5 + 1.2 m of edge band and a cut. */
async function ventaPendiente(datos: { saldo_abono?: number; codigo_tienda?: string; estado_venta_id?: number } = {}) {
  const cliente = await crearTercero(entorno.db, { saldo_abono: datos.saldo_abono ?? 0 });
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: datos.codigo_tienda ?? tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: cajero.id,
    ...(datos.estado_venta_id ? { estado_venta_id: datos.estado_venta_id } : {}),
    lineas: [
      { producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000 },
      { producto_id: canto.id, cantidad: 2.5, precio_unitario: 1_500.5 },
      { producto_id: canto.id, cantidad: 1.2, precio_unitario: 1_500.5 },
      { producto_id: corte.id, cantidad: 3, precio_unitario: 2_000 },
    ],
  });
  return { ...venta, cliente };
}

const llamar = (method: 'POST' | 'PUT', url: string, token: string | null, codigoTienda: string | undefined, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });
const facturar = (ventaId: number, cuerpo: object, usuario: UsuarioConSesion = cajero, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/facturas/${ventaId}/forma-pago`, usuario.token, codigoTienda, cuerpo);
// The concept and reason an electronic invoice's annulment needs (a credit sale is one); a remission's ignores them.
const anular = (ventaId: number, usuario: UsuarioConSesion = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('PUT', `/api/facturas/${ventaId}/anular`, usuario.token, codigoTienda, { concepto_nota: '2', motivo: 'Cliente desiste' });

const filaVenta = (id: number) => entorno.db.selectFrom('venta').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pagosDe = (id: number) =>
  entorno.db.selectFrom('venta_forma_pago').select(['forma_pago_id', 'valor_pagado', 'codigo_comprobante_pago', 'user_id']).where('venta_id', '=', id).orderBy('id').execute();
const historialDe = (id: number) =>
  entorno.db.selectFrom('venta_estado_historial').select(['estado_anterior_id', 'estado_nuevo_id', 'user_id']).where('venta_id', '=', id).orderBy('id').execute();
const movimientosVenta = async (id: number) =>
  (await entorno.db.selectFrom('inventario_movimiento').select(['producto_id', 'tipo_movimiento', 'cantidad']).where('documento', '=', `Venta No. ${id}`).orderBy('id').execute()).map(
    (fila) => ({ ...fila, cantidad: Number(fila.cantidad) }),
  );
const saldoAbono = async (terceroId: number) =>
  Number((await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', terceroId).executeTakeFirstOrThrow()).saldo_abono);
const cuentaDe = (terceroId: number) => entorno.db.selectFrom('cuenta_credito').selectAll().where('tercero_id', '=', terceroId).executeTakeFirstOrThrow();
const stock = async (productoId: number, codigo = tienda.codigo_tienda) => (await saldoDe(entorno.db, codigo, productoId))!.cantidad;
const siguiente = async (rangoId: number) =>
  (await entorno.db.selectFrom('rango_numeracion').select('siguiente_numero').where('id', '=', rangoId).executeTakeFirstOrThrow()).siguiente_numero;

/** The total of ventaPendiente: 200,000 + 3,751.25 + 1,800.60 + 6,000. */
const TOTAL = 211_551.85;

/** Everything a refused bill must have left as it was. */
async function sinCambios(venta: { id: number }, antes: { tablero: number; canto: number }) {
  expect((await filaVenta(venta.id)).estado_venta_id).toBe(1);
  expect(await pagosDe(venta.id)).toEqual([]);
  expect(await movimientosVenta(venta.id)).toEqual([]);
  expect(await stock(tablero.id)).toBe(antes.tablero);
  expect(await stock(canto.id)).toBe(antes.canto);
}

describe('refusals of the billing routes', () => {
  it('answers 401 without a token', async () => {
    const venta = await ventaPendiente();
    expect((await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, null, undefined, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]))).statusCode).toBe(401);
    expect((await llamar('PUT', `/api/facturas/${venta.id}/anular`, null, undefined)).statusCode).toBe(401);
  });

  it('answers 403 to Bodega and Administrador billing and to everyone but SuperAdministrador annulling', async () => {
    const venta = await ventaPendiente();
    const cuerpo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]);
    for (const usuario of [bodega, administrador]) expect((await facturar(venta.id, cuerpo, usuario)).statusCode, usuario.role).toBe(403);
    for (const usuario of [cajero, operario, bodega, administrador]) expect((await anular(venta.id, usuario)).statusCode, usuario.role).toBe(403);
    expect((await filaVenta(venta.id)).estado_venta_id).toBe(1);
  });

  it('answers 404 for a sale of another store and 403 for a store the user does not work in', async () => {
    const venta = await ventaPendiente({ codigo_tienda: ajena.codigo_tienda });
    const cuerpo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]);
    const respuesta = await facturar(venta.id, cuerpo);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().message).toBe(ERRORES.VENTA_NO_ENCONTRADA.mensaje);
    expect((await facturar(venta.id, cuerpo, cajero, ajena.codigo_tienda)).statusCode).toBe(403);
    expect((await anular(venta.id)).statusCode).toBe(404);
    expect((await facturar(2_147_483_647, cuerpo)).statusCode).toBe(404);
  });
});

describe('POST facturas/{venta_id}/forma-pago: the §5 messages', () => {
  it('refuses each invalid bill with its message and writes nothing', async () => {
    await entorno.db.insertInto('forma_pago').values({ id: 90, nombre_forma_pago: 'Bono retirado', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false, activo: false }).execute();
    const venta = await ventaPendiente();
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const casos: [string, Record<string, unknown>, string, string][] = [
      ['no rows', cuerpoFacturar([]), 'formaPagoList', MENSAJES_FACTURACION.valoresVacios],
      ['a zero value', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 0 }]), 'formaPagoList.0.valor_pagado', MENSAJES_FACTURACION.valoresVacios],
      ['an empty value', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: '' as unknown as number }]), 'formaPagoList.0.valor_pagado', MENSAJES_FACTURACION.valoresVacios],
      ['no method', cuerpoFacturar([{ valor_pagado: TOTAL }] as never), 'formaPagoList.0.id_forma_pago', MENSAJES_FACTURACION.valoresVacios],
      ['an unknown method', cuerpoFacturar([{ id_forma_pago: 99, valor_pagado: TOTAL }]), 'formaPagoList.0.id_forma_pago', MENSAJES_FACTURACION.formaPago],
      ['an inactive method', cuerpoFacturar([{ id_forma_pago: 90, valor_pagado: TOTAL }]), 'formaPagoList.0.id_forma_pago', MENSAJES_FACTURACION.formaPago],
      [
        'a card without its voucher code',
        cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_551.85 }, { id_forma_pago: TARJETA, valor_pagado: 210_000, comprobante_id: '  ' }]),
        'formaPagoList.1.comprobante_id',
        MENSAJES_FACTURACION.valoresVacios,
      ],
      ['a voucher code too long', cuerpoFacturar([{ id_forma_pago: TARJETA, valor_pagado: TOTAL, comprobante_id: 'x'.repeat(61) }]), 'formaPagoList.0.comprobante_id', MENSAJES_FACTURACION.comprobanteLargo],
      ['a sum below the total', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL - 0.01 }]), 'formaPagoList', MENSAJES_FACTURACION.sumatoria(formatearPesos(TOTAL))],
      ['a sum above the total', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }, { id_forma_pago: EFECTIVO, valor_pagado: 1 }]), 'formaPagoList', MENSAJES_FACTURACION.sumatoria(formatearPesos(TOTAL))],
      ['more than 10 rows', cuerpoFacturar(Array.from({ length: 11 }, () => ({ id_forma_pago: EFECTIVO, valor_pagado: 1 }))), 'formaPagoList', MENSAJES_FACTURACION.formasPagoMaximas],
      ['credit outside credit mode', cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }]), 'formaPagoList', MENSAJES_FACTURACION.creditoSinModo],
      ['credit mode without credit', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { crear_venta_credito: true }), 'formaPagoList', MENSAJES_FACTURACION.creditoSinForma],
      [
        'two credit rows',
        cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: 1 }, { id_forma_pago: CREDITO, valor_pagado: TOTAL - 1 }], { crear_venta_credito: true }),
        'formaPagoList',
        MENSAJES_FACTURACION.creditoUnaForma,
      ],
      ['a mode that is not the checkbox', cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { modo_factura: 'CR' }), 'modo_factura', MENSAJES_FACTURACION.modoNoCoincide],
      [
        'credit as a remission (the invoice flag off)',
        cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true, crear_factura_siigo: false }),
        'crear_factura_siigo',
        MENSAJES_FACTURACION.creditoSinFactura,
      ],
      [
        'cash received below the cash amount',
        cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { valor_recibido: 200_000 }),
        'valor_recibido',
        MENSAJES_FACTURACION.efectivoRecibido(formatearPesos(TOTAL)),
      ],
    ];
    for (const [nombre, cuerpo, campo, mensaje] of casos) {
      const respuesta = await facturar(venta.id, cuerpo);
      expect(respuesta.statusCode, `${nombre}: ${respuesta.body}`).toBe(422);
      expect(respuesta.json().errors?.[campo], `${nombre}: ${respuesta.body}`).toContain(mensaje);
    }
    await sinCambios(venta, antes);
  });

  it('refuses a sale that is not pending and a version that changed (409)', async () => {
    const enEdicion = await ventaPendiente({ estado_venta_id: 4 });
    let respuesta = await facturar(enEdicion.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_FACTURACION.noPendiente(enEdicion.id));
    const venta = await ventaPendiente();
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { version: 2 }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_FACTURACION.versionCambio(venta.id));
    await sinCambios(venta, antes);
  });
});

describe('POST facturas/{venta_id}/forma-pago: billing', () => {
  it('bills with cash and card as a remission: payments, change, stock out per product, number, state and history', async () => {
    const venta = await ventaPendiente();
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id), corte: await stock(corte.id) };
    const numero = await siguiente(rangoRemision.id);
    const respuesta = await facturar(
      venta.id,
      cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 11_551.85 }, { id_forma_pago: TARJETA, valor_pagado: 200_000, comprobante_id: 'VOU-778' }], {
        valor_recibido: 20_000,
        version: 1,
        modo_factura: 'C',
      }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe(MENSAJES_FACTURACION.facturada);
    expect(data).toMatchObject({
      venta_id: venta.id,
      tipo_documento: 'REMISION',
      prefijo_factura_dian: 'REM',
      nro_factura_dian: numero,
      valor_venta_cambio_favor: 8_448.15,
      aviso_numeracion: null,
    });
    expect(data.url_factura).toMatch(/^\/api\/public\/FVS\/[\w.-]+$/);
    expect(await pagosDe(venta.id)).toEqual([
      { forma_pago_id: EFECTIVO, valor_pagado: '11551.85', codigo_comprobante_pago: null, user_id: cajero.id },
      { forma_pago_id: TARJETA, valor_pagado: '200000.00', codigo_comprobante_pago: 'VOU-778', user_id: cajero.id },
    ]);
    const fila = await filaVenta(venta.id);
    expect(fila).toMatchObject({
      estado_venta_id: 2,
      version: 2,
      tipo_documento: 'REMISION',
      rango_numeracion_id: rangoRemision.id,
      prefijo_factura_dian: 'REM',
      nro_factura_dian: numero,
      facturador_id: cajero.id,
      modo_factura: 'C',
      crear_factura_siigo: false,
      permite_fe: false,
      valor_recibido_efectivo: '20000.00',
      valor_venta_cambio_favor: '8448.15',
    });
    expect(fila.fecha_factura).toBeInstanceOf(Date);
    expect(await historialDe(venta.id)).toEqual([{ estado_anterior_id: 1, estado_nuevo_id: 2, user_id: cajero.id }]);
    // 2 boards; 2.5 + 1.2 = 3.7 m of edge band, exactly (docs/decisions.md, Inventario); the cut is a service and moves nothing.
    expect(await movimientosVenta(venta.id)).toEqual([
      { producto_id: tablero.id, tipo_movimiento: 'VENTA', cantidad: -2 },
      { producto_id: canto.id, tipo_movimiento: 'VENTA', cantidad: -3.7 },
    ]);
    expect(await stock(tablero.id)).toBe(antes.tablero - 2);
    expect(await stock(canto.id)).toBeCloseTo(antes.canto - 3.7, 2);
    expect(await stock(corte.id)).toBe(antes.corte);
    const ultimo = (await movimientosDe(entorno.db, tienda.codigo_tienda, tablero.id)).at(-1)!;
    expect(ultimo).toMatchObject({ saldo: antes.tablero - 2, user_id: cajero.id, documento: `Venta No. ${venta.id}` });
    expect(await siguiente(rangoRemision.id)).toBe(numero + 1);
    // Billed once: a second bill is refused.
    const otra = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]));
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJES_FACTURACION.noPendiente(venta.id));
  });

  it('bills with the Siigo flag as an electronic invoice from the FACTURA range; without cash received there is no change', async () => {
    const venta = await ventaPendiente();
    const numero = await siguiente(rangoFactura.id);
    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { crear_factura_siigo: true }), operario);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ tipo_documento: 'FACTURA', prefijo_factura_dian: 'FE', nro_factura_dian: numero, valor_venta_cambio_favor: 0 });
    expect(await filaVenta(venta.id)).toMatchObject({ permite_fe: true, crear_factura_siigo: true, valor_recibido_efectivo: null, facturador_id: operario.id });
  });

  it('lets stock go below zero (a board sold before it arrives)', async () => {
    const escaso = await crearProducto(entorno.db, { impuesto_id: (await crearImpuesto(entorno.db)).id, proveedor_id: (await crearProveedor(entorno.db)).id, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1, precio_unitario: 500 }] });
    const cliente = await crearTercero(entorno.db);
    const venta = await crearVentaConLineas(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: cajero.id, lineas: [{ producto_id: escaso.id, cantidad: 3, precio_unitario: 500 }] });
    expect((await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_500 }]))).statusCode).toBe(200);
    expect(await stock(escaso.id)).toBe(-2);
  });

  it('spends the prepaid balance with the advance method, and refuses when it is short without writing anything', async () => {
    const corta = await ventaPendiente({ saldo_abono: 100_000 });
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const cuerpo = cuerpoFacturar([{ id_forma_pago: ANTICIPO, valor_pagado: 150_000 }, { id_forma_pago: EFECTIVO, valor_pagado: 61_551.85 }]);
    const respuesta = await facturar(corta.id, cuerpo);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.SALDO_ABONO_INSUFICIENTE.mensaje);
    await sinCambios(corta, antes);
    expect(await saldoAbono(corta.cliente.id)).toBe(100_000);

    const venta = await ventaPendiente({ saldo_abono: 180_000 });
    expect((await facturar(venta.id, cuerpo)).statusCode).toBe(200);
    expect(await saldoAbono(venta.cliente.id)).toBe(30_000);
    const movimientos = await entorno.db.selectFrom('abono_tercero').select(['tipo_movimiento_abono_id', 'valor_abono', 'saldo_abono', 'venta_id']).where('tercero_id', '=', venta.cliente.id).execute();
    expect(movimientos).toEqual([{ tipo_movimiento_abono_id: 2, valor_abono: '-150000.00', saldo_abono: '30000.00', venta_id: venta.id }]);
  });

  it('charges a credit invoice to the credit account within its quota; beyond it, or without an account, refuses', async () => {
    const venta = await ventaPendiente();
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const cuerpo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 11_551.85 }, { id_forma_pago: CREDITO, valor_pagado: 200_000 }], { crear_venta_credito: true, modo_factura: 'CR' });
    let respuesta = await facturar(venta.id, cuerpo);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_VENTA.sinCuentaCredito(`${venta.cliente.nombres} ${venta.cliente.apellidos}`));
    await crearCuentaCredito(entorno.db, { tercero_id: venta.cliente.id, total_cupo_permitido: 250_000, total_credito: 60_000 });
    respuesta = await facturar(venta.id, cuerpo);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().code).toBe('CUPO_CREDITO_EXCEDIDO');
    await sinCambios(venta, antes);
    expect(Number((await cuentaDe(venta.cliente.id)).total_credito)).toBe(60_000);

    await entorno.db.updateTable('cuenta_credito').set({ total_cupo_permitido: 260_000 }).where('tercero_id', '=', venta.cliente.id).execute();
    respuesta = await facturar(venta.id, cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    // Always an electronic invoice, due the billing day + the account's term (30 by default).
    expect(respuesta.json().data).toMatchObject({ tipo_documento: 'FACTURA', prefijo_factura_dian: 'FE' });
    expect(await filaVenta(venta.id)).toMatchObject({
      modo_factura: 'CR',
      estado_venta_id: 2,
      tipo_documento: 'FACTURA',
      permite_fe: true,
      rango_numeracion_id: rangoFactura.id,
      fecha_vencimiento: sumarDias(hoyNegocio(), 30),
    });
    const cuenta = await cuentaDe(venta.cliente.id);
    expect(Number(cuenta.total_credito)).toBe(260_000);
    const cargo = await entorno.db.selectFrom('cuenta_credito_movimiento').select(['tipo_movimiento_credito_id', 'valor_movimiento', 'saldo_credito']).where('venta_id', '=', venta.id).execute();
    expect(cargo).toEqual([{ tipo_movimiento_credito_id: 1, valor_movimiento: '200000.00', saldo_credito: '260000.00' }]);
  });

  it("writes a credit sale's due date from its account's term; a cash sale has none", async () => {
    const venta = await ventaPendiente();
    await crearCuentaCredito(entorno.db, { tercero_id: venta.cliente.id, total_cupo_permitido: 1_000_000, plazo_dias: 45 });
    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await filaVenta(venta.id)).toMatchObject({ tipo_documento: 'FACTURA', tipo_pago_id: 2, fecha_vencimiento: sumarDias(hoyNegocio(), 45) });
    // The detail and the list say it too.
    const detalle = await entorno.app.inject({ method: 'GET', url: `/api/facturas/${venta.id}`, headers: headers(cajero.token, tienda.codigo_tienda) });
    expect(detalle.statusCode, detalle.body).toBe(200);
    expect(detalle.json().data.ventas_encabezado.fecha_vencimiento).toBe(sumarDias(hoyNegocio(), 45));

    const contado = await ventaPendiente();
    await crearCuentaCredito(entorno.db, { tercero_id: contado.cliente.id, plazo_dias: 45 });
    expect((await facturar(contado.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]))).statusCode).toBe(200);
    expect(await filaVenta(contado.id)).toMatchObject({ tipo_documento: 'REMISION', tipo_pago_id: 1, fecha_vencimiento: null });
  });

  it('refuses credit with the invoice flag off (422 on the flag) and writes nothing: no stock, charge, payment or number', async () => {
    const venta = await ventaPendiente();
    await crearCuentaCredito(entorno.db, { tercero_id: venta.cliente.id, total_cupo_permitido: 1_000_000 });
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const numeros = { factura: await siguiente(rangoFactura.id), remision: await siguiente(rangoRemision.id) };
    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true, crear_factura_siigo: false, modo_factura: 'CR' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.crear_factura_siigo).toEqual([MENSAJES_FACTURACION.creditoSinFactura]);
    await sinCambios(venta, antes);
    expect(await filaVenta(venta.id)).toMatchObject({ tipo_documento: null, fecha_vencimiento: null });
    expect(Number((await cuentaDe(venta.cliente.id)).total_credito)).toBe(0);
    expect(await entorno.db.selectFrom('cuenta_credito_movimiento').select('id').where('venta_id', '=', venta.id).execute()).toEqual([]);
    expect({ factura: await siguiente(rangoFactura.id), remision: await siguiente(rangoRemision.id) }).toEqual(numeros);
  });

  it('warns only SuperAdministrador once the range has used 90 % of its numbers', async () => {
    const propia = await crearTienda(entorno.db);
    const jefe = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [propia.codigo_tienda] });
    const vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [propia.codigo_tienda] });
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RA', numero_desde: 1, numero_hasta: 10, siguiente_numero: 9 });
    const cliente = await crearTercero(entorno.db);
    const nueva = () => crearVentaConLineas(entorno.db, { codigo_tienda: propia.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, lineas: [{ producto_id: corte.id, cantidad: 1, precio_unitario: 2_000 }] });
    const cuerpo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 2_000 }]);
    const delVendedor = await facturar((await nueva()).id, cuerpo, vendedor, propia.codigo_tienda);
    expect(delVendedor.json().data).toMatchObject({ nro_factura_dian: 9, aviso_numeracion: null });
    const delJefe = await facturar((await nueva()).id, cuerpo, jefe, propia.codigo_tienda);
    expect(delJefe.json().data).toMatchObject({ nro_factura_dian: 10, aviso_numeracion: MENSAJES_NUMERACION.aviso('RA', propia.codigo_tienda, 10, 10) });
    // Exhausted: refused, and nothing is written (the stock of a board line would have moved first).
    const cliente2 = await crearTercero(entorno.db);
    const ultima = await crearVentaConLineas(entorno.db, { codigo_tienda: propia.codigo_tienda, cliente_id: cliente2.id, vendedor_id: vendedor.id, lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 100_000 }] });
    const stockAntes = await saldoDe(entorno.db, propia.codigo_tienda, tablero.id);
    const agotado = await facturar(ultima.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 100_000 }]), vendedor, propia.codigo_tienda);
    expect(agotado.statusCode).toBe(409);
    expect(agotado.json().message).toBe(MENSAJES_NUMERACION.agotado('RA', 10));
    expect((await filaVenta(ultima.id)).estado_venta_id).toBe(1);
    expect(await pagosDe(ultima.id)).toEqual([]);
    expect(await movimientosVenta(ultima.id)).toEqual([]);
    expect(await saldoDe(entorno.db, propia.codigo_tienda, tablero.id)).toEqual(stockAntes);
  });
});

describe('voucher pictures of the payments (002 §3 adjunto_comprobante)', () => {
  // A real 1×1 PNG: the server reads the picture's type from its first bytes and checks it ends whole.
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const adjunto = (bytes: Buffer, extension = 'png') => ({ nombre_temp: 'voucher.png', extension_archivo: extension, adjunto: bytes.toString('base64') });
  const pagosConAdjunto = (adjuntoTarjeta: object) => [
    { id_forma_pago: EFECTIVO, valor_pagado: 11_551.85 },
    { id_forma_pago: TARJETA, valor_pagado: 200_000, comprobante_id: 'VOU-1', adjunto_comprobante: adjuntoTarjeta },
  ];
  const adjuntosDe = (id: number) =>
    entorno.db
      .selectFrom('venta_forma_pago')
      .select(['forma_pago_id', 'adjunto_comprobante_pago', 'adjunto_tipo', 'adjunto_contenido'])
      .where('venta_id', '=', id)
      .orderBy('id')
      .execute();

  it('keeps the picture with its payment; the detail links it and the signed link serves it as the image it is', async () => {
    const venta = await ventaPendiente();
    const respuesta = await facturar(venta.id, cuerpoFacturar(pagosConAdjunto(adjunto(PNG))));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await adjuntosDe(venta.id)).toEqual([
      { forma_pago_id: EFECTIVO, adjunto_comprobante_pago: null, adjunto_tipo: null, adjunto_contenido: null },
      { forma_pago_id: TARJETA, adjunto_comprobante_pago: `comprobante-venta-${venta.id}-2.png`, adjunto_tipo: 'image/png', adjunto_contenido: PNG },
    ]);

    const detalle = await entorno.app.inject({ method: 'GET', url: `/api/facturas/${venta.id}`, headers: headers(cajero.token, tienda.codigo_tienda) });
    expect(detalle.statusCode, detalle.body).toBe(200);
    const [efectivo, tarjeta] = detalle.json().data.ventas_formas_pagos;
    expect(efectivo).toMatchObject({ adjunto_comprobante_pago: null, url_adjunto_comprobante: null });
    expect(tarjeta.adjunto_comprobante_pago).toBe(`comprobante-venta-${venta.id}-2.png`);
    expect(tarjeta.url_adjunto_comprobante).toMatch(/^\/api\/public\/comprobante\/[\w.-]+$/);

    // Public like the invoice (the month closing opens it in a new window): the link is the authorization.
    const imagen = await entorno.app.inject({ method: 'GET', url: tarjeta.url_adjunto_comprobante });
    expect(imagen.statusCode).toBe(200);
    expect(imagen.headers['content-type']).toBe('image/png');
    expect(imagen.headers['cache-control']).toBe('private, no-store');
    expect(imagen.rawPayload).toEqual(PNG);

    // An altered link, and the sale's invoice link (another purpose) used as a voucher link, are 404s in Spanish.
    const token = tarjeta.url_adjunto_comprobante.split('/').at(-1) as string;
    const alterado = await entorno.app.inject({ method: 'GET', url: `/api/public/comprobante/${token.slice(0, -2)}xx` });
    expect(alterado.statusCode).toBe(404);
    expect(alterado.json().message).toBe('El enlace del comprobante no es válido o ya expiró');
    const tokenFactura = (detalle.json().data.ventas_encabezado.url_factura as string).split('/').at(-1);
    const otroProposito = await entorno.app.inject({ method: 'GET', url: `/api/public/comprobante/${tokenFactura}`, headers: { accept: 'text/html' } });
    expect(otroProposito.statusCode).toBe(404);
    expect(otroProposito.headers['content-type']).toMatch(/^text\/html/);
    // The cash payment has no picture: a link to it would not serve one either (the id is the payment's).
    expect(efectivo.url_adjunto_comprobante).toBeNull();
  });

  it('refuses what is not a picture, broken base64 and a picture above 1 MB, writing nothing', async () => {
    const venta = await ventaPendiente();
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const numero = await siguiente(rangoRemision.id);
    const casos: [object, string][] = [
      // A PDF named .png: its bytes decide.
      [adjunto(Buffer.from('%PDF-1.7 factura escaneada')), MENSAJES_ADJUNTO.noCumple],
      [adjunto(PNG, 'pdf'), MENSAJES_ADJUNTO.noCumple],
      [{ ...adjunto(PNG), adjunto: 'no es base64 ***' }, MENSAJES_ADJUNTO.noCumple],
      [{ ...adjunto(PNG), adjunto: '' }, MENSAJES_ADJUNTO.archivo],
      [adjunto(Buffer.concat([PNG, Buffer.alloc(ADJUNTO_MAXIMO_BYTES)])), MENSAJES_ADJUNTO.grande],
    ];
    for (const [adjuntoTarjeta, mensaje] of casos) {
      const respuesta = await facturar(venta.id, cuerpoFacturar(pagosConAdjunto(adjuntoTarjeta)));
      expect(respuesta.statusCode, respuesta.body).toBe(422);
      const cuerpo = respuesta.json();
      expect(cuerpo.message).toBe(mensaje);
      expect(Object.keys(cuerpo.errors)[0]).toMatch(/^formaPagoList\.1\.adjunto_comprobante/);
    }
    await sinCambios(venta, antes);
    expect(await siguiente(rangoRemision.id)).toBe(numero);
  });
});

describe('billing under concurrency', () => {
  it('bills the same sale from two sessions at once exactly once; stock and ledgers move once', async () => {
    const otroCajero = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const venta = await ventaPendiente({ saldo_abono: 50_000 });
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const cuerpo = cuerpoFacturar([{ id_forma_pago: ANTICIPO, valor_pagado: 50_000 }, { id_forma_pago: EFECTIVO, valor_pagado: 161_551.85 }]);
    const respuestas = await Promise.all([facturar(venta.id, cuerpo, cajero), facturar(venta.id, cuerpo, otroCajero)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(respuestas.find((r) => r.statusCode === 409)!.json().message).toBe(MENSAJES_FACTURACION.noPendiente(venta.id));
    expect(await pagosDe(venta.id)).toHaveLength(2);
    expect(await movimientosVenta(venta.id)).toHaveLength(2);
    expect(await stock(tablero.id)).toBe(antes.tablero - 2);
    expect(await stock(canto.id)).toBeCloseTo(antes.canto - 3.7, 2);
    expect(await saldoAbono(venta.cliente.id)).toBe(0);
    expect(await historialDe(venta.id)).toHaveLength(1);
  });

  it('gives 50 parallel bills of 50 sales in one store 50 consecutive numbers, no gap and no repeat', async () => {
    const ventas = [];
    for (let n = 0; n < 50; n++) ventas.push(await ventaPendiente());
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const primero = await siguiente(rangoRemision.id);
    const respuestas = await Promise.all(ventas.map((v) => facturar(v.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]))));
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const numeros = respuestas.map((r) => r.json().data.nro_factura_dian as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, n) => primero + n));
    expect(await siguiente(rangoRemision.id)).toBe(primero + 50);
    expect(await stock(tablero.id)).toBe(antes.tablero - 100);
    expect(await stock(canto.id)).toBeCloseTo(antes.canto - 185, 2);
    // The ledger adds up: every movement's saldo is the one before it plus its quantity.
    const ledger = await movimientosDe(entorno.db, tienda.codigo_tienda, tablero.id);
    for (let n = 1; n < ledger.length; n++) expect(ledger[n]!.saldo).toBe(ledger[n - 1]!.saldo + ledger[n]!.cantidad);
  });
});

describe('PUT facturas/{venta_id}/anular', () => {
  it('refuses a sale that is not billed, and one marked accepted by DIAN without its electronic document', async () => {
    const pendiente = await ventaPendiente();
    let respuesta = await anular(pendiente.id);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_FACTURACION.anularNoFacturada);
    const aceptada = await ventaPendiente();
    expect((await facturar(aceptada.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { crear_factura_siigo: true }))).statusCode).toBe(200);
    await entorno.db.updateTable('venta').set({ fecha_factura_dian: new Date() }).where('id', '=', aceptada.id).execute();
    const antes = await stock(tablero.id);
    respuesta = await anular(aceptada.id);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.ANULAR_ACEPTADA_DIAN.mensaje);
    expect((await filaVenta(aceptada.id)).estado_venta_id).toBe(2);
    expect(await stock(tablero.id)).toBe(antes);
  });

  it('restores stock, prepaid balance and credit exactly, keeps the number, and the next bill does not reuse it', async () => {
    const venta = await ventaPendiente({ saldo_abono: 40_000 });
    await crearCuentaCredito(entorno.db, { tercero_id: venta.cliente.id, total_cupo_permitido: 500_000, total_credito: 10_000 });
    const antes = { tablero: await stock(tablero.id), canto: await stock(canto.id) };
    const cuerpo = cuerpoFacturar(
      [{ id_forma_pago: ANTICIPO, valor_pagado: 40_000 }, { id_forma_pago: CREDITO, valor_pagado: 150_000 }, { id_forma_pago: TARJETA, valor_pagado: 21_551.85, comprobante_id: 'T-1' }],
      { crear_venta_credito: true },
    );
    const facturada = await facturar(venta.id, cuerpo);
    expect(facturada.statusCode, facturada.body).toBe(200);
    const numero = facturada.json().data.nro_factura_dian;
    expect(await saldoAbono(venta.cliente.id)).toBe(0);
    expect(Number((await cuentaDe(venta.cliente.id)).total_credito)).toBe(160_000);
    const facturasCredito = async () => (await detallePorTercero(entorno.db, venta.cliente.id)).facturas_credito.map((f) => f.venta_id);
    expect(await facturasCredito()).toContain(venta.id);

    const respuesta = await anular(venta.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    // A credit sale is an electronic invoice: never sent, its annulment registers it and queues the note that waits for it.
    const documentos = await entorno.db.selectFrom('documento_fe').select(['tipo', 'numero']).where('venta_id', '=', venta.id).orderBy('id').execute();
    expect(documentos.map((d) => d.tipo)).toEqual(['FACTURA', 'NOTA_CREDITO']);
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaCreditoEspera(documentos[1]!.numero, documentos[0]!.numero));
    expect(await stock(tablero.id)).toBe(antes.tablero);
    expect(await stock(canto.id)).toBe(antes.canto);
    expect(await movimientosVenta(venta.id)).toEqual([
      { producto_id: tablero.id, tipo_movimiento: 'VENTA', cantidad: -2 },
      { producto_id: canto.id, tipo_movimiento: 'VENTA', cantidad: -3.7 },
      { producto_id: tablero.id, tipo_movimiento: 'ANULACION', cantidad: 2 },
      { producto_id: canto.id, tipo_movimiento: 'ANULACION', cantidad: 3.7 },
    ]);
    expect(await saldoAbono(venta.cliente.id)).toBe(40_000);
    const abonos = await entorno.db.selectFrom('abono_tercero').select(['tipo_movimiento_abono_id', 'valor_abono', 'saldo_abono', 'venta_id', 'movimiento_origen_id', 'id']).where('tercero_id', '=', venta.cliente.id).orderBy('id').execute();
    expect(abonos.map((a) => [a.tipo_movimiento_abono_id, a.valor_abono, a.saldo_abono, a.venta_id])).toEqual([
      [2, '-40000.00', '0.00', venta.id],
      [4, '40000.00', '40000.00', venta.id],
    ]);
    expect(abonos[1]!.movimiento_origen_id).toBe(abonos[0]!.id);
    expect(Number((await cuentaDe(venta.cliente.id)).total_credito)).toBe(10_000);
    const credito = await entorno.db.selectFrom('cuenta_credito_movimiento').select(['id', 'tipo_movimiento_credito_id', 'valor_movimiento', 'saldo_credito', 'movimiento_origen_id']).where('venta_id', '=', venta.id).orderBy('id').execute();
    expect(credito.map((c) => [c.tipo_movimiento_credito_id, c.valor_movimiento, c.saldo_credito])).toEqual([
      [1, '150000.00', '160000.00'],
      [4, '150000.00', '10000.00'],
    ]);
    expect(credito[1]!.movimiento_origen_id).toBe(credito[0]!.id);
    // The account's invoices no longer list the annulled sale's charge.
    expect(await facturasCredito()).not.toContain(venta.id);
    const fila = await filaVenta(venta.id);
    // A credit sale is an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito"); it keeps its due date.
    expect(fila).toMatchObject({ estado_venta_id: 3, anulador_id: superAdmin.id, nro_factura_dian: numero, prefijo_factura_dian: 'FE', fecha_vencimiento: sumarDias(hoyNegocio(), 30) });
    expect(fila.fecha_anulacion).toBeInstanceOf(Date);
    expect(await historialDe(venta.id)).toEqual([
      { estado_anterior_id: 1, estado_nuevo_id: 2, user_id: cajero.id },
      { estado_anterior_id: 2, estado_nuevo_id: 3, user_id: superAdmin.id },
    ]);
    // Annulled once: again is refused and moves nothing.
    expect((await anular(venta.id)).statusCode).toBe(409);
    expect(await stock(tablero.id)).toBe(antes.tablero);
    // The number is never handed out again.
    const despues = await ventaPendiente();
    const siguienteFactura = await facturar(despues.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { crear_factura_siigo: true }));
    expect(siguienteFactura.json().data).toMatchObject({ prefijo_factura_dian: 'FE' });
    expect(siguienteFactura.json().data.nro_factura_dian).toBeGreaterThan(numero);
  });

  it('annuls a sale once when two SuperAdministrador sessions annul it at once', async () => {
    const otro = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    const venta = await ventaPendiente({ saldo_abono: 11_551.85 });
    const antes = await stock(tablero.id);
    expect((await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: ANTICIPO, valor_pagado: 11_551.85 }, { id_forma_pago: EFECTIVO, valor_pagado: 200_000 }]))).statusCode).toBe(200);
    const respuestas = await Promise.all([anular(venta.id, superAdmin), anular(venta.id, otro)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock(tablero.id)).toBe(antes);
    expect(await saldoAbono(venta.cliente.id)).toBe(11_551.85);
  });

  it('refuses to annul a credit sale whose account already received payments below its charge', async () => {
    const venta = await ventaPendiente();
    await crearCuentaCredito(entorno.db, { tercero_id: venta.cliente.id, total_cupo_permitido: 500_000 });
    expect((await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true }))).statusCode).toBe(200);
    await entorno.db.updateTable('cuenta_credito').set({ total_credito: 1_000 }).where('tercero_id', '=', venta.cliente.id).execute();
    const respuesta = await anular(venta.id);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.ANULAR_CREDITO_PAGADO.mensaje);
    expect((await filaVenta(venta.id)).estado_venta_id).toBe(2);
  });
});

describe('stock in the product\'s unit (docs/decisions.md, Inventario)', () => {
  let banda: { id: number };
  let bisagra: { id: number; nombre_producto: string };
  let unidadId: number;

  beforeAll(async () => {
    const base = { impuesto_id: (await crearImpuesto(entorno.db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(entorno.db)).id };
    const metro = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const unidad = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' });
    unidadId = unidad.id;
    const enTienda = [{ codigo_tienda: tienda.codigo_tienda, cantidad: 10, precio_unitario: 2_000 }];
    banda = await crearProducto(entorno.db, { ...base, grupo_id: 2, linea_id: 4, tipo_medida_id: metro.id, nombre_producto: 'Canto PVC blanco 22 x 0,45 mm', tiendas: enTienda });
    bisagra = await crearProducto(entorno.db, { ...base, grupo_id: 4, linea_id: 8, tipo_medida_id: unidad.id, nombre_producto: 'Bisagra cazoleta 35 mm', tiendas: enTienda });
  });

  const ventaDe = async (productoId: number, cantidad: number) =>
    crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: (await crearTercero(entorno.db)).id,
      vendedor_id: cajero.id,
      lineas: [{ producto_id: productoId, cantidad, precio_unitario: 2_000 }],
    });

  it('two sales of 0.5 m of edge band take exactly 1 m, one kardex row of 0.5 each; an annulment gives back 0.5', async () => {
    const primera = await ventaDe(banda.id, 0.5);
    const segunda = await ventaDe(banda.id, 0.5);
    for (const venta of [primera, segunda]) {
      const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_000 }]));
      expect(respuesta.statusCode, respuesta.body).toBe(200);
    }
    expect(await stock(banda.id)).toBe(9);
    expect((await movimientosDe(entorno.db, tienda.codigo_tienda, banda.id)).map((m) => [m.tipo_movimiento, m.cantidad, m.saldo])).toEqual([
      ['VENTA', -0.5, 9.5],
      ['VENTA', -0.5, 9],
    ]);

    const respuesta = await anular(segunda.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await stock(banda.id)).toBe(9.5);
    expect(await movimientosVenta(segunda.id)).toEqual([
      { producto_id: banda.id, tipo_movimiento: 'VENTA', cantidad: -0.5 },
      { producto_id: banda.id, tipo_movimiento: 'ANULACION', cantidad: 0.5 },
    ]);
  });

  it('refuses to bill a fraction of a product counted in units, naming it, and writes nothing', async () => {
    const venta = await ventaDe(bisagra.id, 0.5);
    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_000 }]));
    expect(respuesta.statusCode, respuesta.body).toBe(422);
    expect(respuesta.json().message).toBe(MENSAJES_INVENTARIO.cantidadEntera('Bisagra cazoleta 35 mm'));
    expect(respuesta.json().message).toBe('La cantidad de Bisagra cazoleta 35 mm debe ser un número entero');
    expect((await filaVenta(venta.id)).estado_venta_id).toBe(1);
    expect(await pagosDe(venta.id)).toEqual([]);
    expect(await movimientosVenta(venta.id)).toEqual([]);
    expect(await stock(bisagra.id)).toBe(10);
  });

  it('bills whole units of a product counted in units, even split over lines (0.5 + 0.5)', async () => {
    const venta = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: (await crearTercero(entorno.db)).id,
      vendedor_id: cajero.id,
      lineas: [
        { producto_id: bisagra.id, cantidad: 0.5, precio_unitario: 2_000 },
        { producto_id: bisagra.id, cantidad: 1.5, precio_unitario: 2_000 },
      ],
    });
    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 4_000 }]));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await movimientosVenta(venta.id)).toEqual([{ producto_id: bisagra.id, tipo_movimiento: 'VENTA', cantidad: -2 }]);
    expect(await stock(bisagra.id)).toBe(8);
  });

  it('gives back exactly what a bill took, even when the product is counted in units since then', async () => {
    const venta = await ventaDe(banda.id, 0.5);
    expect((await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_000 }]))).statusCode).toBe(200);
    const antes = await stock(banda.id);
    await entorno.db.updateTable('producto').set({ tipo_medida_id: unidadId }).where('id', '=', banda.id).execute();
    const respuesta = await anular(venta.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await stock(banda.id)).toBe(antes + 0.5);
  });
});

describe('migration 202612030200_plazo_credito', () => {
  it('gives every account 30 days and every sale billed on credit its billing day (Bogotá) + 30; a cash sale gets none', async () => {
    const db = entorno.db;
    const credito = await ventaPendiente();
    await crearCuentaCredito(db, { tercero_id: credito.cliente.id, total_cupo_permitido: 1_000_000, plazo_dias: 45 });
    expect((await facturar(credito.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true }))).statusCode).toBe(200);
    const contado = await ventaPendiente();
    expect((await facturar(contado.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }]))).statusCode).toBe(200);

    // Back to before the migration, the credit sale billed late on 10 March in Bogotá (03:30 on the 11th in UTC).
    await migracionPlazo.down(db);
    await db.updateTable('venta').set({ fecha_factura: new Date('2026-03-11T03:30:00Z') }).where('id', '=', credito.id).execute();
    await migracionPlazo.up(db);

    const fila = (id: number) => db.selectFrom('venta').select('fecha_vencimiento').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await fila(credito.id)).toEqual({ fecha_vencimiento: '2026-04-09' });
    expect(await fila(contado.id)).toEqual({ fecha_vencimiento: null });
    expect((await cuentaDe(credito.cliente.id)).plazo_dias).toBe(30);
    // From now on PostgreSQL keeps a term within 1–365.
    await expect(db.updateTable('cuenta_credito').set({ plazo_dias: 0 }).where('tercero_id', '=', credito.cliente.id).execute()).rejects.toThrow(/check/);
  });
});
