import { ERRORES, hoyNegocio, MODOS_FACTURA, PARAMETRO_TIENDAS_CUADRE_CAJA, type CuadreCajaRespuesta, type DevolucionPrevia } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
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
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as cuentasCreditoService from '../cuentas-credito';

// Money moves on the day it moves (docs/decisions-reportes-dinero.md "Devoluciones"): annulling today a sale, a credit
// payment or an advance of yesterday (or of last month) leaves yesterday's daily cash (and last month's closing) byte
// for byte as it was, and today's daily cash shows the money given back, by method, with who gave it back. The annul
// dialogs' preview says the same amounts before confirming.

const entorno = usarEntorno();

let A: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let nombreSuper: string;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;
let tablero: { id: number };

const hoy = hoyNegocio();
const ayer = new Date(Date.parse(`${hoy}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** The 15th of the month before this one. */
const mesPasado = (() => {
  const [anio, mes] = hoy.split('-').map(Number) as [number, number];
  return mes === 1 ? { anio: anio - 1, mes: 12 } : { anio, mes: mes - 1 };
})();
const diaMesPasado = `${mesPasado.anio}-${String(mesPasado.mes).padStart(2, '0')}-15`;
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda?: string) =>
  entorno.app.inject({ method, url, headers: token ? headers(token, codigoTienda ?? A.codigo_tienda) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The daily cash as the server writes it: the bytes of the answer, and the answer read. */
async function cuadre(fecha_dia: string): Promise<{ cuerpo: string; datos: CuadreCajaRespuesta }> {
  const respuesta = await llamar('POST', '/api/cuadre-caja/dia', superAdmin.token, { fecha_dia });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return { cuerpo: respuesta.body, datos: respuesta.json().data };
}

async function previa(url: string): Promise<DevolucionPrevia> {
  const respuesta = await llamar('GET', url, superAdmin.token);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data;
}

const filasDevolucion = (origen: string, origenId: number) =>
  entorno.db
    .selectFrom('devolucion_dinero')
    .select(['codigo_tienda', 'fecha', 'origen', 'origen_id', 'forma_pago_id', 'valor', 'usuario_id'])
    .where('origen', '=', origen as never)
    .where('origen_id', '=', origenId)
    .orderBy('forma_pago_id')
    .execute();

/** The remission number a billed sale was given ('REM4'), as the daily cash names the sale. */
const remision = async (ventaId: number) => {
  const v = await entorno.db.selectFrom('venta').select(['prefijo_factura_dian', 'nro_factura_dian']).where('id', '=', ventaId).executeTakeFirstOrThrow();
  return `${v.prefijo_factura_dian}${v.nro_factura_dian}`;
};
const saldoAbono = async (terceroId: number) => Number((await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', terceroId).executeTakeFirstOrThrow()).saldo_abono);

beforeAll(async () => {
  const { app, db } = entorno;
  A = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, A.codigo_tienda));
  nombreSuper = (await db.selectFrom('usuario').select('name').where('id', '=', superAdmin.id).executeTakeFirstOrThrow()).name;
  await db.updateTable('parametro').set({ valor_parametro: A.codigo_tienda }).where('codigo_parametro', '=', PARAMETRO_TIENDAS_CUADRE_CAJA).execute();
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 60_000,
    tiendas: [{ codigo_tienda: A.codigo_tienda, cantidad: 1000, precio_unitario: 60_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: A.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
});

/**
 * A sale of 2 boards ($ 120,000) billed through the route with `pagos`, then dated `fecha` in the table (billing
 * stamps now; the test moves the bill to the day it needs).
 */
async function ventaFacturada(pagos: { id_forma_pago: number; valor_pagado: number; comprobante_id?: string }[], fecha: Date, saldoAbonoCliente = 0) {
  const cliente = await crearTercero(entorno.db, { saldo_abono: saldoAbonoCliente });
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: A.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 60_000 }],
  });
  const respuesta = await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, superAdmin.token, cuerpoFacturar(pagos));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  await entorno.db.updateTable('venta').set({ fecha_factura: fecha }).where('id', '=', venta.id).execute();
  return { ventaId: venta.id, clienteId: cliente.id };
}

describe('a sale billed yesterday and annulled today', () => {
  let ventaId: number;
  let clienteId: number;
  let antesAyer: string;
  let antesHoy: CuadreCajaRespuesta;
  let despuesHoy: CuadreCajaRespuesta;
  let vista: DevolucionPrevia;

  beforeAll(async () => {
    // $ 120,000: $ 70,000 cash, $ 30,000 debit card, $ 20,000 from the advance balance (goes back to the balance).
    ({ ventaId, clienteId } = await ventaFacturada(
      [
        { id_forma_pago: 1, valor_pagado: 70_000 },
        { id_forma_pago: 2, valor_pagado: 30_000, comprobante_id: 'DEB-9' },
        { id_forma_pago: 8, valor_pagado: 20_000 },
      ],
      bogota(ayer, '10:00'),
      20_000,
    ));
    antesAyer = (await cuadre(ayer)).cuerpo;
    antesHoy = (await cuadre(hoy)).datos;
    vista = await previa(`/api/facturas/${ventaId}/devolucion`);
    const anulada = await llamar('PUT', `/api/facturas/${ventaId}/anular`, superAdmin.token);
    expect(anulada.statusCode, anulada.body).toBe(200);
    despuesHoy = (await cuadre(hoy)).datos;
  });

  it('the preview says the money and methods to give back: cash and card, not the advance', () => {
    expect(vista).toEqual({
      origen: 'venta',
      origen_id: ventaId,
      formas: [
        { forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 70_000 },
        { forma_pago_id: 2, nombre_forma_pago: 'Tarjeta débito', valor: 30_000 },
      ],
      total: 100_000,
      mensaje: 'Devuelva al cliente $ 100,000: $ 70,000 en Efectivo y $ 30,000 en Tarjeta débito',
    });
  });

  it("leaves yesterday's daily cash byte for byte as it was, with the sale in it", async () => {
    const despues = await cuadre(ayer);
    expect(despues.cuerpo).toBe(antesAyer);
    expect(despues.datos.lista_ventas_formas_pagos.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual([
      [1, 70_000],
      [2, 30_000],
      [8, 20_000],
    ]);
    expect(despues.datos.total_devoluciones).toBe(0);
  });

  it("shows the refund in today's daily cash as money out, by method, with who gave it back", async () => {
    expect(despuesHoy.lista_devoluciones_formas_pagos.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual([
      [1, 70_000],
      [2, 30_000],
    ]);
    expect(despuesHoy.total_devoluciones).toBe(100_000);
    expect(despuesHoy.lista_devoluciones.map((d) => [d.origen, d.origen_id, d.descripcion, d.forma_pago_id, d.nombre_forma_pago, d.valor, d.nombre_usuario, d.fecha])).toEqual([
      // The sale by the remission the customer holds, then by the shop's sale number.
      ['venta', ventaId, `Anulación de ${await remision(ventaId)} · Venta No. ${ventaId}`, 1, 'Efectivo', 70_000, nombreSuper, hoy],
      ['venta', ventaId, `Anulación de ${await remision(ventaId)} · Venta No. ${ventaId}`, 2, 'Tarjeta débito', 30_000, nombreSuper, hoy],
    ]);
    expect(despuesHoy.total_dia).toBe(antesHoy.total_dia - 100_000);
    expect(despuesHoy.total_efectivo).toBe(antesHoy.total_efectivo - 70_000);
    expect(despuesHoy.lista_tiendas[0]!.total_dia).toBe(antesHoy.lista_tiendas[0]!.total_dia - 100_000);
    // Annulled today, billed yesterday: said apart today; today's sales are untouched.
    expect(despuesHoy.anuladas).toEqual({ cantidad: antesHoy.anuladas.cantidad + 1, total: antesHoy.anuladas.total + 120_000 });
    expect(despuesHoy.lista_ventas_formas_pagos).toEqual(antesHoy.lista_ventas_formas_pagos);
  });

  it('writes one refund row per method given back, today, in the store, by the user; the advance goes back to the balance', async () => {
    expect(await filasDevolucion('venta', ventaId)).toEqual([
      { codigo_tienda: A.codigo_tienda, fecha: hoy, origen: 'venta', origen_id: ventaId, forma_pago_id: 1, valor: '70000.00', usuario_id: superAdmin.id },
      { codigo_tienda: A.codigo_tienda, fecha: hoy, origen: 'venta', origen_id: ventaId, forma_pago_id: 2, valor: '30000.00', usuario_id: superAdmin.id },
    ]);
    expect(await saldoAbono(clienteId)).toBe(20_000);
  });

  it('an annulled sale has no preview any more: 409 as its annulment', async () => {
    const respuesta = await llamar('GET', `/api/facturas/${ventaId}/devolucion`, superAdmin.token);
    expect(respuesta.statusCode).toBe(409);
  });
});

describe('a sale billed last month and annulled this month', () => {
  const consulta = { anio: mesPasado.anio, mes: mesPasado.mes, codigo_tienda: '', incluir_ventas_mes: false };

  it("keeps last month's closing figures as they were and shows the refund in this month's", async () => {
    consulta.codigo_tienda = A.codigo_tienda;
    const { ventaId } = await ventaFacturada([{ id_forma_pago: 1, valor_pagado: 120_000 }], bogota(diaMesPasado, '16:00'));
    const leer = async (cuerpo: object) => {
      const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, cuerpo);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      return respuesta;
    };
    const [anioHoy, mesHoy] = hoy.split('-').map(Number) as [number, number];
    const esteMes = { anio: anioHoy, mes: mesHoy, codigo_tienda: A.codigo_tienda, incluir_ventas_mes: false };
    const antes = (await leer(consulta)).body;
    const antesEsteMes = (await leer(esteMes)).json().data;
    expect((await llamar('PUT', `/api/facturas/${ventaId}/anular`, superAdmin.token)).statusCode).toBe(200);

    const despues = await leer(consulta);
    expect(despues.body).toBe(antes);
    // (Other sales of this file may be of last month too: yesterday is last month on the 1st.)
    expect(despues.json().data.total_venta_bruta).toBeGreaterThanOrEqual(120_000);
    expect(despues.json().data.total_devoluciones).toBe(0);
    // The sale is still in last month's list, by its billing date.
    const lista = (await leer({ ...consulta, incluir_ventas_mes: true })).json().data.lista_ventas_mes.map((v: { id: number }) => v.id);
    expect(lista).toContain(ventaId);

    const esteMesDespues = (await leer(esteMes)).json().data;
    expect(esteMesDespues.total_devoluciones).toBe(antesEsteMes.total_devoluciones + 120_000);
    expect(esteMesDespues.anuladas.cantidad).toBe(antesEsteMes.anuladas.cantidad + 1);
    expect(esteMesDespues.total_venta_bruta).toBe(antesEsteMes.total_venta_bruta);
  });
});

describe('a credit payment of yesterday annulled today', () => {
  it("leaves yesterday's daily cash as it was; today gives back the cash, the advance part returns to the balance", async () => {
    const cliente = await crearTercero(entorno.db, { saldo_abono: 10_000 });
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
    const { ventaId } = await ventaFacturada([{ id_forma_pago: 1, valor_pagado: 120_000 }], bogota(ayer, '09:00'));
    // Make the billed sale a credit sale of this customer with its charge: a payment needs one (its payment type is
    // its bill's mode, docs/decisions.md "Tipo de pago: la factura decide").
    await entorno.db.updateTable('venta').set({ cliente_id: cliente.id, tipo_pago_id: 2, modo_factura: MODOS_FACTURA.credito }).where('id', '=', ventaId).execute();
    await entorno.db.transaction().execute((trx) =>
      cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor: 120_000, fecha: ayer }, { ...actorSistema(A.codigo_tienda), userId: superAdmin.id }),
    );
    const pago = await llamar('POST', '/api/creditos/abonos', superAdmin.token, {
      venta_id: ventaId,
      fecha_abono: ayer,
      observacion_abono: 'Abono',
      valor_abono: 40_000,
      lista_formas_pagadas_form: [
        { id_forma_pago: 1, valor_pagado: 30_000, codigo_comprobante: null, fecha_consignacion: null },
        { id_forma_pago: 8, valor_pagado: 10_000, codigo_comprobante: null, fecha_consignacion: null },
      ],
    });
    expect(pago.statusCode, pago.body).toBe(200);
    const movimientoId: number = pago.json().data.movimiento_id;
    expect(await saldoAbono(cliente.id)).toBe(0);

    const antesAyer = (await cuadre(ayer)).cuerpo;
    const antesHoy = (await cuadre(hoy)).datos;
    expect(await previa(`/api/creditos/abonos/${movimientoId}/devolucion`)).toEqual({
      origen: 'pago_credito',
      origen_id: movimientoId,
      formas: [{ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor: 30_000 }],
      total: 30_000,
      mensaje: 'Devuelva al cliente $ 30,000 en Efectivo',
    });
    const anulado = await llamar('PUT', `/api/creditos/abonos/${movimientoId}/anular`, superAdmin.token);
    expect(anulado.statusCode, anulado.body).toBe(200);

    expect((await cuadre(ayer)).cuerpo).toBe(antesAyer);
    const despuesHoy = (await cuadre(hoy)).datos;
    expect(despuesHoy.total_devoluciones).toBe(antesHoy.total_devoluciones + 30_000);
    expect(despuesHoy.total_efectivo).toBe(antesHoy.total_efectivo - 30_000);
    expect(despuesHoy.lista_devoluciones.filter((d) => d.origen === 'pago_credito')).toEqual([
      expect.objectContaining({ origen_id: movimientoId, descripcion: `Abono No. ${movimientoId} de ${await remision(ventaId)} · Venta No. ${ventaId}`, forma_pago_id: 1, valor: 30_000, nombre_usuario: nombreSuper }),
    ]);
    expect(await filasDevolucion('pago_credito', movimientoId)).toEqual([
      { codigo_tienda: A.codigo_tienda, fecha: hoy, origen: 'pago_credito', origen_id: movimientoId, forma_pago_id: 1, valor: '30000.00', usuario_id: superAdmin.id },
    ]);
    expect(await saldoAbono(cliente.id)).toBe(10_000);
    expect((await llamar('GET', `/api/creditos/abonos/${movimientoId}/devolucion`, superAdmin.token)).statusCode).toBe(409);
  });
});

describe('an advance of yesterday annulled today', () => {
  it("leaves yesterday's daily cash as it was; today gives back the advance in its method", async () => {
    const cliente = await crearTercero(entorno.db);
    const guardado = await llamar('POST', '/api/anticipos/guardar', superAdmin.token, {
      cliente_id: cliente.id,
      fecha_anticipo: ayer,
      valor_anticipo: 45_000,
      observacion_anticipo: 'Anticipo',
      forma_pago_id: 4,
      codigo_comprobante: 'TR-77',
    });
    expect(guardado.statusCode, guardado.body).toBe(200);
    const anticipoId: number = guardado.json().data.id;
    const antesAyer = (await cuadre(ayer)).cuerpo;
    const antesHoy = (await cuadre(hoy)).datos;
    expect((await previa(`/api/anticipos/movimientos/${anticipoId}/devolucion`)).mensaje).toBe('Devuelva al cliente $ 45,000 en Transferencia bancaria');
    const anulado = await llamar('PUT', `/api/anticipos/movimientos/${anticipoId}/anular`, superAdmin.token);
    expect(anulado.statusCode, anulado.body).toBe(200);

    expect((await cuadre(ayer)).cuerpo).toBe(antesAyer);
    const despuesHoy = (await cuadre(hoy)).datos;
    expect(despuesHoy.total_dia).toBe(antesHoy.total_dia - 45_000);
    expect(despuesHoy.total_efectivo).toBe(antesHoy.total_efectivo);
    expect(despuesHoy.lista_devoluciones_formas_pagos.find((f) => f.forma_pago_id === 4)?.valor_pagado).toBe(45_000);
    const consecutivo = (await entorno.db.selectFrom('abono_tercero').select('consecutivo_anticipo').where('id', '=', anticipoId).executeTakeFirstOrThrow()).consecutivo_anticipo;
    expect(despuesHoy.lista_devoluciones.filter((d) => d.origen === 'anticipo')).toEqual([
      expect.objectContaining({ origen_id: anticipoId, descripcion: `Anticipo No. ${consecutivo}`, nombre_forma_pago: 'Transferencia bancaria', valor: 45_000 }),
    ]);
    expect(await filasDevolucion('anticipo', anticipoId)).toEqual([
      { codigo_tienda: A.codigo_tienda, fecha: hoy, origen: 'anticipo', origen_id: anticipoId, forma_pago_id: 4, valor: '45000.00', usuario_id: superAdmin.id },
    ]);
    expect((await llamar('GET', `/api/anticipos/movimientos/${anticipoId}/devolucion`, superAdmin.token)).statusCode).toBe(409);
  });
});

describe('refusals of the preview routes', () => {
  let rutas: string[];

  beforeAll(async () => {
    const { ventaId } = await ventaFacturada([{ id_forma_pago: 1, valor_pagado: 120_000 }], bogota(hoy, '00:30'));
    const cliente = await crearTercero(entorno.db);
    const anticipo = await llamar('POST', '/api/anticipos/guardar', superAdmin.token, {
      cliente_id: cliente.id,
      fecha_anticipo: hoy,
      valor_anticipo: 5_000,
      observacion_anticipo: 'Anticipo',
      forma_pago_id: 1,
      codigo_comprobante: null,
    });
    expect(anticipo.statusCode, anticipo.body).toBe(200);
    rutas = [`/api/facturas/${ventaId}/devolucion`, `/api/anticipos/movimientos/${anticipo.json().data.id}/devolucion`];
  });

  it('401 without a token', async () => {
    for (const ruta of [...rutas, '/api/creditos/abonos/1/devolucion']) {
      const respuesta = await llamar('GET', ruta, null);
      expect(respuesta.statusCode, ruta).toBe(401);
      expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
    }
  });

  it('403 for every role but SuperAdministrador', async () => {
    for (const ruta of [...rutas, '/api/creditos/abonos/1/devolucion']) {
      for (const role of ROLES_NO_SUPER_ADMIN) {
        const respuesta = await llamar('GET', ruta, porRol[role].token);
        expect(respuesta.statusCode, `${ruta} ${role}`).toBe(403);
        expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
      }
    }
  });

  it('403 with a store the user does not belong to; 422 without a store', async () => {
    for (const ruta of [...rutas, '/api/creditos/abonos/1/devolucion']) {
      const ajenaRespuesta = await llamar('GET', ruta, superAdmin.token, undefined, ajena.codigo_tienda);
      expect(ajenaRespuesta.statusCode, ruta).toBe(403);
      expect(ajenaRespuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
      const sinTienda = await entorno.app.inject({ method: 'GET', url: ruta, headers: headers(superAdmin.token) });
      expect(sinTienda.statusCode, ruta).toBe(422);
      expect(sinTienda.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
    }
  });

  it('404 for an id that names nothing (0, text, too large), in Spanish', async () => {
    for (const base of ['/api/facturas/{id}/devolucion', '/api/anticipos/movimientos/{id}/devolucion', '/api/creditos/abonos/{id}/devolucion']) {
      for (const id of ['0', 'abc', String(2 ** 31), '2147483647']) {
        const respuesta = await llamar('GET', base.replace('{id}', id), superAdmin.token);
        expect(respuesta.statusCode, `${base} ${id}`).toBe(404);
        expect(respuesta.json().message, base).toMatch(/^No se encontr/);
      }
    }
  });

  it('answers the money a sale and an advance of the store would give back', async () => {
    expect(await previa(rutas[0]!)).toMatchObject({ total: 120_000, mensaje: 'Devuelva al cliente $ 120,000 en Efectivo' });
    expect(await previa(rutas[1]!)).toMatchObject({ total: 5_000, mensaje: 'Devuelva al cliente $ 5,000 en Efectivo' });
  });
});
