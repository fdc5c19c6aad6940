import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba, verificarFirma } from '@tablero/dian';
import { certificadoFeCargarSchema, configuracionFeGuardarSchema, hoyNegocio, sumarDias } from '@tablero/domain';
import type { Database } from '../../db/database';
import { actorSistema } from '../../db/transaccion';
import { CONFIGURACION_FE_DEMO } from '../../db/seed/demo-factura-electronica';
import { construirApp, crearBaseDePrueba, SECRETO_PRUEBA } from '../../../test/app';
import { iniciarDianFalso, type DianFalso } from '../../../test/fakes/dian-falso';
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
import * as facturaElectronicaService from './configuracion.service';

// A credit sale is an electronic invoice with the due date its bill stored (docs/decisions-factura-electronica.md,
// "Venta a crédito"): billed on credit through the real route, sent through the real workers to the fake DIAN, the
// document DIAN receives carries PaymentMeans ID 2 with PaymentDueDate and the invoice's DueDate = the sale's
// fecha_vencimiento (billing day + the account's term), even when the account's term changed after billing.

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const CREDITO = 6;

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let tablero: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-fe-credito-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  cajero = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 }],
  });
  const rango = await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FC' });
  await db.updateTable('rango_numeracion').set({ clave_tecnica: CLAVE_TECNICA }).where('id', '=', rango.id).execute();
  await db.transaction().execute(async (trx) => {
    const sistema = actorSistema();
    const { p12, clave } = generarCertificadoPrueba();
    const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
    await facturaElectronicaService.guardarCertificado(trx, sistema, SECRETO_PRUEBA, cargado);
    await facturaElectronicaService.guardarConfiguracion(
      trx,
      sistema,
      SECRETO_PRUEBA,
      configuracionFeGuardarSchema.parse({ ...CONFIGURACION_FE_DEMO, proveedor: 'DIAN', ambiente: 1, proveedor_url: dian.url }),
    );
  });
});

afterAll(async () => {
  await app?.close();
  await dian?.cerrar();
  await db?.destroy();
  await rm(bandeja, { recursive: true, force: true });
});

async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The text of every `<prefix:nombre>` element of the XML, in order. */
const textos = (xml: string, nombre: string) => [...xml.matchAll(new RegExp(`<[a-z]+:${nombre}>([^<]*)</[a-z]+:${nombre}>`, 'g'))].map((m) => m[1]);

describe('the electronic invoice of a credit sale', () => {
  it("carries PaymentMeans ID 2 with PaymentDueDate and DueDate = the sale's stored due date (billing day + the account's term)", async () => {
    const cliente = await crearTercero(db);
    const cuentaId = await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 5_000_000, plazo_dias: 45 });
    const venta = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: cajero.id,
      lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
    });
    const hoy = hoyNegocio();
    const facturada = await app.inject({
      method: 'POST',
      url: `/api/facturas/${venta.id}/forma-pago`,
      headers: headers(cajero.token, tienda.codigo_tienda),
      payload: cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: venta.total_venta }], { crear_venta_credito: true, crear_factura_siigo: true, modo_factura: 'CR' }),
    });
    expect(facturada.statusCode, facturada.body).toBe(200);
    expect(facturada.json().data.tipo_documento).toBe('FACTURA');
    const vencimiento = sumarDias(hoy, 45);
    expect(await db.selectFrom('venta').select(['fecha_vencimiento', 'permite_fe']).where('id', '=', venta.id).executeTakeFirstOrThrow()).toEqual({
      fecha_vencimiento: vencimiento,
      permite_fe: true,
    });

    // A later change of the account's term does not move a billed sale's due date: the document is built from the sale.
    await db.updateTable('cuenta_credito').set({ plazo_dias: 10 }).where('id', '=', cuentaId).execute();
    const antes = dian.recibidos.length;
    const timbrada = await app.inject({ method: 'POST', url: `/api/facturas/${venta.id}/timbrar-dian`, headers: headers(superAdmin.token, tienda.codigo_tienda) });
    expect(timbrada.statusCode, timbrada.body).toBe(200);
    const documento = (await esperar(
      () => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', venta.id).where('tipo', '=', 'FACTURA').executeTakeFirst(),
      (d) => d !== undefined && d.estado !== 'ENVIANDO',
    ))!;
    expect(documento.estado).toBe('ACEPTADA');
    expect(verificarFirma(documento.xml_firmado!).valida).toBe(true);

    // What DIAN received, read from its ZIP by the fake.
    const enviado = dian.recibidos.slice(antes).find((r) => r.operacion === 'SendBillSync')!.documento!;
    expect(enviado.cufe).toBe(documento.cufe);
    const medios = [...enviado.xml.matchAll(/<cac:PaymentMeans>([\s\S]*?)<\/cac:PaymentMeans>/g)].map((m) => m[1]!);
    expect(medios).toHaveLength(1);
    expect(textos(medios[0]!, 'ID')).toEqual(['2']);
    expect(textos(medios[0]!, 'PaymentMeansCode')).toEqual(['1']);
    expect(textos(medios[0]!, 'PaymentDueDate')).toEqual([vencimiento]);
    expect(textos(enviado.xml, 'DueDate')).toEqual([vencimiento]);
    expect(textos(enviado.xml, 'IssueDate')[0]).toBe(hoy);
  });

  it('carries the withholdings recorded at billing in cac:WithholdingTaxTotal, accepted with the same CUFE rule (docs/decisions-retenciones.md)', async () => {
    const cliente = await crearTercero(db);
    await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 5_000_000 });
    const agente = await app.inject({
      method: 'PUT',
      url: `/api/retenciones/terceros/${cliente.id}`,
      headers: headers(superAdmin.token, tienda.codigo_tienda),
      payload: { agente_retencion: true, concepto_retefuente: 'COMPRAS', aplica_reteiva: true, tarifa_reteica_por_mil: null },
    });
    expect(agente.statusCode, agente.body).toBe(200);
    const venta = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: cajero.id,
      lineas: [{ producto_id: tablero.id, cantidad: 10, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
    });
    const retenciones = [
      { tipo: 'RETEFUENTE', concepto: 'COMPRAS', base: 1_000_000, tarifa: 2.5, valor: 25_000 },
      { tipo: 'RETEIVA', concepto: null, base: 190_000, tarifa: 15, valor: 28_500 },
    ];
    const facturada = await app.inject({
      method: 'POST',
      url: `/api/facturas/${venta.id}/forma-pago`,
      headers: headers(cajero.token, tienda.codigo_tienda),
      payload: cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: venta.total_venta }], { crear_venta_credito: true, crear_factura_siigo: true, modo_factura: 'CR', retenciones }),
    });
    expect(facturada.statusCode, facturada.body).toBe(200);
    const antes = dian.recibidos.length;
    const timbrada = await app.inject({ method: 'POST', url: `/api/facturas/${venta.id}/timbrar-dian`, headers: headers(superAdmin.token, tienda.codigo_tienda) });
    expect(timbrada.statusCode, timbrada.body).toBe(200);
    const documento = (await esperar(
      () => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', venta.id).where('tipo', '=', 'FACTURA').executeTakeFirst(),
      (d) => d !== undefined && d.estado !== 'ENVIANDO',
    ))!;
    expect(documento.estado).toBe('ACEPTADA');
    const enviado = dian.recibidos.slice(antes).find((r) => r.operacion === 'SendBillSync')!.documento!;
    const totales = [...enviado.xml.matchAll(/<cac:WithholdingTaxTotal>([\s\S]*?)<\/cac:WithholdingTaxTotal>/g)].map((m) => m[1]!);
    const monto = (xml: string, nombre: string) => new RegExp(`<cbc:${nombre}[^>]*>([^<]*)<`).exec(xml)?.[1];
    expect(totales.map((t) => [textos(t, 'ID')[0], textos(t, 'Percent')[0], monto(t, 'TaxAmount')])).toEqual([
      ['06', '2.50', '25000.00'],
      ['05', '15.00', '28500.00'],
    ]);
    // Informative: the payable amount is the invoice's whole total.
    expect(monto(enviado.xml, 'PayableAmount')).toBe('1190000.00');
  });
});
