import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba, verificarFirma } from '@tablero/dian';
import { validarDocumentoDian } from '@tablero/dian/validador-prueba';
import {
  certificadoFeCargarSchema,
  configuracionFeGuardarSchema,
  formatearDinero,
  hoyNegocio,
  PARAMETRO_TIENDAS_CUADRE_CAJA,
  TIPOS_MOVIMIENTO_CREDITO,
  type CuadreCajaRespuesta,
  type VentasPlataforma,
} from '@tablero/domain';
import type { Database } from '../../db/database';
import { actorSistema } from '../../db/transaccion';
import { CONFIGURACION_FE_DEMO } from '../../db/seed/demo-factura-electronica';
import { textoPdf } from '../../documents/pdf-texto';
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
  crearTipoMedida,
  crearUsuarioConSesion,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as cuentasCreditoService from '../cuentas-credito';
import * as facturaElectronicaService from '../factura-electronica';

// "Its money agrees with the sale, the statement, Cuadre de caja and Cierre de mes to the centavo"
// (docs/decisions-factura-electronica.md, "Devolución parcial"; "Cierre de mes por documento fiscal"): one board returned
// from a two-board credit sale billed as an electronic invoice, through the real app, its workers and the fake DIAN.
// Prices chosen so the IVA does not split evenly by hand: 2 × 33,333 + 19 % = 79,332.54; one board = 39,666.27.

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const CREDITO = 6;
const centavos = (valor: number | string) => Math.round(Number(valor) * 100);

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let tablero: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-cuadra-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500, feEsperaFacturaSegundos: 1 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  await db.updateTable('parametro').set({ valor_parametro: tienda.codigo_tienda }).where('codigo_parametro', '=', PARAMETRO_TIENDAS_CUADRE_CAJA).execute();
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  tablero = await crearProducto(db, {
    tipo_medida_id: (await crearTipoMedida(db)).id,
    impuesto_id: iva.id,
    proveedor_id: (await crearProveedor(db)).id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 33_333,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 33_333 }],
  });
  const rango = await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FQ' });
  await db.updateTable('rango_numeracion').set({ clave_tecnica: CLAVE_TECNICA }).where('id', '=', rango.id).execute();
  await db.transaction().execute(async (trx) => {
    const { p12, clave } = generarCertificadoPrueba();
    const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
    await facturaElectronicaService.guardarCertificado(trx, actorSistema(), SECRETO_PRUEBA, cargado);
    await facturaElectronicaService.guardarConfiguracion(
      trx,
      actorSistema(),
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

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: headers(superAdmin.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });

async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const aceptado = (ventaId: number, tipo: 'FACTURA' | 'NOTA_CREDITO') =>
  esperar(
    () => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', tipo).executeTakeFirst(),
    (d) => d !== undefined && d.estado !== 'ENVIANDO',
  );

/** The document's money as written in its XML: lines before taxes, IVA, payable. */
function dineroXml(xml: string) {
  const uno = (patron: RegExp) => {
    const valor = patron.exec(xml)?.[1];
    if (valor === undefined) throw new Error(`No está en el XML: ${patron}`);
    return valor;
  };
  return {
    subtotal: uno(/<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount[^>]*>([^<]+)</),
    iva: uno(/<\/cac:AccountingCustomerParty>[\s\S]*?<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]+)</),
    pagable: uno(/<cac:LegalMonetaryTotal>[\s\S]*?<cbc:PayableAmount[^>]*>([^<]+)</),
  };
}

/** The CUDE recomputed from the note's XML strings (Anexo técnico 1.9: the CUFE's 15 terms with the software PIN; IVA only). */
function cudeDesdeXml(xml: string): string {
  const uno = (patron: RegExp) => patron.exec(xml)![1]!;
  const { subtotal, iva, pagable } = dineroXml(xml);
  return createHash('sha384')
    .update(
      [
        uno(/<\/cbc:ProfileExecutionID>\s*<cbc:ID>([^<]+)<\/cbc:ID>/),
        uno(/<cbc:IssueDate>([^<]+)</),
        uno(/<cbc:IssueTime>([^<]+)</),
        subtotal,
        '01',
        iva,
        '04',
        '0.00',
        '03',
        '0.00',
        pagable,
        uno(/<cac:AccountingSupplierParty>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
        uno(/<cac:AccountingCustomerParty>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
        CONFIGURACION_FE_DEMO.software_pin,
        uno(/<cbc:ProfileExecutionID>([^<]+)</),
      ].join(''),
      'utf8',
    )
    .digest('hex');
}

async function cierre(): Promise<VentasPlataforma> {
  const [anio, mes] = hoyNegocio().split('-');
  const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', { anio: Number(anio), mes, codigo_tienda: tienda.codigo_tienda, incluir_ventas_mes: false });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as VentasPlataforma;
}
async function cuadre(): Promise<CuadreCajaRespuesta> {
  const respuesta = await llamar('POST', '/api/cuadre-caja/dia', { fecha_dia: hoyNegocio() });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as CuadreCajaRespuesta;
}

describe('a partial return of a credit e-invoice: the money agrees everywhere', () => {
  it('invoice = sale; note = return = credit movement; statement, Cuadre de caja and Cierre de mes, each to the centavo', async () => {
    const cliente = await crearTercero(db);
    const cuentaId = await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
    const creada = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: superAdmin.id,
      lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 33_333, porcentaje_impuesto: 19 }],
    });
    const facturada = await llamar('POST', `/api/facturas/${creada.id}/forma-pago`, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: creada.total_venta }], { crear_venta_credito: true }));
    expect(facturada.statusCode, facturada.body).toBe(200);
    const linea = (await db.selectFrom('venta_detalle').select('id').where('venta_id', '=', creada.id).executeTakeFirstOrThrow()).id;
    const venta = await db
      .selectFrom('venta')
      .select(['total_subtotal_venta', 'total_impuestos_venta', 'total_venta', 'fecha_vencimiento'])
      .where('id', '=', creada.id)
      .executeTakeFirstOrThrow();
    expect([venta.total_subtotal_venta, venta.total_impuestos_venta, venta.total_venta].map(centavos)).toEqual([66_666_00, 12_666_54, 79_332_54]);

    // The invoice: a credit e-invoice whose totals are the sale's, valid for DIAN, signed.
    expect((await llamar('POST', `/api/facturas/${creada.id}/timbrar-dian`)).statusCode).toBe(200);
    const factura = (await aceptado(creada.id, 'FACTURA'))!;
    expect(factura.estado).toBe('ACEPTADA');
    const xmlFactura = factura.xml_firmado!;
    expect(dineroXml(xmlFactura)).toEqual({ subtotal: '66666.00', iva: '12666.54', pagable: '79332.54' });
    expect(xmlFactura).toMatch(/<cac:PaymentMeans><cbc:ID>2<\/cbc:ID>[\s\S]*?<cbc:PaymentDueDate>(\d{4}-\d{2}-\d{2})<\/cbc:PaymentDueDate>/);
    const vence = /<cbc:PaymentDueDate>([^<]+)</.exec(xmlFactura)![1];
    expect(vence).toBe(String(venta.fecha_vencimiento).slice(0, 10));
    expect(verificarFirma(xmlFactura).valida).toBe(true);
    expect(validarDocumentoDian(xmlFactura)).toEqual({ esquema: [], codigos: [] });

    const cierreAntes = await cierre();
    const cuadreAntes = await cuadre();
    expect(cierreAntes.facturas_electronicas.aceptadas).toEqual({ cantidad: 1, ventas: 66_666, iva: 12_666.54 });

    // One board back.
    const respuesta = await llamar('POST', `/api/facturas/${creada.id}/devoluciones`, { motivo: 'Un tablero rayado', lineas: [{ venta_detalle_id: linea, cantidad: 1 }], devoluciones_previas: 0 });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const devolucionId: number = respuesta.json().data.id;
    const devolucion = await db.selectFrom('devolucion_venta').selectAll().where('id', '=', devolucionId).executeTakeFirstOrThrow();
    expect([devolucion.valor_subtotal, devolucion.valor_impuesto, devolucion.valor_total, devolucion.valor_credito, devolucion.valor_dinero, devolucion.valor_saldo_favor].map(centavos)).toEqual([
      33_333_00, 6_333_27, 39_666_27, 39_666_27, 0, 0,
    ]);

    // The credit note (concept 1): its money is the return's, its CUDE its own XML's, it references the invoice.
    const nota = (await aceptado(creada.id, 'NOTA_CREDITO'))!;
    expect(nota).toMatchObject({ estado: 'ACEPTADA', concepto_nota: '1', devolucion_venta_id: devolucionId });
    const xmlNota = nota.xml_firmado!;
    expect(dineroXml(xmlNota)).toEqual({ subtotal: '33333.00', iva: '6333.27', pagable: '39666.27' });
    expect(cudeDesdeXml(xmlNota)).toBe(nota.cufe);
    expect(/<cac:BillingReference>[\s\S]*?<cbc:UUID[^>]*>([^<]+)</.exec(xmlNota)?.[1]).toBe(factura.cufe);
    expect(verificarFirma(xmlNota).valida).toBe(true);
    expect(validarDocumentoDian(xmlNota)).toEqual({ esquema: [], codigos: [] });

    // The credit ledger: one 'Devolución de venta' movement of the return's total; the account owes the rest.
    const movimientos = await db
      .selectFrom('cuenta_credito_movimiento')
      .select(['tipo_movimiento_credito_id', 'valor_movimiento'])
      .where('venta_id', '=', creada.id)
      .orderBy('id')
      .execute();
    expect(movimientos.filter((m) => m.tipo_movimiento_credito_id === TIPOS_MOVIMIENTO_CREDITO.DEVOLUCION_VENTA).map((m) => m.valor_movimiento)).toEqual(['39666.27']);
    const cuenta = await db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuentaId).executeTakeFirstOrThrow();
    expect(centavos(cuenta.total_credito)).toBe(39_666_27);

    // The statement: its totals add up to the balance, the return named; the PDF prints the same figures.
    const estado = (await cuentasCreditoService.datosEstadoCuenta(db, cuentaId))!;
    expect(centavos(estado.totales.devoluciones)).toBe(39_666_27);
    expect(centavos(estado.totales.cargos) - centavos(estado.totales.devoluciones)).toBe(centavos(estado.total_credito));
    expect(centavos(estado.total_credito)).toBe(39_666_27);
    expect(estado.pendientes.map((p) => centavos(p.saldo))).toEqual([39_666_27]);
    const pdf = await app.inject({ method: 'GET', url: cuentasCreditoService.ENLACE_ESTADO_CUENTA.url(SECRETO_PRUEBA, cuentaId) });
    expect(pdf.statusCode).toBe(200);
    const texto = textoPdf(pdf.rawPayload);
    expect(texto).toContain('Devoluciones de venta');
    expect(texto).toContain(formatearDinero(39_666.27, 'documento'));
    expect(texto).toContain(formatearDinero(79_332.54, 'documento'));

    // Cuadre de caja: a credit sale's return gives back no money, so the day's money does not move by a centavo.
    const cuadreDespues = await cuadre();
    expect(centavos(cuadreDespues.total_dia)).toBe(centavos(cuadreAntes.total_dia));
    expect(centavos(cuadreDespues.total_efectivo)).toBe(centavos(cuadreAntes.total_efectivo));
    expect(centavos(cuadreDespues.total_devoluciones_parciales)).toBe(centavos(cuadreAntes.total_devoluciones_parciales));
    expect(cuadreDespues.lista_devoluciones.filter((d) => d.devolucion_venta_id === devolucionId)).toEqual([]);
    expect(cuadreDespues.lista_ventas_formas_pagos.filter((f) => f.forma_pago_id === CREDITO).map((f) => centavos(f.valor_pagado))).toEqual([79_332_54]);

    // Cierre de mes: the note counts this month as an accepted credit note worth the board before taxes and its IVA;
    // the net sales and the fiscal IVA drop by exactly that.
    const cierreDespues = await cierre();
    expect(cierreDespues.notas_credito.aceptadas).toEqual({ cantidad: 1, ventas: 33_333, iva: 6_333.27 });
    expect(cierreDespues.facturas_electronicas.aceptadas).toEqual(cierreAntes.facturas_electronicas.aceptadas);
    expect(centavos(cierreAntes.ventas_total) - centavos(cierreDespues.ventas_total)).toBe(33_333_00);
    expect(centavos(cierreAntes.iva_total) - centavos(cierreDespues.iva_total)).toBe(6_333_27);
    expect(centavos(cierreDespues.ventas_total)).toBe(66_666_00 - 33_333_00);
    expect(centavos(cierreDespues.iva_total)).toBe(12_666_54 - 6_333_27);
  }, 60_000);
});
