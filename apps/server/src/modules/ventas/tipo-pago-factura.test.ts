import { hoyNegocio } from '@tablero/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
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
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as migracion from '../../db/migrations/202612020000_venta_tipo_pago_sigue_factura';
import { datosDocumentoDeVenta } from './documento-venta.service';

// The bill decides the sale's payment type (docs/decisions.md, Facturación, Tipo de pago): an order saved Contado and
// billed as "Factura a crédito" is a credit sale everywhere it is read (header, detail, list, PDF, Cierre de mes, the
// dashboard), and the reverse; migration 202612020000 fixes the billed sales written before.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let tablero: { id: number };

const EFECTIVO = 1;
const CREDITO = 6;
const TOTAL = 200_000;
const hoy = hoyNegocio();

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: 100_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RTP', numero_desde: 1, numero_hasta: 10_000 });
  // A credit bill is an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FTP', numero_desde: 1, numero_hasta: 10_000 });
});

/** A pending order of 2 boards (200,000) saved with this payment type, of a customer with a credit account. */
async function pedido(tipoPagoId: 1 | 2) {
  const cliente = await crearTercero(entorno.db);
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: cajero.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000 }],
  });
  await entorno.db.updateTable('venta').set({ tipo_pago_id: tipoPagoId }).where('id', '=', venta.id).execute();
  return venta;
}

const enCredito = cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: TOTAL }], { crear_venta_credito: true, modo_factura: 'CR' });
const enEfectivo = cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: TOTAL }], { modo_factura: 'C' });

async function facturar(ventaId: number, cuerpo: object) {
  const respuesta = await entorno.app.inject({ method: 'POST', url: `/api/facturas/${ventaId}/forma-pago`, headers: headers(cajero.token, tienda.codigo_tienda), payload: cuerpo });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
}

async function leer<T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, payload?: object, usuario = superAdmin): Promise<T> {
  const respuesta = await entorno.app.inject({ method, url, headers: headers(usuario.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as T;
}

/** Everything that says whether the sale is on credit, read back through the API and the PDF's data. */
async function loQueDice(ventaId: number) {
  const pedidoLeido = await leer<{ ventas_encabezado: Record<string, unknown> }>('GET', `/api/ventas/${ventaId}`, undefined, cajero);
  const detalle = await leer<{ ventas_encabezado: Record<string, unknown> }>('GET', `/api/facturas/${ventaId}`, undefined, cajero);
  const lista = await leer<{ ventas: { data: Record<string, unknown>[] } }>(
    'POST',
    '/api/facturas?per_page=100',
    { fecha_inicial: hoy, fecha_final: hoy, query_params: '', estado_venta_id: 2 },
    cajero,
  );
  const fila = lista.ventas.data.find((v) => v.id === ventaId)!;
  const pdf = await datosDocumentoDeVenta({ db: entorno.db, secreto: SECRETO_PRUEBA }, ventaId, { remision: false, formato: 'carta' });
  const pick = (e: Record<string, unknown>) => ({ tipo_pago_id: e.tipo_pago_id, nombre_tipo_pago: e.nombre_tipo_pago });
  return {
    encabezado: { ...pick(pedidoLeido.ventas_encabezado), credito: pedidoLeido.ventas_encabezado.credito },
    detalle: { ...pick(detalle.ventas_encabezado), credito: detalle.ventas_encabezado.credito, modo_factura: detalle.ventas_encabezado.modo_factura },
    lista: { ...pick(fila), modo_factura: fila.modo_factura },
    pdf: pdf.modo_factura,
  };
}

const CREDITO_DICHO = {
  encabezado: { tipo_pago_id: 2, nombre_tipo_pago: 'Crédito', credito: true },
  detalle: { tipo_pago_id: 2, nombre_tipo_pago: 'Crédito', credito: true, modo_factura: 'CR' },
  lista: { tipo_pago_id: 2, nombre_tipo_pago: 'Crédito', modo_factura: 'CR' },
  pdf: 'CR',
};
const CONTADO_DICHO = {
  encabezado: { tipo_pago_id: 1, nombre_tipo_pago: 'Contado', credito: false },
  detalle: { tipo_pago_id: 1, nombre_tipo_pago: 'Contado', credito: false, modo_factura: 'C' },
  lista: { tipo_pago_id: 1, nombre_tipo_pago: 'Contado', modo_factura: 'C' },
  pdf: 'C',
};

/** Cierre de mes of this month for the store: the sales by payment type, and each sale's type in the month's list. */
async function cierre() {
  const datos = await leer<{ lista_tipos_venta: { tipo_pago_id: number; cantidad: number; total_venta_neta: number }[]; lista_ventas_mes: { id: number; tipo_pago_id: number }[] }>(
    'POST',
    '/api/cierre-mes/ventas-plataforma',
    { anio: Number(hoy.slice(0, 4)), mes: hoy.slice(5, 7), codigo_tienda: tienda.codigo_tienda },
  );
  const por = (id: number) => datos.lista_tipos_venta.find((t) => t.tipo_pago_id === id) ?? { cantidad: 0, total_venta_neta: 0 };
  return { contado: por(1), credito: por(2), ventas: new Map(datos.lista_ventas_mes.map((v) => [v.id, v.tipo_pago_id])) };
}

describe('the bill decides the payment type', () => {
  it('makes a Contado order billed as "Factura a crédito" a credit sale in the header, detail, list, PDF, Cierre de mes and dashboard', async () => {
    const antes = await cierre();
    const venta = await pedido(1);
    await facturar(venta.id, enCredito);

    // The bill's charge and the sale's type are written together.
    const fila = await entorno.db.selectFrom('venta').select(['tipo_pago_id', 'modo_factura']).where('id', '=', venta.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ tipo_pago_id: 2, modo_factura: 'CR' });
    const cargo = await entorno.db.selectFrom('cuenta_credito_movimiento').select('tipo_movimiento_credito_id').where('venta_id', '=', venta.id).execute();
    expect(cargo).toEqual([{ tipo_movimiento_credito_id: 1 }]);
    expect(await loQueDice(venta.id)).toEqual(CREDITO_DICHO);

    const despues = await cierre();
    expect(despues.credito.cantidad).toBe(antes.credito.cantidad + 1);
    expect(despues.credito.total_venta_neta).toBe(antes.credito.total_venta_neta + TOTAL);
    expect(despues.contado.cantidad).toBe(antes.contado.cantidad);
    expect(despues.ventas.get(venta.id)).toBe(2);

    // The dashboard counts the same billed sales Cierre de mes splits (this database bills in this store only).
    const dashboard = await leer<{ ventas_rango_fecha: { total_pedidos: number; total_venta_neta: number } }>('POST', '/api/dashboard/rango-fecha', { fecha_inicial: `${hoy.slice(0, 7)}-01`, fecha_final: hoy });
    expect(dashboard.ventas_rango_fecha.total_pedidos).toBe(despues.contado.cantidad + despues.credito.cantidad);
    expect(dashboard.ventas_rango_fecha.total_venta_neta).toBe(despues.contado.total_venta_neta + despues.credito.total_venta_neta);
  });

  it('makes a Crédito order billed in cash a cash sale everywhere, with no charge to the credit account', async () => {
    const antes = await cierre();
    const venta = await pedido(2);
    expect((await leer<{ ventas_encabezado: { credito: boolean } }>('GET', `/api/ventas/${venta.id}`, undefined, cajero)).ventas_encabezado.credito).toBe(true);
    await facturar(venta.id, enEfectivo);

    expect(await entorno.db.selectFrom('cuenta_credito_movimiento').select('id').where('venta_id', '=', venta.id).execute()).toEqual([]);
    expect(await loQueDice(venta.id)).toEqual(CONTADO_DICHO);
    const despues = await cierre();
    expect(despues.contado.cantidad).toBe(antes.contado.cantidad + 1);
    expect(despues.credito.cantidad).toBe(antes.credito.cantidad);
    expect(despues.ventas.get(venta.id)).toBe(1);
  });

  it('keeps an annulled credit sale a credit sale (what its bill was)', async () => {
    const venta = await pedido(1);
    await facturar(venta.id, enCredito);
    const respuesta = await entorno.app.inject({ method: 'PUT', url: `/api/facturas/${venta.id}/anular`, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: { concepto_nota: '2', motivo: 'Cliente desiste' } });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await entorno.db.selectFrom('venta').select(['estado_venta_id', 'tipo_pago_id', 'modo_factura']).where('id', '=', venta.id).executeTakeFirstOrThrow()).toEqual({
      estado_venta_id: 3,
      tipo_pago_id: 2,
      modo_factura: 'CR',
    });
  });
});

describe('migration 202612020000_venta_tipo_pago_sigue_factura', () => {
  const tipoDe = (id: number) => entorno.db.selectFrom('venta').select(['tipo_pago_id', 'modo_factura']).where('id', '=', id).executeTakeFirstOrThrow();

  it('gives each billed sale the type its ledgers show, leaves the orders alone, and then refuses a contradicting write', async () => {
    const db = entorno.db;
    const credito = await pedido(1);
    await facturar(credito.id, enCredito);
    const contado = await pedido(2);
    await facturar(contado.id, enEfectivo);
    const pendiente = await pedido(2);

    // Back to before the migration, and the rows as the old billing left them: the order's type, whatever the bill.
    await migracion.down(db);
    await db.updateTable('venta').set({ tipo_pago_id: 1 }).where('id', '=', credito.id).execute();
    await db.updateTable('venta').set({ tipo_pago_id: 2 }).where('id', '=', contado.id).execute();
    // A credit bill whose mode was lost too: its charge and its Crédito payment row still say what it was.
    const sinModo = await pedido(1);
    await facturar(sinModo.id, enCredito);
    await db.updateTable('venta').set({ tipo_pago_id: 1, modo_factura: 'C' }).where('id', '=', sinModo.id).execute();
    expect(await tipoDe(credito.id)).toEqual({ tipo_pago_id: 1, modo_factura: 'CR' });
    expect(await tipoDe(contado.id)).toEqual({ tipo_pago_id: 2, modo_factura: 'C' });
    const cierreAntes = await cierre();

    await migracion.up(db);

    expect(await tipoDe(credito.id)).toEqual({ tipo_pago_id: 2, modo_factura: 'CR' });
    expect(await tipoDe(contado.id)).toEqual({ tipo_pago_id: 1, modo_factura: 'C' });
    expect(await tipoDe(sinModo.id)).toEqual({ tipo_pago_id: 2, modo_factura: 'CR' });
    // An order not billed keeps the seller's choice.
    expect(await tipoDe(pendiente.id)).toEqual({ tipo_pago_id: 2, modo_factura: null });
    const cierreDespues = await cierre();
    expect(cierreDespues.credito.cantidad).toBe(cierreAntes.credito.cantidad + 1);
    expect(cierreDespues.contado.cantidad).toBe(cierreAntes.contado.cantidad - 1);
    expect(await loQueDice(credito.id)).toEqual(CREDITO_DICHO);
    expect(await loQueDice(contado.id)).toEqual(CONTADO_DICHO);

    // From now on PostgreSQL keeps a billed sale's type its mode's.
    await expect(db.updateTable('venta').set({ tipo_pago_id: 1 }).where('id', '=', credito.id).execute()).rejects.toThrow(/venta_tipo_pago_sigue_factura/);
    await expect(sql`update venta set tipo_pago_id = 2 where id = ${pendiente.id}`.execute(db)).resolves.toBeDefined();
  });
});
