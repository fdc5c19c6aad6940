import ExcelJS from 'exceljs';
import { hoyNegocio, sumarMeses, type VentasPlataforma } from '@tablero/domain';
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

// Cierre de mes by fiscal document with the POS kind (docs/decisions-reportes-dinero.md "Cierre de mes por documento
// fiscal"): a sale billed as documento equivalente POS (venta.tipo_documento 'POS', its documento_fe 'POS') is a fiscal
// document counted by DIAN state like an e-invoice; its notas de ajuste subtract like credit notes; a remission's
// partial return, which issues no DIAN document, subtracts from the remissions of the month it happened. POS rows are
// written here as the POS billing writes them (its billing is another part of the work); the remissions and their
// returns go through the real routes.

const entorno = usarEntorno();
const pesos = (centavos: number) => centavos / 100;

let tienda: TiendaPrueba;
let usuario: UsuarioConSesion;
let rango: number;
let numero = 7000;
let tablero: { id: number };
const ahora = new Date();
const esteMes = hoyNegocio(ahora).slice(0, 7);
const mesPasado = sumarMeses(`${esteMes}-01`, -1).slice(0, 7);
const ids: Record<string, number> = {};
let datos: VentasPlataforma;
let anterior: VentasPlataforma;

const llamar = (method: 'GET' | 'POST', url: string, payload?: object) =>
  entorno.app.inject({ method, url, headers: headers(usuario.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });

/** A sale billed as POS one second ago (subtotal and taxes in centavos), with its POS document in `estado` (none: null). */
async function ventaPos(clave: string, subtotal: number, impuestos: number, estado: 'ACEPTADA' | 'ENVIANDO' | 'RECHAZADA' | null) {
  const cliente = await crearTercero(entorno.db, { nombres: `POS ${clave}`, apellidos: 'Prueba' });
  const fecha = new Date(ahora.getTime() - 1000);
  const { id } = await entorno.db
    .insertInto('venta')
    .values({
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: usuario.id,
      fecha_venta: fecha,
      estado_venta_id: 2,
      tipo_pago_id: 1,
      total_subtotal_venta: pesos(subtotal),
      total_descuento: 0,
      total_impuestos_venta: pesos(impuestos),
      total_otros_impuestos_venta: 0,
      total_venta: pesos(subtotal + impuestos),
      tipo_documento: 'POS',
      permite_fe: true,
      rango_numeracion_id: rango,
      prefijo_factura_dian: 'POS',
      nro_factura_dian: ++numero,
      fecha_factura: fecha,
      facturador_id: usuario.id,
      modo_factura: 'C',
      ...(estado === 'ACEPTADA' ? { fecha_factura_dian: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await entorno.db.insertInto('venta_forma_pago').values({ venta_id: id, forma_pago_id: 1, valor_pagado: pesos(subtotal + impuestos) }).execute();
  if (estado) {
    await entorno.db
      .insertInto('documento_fe')
      .values({
        venta_id: id,
        tipo: 'POS',
        numero: `POS${numero}`,
        documento_referencia_id: null,
        fecha_emision: null,
        hora_emision: null,
        cufe: null,
        ambiente: 2,
        proveedor: 'DIAN',
        xml_firmado: null,
        qr: null,
        construido_at: null,
        estado,
        respuesta_dian: null,
        fecha_aceptacion: estado === 'ACEPTADA' ? new Date() : null,
        proveedor_id: null,
        concepto_nota: null,
        motivo: null,
        devolucion_venta_id: null,
        user_id: usuario.id,
      })
      .execute();
  }
  ids[clave] = id;
  return id;
}

/** A nota de ajuste of a POS sale (the annulment's: no return), in `estado`, issued now. */
async function notaAjuste(ventaId: number, estado: 'ACEPTADA' | 'PENDIENTE_ENVIO') {
  const pos = await entorno.db.selectFrom('documento_fe').select('id').where('venta_id', '=', ventaId).where('tipo', '=', 'POS').executeTakeFirstOrThrow();
  await entorno.db.updateTable('venta').set({ estado_venta_id: 3, fecha_anulacion: new Date() }).where('id', '=', ventaId).execute();
  await entorno.db
    .insertInto('documento_fe')
    .values({
      venta_id: ventaId,
      tipo: 'NOTA_AJUSTE',
      numero: `NA${ventaId}`,
      documento_referencia_id: pos.id,
      fecha_emision: null,
      hora_emision: null,
      cufe: null,
      ambiente: 2,
      proveedor: 'DIAN',
      xml_firmado: null,
      qr: null,
      construido_at: null,
      estado,
      respuesta_dian: null,
      fecha_aceptacion: estado === 'ACEPTADA' ? new Date() : null,
      proveedor_id: null,
      concepto_nota: '2',
      motivo: 'Error en el documento',
      devolucion_venta_id: null,
      user_id: usuario.id,
    })
    .execute();
}

/** A cash remission of 3 boards at $100,000 + IVA 19 %, billed through the route; answers the sale and its line. */
async function remision(clave: string) {
  const cliente = await crearTercero(entorno.db);
  const creada = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: usuario.id,
    lineas: [{ producto_id: tablero.id, cantidad: 3, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
  });
  const facturada = await llamar('POST', `/api/facturas/${creada.id}/forma-pago`, cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: creada.total_venta }]));
  expect(facturada.statusCode, facturada.body).toBe(200);
  const linea = await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', creada.id).executeTakeFirstOrThrow();
  ids[clave] = creada.id;
  return { id: creada.id, linea: linea.id };
}

const plataforma = async (mes: string) => {
  const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', { anio: Number(mes.slice(0, 4)), mes: mes.slice(5, 7), codigo_tienda: tienda.codigo_tienda });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as VentasPlataforma;
};

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  rango = (await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, numero_hasta: 100_000 })).id;
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RP' });
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

  await ventaPos('aceptado', 100_000_00, 19_000_00, 'ACEPTADA');
  await ventaPos('enviando', 50_000_00, 9_500_00, 'ENVIANDO');
  await ventaPos('rechazado', 30_000_00, 5_700_00, 'RECHAZADA');
  await ventaPos('sinEnviar', 20_000_00, 3_800_00, null);
  await ventaPos('ajustado', 40_000_00, 7_600_00, 'ACEPTADA');
  await notaAjuste(ids.ajustado!, 'ACEPTADA');
  await ventaPos('ajustePendiente', 10_000_00, 1_900_00, 'ACEPTADA');
  await notaAjuste(ids.ajustePendiente!, 'PENDIENTE_ENVIO');

  // A remission of this month with one board returned; one billed last month (its billing day moved there, as billing
  // last month would have written it) with one board returned today: each return subtracts this month.
  const deEsteMes = await remision('remision');
  const deMesPasado = await remision('remisionMesPasado');
  await entorno.db.updateTable('venta').set({ fecha_factura: new Date(`${mesPasado}-10T12:00:00-05:00`) }).where('id', '=', deMesPasado.id).execute();
  for (const r of [deEsteMes, deMesPasado]) {
    const devuelta = await llamar('POST', `/api/facturas/${r.id}/devoluciones`, { motivo: 'Un tablero rayado', lineas: [{ venta_detalle_id: r.linea, cantidad: 1 }] });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
  }

  datos = await plataforma(esteMes);
  anterior = await plataforma(mesPasado);
});

describe('Cierre de mes counts the POS documents, their notas de ajuste and the remissions\' returns', () => {
  it('splits the POS documents by DIAN state, each to the centavo, apart from the e-invoices', () => {
    expect(datos.documentos_pos).toEqual({
      aceptadas: { cantidad: 3, ventas: pesos(150_000_00), iva: pesos(28_500_00) },
      pendientes: { cantidad: 2, ventas: pesos(70_000_00), iva: pesos(13_300_00) },
      rechazadas: { cantidad: 1, ventas: pesos(30_000_00), iva: pesos(5_700_00) },
    });
    expect(datos.facturas_electronicas.aceptadas.cantidad + datos.facturas_electronicas.pendientes.cantidad + datos.facturas_electronicas.rechazadas.cantidad).toBe(0);
    expect(datos.ventas_siigo).toBe(0);
  });

  it('counts the notas de ajuste like credit notes, by state', () => {
    expect(datos.notas_ajuste).toEqual({
      aceptadas: { cantidad: 1, ventas: pesos(40_000_00), iva: pesos(7_600_00) },
      pendientes: { cantidad: 1, ventas: pesos(10_000_00), iva: pesos(1_900_00) },
      rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
    });
    expect(datos.notas_credito.aceptadas.cantidad + datos.notas_credito.pendientes.cantidad).toBe(0);
  });

  it("subtracts the remissions' partial returns of the month from the remissions, whatever month the remission was billed", () => {
    // This month's remission: 3 × 100,000 + 19 % = 357,000; each return: 100,000 + 19,000.
    expect(datos.remisiones).toEqual({ cantidad: 1, ventas: 300_000, iva: 57_000 });
    expect(datos.devoluciones_remision).toEqual({ cantidad: 2, ventas: 200_000, iva: 38_000 });
    expect(datos).toMatchObject({ ventas_remision: 100_000, iva_remision: 19_000 });
    // Last month keeps its remission whole: the return happened this month.
    expect(anterior.remisiones).toEqual({ cantidad: 1, ventas: 300_000, iva: 57_000 });
    expect(anterior.devoluciones_remision).toEqual({ cantidad: 0, ventas: 0, iva: 0 });
    expect(anterior).toMatchObject({ ventas_remision: 300_000, ventas_total: 300_000, iva_total: 0 });
  });

  it('nets the month: POS documents are fiscal, a remission is not; IVA from accepted fiscal documents net of accepted notes', () => {
    // 300,000 remission + 250,000 POS − 50,000 notas de ajuste − 200,000 returned boards.
    expect(datos.ventas_total).toBe(300_000 + 250_000 - 50_000 - 200_000);
    // 28,500 of accepted POS − 7,600 of the accepted nota de ajuste; no remission tax.
    expect(datos.iva_total).toBe(pesos(28_500_00 - 7_600_00));
    // (13,300 pending + 5,700 rejected) − 1,900 of the nota on its way.
    expect(datos.iva_por_aceptar).toBe(pesos(13_300_00 + 5_700_00 - 1_900_00));
  });

  it('names each POS document and nota de ajuste DIAN has not accepted in the warning', () => {
    expect(datos.documentos_por_resolver.map((d) => [d.tipo, d.venta_id, d.estado])).toEqual([
      ['POS', ids.enviando, 'ENVIANDO'],
      ['POS', ids.rechazado, 'RECHAZADA'],
      ['POS', ids.sinEnviar, null],
      ['NOTA_AJUSTE', ids.ajustePendiente, 'PENDIENTE_ENVIO'],
    ]);
    expect(datos.documentos_por_resolver.find((d) => d.venta_id === ids.sinEnviar)!.numero).toMatch(/^POS\d+$/);
  });

  it('marks each POS sale of the list with its fiscal document', () => {
    const de = (clave: string) => datos.lista_ventas_mes.find((v) => v.id === ids[clave])!.documento_fiscal;
    expect(['aceptado', 'enviando', 'rechazado', 'sinEnviar', 'ajustado', 'remision'].map(de)).toEqual([
      'POS_ACEPTADO',
      'POS_PENDIENTE',
      'POS_RECHAZADO',
      'POS_PENDIENTE',
      'POS_ACEPTADO',
      'REMISION',
    ]);
  });

  it("exports the same split on 'Documentos fiscales', the warning's lines and the sales' fiscal document", async () => {
    const respuesta = await llamar('POST', '/api/cierre-mes/exportar', { anio: Number(esteMes.slice(0, 4)), mes: esteMes.slice(5, 7), codigo_tienda: tienda.codigo_tienda, seccion: 'ventas' });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const filasDe = (nombre: string) => (libro.getWorksheet(nombre)!.getSheetValues().slice(2) as unknown[][]).filter(Boolean).map((f) => f.slice(1));
    const documentos = filasDe('Documentos fiscales');
    expect(documentos.filter((f) => f[0] === 'Documento POS')).toEqual([
      ['Documento POS', 'Aceptada por la DIAN', 3, 150_000, 28_500],
      ['Documento POS', 'Pendiente de envío', 2, 70_000, 13_300],
      ['Documento POS', 'Rechazada por la DIAN', 1, 30_000, 5_700],
    ]);
    expect(documentos.filter((f) => f[0] === 'Nota de ajuste POS (resta)').map((f) => f[2])).toEqual([1, 1, 0]);
    expect(documentos.find((f) => f[0] === 'Devolución de remisión (resta)')).toEqual(['Devolución de remisión (resta)', 'Sin documento DIAN', 2, 200_000, 38_000]);
    expect(documentos.find((f) => f[0] === 'Ventas netas del mes')![3]).toBe(datos.ventas_total);
    expect(documentos.find((f) => f[0] === 'IVA fiscal')![4]).toBe(datos.iva_total);
    expect(filasDe('Por resolver en la DIAN').map((f) => [f[0], f[2]])).toEqual([
      ['Documento POS', ids.enviando],
      ['Documento POS', ids.rechazado],
      ['Documento POS', ids.sinEnviar],
      ['Nota de ajuste', ids.ajustePendiente],
    ]);
    const ventas = libro.getWorksheet('Ventas')!;
    const columna = (ventas.getRow(1).values as unknown[]).indexOf('Documento fiscal');
    expect((ventas.getSheetValues() as unknown[][]).find((f) => f?.[1] === ids.rechazado)![columna]).toBe('Documento POS rechazado');
  });
});
