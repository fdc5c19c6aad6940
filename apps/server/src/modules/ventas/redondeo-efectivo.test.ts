// Cash rounding through the real routes (docs/decisions-redondeo-envios.md, "Redondeo del efectivo"): the parameter,
// the bill (rows adding up to the total plus the rounding, the change from the rounded cash), the printed line, the
// books' figure and the annulment's refund. The template has no REDONDEO_EFECTIVO row (test/global-setup.ts): this
// file writes it.
import { formatearPesos, hoyNegocio, MENSAJES_FACTURACION, MENSAJES_REDONDEO, type CuadreCajaRespuesta } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { textoPdf } from '../../documents/pdf-texto';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
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
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { urlsFactura } from './enlaces-factura';

const entorno = usarEntorno();
let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let producto: { id: number };

const EFECTIVO = 1;
const TARJETA = 2;
/** One sale: 3 × 3,343.95 = 10,031.85 (tax-exempt). */
const TOTAL = 10_031.85;

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
  entorno.app.inject({ method, url, headers: token ? headers(token, tienda.codigo_tienda) : {}, ...(payload ? { payload } : {}) });
const fijarUnidad = (valor: string) => llamar('PUT', '/api/parametros/REDONDEO_EFECTIVO/editar', superAdmin.token, { valor_parametro: valor });
const facturar = (ventaId: number, cuerpo: object) => llamar('POST', `/api/facturas/${ventaId}/forma-pago`, cajero.token, cuerpo);
const filaVenta = (id: number) => entorno.db.selectFrom('venta').select(['estado_venta_id', 'ajuste_redondeo', 'valor_recibido_efectivo', 'valor_venta_cambio_favor', 'total_venta']).where('id', '=', id).executeTakeFirstOrThrow();
const pagosDe = async (id: number) =>
  (await entorno.db.selectFrom('venta_forma_pago').select(['forma_pago_id', 'valor_pagado']).where('venta_id', '=', id).orderBy('id').execute()).map((p) => ({ ...p, valor_pagado: Number(p.valor_pagado) }));

async function ventaPendiente() {
  const cliente = await crearTercero(entorno.db);
  return crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: cajero.id,
    lineas: [{ producto_id: producto.id, cantidad: 3, precio_unitario: 3_343.95 }],
  });
}

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  const exento = await crearImpuesto(entorno.db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(entorno.db);
  producto = await crearProducto(entorno.db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 2,
    linea_id: 4,
    precio_unitario: 3_343.95,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: 3_343.95 }],
  });
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
  await entorno.db.insertInto('parametro').values({ codigo_parametro: 'REDONDEO_EFECTIVO', valor_parametro: '1' }).execute();
  // The daily cash totals only this file's store.
  await entorno.db.updateTable('parametro').set({ valor_parametro: tienda.codigo_tienda }).where('codigo_parametro', '=', 'TIENDAS_CUADRE_CAJA').execute();
});

describe('the REDONDEO_EFECTIVO parameter', () => {
  it.each(['20', '0', '1.5', 'cincuenta', '100'])('refuses %s with the Spanish message on its field, and keeps the value', async (valor) => {
    const respuesta = await fijarUnidad(valor);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.valor_parametro).toContain(MENSAJES_REDONDEO.parametro);
    const leido = await llamar('GET', '/api/parametros/REDONDEO_EFECTIVO', cajero.token);
    expect(leido.json().data.parametro.valor_parametro).toBe('1');
  });
});

describe('a cash bill with centavos', () => {
  it('to the peso: refuses the exact centavos, bills the rounded cash with its adjustment and the change from it', async () => {
    const venta = await ventaPendiente();
    expect(Number(venta.total_venta)).toBe(TOTAL);
    const exacto = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { valor_recibido: 20_000 }));
    expect(exacto.statusCode).toBe(422);
    // 10,031.85 → 10,031 (down, in the customer's favour): the rows must add up to it.
    expect(exacto.json().errors.formaPagoList).toContain(MENSAJES_FACTURACION.sumatoria(formatearPesos(10_031)));
    expect((await filaVenta(venta.id)).estado_venta_id).toBe(1);

    const respuesta = await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 10_031 }], { valor_recibido: 20_000 }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ ajuste_redondeo: -0.85, valor_venta_cambio_favor: 9_969 });
    expect(await filaVenta(venta.id)).toMatchObject({ estado_venta_id: 2, ajuste_redondeo: '-0.85', total_venta: '10031.85', valor_recibido_efectivo: '20000.00', valor_venta_cambio_favor: '9969.00' });
    expect(await pagosDe(venta.id)).toEqual([{ forma_pago_id: EFECTIVO, valor_pagado: 10_031 }]);

    // The detail and the PDF: the exact total, the adjustment and what was paid below it.
    const detalle = await llamar('GET', `/api/facturas/${venta.id}`, cajero.token);
    expect(detalle.json().data.ventas_encabezado).toMatchObject({ ajuste_redondeo: -0.85, total_venta: TOTAL });
    const pdf = await entorno.app.inject({ method: 'GET', url: urlsFactura(SECRETO_PRUEBA, venta.id).url_factura });
    expect(pdf.statusCode).toBe(200);
    const texto = textoPdf(pdf.rawPayload);
    expect(texto).toContain(MENSAJES_REDONDEO.etiqueta);
    expect(texto).toContain('Total pagado');
    expect(texto).toContain('$ 10,031.85');
    expect(texto).toContain('-$ 0.85');
    expect(texto).toContain('$ 10,031.00');
  });

  it('to $50: rounds only the cash part of a mixed payment, always down', async () => {
    expect((await fijarUnidad('50')).statusCode).toBe(200);
    const mixta = await ventaPendiente();
    // 4,000 by card leaves 6,031.85 in cash → 6,000 ($50, down): -31.85.
    const cuerpoMixto = (efectivo: number) =>
      cuerpoFacturar([
        { id_forma_pago: TARJETA, valor_pagado: 4_000, comprobante_id: 'V-1' },
        { id_forma_pago: EFECTIVO, valor_pagado: efectivo },
      ], { valor_recibido: 10_000 });
    const mal = await facturar(mixta.id, cuerpoMixto(6_050));
    expect(mal.statusCode).toBe(422);
    expect(mal.json().errors.formaPagoList).toContain(MENSAJES_FACTURACION.sumatoria(formatearPesos(10_000)));
    const bien = await facturar(mixta.id, cuerpoMixto(6_000));
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.json().data).toMatchObject({ ajuste_redondeo: -31.85, valor_venta_cambio_favor: 4_000 });

    // All in cash: 10,031.85 → 10,000 too (the domain's tests hold the boundaries).
    const toda = await ventaPendiente();
    const efectivo = await facturar(toda.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 10_000 }]));
    expect(efectivo.statusCode, efectivo.body).toBe(200);
    expect(efectivo.json().data).toMatchObject({ ajuste_redondeo: -31.85, valor_venta_cambio_favor: 0 });

    // By card alone nothing is rounded: the exact total.
    const tarjeta = await ventaPendiente();
    const conTarjeta = await facturar(tarjeta.id, cuerpoFacturar([{ id_forma_pago: TARJETA, valor_pagado: TOTAL, comprobante_id: 'V-2' }]));
    expect(conTarjeta.statusCode, conTarjeta.body).toBe(200);
    expect((await filaVenta(tarjeta.id)).ajuste_redondeo).toBe('0.00');
    expect((await fijarUnidad('1')).statusCode).toBe(200);
  });

  it('shows the rounding in the daily cash and the month closing: cash received less rounding is the cash billed', async () => {
    // This file's bills so far: cash 10,031 (-0.85), 6,000 (-31.85), 10,000 (-31.85).
    const esperado = { efectivo_recibido: 26_031, ajuste_redondeo: -64.55, efectivo_facturado: 26_095.55, cantidad_ventas: 3 };
    const cuadre = await llamar('POST', '/api/cuadre-caja/dia', superAdmin.token, { fecha_dia: hoyNegocio() });
    expect(cuadre.statusCode, cuadre.body).toBe(200);
    const datos = cuadre.json().data as CuadreCajaRespuesta;
    expect(datos.redondeo_efectivo).toEqual(esperado);
    // The drawer counts what it received, the rounded cash.
    expect(datos.lista_tiendas[0]!.total_efectivo).toBe(26_031);
    const [anio, mes] = hoyNegocio().split('-');
    const cierre = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, { anio: Number(anio), mes, codigo_tienda: tienda.codigo_tienda });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json().data.redondeo_efectivo).toEqual(esperado);
  });

  it('annulling gives back the cash actually received, the rounded amount', async () => {
    const venta = await ventaPendiente();
    expect((await facturar(venta.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 10_031 }]))).statusCode).toBe(200);
    const anulada = await llamar('PUT', `/api/facturas/${venta.id}/anular`, superAdmin.token, {});
    expect(anulada.statusCode, anulada.body).toBe(200);
    const devuelto = await entorno.db.selectFrom('devolucion_dinero').select(['forma_pago_id', 'valor']).where('origen', '=', 'venta').where('origen_id', '=', venta.id).execute();
    expect(devuelto.map((d) => ({ forma_pago_id: d.forma_pago_id, valor: Number(d.valor) }))).toEqual([{ forma_pago_id: EFECTIVO, valor: 10_031 }]);
  });
});
