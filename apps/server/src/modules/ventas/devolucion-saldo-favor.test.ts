import { formatearPesos, MENSAJES_DEVOLUCION_PARCIAL, TIPOS_MOVIMIENTO_ABONO, TIPOS_MOVIMIENTO_CREDITO, hoyNegocio } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// A partial return never dead-ends (docs/decisions-factura-electronica.md, "Devolución parcial"): what finds no place
// in the sale's credit balance nor in the money its methods brought goes to the customer's prepaid balance (saldo a
// favor), a movement of type 5 in abono_tercero with the raised balance, in the return's transaction. And the careful
// tester's inputs on the return routes: a NUL byte, an id of 2^31, a huge quantity answer 4xx in Spanish, never 500.

const entorno = usarEntorno();
const EFECTIVO = 1;
const CREDITO = 6;
const ANTICIPO = 8;

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Awaited<ReturnType<typeof crearUsuariosPorRol>>['porRol'];
let tablero: { id: number };

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  const iva = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(entorno.db);
  const unidad = await crearTipoMedida(entorno.db);
  tablero = await crearProducto(entorno.db, {
    tipo_medida_id: unidad.id,
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 }],
  });
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FS' });
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RS' });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

/** Two boards at $100,000 + IVA 19 % = $238,000, billed with the payments `pagos` gives for the total. */
async function venta(opciones: { saldoAbono?: number; credito?: boolean; pagos: (total: number) => { id_forma_pago: number; valor_pagado: number }[] }) {
  const cliente = await crearTercero(entorno.db, { saldo_abono: opciones.saldoAbono ?? 0 });
  if (opciones.credito) await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
  const creada = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
  });
  const cuerpo = cuerpoFacturar(opciones.pagos(creada.total_venta), opciones.credito ? { crear_venta_credito: true } : {});
  const facturada = await llamar('POST', `/api/facturas/${creada.id}/forma-pago`, cuerpo);
  expect(facturada.statusCode, facturada.body).toBe(200);
  const linea = await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', creada.id).executeTakeFirstOrThrow();
  return { id: creada.id, total: creada.total_venta, cliente, linea: linea.id };
}

const unTablero = (linea: number) => ({ motivo: 'Un tablero llegó rayado', lineas: [{ venta_detalle_id: linea, cantidad: 1 }] });
const saldoAbono = async (terceroId: number) => Number((await entorno.db.selectFrom('tercero').select('saldo_abono').where('id', '=', terceroId).executeTakeFirstOrThrow()).saldo_abono);
const movimientosAbono = (terceroId: number) =>
  entorno.db.selectFrom('abono_tercero').select(['tipo_movimiento_abono_id', 'valor_abono', 'saldo_abono', 'venta_id', 'movimiento_origen_id']).where('tercero_id', '=', terceroId).orderBy('id').execute();
const reembolsos = (ventaId: number) => entorno.db.selectFrom('devolucion_dinero').select(['forma_pago_id', 'valor']).where('origen_id', '=', ventaId).where('origen', '=', 'venta').orderBy('id').execute();
const MENSAJE_SALDO = (valor: number) => MENSAJES_DEVOLUCION_PARCIAL.saldoFavor(formatearPesos(valor));

describe('a return that finds no credit nor money goes to the saldo a favor', () => {
  it('of a sale paid with the advance: the preview says so; the return credits the balance with a type-5 movement, no money', async () => {
    const v = await venta({ saldoAbono: 300_000, pagos: (total) => [{ id_forma_pago: ANTICIPO, valor_pagado: total }] });
    expect(await saldoAbono(v.cliente.id)).toBe(62_000);
    const previa = await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, unTablero(v.linea));
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().data).toMatchObject({ valor_total: 119_000, valor_credito: 0, formas: [], valor_saldo_favor: 119_000, mensaje: MENSAJE_SALDO(119_000) });
    expect(await saldoAbono(v.cliente.id)).toBe(62_000);

    const respuesta = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, unTablero(v.linea));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ valor_total: 119_000, valor_saldo_favor: 119_000, mensaje: MENSAJE_SALDO(119_000) });
    expect(respuesta.json().message).toContain(MENSAJES_DEVOLUCION_PARCIAL.registrada(respuesta.json().data.id));
    expect(await saldoAbono(v.cliente.id)).toBe(181_000);
    expect((await movimientosAbono(v.cliente.id)).at(-1)).toEqual({
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.DEVOLUCION_VENTA,
      valor_abono: '119000.00',
      saldo_abono: '181000.00',
      venta_id: v.id,
      movimiento_origen_id: null,
    });
    expect(await reembolsos(v.id)).toEqual([]);
    const fila = await entorno.db.selectFrom('devolucion_venta').selectAll().where('venta_id', '=', v.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ valor_total: '119000.00', valor_credito: '0.00', valor_dinero: '0.00', valor_saldo_favor: '119000.00' });
    // The sale's detail lists it, with how it was given back.
    const lista = await llamar('GET', `/api/facturas/${v.id}/devoluciones`);
    expect(lista.json().data.devoluciones).toEqual([expect.objectContaining({ id: fila.id, valor_saldo_favor: 119_000, valor_dinero: 0, formas: [], nota_credito: null, estado_nota: null })]);

    // The annulment gives back to the balance only the spend's rest: 238,000 − 119,000; the ledger adds up.
    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`);
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await saldoAbono(v.cliente.id)).toBe(300_000);
    const movimientos = await movimientosAbono(v.cliente.id);
    expect(movimientos.at(-1)).toMatchObject({ tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ANULACION_PAGO_VENTA, valor_abono: '119000.00', saldo_abono: '300000.00' });
    const ledger = movimientos.reduce((t, m) => t + Math.round(Number(m.valor_abono) * 100), 0);
    // The factory gave 300,000 without a movement: the ledger (−238,000 + 119,000 + 119,000) moves the balance from there.
    expect(ledger).toBe((await saldoAbono(v.cliente.id)) * 100 - 300_000 * 100);
  });

  it('of a credit sale already paid: the part the credit no longer owes goes to the saldo a favor, the rest off the credit', async () => {
    const v = await venta({ credito: true, pagos: (total) => [{ id_forma_pago: CREDITO, valor_pagado: total }] });
    // A credit payment of 200,000 leaves 38,000 owed; returning one board (119,000) takes 38,000 off the credit and
    // credits 81,000 to the balance.
    const pago = await llamar('POST', '/api/creditos/abonos', {
      venta_id: v.id,
      fecha_abono: hoyNegocio(),
      observacion_abono: 'Abono',
      valor_abono: 200_000,
      lista_formas_pagadas_form: [{ id_forma_pago: EFECTIVO, valor_pagado: 200_000, codigo_comprobante: null, fecha_consignacion: null }],
    });
    expect(pago.statusCode, pago.body).toBe(200);
    const cuenta = await entorno.db.selectFrom('cuenta_credito').select(['id', 'total_credito']).where('tercero_id', '=', v.cliente.id).executeTakeFirstOrThrow();
    expect(Number(cuenta.total_credito)).toBe(38_000);

    const previa = await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, unTablero(v.linea));
    expect(previa.json().data).toMatchObject({ valor_credito: 38_000, formas: [], valor_saldo_favor: 81_000 });
    expect(previa.json().data.mensaje).toBe(`${MENSAJES_DEVOLUCION_PARCIAL.credito(formatearPesos(38_000))}. ${MENSAJE_SALDO(81_000)}`);

    const respuesta = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, unTablero(v.linea));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ valor_credito: 38_000, valor_saldo_favor: 81_000, mensaje: previa.json().data.mensaje });
    expect(Number((await entorno.db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuenta.id).executeTakeFirstOrThrow()).total_credito)).toBe(0);
    const movimiento = await entorno.db.selectFrom('cuenta_credito_movimiento').select(['tipo_movimiento_credito_id', 'valor_movimiento']).where('venta_id', '=', v.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(movimiento).toEqual({ tipo_movimiento_credito_id: TIPOS_MOVIMIENTO_CREDITO.DEVOLUCION_VENTA, valor_movimiento: '38000.00' });
    expect(await saldoAbono(v.cliente.id)).toBe(81_000);
    expect(await movimientosAbono(v.cliente.id)).toEqual([
      { tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.DEVOLUCION_VENTA, valor_abono: '81000.00', saldo_abono: '81000.00', venta_id: v.id, movimiento_origen_id: null },
    ]);
    expect(await reembolsos(v.id)).toEqual([]);
    // The second board too: nothing owed any more, all of it to the balance.
    const segunda = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, unTablero(v.linea));
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.json().data).toMatchObject({ valor_credito: 0, valor_saldo_favor: 119_000, mensaje: MENSAJE_SALDO(119_000) });
    expect(await saldoAbono(v.cliente.id)).toBe(200_000);
  });

  it('of a sale paid part in cash and part with the advance: the cash first, then the saldo a favor', async () => {
    const v = await venta({ saldoAbono: 200_000, pagos: (total) => [{ id_forma_pago: ANTICIPO, valor_pagado: 200_000 }, { id_forma_pago: EFECTIVO, valor_pagado: total - 200_000 }] });
    const respuesta = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, unTablero(v.linea));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ valor_credito: 0, formas: [{ forma_pago_id: EFECTIVO, valor: 38_000 }], valor_saldo_favor: 81_000 });
    expect(respuesta.json().data.mensaje).toBe(`Devuelva al cliente ${formatearPesos(38_000)} en Efectivo. ${MENSAJE_SALDO(81_000)}`);
    expect((await reembolsos(v.id)).map((r) => [r.forma_pago_id, Number(r.valor)])).toEqual([[EFECTIVO, 38_000]]);
    expect(await saldoAbono(v.cliente.id)).toBe(81_000);
  });
});

describe('the return routes refuse what a careful tester sends, in Spanish, never a 500', () => {
  it('401 without a token, 403 to every other role, 404 for another store on the preview and the list', async () => {
    const v = await venta({ pagos: (total) => [{ id_forma_pago: EFECTIVO, valor_pagado: total }] });
    expect((await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, unTablero(v.linea), null)).statusCode).toBe(401);
    for (const rol of ROLES_NO_SUPER_ADMIN) expect((await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, unTablero(v.linea), porRol[rol])).statusCode, rol).toBe(403);
    const otro = await crearUsuariosPorRol(entorno.app, entorno.db, ajena.codigo_tienda);
    expect((await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, unTablero(v.linea), otro.superAdmin, ajena.codigo_tienda)).statusCode).toBe(404);
    expect((await llamar('GET', `/api/facturas/${v.id}/devoluciones`, undefined, otro.superAdmin, ajena.codigo_tienda)).statusCode).toBe(404);
  });

  it('a NUL byte in the reason, an id of 2^31, a huge or odd quantity: 4xx with a Spanish message, nothing written', async () => {
    const v = await venta({ pagos: (total) => [{ id_forma_pago: EFECTIVO, valor_pagado: total }] });
    const casos: [string, string, object | undefined][] = [
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'Rayado\u0000', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones/previa`, { motivo: 'Rayado\u0000', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] }],
      ['POST', `/api/facturas/2147483648/devoluciones`, unTablero(v.linea)],
      ['POST', `/api/facturas/2147483648/devoluciones/previa`, unTablero(v.linea)],
      ['GET', `/api/facturas/2147483648/devoluciones`, undefined],
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [{ venta_detalle_id: 2 ** 31, cantidad: 1 }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [{ venta_detalle_id: v.linea, cantidad: 1e300 }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [{ venta_detalle_id: v.linea, cantidad: 99_999_999_999_999 }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones/previa`, { motivo: 'x', lineas: [{ venta_detalle_id: v.linea, cantidad: '1e400' }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [{ venta_detalle_id: v.linea, cantidad: 'uno' }] }],
      ['POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x'.repeat(251), lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] }],
    ];
    for (const [metodo, url, cuerpo] of casos) {
      const respuesta = await llamar(metodo as 'GET' | 'POST', url, cuerpo);
      expect(respuesta.statusCode, `${url} ${JSON.stringify(cuerpo)}: ${respuesta.body}`).toBeGreaterThanOrEqual(400);
      expect(respuesta.statusCode, respuesta.body).toBeLessThan(500);
      const { message } = respuesta.json();
      expect(message, respuesta.body).toMatch(/[a-záéíóúñ]/i);
      expect(message).not.toMatch(/invalid|expected|error:|null byte|out of range/i);
    }
    expect(await entorno.db.selectFrom('devolucion_venta').select('id').where('venta_id', '=', v.id).execute()).toEqual([]);
    const nul = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'Rayado\u0000', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.motivo).toBeDefined();
    expect((await llamar('GET', '/api/facturas/2147483648/devoluciones')).statusCode).toBe(404);
  });
});
