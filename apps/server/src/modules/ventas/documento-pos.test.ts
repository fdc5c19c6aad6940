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
  codigoParametroUvt,
  configuracionFeGuardarSchema,
  formatearPesos,
  hoyNegocio,
  MENSAJES_DEVOLUCION_PARCIAL,
  MENSAJES_FACTURACION,
  MENSAJES_FE,
  MENSAJES_POS,
  type TipoDocumentoFE,
} from '@tablero/domain';
import type { Database } from '../../db/database';
import { actorSistema } from '../../db/transaccion';
import { CONFIGURACION_FE_DEMO } from '../../db/seed/demo-factura-electronica';
import { textoPdf } from '../../documents/pdf-texto';
import { construirApp, crearBaseDePrueba, SECRETO_PRUEBA } from '../../../test/app';
import { iniciarDianFalso, type DianFalso } from '../../../test/fakes/dian-falso';
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
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as facturaElectronicaService from '../factura-electronica';

// The documento equivalente electrónico tiquete POS (docs/decisions-factura-electronica.md, "Documento equivalente
// POS") through the real app, its pg-boss workers and the fake DIAN: the dialog's GET, the bill's refusals (credit, the
// 5-UVT limit, no POS range, Siigo, no UVT of the year), a POS bill sent by the automatic job and accepted, its 80 mm
// ticket, and its corrections by nota de ajuste (annulment, concept 2, waiting for the POS document's acceptance; a
// partial return, concept 1). Every document sent is validated independently and its signature verified.

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const EFECTIVO = 1;
const CREDITO = 6;
/** UVT_2026 (migration 202612040200): 5 UVT = $261,870. */
const LIMITE_POS_2026 = 261_870;

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let sinPos: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Awaited<ReturnType<typeof crearUsuariosPorRol>>['porRol'];
let superSinPos: UsuarioConSesion;
let canto: { id: number };
let tablero: { id: number };
let rangoPos: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-pos-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500, feEsperaFacturaSegundos: 1 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  sinPos = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  superSinPos = (await crearUsuariosPorRol(app, db, sinPos.codigo_tienda)).superAdmin;
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  const existencias = [
    { codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 10_000 },
    { codigo_tienda: sinPos.codigo_tienda, cantidad: 100, precio_unitario: 10_000 },
  ];
  canto = await crearProducto(db, { impuesto_id: iva.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 10_000, tiendas: existencias });
  tablero = await crearProducto(db, { impuesto_id: iva.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 100_000, tiendas: existencias });
  for (const t of [tienda, sinPos]) {
    const factura = await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'FACTURA', prefijo: t === tienda ? 'FP' : 'FPB' });
    await db.updateTable('rango_numeracion').set({ clave_tecnica: CLAVE_TECNICA }).where('id', '=', factura.id).execute();
    await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'REMISION', prefijo: t === tienda ? 'RP' : 'RPB' });
  }
  rangoPos = await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'POS', prefijo: 'POS' });
  await configurar({ proveedor: 'DIAN', automatico: true });
});

afterAll(async () => {
  await app?.close();
  await dian?.cerrar();
  await db?.destroy();
  await rm(bandeja, { recursive: true, force: true });
});

/** The demo issuer with a certificate, sending to the fake DIAN in production, the POS store sending right after billing. */
async function configurar(cambios: { proveedor: 'DIAN' | 'NINGUNO' | 'SIIGO'; automatico: boolean }) {
  await db.transaction().execute(async (trx) => {
    const sistema = actorSistema();
    const { p12, clave } = generarCertificadoPrueba();
    const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
    await facturaElectronicaService.guardarCertificado(trx, sistema, SECRETO_PRUEBA, cargado);
    const siigo = cambios.proveedor === 'SIIGO' ? { siigo_usuario: 'api@tablero.test', siigo_access_key: 'clave', siigo_partner_id: 'Tablero' } : {};
    await facturaElectronicaService.guardarConfiguracion(
      trx,
      sistema,
      SECRETO_PRUEBA,
      configuracionFeGuardarSchema.parse({
        ...CONFIGURACION_FE_DEMO,
        ...siigo,
        proveedor: cambios.proveedor,
        ambiente: 1,
        proveedor_url: dian.url,
        tiendas_envio_automatico: cambios.automatico ? [tienda.codigo_tienda] : [],
      }),
    );
  });
}

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda, payload?: object) =>
  app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });
const admitidos = (ventaId: number, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('GET', `/api/facturas/${ventaId}/documentos`, usuario, codigoTienda);

/** A counter sale of `cantidad` edges at $10,000 + IVA 19 % (or boards at $100,000), pending to bill. */
async function pedido(opciones: { cantidad?: number; producto?: { id: number }; precio?: number; codigoTienda?: string } = {}) {
  const cliente = await crearTercero(db);
  return crearVentaConLineas(db, {
    codigo_tienda: opciones.codigoTienda ?? tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [{ producto_id: (opciones.producto ?? canto).id, cantidad: opciones.cantidad ?? 2, precio_unitario: opciones.precio ?? 10_000, porcentaje_impuesto: 19 }],
  });
}
const cuerpoPos = (total: number, cambios: Record<string, unknown> = {}) =>
  cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: total }], { crear_factura_siigo: true, tipo_documento: 'POS', ...cambios });
const facturar = (ventaId: number, cuerpo: object, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/facturas/${ventaId}/forma-pago`, usuario, codigoTienda, cuerpo);

const ventaFila = (id: number) => db.selectFrom('venta').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const siguientePos = async () => (await db.selectFrom('rango_numeracion').select('siguiente_numero').where('id', '=', rangoPos.id).executeTakeFirstOrThrow()).siguiente_numero;
const documentos = (ventaId: number, tipo: TipoDocumentoFE) => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', tipo).orderBy('id').execute();

async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
/** The sale's documents of `tipo` once `cuantos` exist and none is on its way. */
const decididos = (ventaId: number, tipo: TipoDocumentoFE, cuantos = 1) =>
  esperar(() => documentos(ventaId, tipo), (d) => d.length === cuantos && d.every((x) => x.estado !== 'ENVIANDO'));

const pagable = (xml: string) => /<cac:LegalMonetaryTotal>[\s\S]*?<cbc:PayableAmount[^>]*>([^<]+)</.exec(xml)?.[1];
const concepto = (xml: string) => /<cac:DiscrepancyResponse>[\s\S]*?<cbc:ResponseCode>([^<]*)</.exec(xml)?.[1];
/** What the fake DIAN received of a document, by number, as DIAN's file name. */
const archivosRecibidos = (numero: string) => dian.recibidos.filter((r) => r.operacion === 'SendBillSync' && r.documento?.numero === numero).map((r) => r.documento!.archivo);

/** A signed document that DIAN's schemas and lists accept and whose signature verifies. */
function documentoValido(xml: string): void {
  expect(verificarFirma(xml).valida).toBe(true);
  expect(validarDocumentoDian(xml)).toEqual({ esquema: [], codigos: [] });
}

/** Nothing of the bill was written: still pending, no payments, stock and the POS range untouched. */
async function nadaEscrito(ventaId: number, antes: { stock: number; siguiente: number }) {
  const fila = await ventaFila(ventaId);
  expect(fila.estado_venta_id).toBe(1);
  expect(fila.tipo_documento).toBeNull();
  expect(await db.selectFrom('venta_forma_pago').select('id').where('venta_id', '=', ventaId).execute()).toEqual([]);
  expect((await saldoDe(db, tienda.codigo_tienda, canto.id))!.cantidad).toBe(antes.stock);
  expect(await siguientePos()).toBe(antes.siguiente);
  expect(await db.selectFrom('documento_fe').select('id').where('venta_id', '=', ventaId).execute()).toEqual([]);
}

describe('POST maestros/rangos-numeracion of the POS kind (Maestros > Numeración)', () => {
  const rangoPosCuerpo = (cambios: Record<string, unknown> = {}) => ({
    codigo_tienda: sinPos.codigo_tienda,
    tipo_documento: 'POS',
    prefijo: 'posb',
    numero_desde: 1,
    numero_hasta: 5000,
    resolucion_numero: '18764000000777',
    resolucion_fecha: '2026-01-15',
    fecha_desde: '2026-01-15',
    fecha_hasta: '2027-12-31',
    activo: false,
    ...cambios,
  });
  const crear = (cuerpo: object, usuario: UsuarioConSesion | null = superSinPos) => llamar('POST', '/api/maestros/rangos-numeracion', usuario, sinPos.codigo_tienda, cuerpo);
  const rangosPos = () => db.selectFrom('rango_numeracion').selectAll().where('codigo_tienda', '=', sinPos.codigo_tienda).where('tipo_documento', '=', 'POS').execute();

  it('401 without a token, 403 to other roles; a POS range needs its DIAN resolution (422 on each field, nothing written)', async () => {
    expect((await crear(rangoPosCuerpo(), null)).statusCode).toBe(401);
    expect((await crear(rangoPosCuerpo(), porRol.Administrador)).statusCode).toBe(403);
    const sinResolucion = await crear(rangoPosCuerpo({ resolucion_numero: null, resolucion_fecha: null, fecha_desde: null, fecha_hasta: null }));
    expect(sinResolucion.statusCode).toBe(422);
    expect(sinResolucion.json().errors).toMatchObject({
      resolucion_numero: [expect.any(String)],
      resolucion_fecha: [expect.any(String)],
      fecha_desde: [expect.any(String)],
      fecha_hasta: [expect.any(String)],
    });
    expect(await rangosPos()).toEqual([]);
  });

  it('keeps a POS range with its prefix and resolution and without a technical key (its CUDE uses the software PIN)', async () => {
    const respuesta = await crear(rangoPosCuerpo({ clave_tecnica: 'abc123' }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await rangosPos()).toEqual([
      expect.objectContaining({ prefijo: 'POSB', resolucion_numero: '18764000000777', resolucion_fecha: '2026-01-15', fecha_hasta: '2027-12-31', clave_tecnica: null, activo: false }),
    ]);
  });
});

describe('GET facturas/{venta_id}/documentos (the kinds the bill dialog offers)', () => {
  it('401 without a token, 403 to Bodega and Administrador, 404 for another store or a sale that does not exist', async () => {
    const v = await pedido();
    expect((await admitidos(v.id, null)).statusCode).toBe(401);
    expect((await admitidos(v.id, porRol.Bodega)).statusCode).toBe(403);
    expect((await admitidos(v.id, porRol.Administrador)).statusCode).toBe(403);
    expect((await admitidos(v.id, superSinPos, sinPos.codigo_tienda)).statusCode).toBe(404);
    expect((await admitidos(2_147_483_000)).statusCode).toBe(404);
    const invalido = await llamar('GET', '/api/facturas/abc/documentos');
    expect([404, 422]).toContain(invalido.statusCode);
  });

  it('offers the invoice always, the POS document up to 5 UVT with the limit, and says why not above it or without a POS range', async () => {
    const pequena = await pedido();
    const respuesta = await admitidos(pequena.id, porRol.Vendedor);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toEqual({
      documentos: [
        { tipo: 'FACTURA', permitido: true, motivo: null },
        { tipo: 'POS', permitido: true, motivo: null },
        { tipo: 'REMISION', permitido: true, motivo: null },
      ],
      limite_pos: LIMITE_POS_2026,
    });
    // 3 boards: $300,000 before taxes.
    const grande = await pedido({ producto: tablero, cantidad: 3, precio: 100_000 });
    const pos = (await admitidos(grande.id)).json().data.documentos[1];
    expect(pos).toEqual({ tipo: 'POS', permitido: false, motivo: MENSAJES_POS.excede(formatearPesos(LIMITE_POS_2026), formatearPesos(300_000)) });
    expect(pos.motivo).toContain('$ 261,870');
    const ajena = await pedido({ codigoTienda: sinPos.codigo_tienda });
    expect((await admitidos(ajena.id, superSinPos, sinPos.codigo_tienda)).json().data.documentos[1]).toEqual({ tipo: 'POS', permitido: false, motivo: MENSAJES_POS.sinRango });
    // A read: the sale is still pending.
    expect((await ventaFila(pequena.id)).estado_venta_id).toBe(1);
  });
});

describe('POST facturas/{venta_id}/forma-pago as a POS document: refusals', () => {
  it('401, 403 and 404 as every bill', async () => {
    const v = await pedido();
    expect((await facturar(v.id, cuerpoPos(v.total_venta), null)).statusCode).toBe(401);
    expect((await facturar(v.id, cuerpoPos(v.total_venta), porRol.Bodega)).statusCode).toBe(403);
    expect((await facturar(v.id, cuerpoPos(v.total_venta), superSinPos, sinPos.codigo_tienda)).statusCode).toBe(404);
    expect((await ventaFila(v.id)).estado_venta_id).toBe(1);
  });

  it('refuses (422 on tipo_documento, nothing written) an unknown kind, a contradicting flag, credit, above 5 UVT, a store without a POS range', async () => {
    const antes = async () => ({ stock: (await saldoDe(db, tienda.codigo_tienda, canto.id))!.cantidad, siguiente: await siguientePos() });
    const casos: [string, () => Promise<{ id: number; body: object; codigoTienda?: string; usuario?: UsuarioConSesion }>, string][] = [
      ['kind', async () => { const v = await pedido(); return { id: v.id, body: cuerpoPos(v.total_venta, { tipo_documento: 'TIQUETE' }) }; }, MENSAJES_FACTURACION.tipoDocumento],
      ['flag', async () => { const v = await pedido(); return { id: v.id, body: cuerpoPos(v.total_venta, { crear_factura_siigo: false }) }; }, MENSAJES_FACTURACION.tipoDocumentoNoCoincide],
      [
        'credit',
        async () => {
          const v = await pedido();
          return { id: v.id, body: cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: v.total_venta }], { crear_factura_siigo: true, crear_venta_credito: true, tipo_documento: 'POS' }) };
        },
        MENSAJES_POS.credito,
      ],
      [
        'limit',
        async () => { const v = await pedido({ cantidad: 27 }); return { id: v.id, body: cuerpoPos(v.total_venta) }; },
        // 27 edges: $270,000 before taxes, $8,130 above the limit.
        MENSAJES_POS.excede(formatearPesos(LIMITE_POS_2026), formatearPesos(270_000)),
      ],
    ];
    for (const [nombre, preparar, mensaje] of casos) {
      const { id, body } = await preparar();
      const previo = await antes();
      const respuesta = await facturar(id, body, porRol.Vendedor);
      expect(respuesta.statusCode, nombre).toBe(422);
      expect(respuesta.json().errors.tipo_documento, nombre).toEqual([mensaje]);
      await nadaEscrito(id, previo);
    }
    const ajena = await pedido({ codigoTienda: sinPos.codigo_tienda });
    const respuesta = await facturar(ajena.id, cuerpoPos(ajena.total_venta), superSinPos, sinPos.codigo_tienda);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.tipo_documento).toEqual([MENSAJES_POS.sinRango]);
    expect((await ventaFila(ajena.id)).estado_venta_id).toBe(1);
  });

  it('allows exactly 5 UVT before taxes and refuses one centavo more: the subtotal in centavos, taxes apart', async () => {
    // One line of $261,870.00 before taxes ($311,625.30 with IVA): exactly the limit.
    const justo = await pedido({ producto: tablero, cantidad: 1, precio: LIMITE_POS_2026 });
    expect((await ventaFila(justo.id)).total_subtotal_venta).toBe('261870.00');
    const respuesta = await facturar(justo.id, cuerpoPos(justo.total_venta));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data.tipo_documento).toBe('POS');
    const centavoMas = await pedido({ producto: tablero, cantidad: 1, precio: LIMITE_POS_2026 + 0.01 });
    const rechazo = await facturar(centavoMas.id, cuerpoPos(centavoMas.total_venta));
    expect(rechazo.statusCode).toBe(422);
    expect(rechazo.json().errors.tipo_documento).toEqual([MENSAJES_POS.excede(formatearPesos(LIMITE_POS_2026), formatearPesos(LIMITE_POS_2026 + 0.01))]);
  });

  it('refuses POS when Siigo sends the e-documents (its API has no POS document), saying so', async () => {
    await configurar({ proveedor: 'SIIGO', automatico: false });
    try {
      const v = await pedido();
      const previo = { stock: (await saldoDe(db, tienda.codigo_tienda, canto.id))!.cantidad, siguiente: await siguientePos() };
      const respuesta = await facturar(v.id, cuerpoPos(v.total_venta));
      expect(respuesta.statusCode).toBe(422);
      expect(respuesta.json().errors.tipo_documento).toEqual([MENSAJES_POS.proveedor]);
      await nadaEscrito(v.id, previo);
      expect((await admitidos(v.id)).json().data.documentos[1]).toEqual({ tipo: 'POS', permitido: false, motivo: MENSAJES_POS.proveedor });
    } finally {
      await configurar({ proveedor: 'DIAN', automatico: true });
    }
  });

  it('refuses POS in a year without its UVT parameter, naming the parameter', async () => {
    const codigo = codigoParametroUvt(hoyNegocio().slice(0, 4));
    const guardado = await db.selectFrom('parametro').selectAll().where('codigo_parametro', '=', codigo).executeTakeFirstOrThrow();
    await db.deleteFrom('parametro_historial').where('codigo_parametro', '=', codigo).execute();
    await db.deleteFrom('parametro').where('codigo_parametro', '=', codigo).execute();
    try {
      const v = await pedido();
      const respuesta = await facturar(v.id, cuerpoPos(v.total_venta));
      expect(respuesta.statusCode).toBe(422);
      expect(respuesta.json().errors.tipo_documento).toEqual([MENSAJES_POS.sinUvt(hoyNegocio().slice(0, 4))]);
      expect(respuesta.json().errors.tipo_documento[0]).toContain(codigo);
      expect((await ventaFila(v.id)).estado_venta_id).toBe(1);
      expect((await admitidos(v.id)).json().data).toMatchObject({ limite_pos: null });
    } finally {
      await db.insertInto('parametro').values({ codigo_parametro: guardado.codigo_parametro, valor_parametro: guardado.valor_parametro }).execute();
    }
  });
});

describe('a counter sale billed as a POS document', () => {
  it('numbers it in the POS range, sends it automatically, DIAN accepts it; valid, signed, its money the sale’s', async () => {
    const v = await pedido();
    const siguiente = await siguientePos();
    const stock = (await saldoDe(db, tienda.codigo_tienda, canto.id))!.cantidad;
    const respuesta = await facturar(v.id, cuerpoPos(v.total_venta), porRol.Vendedor);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ tipo_documento: 'POS', prefijo_factura_dian: 'POS', nro_factura_dian: siguiente });
    const fila = await ventaFila(v.id);
    expect(fila).toMatchObject({ estado_venta_id: 2, tipo_documento: 'POS', permite_fe: true, crear_factura_siigo: true, rango_numeracion_id: rangoPos.id, facturador_id: porRol.Vendedor.id });
    expect(await siguientePos()).toBe(siguiente + 1);
    expect((await saldoDe(db, tienda.codigo_tienda, canto.id))!.cantidad).toBe(stock - 2);

    const [documento] = await decididos(v.id, 'POS');
    expect(documento).toMatchObject({ estado: 'ACEPTADA', numero: `POS${siguiente}`, firmado: true });
    expect(await documentos(v.id, 'FACTURA')).toEqual([]);
    const xml = documento!.xml_firmado!;
    documentoValido(xml);
    expect(xml).toContain('<cbc:InvoiceTypeCode>20</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:UUID schemeID="1" schemeName="CUDE-SHA384">${documento!.cufe}</cbc:UUID>`);
    // The POS extensions: the till (store), the cashier who billed, the sale's code, the maker and the buyer.
    for (const valor of [`Caja ${tienda.codigo_tienda}`, porRol.Vendedor.name, 'Caja registradora POS', `<Value>${v.id}</Value>`, 'Tablero', CONFIGURACION_FE_DEMO.razon_social]) {
      expect(xml).toContain(valor);
    }
    // Its money is the sale's, to the centavo: 2 × $10,000 + 19 % = $23,800.00.
    expect(pagable(xml)).toBe(Number(fila.total_venta).toFixed(2));
    expect(pagable(xml)).toBe('23800.00');
    expect(archivosRecibidos(documento!.numero)).toEqual([expect.stringMatching(/^ds0900123456000\d{2}[0-9a-f]{8}\.xml$/)]);
    expect((await ventaFila(v.id)).fecha_factura_dian).not.toBeNull();

    // The sale's detail names the kind; the list reads its state.
    const detalle = (await llamar('GET', `/api/facturas/${v.id}/factura-electronica`)).json().data.documentos;
    expect(detalle).toEqual([expect.objectContaining({ tipo: 'POS', estado: 'ACEPTADA', cufe: documento!.cufe })]);

    // The 80 mm ticket: its title, number, the CUDE (never 'CUFE'), the POS range's resolution, till and cashier.
    const enlace = respuesta.json().data.url_factura as string;
    const rollo = await app.inject({ method: 'GET', url: `${enlace}?formato=80mm` });
    expect(rollo.statusCode).toBe(200);
    // The roll wraps long lines: read as one line, and the code without its breaks.
    const texto = textoPdf(rollo.rawPayload).replace(/\s+/g, ' ');
    for (const esperado of [
      'Documento equivalente electrónico tiquete de máquina registradora con sistema P.O.S.',
      `No. POS${siguiente}`,
      'Resolución DIAN No. 18764000000001 del 01/01/2020, prefijo POS del 1 al 1000',
      `Caja: Tienda ${tienda.codigo_tienda}`,
      `Cajero: ${porRol.Vendedor.name}`,
      'Representación gráfica del documento equivalente electrónico tiquete POS',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto.replace(/ /g, '')).toContain(`CUDE:${documento!.cufe}`);
    expect(texto).not.toContain('CUFE');
    // Letter paper too.
    const carta = textoPdf((await app.inject({ method: 'GET', url: enlace })).rawPayload).replace(/\s+/g, '');
    expect(carta).toContain(`CUDE:${documento!.cufe}`);
    expect(carta).toContain('ResoluciónDIANNo.18764000000001');
  });

  it('a bill without tipo_documento is still decided by crear_factura_siigo (invoice on, remission off)', async () => {
    const factura = await pedido();
    const r1 = await facturar(factura.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: factura.total_venta }], { crear_factura_siigo: true }));
    expect(r1.json().data.tipo_documento).toBe('FACTURA');
    const remision = await pedido();
    const r2 = await facturar(remision.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: remision.total_venta }]));
    expect(r2.json().data.tipo_documento).toBe('REMISION');
    // A remission still issues no DIAN document; the invoice went as an invoice.
    expect((await decididos(factura.id, 'FACTURA'))[0]!.estado).toBe('ACEPTADA');
    expect(await db.selectFrom('documento_fe').select('id').where('venta_id', '=', remision.id).execute()).toEqual([]);
  });
});

describe('corrections of a POS document: the nota de ajuste', () => {
  const MOTIVO = 'El cliente desistió de la compra';

  it('an annulment queues a nota de ajuste (concept 2) that waits for the POS document, then goes once DIAN accepts it', async () => {
    // Without a provider the POS document stays built and pending: the note must wait for it.
    await configurar({ proveedor: 'NINGUNO', automatico: false });
    const v = await pedido();
    try {
      expect((await facturar(v.id, cuerpoPos(v.total_venta))).statusCode).toBe(200);
      expect((await llamar('POST', `/api/facturas/${v.id}/timbrar-dian`)).statusCode).toBe(200);
      const [pos] = await decididos(v.id, 'POS');
      expect(pos!.estado).toBe('PENDIENTE_ENVIO');

      // The annulment asks the concept and reason like an invoice's; without them, 422 and nothing written.
      const sinMotivo = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2' });
      expect(sinMotivo.statusCode).toBe(422);
      expect(sinMotivo.json().errors.motivo).toEqual([MENSAJES_FACTURACION.motivoAnulacion]);
      expect((await ventaFila(v.id)).estado_venta_id).toBe(2);

      const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: MOTIVO });
      expect(anulada.statusCode, anulada.body).toBe(200);
      const [espera] = await decididos(v.id, 'NOTA_AJUSTE');
      expect(anulada.json().message).toBe(MENSAJES_FE.notaAjusteEspera(espera!.numero, pos!.numero));
      expect(espera).toMatchObject({ estado: 'PENDIENTE_ENVIO', concepto_nota: '2', motivo: MOTIVO, documento_referencia_id: pos!.id, devolucion_venta_id: null });
      expect(espera!.numero).toMatch(/^NA\d+$/);
      expect(espera!.mensajes).toEqual([MENSAJES_FE.notaEsperaPendiente(pos!.numero, 'POS')]);
      expect(espera!.xml_firmado).toBeNull();
      expect(await documentos(v.id, 'NOTA_CREDITO')).toEqual([]);
    } finally {
      await configurar({ proveedor: 'DIAN', automatico: true });
    }

    // Sent now: the POS document first, then its note, both accepted.
    expect((await llamar('POST', `/api/facturas/${v.id}/timbrar-dian`)).statusCode).toBe(200);
    const [pos] = await decididos(v.id, 'POS');
    expect(pos!.estado).toBe('ACEPTADA');
    const [nota] = await esperar(() => documentos(v.id, 'NOTA_AJUSTE'), (d) => d[0]?.estado === 'ACEPTADA' || d[0]?.estado === 'RECHAZADA');
    expect(nota!.estado).toBe('ACEPTADA');
    const xml = nota!.xml_firmado!;
    documentoValido(xml);
    expect(xml).toContain('<cbc:CreditNoteTypeCode>94</cbc:CreditNoteTypeCode>');
    expect(concepto(xml)).toBe('2');
    expect(xml).toContain(MOTIVO);
    expect(xml).toContain(pos!.cufe!);
    expect(pagable(xml)).toBe(pagable(pos!.xml_firmado!));
    expect(archivosRecibidos(nota!.numero)).toEqual([expect.stringMatching(/^ncs0900123456000/)]);
    expect((await ventaFila(v.id)).estado_venta_id).toBe(3);
  });

  it('a partial return of a POS sale queues a nota de ajuste of concept 1 with only the returned quantity', async () => {
    const v = await pedido({ cantidad: 3 });
    expect((await facturar(v.id, cuerpoPos(v.total_venta))).statusCode).toBe(200);
    await decididos(v.id, 'POS');
    const [linea] = await db.selectFrom('venta_detalle').select('id').where('venta_id', '=', v.id).execute();
    const devuelta = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, superAdmin, tienda.codigo_tienda, { motivo: 'Un canto sobrante', lineas: [{ venta_detalle_id: linea!.id, cantidad: 1 }] });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
    const [nota] = await decididos(v.id, 'NOTA_AJUSTE');
    expect(devuelta.json().message).toContain(MENSAJES_DEVOLUCION_PARCIAL.notaEnCola(nota!.numero, true));
    expect(devuelta.json().message).toContain(`La nota de ajuste ${nota!.numero} se está enviando a la DIAN`);
    expect(nota).toMatchObject({ estado: 'ACEPTADA', concepto_nota: '1', motivo: 'Un canto sobrante' });
    expect(nota!.devolucion_venta_id).not.toBeNull();
    const xml = nota!.xml_firmado!;
    documentoValido(xml);
    expect(concepto(xml)).toBe('1');
    // One edge: $10,000 + 19 % = $11,900.00.
    expect(pagable(xml)).toBe('11900.00');
  });
});
