import { hoyNegocio, sumarDias } from '@tablero/domain';
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
  crearUsuarioConSesion,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { mediosDePago } from './emision.mapeo';
import { findVentaParaEmitir, listPagosParaEmitir } from './emision.repository';

// The DIAN document's forma de pago (PaymentMeans ID 1 contado, 2 crédito) follows the sale's payment type, which the
// bill decides (docs/decisions.md, Facturación, Tipo de pago): not the order's Contado/Crédito.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let cajero: UsuarioConSesion;
let tablero: { id: number };
const hoy = hoyNegocio();

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  cajero = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 50_000, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 50_000 }] });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FTP', numero_desde: 1, numero_hasta: 1000 });
});

/** An order of one board (50,000) saved with this payment type, billed as an electronic invoice with this body. */
async function facturada(tipoPagoId: 1 | 2, cuerpo: Record<string, unknown>) {
  const cliente = await crearTercero(entorno.db);
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
  const venta = await crearVentaConLineas(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: cajero.id, lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 50_000 }] });
  await entorno.db.updateTable('venta').set({ tipo_pago_id: tipoPagoId }).where('id', '=', venta.id).execute();
  const respuesta = await entorno.app.inject({ method: 'POST', url: `/api/facturas/${venta.id}/forma-pago`, headers: headers(cajero.token, tienda.codigo_tienda), payload: { ...cuerpo, crear_factura_siigo: true } });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  const emitir = (await findVentaParaEmitir(entorno.db, venta.id))!;
  return mediosDePago(emitir, await listPagosParaEmitir(entorno.db, venta.id));
}

describe('the DIAN payment means of a billed sale', () => {
  it('is forma de pago 2 with its due date for a Contado order billed as "Factura a crédito"', async () => {
    const medios = await facturada(1, cuerpoFacturar([{ id_forma_pago: 6, valor_pagado: 50_000 }], { crear_venta_credito: true }));
    expect(medios).toHaveLength(1);
    // The account's default term: billed today, due in 30 days (the date the bill stored on the sale).
    expect(medios[0]).toEqual({ formaPago: 2, codigoMedio: '1', vencimiento: sumarDias(hoy, 30) });
  });

  it('is forma de pago 1 for a Crédito order billed in cash', async () => {
    const medios = await facturada(2, cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: 50_000 }]));
    expect(medios).toEqual([{ formaPago: 1, codigoMedio: '10' }]);
  });
});
