import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '@tablero/dian';
import { validarDocumentoDian } from '@tablero/dian/validador-prueba';
import { certificadoFeCargarSchema, configuracionFeGuardarSchema, CONCEPTOS_NOTA_CREDITO, formatearPesos, hoyNegocio, MENSAJES_DEVOLUCION_PARCIAL, MENSAJES_FACTURACION, MENSAJES_FE, TIPOS_MOVIMIENTO_CREDITO } from '@tablero/domain';
import { generarCertificadoPrueba } from '@tablero/dian';
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
  crearTipoMedida,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  ROLES_NO_SUPER_ADMIN,
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as facturaElectronicaService from '../factura-electronica';

// Partial returns of a billed sale (docs/decisions-factura-electronica.md, "Devolución parcial") through the real app,
// its pg-boss workers and the fake DIAN: stock, credit ledger, money by method, the partial credit note (concept 1) with
// only the returned lines, and an annulment after returns that gives back only the rest.

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const EFECTIVO = 1;
const TARJETA = 2;
const CREDITO = 6;

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Awaited<ReturnType<typeof crearUsuariosPorRol>>['porRol'];
let tablero: { id: number };
let canto: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-dev-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500, feEsperaFacturaSegundos: 1 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  const existencias = [
    { codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
    { codigo_tienda: ajena.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
  ];
  const unidad = await crearTipoMedida(db);
  tablero = await crearProducto(db, { tipo_medida_id: unidad.id, impuesto_id: iva.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 33_333, tiendas: existencias });
  canto = await crearProducto(db, { impuesto_id: iva.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 10_000, tiendas: existencias });
  for (const t of [tienda, ajena]) {
    const rango = await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'FACTURA', prefijo: t === tienda ? 'FD' : 'FDB' });
    await db.updateTable('rango_numeracion').set({ clave_tecnica: CLAVE_TECNICA }).where('id', '=', rango.id).execute();
    await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'REMISION', prefijo: t === tienda ? 'RD' : 'RDB' });
  }
  await configurar('DIAN');
});

afterAll(async () => {
  await app?.close();
  await dian?.cerrar();
  await db?.destroy();
  await rm(bandeja, { recursive: true, force: true });
});

async function configurar(proveedor: 'DIAN' | 'NINGUNO') {
  await db.transaction().execute(async (trx) => {
    const sistema = actorSistema();
    const { p12, clave } = generarCertificadoPrueba();
    const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
    await facturaElectronicaService.guardarCertificado(trx, sistema, SECRETO_PRUEBA, cargado);
    await facturaElectronicaService.guardarConfiguracion(
      trx,
      sistema,
      SECRETO_PRUEBA,
      configuracionFeGuardarSchema.parse({ ...CONFIGURACION_FE_DEMO, proveedor, ambiente: 1, proveedor_url: dian.url }),
    );
  });
}

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda, payload?: object) =>
  app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });
const devolver = (ventaId: number, cuerpo: object, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/facturas/${ventaId}/devoluciones`, usuario, codigoTienda, cuerpo);
const timbrar = (ventaId: number) => llamar('POST', `/api/facturas/${ventaId}/timbrar-dian`);

/**
 * A sale of 3 boards at $33,333 and 2 edges at $10,000, IVA 19 %, billed with the given payments (the total if none);
 * a credit sale is an e-invoice (docs/decisions-factura-electronica.md, "Venta a crédito"), not sent unless asked.
 */
async function venta(opciones: { electronica?: boolean; pagos?: (total: number) => { id_forma_pago: number; valor_pagado: number; comprobante_id?: string }[]; credito?: boolean; codigoTienda?: string; usuario?: UsuarioConSesion } = {}) {
  const codigoTienda = opciones.codigoTienda ?? tienda.codigo_tienda;
  const cliente = await crearTercero(db);
  if (opciones.credito) await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
  const creada = await crearVentaConLineas(db, {
    codigo_tienda: codigoTienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [
      { producto_id: tablero.id, cantidad: 3, precio_unitario: 33_333, porcentaje_impuesto: 19 },
      { producto_id: canto.id, cantidad: 2, precio_unitario: 10_000, porcentaje_impuesto: 19 },
    ],
  });
  const pagos = opciones.pagos?.(creada.total_venta) ?? [{ id_forma_pago: opciones.credito ? CREDITO : EFECTIVO, valor_pagado: creada.total_venta }];
  const usuario = opciones.usuario ?? superAdmin;
  const respuesta = await llamar('POST', `/api/facturas/${creada.id}/forma-pago`, usuario, codigoTienda, cuerpoFacturar(pagos, { crear_factura_siigo: opciones.electronica ?? opciones.credito ?? false, crear_venta_credito: opciones.credito ?? false }));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  const lineas = await db.selectFrom('venta_detalle').select(['id', 'producto_id', 'item']).where('venta_id', '=', creada.id).orderBy('item').execute();
  return { ...creada, cliente, lineaTablero: lineas[0]!.id, lineaCanto: lineas[1]!.id };
}

const stock = async (productoId: number) => (await saldoDe(db, tienda.codigo_tienda, productoId))!.cantidad;
const reembolsos = (ventaId: number) =>
  db.selectFrom('devolucion_dinero').select(['forma_pago_id', 'valor']).where('origen', '=', 'venta').where('origen_id', '=', ventaId).orderBy('id').execute();
const notas = (ventaId: number) => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', 'NOTA_CREDITO').orderBy('id').execute();
const filasDevolucion = (ventaId: number) => db.selectFrom('devolucion_venta').selectAll().where('venta_id', '=', ventaId).orderBy('id').execute();

async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const facturaDecidida = (ventaId: number) =>
  esperar(
    () => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', 'FACTURA').executeTakeFirst(),
    (d) => d !== undefined && d.estado !== 'ENVIANDO',
  );
const notasDecididas = (ventaId: number, cuantas: number) => esperar(() => notas(ventaId), (n) => n.length === cuantas && n.every((d) => d.estado !== 'ENVIANDO'));

/** The note's returned lines: quantity, line amount; and its payable total. */
const lineasNota = (xml: string) => [...xml.matchAll(/<cac:CreditNoteLine>[\s\S]*?<cbc:CreditedQuantity[^>]*>([^<]+)<[\s\S]*?<cbc:LineExtensionAmount[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
const pagable = (xml: string) => /<cac:LegalMonetaryTotal>[\s\S]*?<cbc:PayableAmount[^>]*>([^<]+)</.exec(xml)?.[1];
const concepto = (xml: string) => /<cac:DiscrepancyResponse>[\s\S]*?<cbc:ResponseCode>([^<]*)</.exec(xml)?.[1];
/** The CUDE recomputed from the XML's strings (Anexo técnico 1.9: the CUFE's terms with the software PIN; IVA only). */
function cudeDesdeXml(xml: string): string {
  const uno = (patron: RegExp) => {
    const valor = patron.exec(xml)?.[1];
    if (valor === undefined) throw new Error(`No está en el XML: ${patron}`);
    return valor;
  };
  return createHash('sha384')
    .update(
      [
        uno(/<\/cbc:ProfileExecutionID>\s*<cbc:ID>([^<]+)<\/cbc:ID>/),
        uno(/<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>/),
        uno(/<cbc:IssueTime>([^<]+)<\/cbc:IssueTime>/),
        uno(/<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount[^>]*>([^<]+)</),
        '01',
        uno(/<\/cac:AccountingCustomerParty>[\s\S]*?<cbc:TaxAmount[^>]*>([^<]+)</),
        '04',
        '0.00',
        '03',
        '0.00',
        uno(/<cbc:PayableAmount[^>]*>([^<]+)</),
        uno(/<cac:AccountingSupplierParty>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
        uno(/<cac:AccountingCustomerParty>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
        CONFIGURACION_FE_DEMO.software_pin,
        uno(/<cbc:ProfileExecutionID>([^<]+)</),
      ].join(''),
      'utf8',
    )
    .digest('hex');
}

describe('POST facturas/{venta_id}/devoluciones refusals', () => {
  it('401 without a token, 403 to every role but SuperAdministrador, 404 for another store, nothing written', async () => {
    const v = await venta();
    const cuerpo = { motivo: 'Tablero rayado', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] };
    expect((await devolver(v.id, cuerpo, null)).statusCode).toBe(401);
    for (const rol of ROLES_NO_SUPER_ADMIN) expect((await devolver(v.id, cuerpo, porRol[rol])).statusCode, rol).toBe(403);
    const superAjeno = await crearUsuariosPorRol(app, db, ajena.codigo_tienda);
    const otra = await venta({ codigoTienda: ajena.codigo_tienda, usuario: superAjeno.superAdmin });
    expect((await devolver(v.id, cuerpo, superAjeno.superAdmin, ajena.codigo_tienda)).statusCode).toBe(404);
    expect((await devolver(otra.id, { ...cuerpo, lineas: [{ venta_detalle_id: otra.lineaTablero, cantidad: 1 }] })).statusCode).toBe(404);
    // The list is read by whoever reads the sale's detail; Bodega reads no bills.
    expect((await llamar('GET', `/api/facturas/${v.id}/devoluciones`, porRol.Vendedor)).statusCode).toBe(200);
    expect((await llamar('GET', `/api/facturas/${v.id}/devoluciones`, porRol.Bodega)).statusCode).toBe(403);
    expect((await llamar('GET', `/api/facturas/${v.id}/devoluciones`, null)).statusCode).toBe(401);
    expect(await filasDevolucion(v.id)).toEqual([]);
  });

  it('422 with the Spanish message on the field: no reason, no lines, zero, a repeated line, another sale\'s line, over-return, a fraction of a whole unit', async () => {
    const v = await venta();
    const otra = await venta();
    const stockAntes = await stock(tablero.id);
    const casos: [object, string, string][] = [
      [{ lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] }, 'motivo', MENSAJES_DEVOLUCION_PARCIAL.motivo],
      [{ motivo: '  ', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] }, 'motivo', MENSAJES_DEVOLUCION_PARCIAL.motivo],
      [{ motivo: 'x', lineas: [] }, 'lineas', MENSAJES_DEVOLUCION_PARCIAL.lineas],
      [{ motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 0 }] }, 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.cantidad],
      [
        { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }, { venta_detalle_id: v.lineaTablero, cantidad: 1 }] },
        'lineas',
        MENSAJES_DEVOLUCION_PARCIAL.lineaRepetida,
      ],
      [{ motivo: 'x', lineas: [{ venta_detalle_id: otra.lineaTablero, cantidad: 1 }] }, 'lineas.0.venta_detalle_id', MENSAJES_DEVOLUCION_PARCIAL.lineaAjena(otra.lineaTablero)],
    ];
    for (const [cuerpo, campo, mensaje] of casos) {
      const respuesta = await devolver(v.id, cuerpo);
      expect(respuesta.statusCode, JSON.stringify(cuerpo)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(respuesta.json())).toEqual([mensaje]);
    }
    const nombreTablero = (await db.selectFrom('producto').select('nombre_producto').where('id', '=', tablero.id).executeTakeFirstOrThrow()).nombre_producto;
    const fraccion = await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1.5 }] });
    expect(fraccion.statusCode).toBe(422);
    expect(fraccion.json().errors['lineas.0.cantidad']).toEqual([MENSAJES_DEVOLUCION_PARCIAL.unidadesEnteras(nombreTablero)]);
    // Over-return: 4 of 3 boards, then 2 after 2 came back.
    const mas = await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 4 }] });
    expect(mas.statusCode).toBe(422);
    expect(mas.json().errors['lineas.0.cantidad']).toEqual([expect.stringContaining('No se puede devolver más de lo facturado')]);
    expect((await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 2 }] })).statusCode).toBe(200);
    const excede = await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaCanto, cantidad: 1 }, { venta_detalle_id: v.lineaTablero, cantidad: 2 }] });
    expect(excede.statusCode).toBe(422);
    expect(excede.json().message).toBe(MENSAJES_DEVOLUCION_PARCIAL.excede(nombreTablero, 1));
    expect(await filasDevolucion(v.id)).toHaveLength(1);
    expect(await stock(tablero.id)).toBe(stockAntes + 2);
  });
});

describe('a partial return', () => {
  it('of a cash remission: stock back, money back by method from the line\'s stored centavos, no DIAN document; GET lists it', async () => {
    // 3 × 33,333 + 19 % = 118,998.81; 2 × 10,000 + 19 % = 23,800; total 142,798.81 paid 100,000 cash + the rest by card.
    const v = await venta({ pagos: (total) => [{ id_forma_pago: EFECTIVO, valor_pagado: 20_000 }, { id_forma_pago: TARJETA, valor_pagado: Math.round((total - 20_000) * 100) / 100, comprobante_id: 'VOU-1' }] });
    const [tableros, cantos] = [await stock(tablero.id), await stock(canto.id)];
    const cuerpo = { motivo: 'Un tablero llegó rayado', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] };
    const previa = await llamar('POST', `/api/facturas/${v.id}/devoluciones/previa`, superAdmin, tienda.codigo_tienda, cuerpo);
    expect(previa.statusCode, previa.body).toBe(200);
    // One board: 33,333 + 6,333.27 (a third of 18,999.81, cut at the centavo) = 39,666.27.
    expect(previa.json().data).toMatchObject({ id: null, valor_subtotal: 33_333, valor_impuesto: 6_333.27, valor_total: 39_666.27, valor_credito: 0, con_nota_credito: false });
    expect(previa.json().data.formas).toEqual([
      { forma_pago_id: EFECTIVO, nombre_forma_pago: 'Efectivo', valor: 20_000 },
      { forma_pago_id: TARJETA, nombre_forma_pago: 'Tarjeta débito', valor: 19_666.27 },
    ]);
    expect(await filasDevolucion(v.id)).toEqual([]);

    const respuesta = await devolver(v.id, cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { data, message } = respuesta.json();
    expect(message).toBe(MENSAJES_DEVOLUCION_PARCIAL.registrada(data.id));
    expect(data).toMatchObject({ ...previa.json().data, id: data.id, nota_credito: null });
    expect(await stock(tablero.id)).toBe(tableros + 1);
    expect(await stock(canto.id)).toBe(cantos);
    expect((await reembolsos(v.id)).map((r) => [r.forma_pago_id, Number(r.valor)])).toEqual([
      [EFECTIVO, 20_000],
      [TARJETA, 19_666.27],
    ]);
    expect(await notas(v.id)).toEqual([]);
    const [fila] = await filasDevolucion(v.id);
    expect(fila).toMatchObject({ motivo: 'Un tablero llegó rayado', user_id: superAdmin.id, valor_total: '39666.27', valor_dinero: '39666.27', valor_credito: '0.00' });
    const movimiento = await db.selectFrom('inventario_movimiento').select(['tipo_movimiento', 'cantidad', 'documento']).where('producto_id', '=', tablero.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(movimiento).toMatchObject({ tipo_movimiento: 'DEVOLUCION', documento: `Venta No. ${v.id}` });
    // Audited like the other money tables.
    const auditoria = await db.selectFrom('auditoria').select(['modulo', 'accion']).where('tabla', '=', 'devolucion_venta').where('registro', '=', String(data.id)).execute();
    expect(auditoria).toEqual([{ modulo: 'ventas', accion: 'crear' }]);

    const lista = await llamar('GET', `/api/facturas/${v.id}/devoluciones`);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().data.lineas.map((l: { cantidad_disponible: number; cantidad_devuelta: number }) => [l.cantidad_devuelta, l.cantidad_disponible])).toEqual([
      [1, 2],
      [0, 2],
    ]);
    expect(lista.json().data.devoluciones).toEqual([
      expect.objectContaining({ id: data.id, motivo: 'Un tablero llegó rayado', valor_total: 39_666.27, nota_credito: null, lineas: [expect.objectContaining({ cantidad: 1, valor_total: 39_666.27 })] }),
    ]);
  });

  it('of a credit sale: takes the amount off the credit balance through a ledger movement, no money', async () => {
    const v = await venta({ credito: true });
    const cuenta = await db.selectFrom('cuenta_credito').select(['id', 'total_credito']).where('tercero_id', '=', v.cliente.id).executeTakeFirstOrThrow();
    const respuesta = await devolver(v.id, { motivo: 'Devuelve un canto', lineas: [{ venta_detalle_id: v.lineaCanto, cantidad: 1 }] });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ valor_total: 11_900, valor_credito: 11_900, formas: [] });
    const despues = await db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuenta.id).executeTakeFirstOrThrow();
    expect(Number(despues.total_credito)).toBe(Number(cuenta.total_credito) - 11_900);
    const movimiento = await db.selectFrom('cuenta_credito_movimiento').selectAll().where('venta_id', '=', v.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(movimiento).toMatchObject({ tipo_movimiento_credito_id: TIPOS_MOVIMIENTO_CREDITO.DEVOLUCION_VENTA, valor_movimiento: '11900.00' });
    expect(await reembolsos(v.id)).toEqual([]);
  });

  it('twice, then the annulment: it gives back only what is left (stock, money, credit) to the centavo', async () => {
    const v = await venta();
    const tableros = await stock(tablero.id);
    const cantos = await stock(canto.id);
    expect((await devolver(v.id, { motivo: 'Primera', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] })).statusCode).toBe(200);
    expect((await devolver(v.id, { motivo: 'Segunda', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }, { venta_detalle_id: v.lineaCanto, cantidad: 2 }] })).statusCode).toBe(200);
    const previa = await llamar('GET', `/api/facturas/${v.id}/devolucion`);
    // Left: one board, 33,333 + 6,333.27 = 39,666.27 (the last third takes the centavo the cuts left).
    expect(previa.json().data.total).toBe(39_666.27);
    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await stock(tablero.id)).toBe(tableros + 3);
    expect(await stock(canto.id)).toBe(cantos + 2);
    const dinero = (await reembolsos(v.id)).reduce((t, r) => t + Math.round(Number(r.valor) * 100), 0);
    expect(dinero).toBe(Math.round(v.total_venta * 100));
    expect((await reembolsos(v.id)).map((r) => Number(r.valor))).toEqual([39_666.27, 63_466.27, 39_666.27]);
    // No return after the annulment.
    expect((await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] })).statusCode).toBe(409);
  });

  it('of a credit sale then its annulment: the annulment reverses only what the sale still owes', async () => {
    const v = await venta({ credito: true });
    const cuenta = await db.selectFrom('cuenta_credito').select(['id', 'total_credito']).where('tercero_id', '=', v.cliente.id).executeTakeFirstOrThrow();
    expect((await devolver(v.id, { motivo: 'x', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 2 }] })).statusCode).toBe(200);
    // The annul dialog says what comes off the account: what the sale still owes, no money.
    const saldo = Number((await db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuenta.id).executeTakeFirstOrThrow()).total_credito) - Number(cuenta.total_credito) + v.total_venta;
    const previa = (await llamar('GET', `/api/facturas/${v.id}/devolucion`)).json().data;
    expect(previa).toMatchObject({ formas: [], total: 0, mensaje: MENSAJES_DEVOLUCION_PARCIAL.credito(formatearPesos(saldo)) });
    expect((await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: 'Cliente desiste' })).statusCode).toBe(200);
    const despues = await db.selectFrom('cuenta_credito').select('total_credito').where('id', '=', cuenta.id).executeTakeFirstOrThrow();
    expect(Number(despues.total_credito)).toBe(Number(cuenta.total_credito) - v.total_venta);
  });
});

describe('a partial return of an electronic invoice', () => {
  it('accepted invoice: a credit note of concept 1 with only the returned line, its CUDE and totals, valid for DIAN; two returns then the annulment of the rest', async () => {
    const v = await venta({ electronica: true });
    await timbrar(v.id);
    const factura = await facturaDecidida(v.id);
    expect(factura!.estado).toBe('ACEPTADA');
    const respuesta = await devolver(v.id, { motivo: 'Un tablero rayado', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const [nota] = await notasDecididas(v.id, 1);
    expect(respuesta.json().message).toBe(`${MENSAJES_DEVOLUCION_PARCIAL.registrada(respuesta.json().data.id)}. ${MENSAJES_DEVOLUCION_PARCIAL.notaEnCola(nota!.numero)}`);
    expect(respuesta.json().data).toMatchObject({ con_nota_credito: true, nota_credito: nota!.numero });
    expect(nota).toMatchObject({ estado: 'ACEPTADA', concepto_nota: '1', motivo: 'Un tablero rayado', devolucion_venta_id: respuesta.json().data.id, documento_referencia_id: factura!.id });
    expect(CONCEPTOS_NOTA_CREDITO['1']).toBe('Devolución parcial de los bienes y/o no aceptación parcial del servicio');
    const xml = nota!.xml_firmado!;
    expect(verificarFirma(xml).valida).toBe(true);
    expect(concepto(xml)).toBe('1');
    expect(lineasNota(xml)).toEqual([['1', '33333.00']]);
    expect(pagable(xml)).toBe('39666.27');
    expect(cudeDesdeXml(xml)).toBe(nota!.cufe);
    expect(validarDocumentoDian(xml)).toEqual({ esquema: [], codigos: [] });

    // A second return (the edges) gets its own note; the annulment's note carries the two boards left.
    expect((await devolver(v.id, { motivo: 'Cantos sobrantes', lineas: [{ venta_detalle_id: v.lineaCanto, cantidad: 2 }] })).statusCode).toBe(200);
    const dos = await notasDecididas(v.id, 2);
    expect(lineasNota(dos[1]!.xml_firmado!)).toEqual([['2', '20000.00']]);
    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const tres = await notasDecididas(v.id, 3);
    const anulacion = tres[2]!;
    expect(anulacion).toMatchObject({ estado: 'ACEPTADA', concepto_nota: '2', devolucion_venta_id: null });
    expect(lineasNota(anulacion.xml_firmado!)).toEqual([['2', '66666.00']]);
    // 2 × 33,333 + the 12,666.54 of IVA left (18,999.81 − 6,333.27).
    expect(pagable(anulacion.xml_firmado!)).toBe('79332.54');
    expect(validarDocumentoDian(anulacion.xml_firmado!)).toEqual({ esquema: [], codigos: [] });

    // Cierre de mes values each note by what it credits: the two returns and the annulment's rest add up to the sale,
    // never the sale three times (the only e-invoice of this store's month).
    const vendida = await db.selectFrom('venta').select(['total_subtotal_venta', 'total_impuestos_venta']).where('id', '=', v.id).executeTakeFirstOrThrow();
    const [anio, mes] = hoyNegocio().split('-');
    const cierre = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin, tienda.codigo_tienda, { anio: Number(anio), mes, codigo_tienda: tienda.codigo_tienda });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json().data.notas_credito.aceptadas).toEqual({ cantidad: 3, ventas: Number(vendida.total_subtotal_venta), iva: Number(vendida.total_impuestos_venta) });
  }, 60_000);

  it('invoice pending of sending: the partial note waits for its acceptance, and goes after the invoice is sent', async () => {
    await configurar('NINGUNO');
    let v: Awaited<ReturnType<typeof venta>>;
    try {
      v = await venta({ electronica: true });
      await timbrar(v.id);
      expect((await facturaDecidida(v.id))!.estado).toBe('PENDIENTE_ENVIO');
    } finally {
      await configurar('DIAN');
    }
    const factura = (await facturaDecidida(v.id))!;
    const respuesta = await devolver(v.id, { motivo: 'Rayado', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 1 }] });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const [esperando] = await notasDecididas(v.id, 1);
    expect(respuesta.json().message).toContain(MENSAJES_DEVOLUCION_PARCIAL.notaEspera(esperando!.numero, factura.numero));
    expect(esperando).toMatchObject({ estado: 'PENDIENTE_ENVIO', mensajes: [MENSAJES_FE.notaEsperaPendiente(factura.numero)], xml_firmado: null });
    expect((await timbrar(v.id)).statusCode).toBe(200);
    expect((await esperar(() => facturaDecidida(v.id), (f) => f!.estado === 'ACEPTADA'))!.estado).toBe('ACEPTADA');
    const [aceptada] = await esperar(() => notas(v.id), (n) => n[0]!.estado === 'ACEPTADA' || n[0]!.estado === 'RECHAZADA');
    expect(aceptada!.estado).toBe('ACEPTADA');
    expect(lineasNota(aceptada!.xml_firmado!)).toEqual([['1', '33333.00']]);

    // Everything else comes back too: the annulment then has nothing left to credit and issues no note of its own.
    const resto = await devolver(v.id, { motivo: 'Todo', lineas: [{ venta_detalle_id: v.lineaTablero, cantidad: 2 }, { venta_detalle_id: v.lineaCanto, cantidad: 2 }] });
    expect(resto.statusCode, resto.body).toBe(200);
    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: 'Devuelta completa' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json().message).toBe(MENSAJES_FACTURACION.anulada);
    expect((await notas(v.id)).map((n) => [n.concepto_nota, n.devolucion_venta_id !== null])).toEqual([
      ['1', true],
      ['1', true],
    ]);
  }, 60_000);
});
