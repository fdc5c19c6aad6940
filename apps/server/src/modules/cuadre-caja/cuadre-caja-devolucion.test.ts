import { hoyNegocio, PARAMETRO_TIENDAS_CUADRE_CAJA, type CuadreCajaRespuesta } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuarioConSesion,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// Cuadre de caja with a partial return (docs/decisions-reportes-dinero.md "Devoluciones"): the money a return gives back
// is its own line ('Devoluciones', apart from the annulments'), on the day it is given back; the day's figures add up to
// the centavo, and the day the sale was billed does not change.

const entorno = usarEntorno();
const EFECTIVO = 1;
const TARJETA = 2;
const hoy = hoyNegocio();
const ayer = new Date(Date.parse(`${hoy}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const centavos = (v: number) => Math.round(v * 100);

let tienda: TiendaPrueba;
let usuario: UsuarioConSesion;
let tablero: { id: number };

const llamar = (url: string, payload: object) => entorno.app.inject({ method: 'POST', url, headers: headers(usuario.token, tienda.codigo_tienda), payload });
const cuadre = async (fecha_dia: string) => {
  const respuesta = await llamar('/api/cuadre-caja/dia', { fecha_dia });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as CuadreCajaRespuesta;
};

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  await entorno.db.updateTable('parametro').set({ valor_parametro: tienda.codigo_tienda }).where('codigo_parametro', '=', PARAMETRO_TIENDAS_CUADRE_CAJA).execute();
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RC' });
  const iva = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(entorno.db);
  const unidad = await crearTipoMedida(entorno.db);
  tablero = await crearProducto(entorno.db, {
    tipo_medida_id: unidad.id,
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 33_333,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 33_333 }],
  });
});

describe('a partial return in the daily cash', () => {
  it("is its own line on the day it is given back, apart from the annulments'; yesterday's figures do not move", async () => {
    // 3 boards at 33,333 + 19 % = 118,998.81, paid 20,000 cash and the rest by card; billed yesterday (its day moved
    // there as billing yesterday would have written it).
    const cliente = await crearTercero(entorno.db);
    const creada = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: usuario.id,
      lineas: [{ producto_id: tablero.id, cantidad: 3, precio_unitario: 33_333, porcentaje_impuesto: 19 }],
    });
    const tarjeta = (centavos(creada.total_venta) - 20_000_00) / 100;
    const facturada = await llamar(
      `/api/facturas/${creada.id}/forma-pago`,
      cuerpoFacturar([
        { id_forma_pago: EFECTIVO, valor_pagado: 20_000 },
        { id_forma_pago: TARJETA, valor_pagado: tarjeta, comprobante_id: 'VOU-9' },
      ]),
    );
    expect(facturada.statusCode, facturada.body).toBe(200);
    await entorno.db.updateTable('venta').set({ fecha_factura: new Date(`${ayer}T15:00:00-05:00`) }).where('id', '=', creada.id).execute();
    const linea = await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', creada.id).executeTakeFirstOrThrow();
    const ayerAntes = await cuadre(ayer);
    const hoyAntes = await cuadre(hoy);

    // One board back: 33,333 + 6,333.27 = 39,666.27: 20,000 in cash, 19,666.27 by card.
    const devuelta = await llamar(`/api/facturas/${creada.id}/devoluciones`, { motivo: 'Rayado', lineas: [{ venta_detalle_id: linea.id, cantidad: 1 }] });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
    const devolucionId: number = devuelta.json().data.id;

    expect(await cuadre(ayer)).toEqual(ayerAntes);
    const despues = await cuadre(hoy);
    expect(centavos(despues.total_devoluciones_parciales) - centavos(hoyAntes.total_devoluciones_parciales)).toBe(39_666_27);
    expect(despues.total_devoluciones_anulaciones).toBe(hoyAntes.total_devoluciones_anulaciones);
    expect(centavos(despues.total_devoluciones)).toBe(centavos(despues.total_devoluciones_anulaciones) + centavos(despues.total_devoluciones_parciales));
    expect(centavos(hoyAntes.total_dia) - centavos(despues.total_dia)).toBe(39_666_27);
    expect(centavos(hoyAntes.total_efectivo) - centavos(despues.total_efectivo)).toBe(20_000_00);
    expect(despues.lista_tiendas.map((t) => centavos(t.total_dia))).toEqual([centavos(despues.total_dia)]);
    // Each line names the sale by the remission the customer holds, then by the shop's sale number.
    const numero = await entorno.db.selectFrom('venta').select(['prefijo_factura_dian', 'nro_factura_dian']).where('id', '=', creada.id).executeTakeFirstOrThrow();
    const venta = `RC${numero.nro_factura_dian} · Venta No. ${creada.id}`;
    expect(numero.prefijo_factura_dian).toBe('RC');
    const filas = despues.lista_devoluciones.filter((d) => d.devolucion_venta_id === devolucionId);
    expect(filas.map((d) => [d.forma_pago_id, d.valor, d.descripcion])).toEqual([
      [EFECTIVO, 20_000, `Devolución No. ${devolucionId} de ${venta}`],
      [TARJETA, 19_666.27, `Devolución No. ${devolucionId} de ${venta}`],
    ]);
    // The list adds up to the two totals, each to the centavo.
    const suma = (parciales: boolean) => despues.lista_devoluciones.filter((d) => (d.devolucion_venta_id !== null) === parciales).reduce((t, d) => t + centavos(d.valor), 0);
    expect(suma(true)).toBe(centavos(despues.total_devoluciones_parciales));
    expect(suma(false)).toBe(centavos(despues.total_devoluciones_anulaciones));

    // The annulment of the rest: its money is an annulment's line, the return stays a return.
    const anulada = await entorno.app.inject({ method: 'PUT', url: `/api/facturas/${creada.id}/anular`, headers: headers(usuario.token, tienda.codigo_tienda) });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const tras = await cuadre(hoy);
    expect(centavos(tras.total_devoluciones_parciales)).toBe(centavos(despues.total_devoluciones_parciales));
    expect(centavos(tras.total_devoluciones_anulaciones) - centavos(despues.total_devoluciones_anulaciones)).toBe(centavos(creada.total_venta) - 39_666_27);
    expect(tras.lista_devoluciones.filter((d) => d.devolucion_venta_id === null && d.origen_id === creada.id).map((d) => d.descripcion)).toEqual([
      `Anulación de ${venta}`,
    ]);
    expect(await cuadre(ayer)).toEqual(ayerAntes);
  });
});
