import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba, verificarFirma } from '@tablero/dian';
import { certificadoFeCargarSchema, configuracionFeGuardarSchema, ERRORES, MENSAJES_FE, type DocumentoFe } from '@tablero/domain';
import type { Database } from '../../db/database';
import { actorSistema } from '../../db/transaccion';
import { CONFIGURACION_FE_DEMO } from '../../db/seed/demo-factura-electronica';
import { construirApp, crearBaseDePrueba, SECRETO_PRUEBA } from '../../../test/app';
import { iniciarDianFalso, MENSAJES_RECHAZO_FALSO, type DianFalso } from '../../../test/fakes/dian-falso';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as facturaElectronicaService from '../factura-electronica';

// A note rejected by DIAN sent again by its own id (docs/decisions-factura-electronica.md, "Reenvío de una nota"):
// POST facturas/{venta_id}/notas-fe/{documento_id}/reenviar, through the real app, its pg-boss workers and the fake
// DIAN, which rejects every document while told to.

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const EFECTIVO = 1;
const MOTIVO = 'El cliente desistió de la compra';

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let vendedorAjeno: UsuarioConSesion;
let superAdminAjeno: UsuarioConSesion;
let tablero: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-fe-nota-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500, feEsperaFacturaSegundos: 1 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  vendedor = usuarios.porRol.Vendedor;
  vendedorAjeno = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
  superAdminAjeno = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [ajena.codigo_tienda] });
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [
      { codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
      { codigo_tienda: ajena.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
    ],
  });
  for (const t of [tienda, ajena]) {
    const rango = await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'FACTURA', prefijo: t === tienda ? 'FE' : 'FEB' });
    await db.updateTable('rango_numeracion').set({ clave_tecnica: CLAVE_TECNICA }).where('id', '=', rango.id).execute();
  }
  await configurar('DIAN');
});

/** The demo issuer with a signing certificate, sending to the fake DIAN (production: SendBillSync), or to no provider. */
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

afterAll(async () => {
  await app?.close();
  await dian?.cerrar();
  await db?.destroy();
  await rm(bandeja, { recursive: true, force: true });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null, codigoTienda = tienda.codigo_tienda, payload?: object) =>
  app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });
const reenviar = (ventaId: number | string, documentoId: number | string, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/facturas/${ventaId}/notas-fe/${documentoId}/reenviar`, usuario, codigoTienda);

/** A customer's sale of 2 boards with IVA 19 %, billed as an electronic invoice in cash, sent and accepted by DIAN. */
async function facturaAceptada(codigoTienda = tienda.codigo_tienda) {
  const cliente = await crearTercero(db);
  const venta = await crearVentaConLineas(db, {
    codigo_tienda: codigoTienda,
    cliente_id: cliente.id,
    vendedor_id: vendedor.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
  });
  const propia = codigoTienda === tienda.codigo_tienda;
  const [cajero, administrador] = propia ? [vendedor, superAdmin] : [vendedorAjeno, superAdminAjeno];
  const facturada = await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cajero, codigoTienda, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: venta.total_venta }], { crear_factura_siigo: true }));
  expect(facturada.statusCode, facturada.body).toBe(200);
  expect((await llamar('POST', `/api/facturas/${venta.id}/timbrar-dian`, administrador, codigoTienda)).statusCode).toBe(200);
  expect((await decidido(() => factura(venta.id))).estado).toBe('ACEPTADA');
  return { ...venta, administrador };
}

/** The sale of facturaAceptada annulled while DIAN rejects: its credit note (concept 2) ends 'Rechazada por la DIAN'. */
async function notaRechazada(codigoTienda = tienda.codigo_tienda) {
  const venta = await facturaAceptada(codigoTienda);
  dian.fijarModo('rechazar');
  try {
    const anulada = await llamar('PUT', `/api/facturas/${venta.id}/anular`, venta.administrador, codigoTienda, { concepto_nota: '2', motivo: MOTIVO });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const nota = await decidido(() => notaAnulacion(venta.id));
    expect(nota.estado).toBe('RECHAZADA');
    return { venta, nota };
  } finally {
    dian.fijarModo('aceptar');
  }
}

const factura = (ventaId: number) => db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', 'FACTURA').executeTakeFirst();
const notaAnulacion = (ventaId: number) =>
  db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', 'NOTA_CREDITO').where('devolucion_venta_id', 'is', null).executeTakeFirst();
const documento = (id: number) => db.selectFrom('documento_fe').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const intentosDe = (documentoId: number) =>
  db.selectFrom('intento_envio_fe').select(['operacion', 'resultado', 'user_id']).where('documento_fe_id', '=', documentoId).orderBy('id').execute();
/** The fake DIAN's sends of a document (by number), in order. */
const envios = (numero: string) => dian.recibidos.filter((r) => r.operacion === 'SendBillSync' && r.documento?.numero === numero);
const conceptoDe = (xml: string) => /<cac:DiscrepancyResponse>[\s\S]*?<cbc:ResponseCode>([^<]*)<\/cbc:ResponseCode>/.exec(xml)?.[1];
const cufeFacturaDe = (xml: string) => /<cac:BillingReference>[\s\S]*?<cbc:UUID[^>]*>([^<]+)<\/cbc:UUID>/.exec(xml)?.[1];

/** Waits for the workers: the document exists and has left ENVIANDO. */
async function decidido<T extends { estado: string } | undefined>(leer: () => Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (valor !== undefined && valor.estado !== 'ENVIANDO') return valor as NonNullable<T>;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('POST facturas/{venta_id}/notas-fe/{documento_id}/reenviar refusals', () => {
  it('answers 401 without a token, 403 to other roles, 404 for another store, another sale, the invoice and ids no row has; writing nothing', async () => {
    const { venta, nota } = await notaRechazada();
    const otra = await notaRechazada(ajena.codigo_tienda);
    const facturaDocumento = (await factura(venta.id))!;
    const antes = { nota: await documento(nota.id), intentos: await intentosDe(nota.id), envios: envios(nota.numero).length };

    expect((await reenviar(venta.id, nota.id, null)).statusCode).toBe(401);
    const vendedorRespuesta = await reenviar(venta.id, nota.id, vendedor);
    expect(vendedorRespuesta.statusCode).toBe(403);
    expect(vendedorRespuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
    // Another store's sale and note, asked from this store.
    const ajenaRespuesta = await reenviar(otra.venta.id, otra.nota.id);
    expect(ajenaRespuesta.statusCode).toBe(404);
    expect(ajenaRespuesta.json().message).toBe(ERRORES.VENTA_NO_ENCONTRADA.mensaje);
    // This store's sale with another sale's note, and the sale's invoice (no note): not one of its notes.
    for (const documentoId of [otra.nota.id, facturaDocumento.id]) {
      const respuesta = await reenviar(venta.id, documentoId);
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json().message).toBe(ERRORES.FE_NOTA_NO_ENCONTRADA.mensaje);
    }
    // Ids no row can have (2^31, 0, text, a NUL byte): not found, in Spanish, never a 500.
    for (const [ventaId, documentoId] of [
      [venta.id, 2 ** 31],
      [2 ** 31, nota.id],
      [venta.id, 0],
      [venta.id, 'abc'],
      [venta.id, '%00'],
      [`${venta.id}%00`, nota.id],
    ] as const) {
      const respuesta = await reenviar(ventaId, documentoId);
      expect(respuesta.statusCode, `${ventaId}/${documentoId}`).toBeGreaterThanOrEqual(400);
      expect(respuesta.statusCode, `${ventaId}/${documentoId}`).toBeLessThan(500);
      expect(respuesta.json().message).toBe(ERRORES.NO_ENCONTRADO.mensaje);
    }

    expect(await documento(nota.id)).toEqual(antes.nota);
    expect(await intentosDe(nota.id)).toEqual(antes.intentos);
    expect(envios(nota.numero)).toHaveLength(antes.envios);
    expect((await documento(otra.nota.id)).estado).toBe('RECHAZADA');
  });

  it('answers 409 with the Spanish reason for a note DIAN accepted and for one already on its way', async () => {
    const venta = await facturaAceptada();
    expect((await llamar('PUT', `/api/facturas/${venta.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: MOTIVO })).statusCode).toBe(200);
    const aceptada = await decidido(() => notaAnulacion(venta.id));
    expect(aceptada.estado).toBe('ACEPTADA');
    const respuesta = await reenviar(venta.id, aceptada.id);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.FE_NOTA_NO_REENVIABLE.mensaje);
    expect(await documento(aceptada.id)).toEqual(aceptada);
    expect(envios(aceptada.numero)).toHaveLength(1);

    // On its way: a second click while the first send is queued.
    const { venta: otra, nota } = await notaRechazada();
    await db.updateTable('documento_fe').set({ estado: 'ENVIANDO' }).where('id', '=', nota.id).execute();
    try {
      const enEnvio = await reenviar(otra.id, nota.id);
      expect(enEnvio.statusCode).toBe(409);
      expect(enEnvio.json().message).toBe(ERRORES.FE_NOTA_EN_ENVIO.mensaje);
      expect(ERRORES.FE_NOTA_EN_ENVIO.mensaje).toBe('La nota ya se está enviando a la DIAN. Espere su respuesta');
    } finally {
      await db.updateTable('documento_fe').set({ estado: 'RECHAZADA' }).where('id', '=', nota.id).execute();
    }
  });
});

describe('a rejected note sent again', () => {
  it("annulment's note (concept 2): rebuilt under its number, sent with a fresh attempt, accepted; the attempts stay", async () => {
    const { venta, nota } = await notaRechazada();
    const facturaAntes = (await factura(venta.id))!;
    expect(nota.mensajes).toEqual(expect.arrayContaining(MENSAJES_RECHAZO_FALSO));
    // The sale's e-invoice panel lists the note rejected with DIAN's reasons.
    const panel = (await llamar('GET', `/api/facturas/${venta.id}/factura-electronica`, superAdmin)).json().data.documentos as DocumentoFe[];
    expect(panel.map((d) => [d.tipo, d.estado])).toEqual([
      ['FACTURA', 'ACEPTADA'],
      ['NOTA_CREDITO', 'RECHAZADA'],
    ]);
    expect(panel[1]!.mensajes).toEqual(expect.arrayContaining(MENSAJES_RECHAZO_FALSO));
    expect(await intentosDe(nota.id)).toEqual([{ operacion: 'ENVIO', resultado: 'RECHAZADA', user_id: superAdmin.id }]);

    const respuesta = await reenviar(venta.id, nota.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaEnCola(nota.numero));

    const aceptada = await decidido(() => documento(nota.id));
    expect(aceptada.estado).toBe('ACEPTADA');
    expect(aceptada).toMatchObject({ numero: nota.numero, concepto_nota: '2', motivo: MOTIVO, documento_referencia_id: facturaAntes.id, user_id: superAdmin.id });
    expect(aceptada.fecha_aceptacion).not.toBeNull();
    // Rebuilt after the request (a new build time), signed, still the annulment of the same accepted invoice.
    expect(aceptada.construido_at!.getTime()).toBeGreaterThan(nota.construido_at!.getTime());
    expect(verificarFirma(aceptada.xml_firmado!).valida).toBe(true);
    expect(conceptoDe(aceptada.xml_firmado!)).toBe('2');
    expect(cufeFacturaDe(aceptada.xml_firmado!)).toBe(facturaAntes.cufe);
    // The rejected attempt stays as the audit trail; the new one follows it.
    expect(await intentosDe(nota.id)).toEqual([
      { operacion: 'ENVIO', resultado: 'RECHAZADA', user_id: superAdmin.id },
      { operacion: 'ENVIO', resultado: 'ACEPTADA', user_id: superAdmin.id },
    ]);
    expect(envios(nota.numero)).toHaveLength(2);
    // The invoice was not touched, and the sale stays annulled.
    expect(await factura(venta.id)).toEqual(facturaAntes);
    expect((await db.selectFrom('venta').select('estado_venta_id').where('id', '=', venta.id).executeTakeFirstOrThrow()).estado_venta_id).toBe(3);
    // Accepted now: it is not sent a third time.
    expect((await reenviar(venta.id, nota.id)).statusCode).toBe(409);
  });

  it("partial return's note (concept 1): sent again by its id the same way", async () => {
    const venta = await facturaAceptada();
    const linea = await db.selectFrom('venta_detalle').select('id').where('venta_id', '=', venta.id).executeTakeFirstOrThrow();
    dian.fijarModo('rechazar');
    let nota;
    try {
      const devuelta = await llamar('POST', `/api/facturas/${venta.id}/devoluciones`, superAdmin, tienda.codigo_tienda, {
        motivo: 'Un tablero llegó rayado',
        lineas: [{ venta_detalle_id: linea.id, cantidad: 1 }],
      });
      expect(devuelta.statusCode, devuelta.body).toBe(200);
      nota = await decidido(() =>
        db.selectFrom('documento_fe').selectAll().where('venta_id', '=', venta.id).where('devolucion_venta_id', 'is not', null).executeTakeFirst(),
      );
      expect(nota).toMatchObject({ tipo: 'NOTA_CREDITO', estado: 'RECHAZADA', concepto_nota: '1' });
    } finally {
      dian.fijarModo('aceptar');
    }
    const respuesta = await reenviar(venta.id, nota.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const aceptada = await decidido(() => documento(nota.id));
    expect(aceptada).toMatchObject({ estado: 'ACEPTADA', numero: nota.numero, concepto_nota: '1', devolucion_venta_id: nota.devolucion_venta_id });
    expect(conceptoDe(aceptada.xml_firmado!)).toBe('1');
    expect((await intentosDe(nota.id)).map((i) => i.resultado)).toEqual(['RECHAZADA', 'ACEPTADA']);
    // The sale keeps its invoice accepted and is not annulled by a partial return.
    expect((await factura(venta.id))!.estado).toBe('ACEPTADA');
  });

  it('a note left pending of sending (no provider then) after its invoice was accepted is sent too', async () => {
    const venta = await facturaAceptada();
    await configurar('NINGUNO');
    let pendiente;
    try {
      expect((await llamar('PUT', `/api/facturas/${venta.id}/anular`, superAdmin, tienda.codigo_tienda, { concepto_nota: '2', motivo: MOTIVO })).statusCode).toBe(200);
      pendiente = await decidido(() => notaAnulacion(venta.id));
      expect(pendiente).toMatchObject({ estado: 'PENDIENTE_ENVIO', mensajes: [MENSAJES_FE.construidoSinProveedor('NOTA_CREDITO')], firmado: true });
      // Still without a provider: queued again, and the answer says it stays pending.
      const sinProveedor = await reenviar(venta.id, pendiente.id);
      expect(sinProveedor.statusCode, sinProveedor.body).toBe(200);
      expect(sinProveedor.json().message).toBe(MENSAJES_FE.notaSinProveedor(pendiente.numero));
      expect((await decidido(() => documento(pendiente!.id))).estado).toBe('PENDIENTE_ENVIO');
    } finally {
      await configurar('DIAN');
    }
    const respuesta = await reenviar(venta.id, pendiente.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaEnCola(pendiente.numero));
    expect((await decidido(() => documento(pendiente.id))).estado).toBe('ACEPTADA');
    expect((await intentosDe(pendiente.id)).map((i) => [i.operacion, i.resultado])).toEqual([['ENVIO', 'ACEPTADA']]);
  });

  it("any note kind by its id: a POS document's nota de ajuste is queued again, rebuilt, with the attempts kept", async () => {
    // The POS document and its note are written directly (their flow is built elsewhere): only the re-send is tested,
    // with a queue that records instead of running the job.
    const cliente = await crearTercero(db);
    const venta = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: vendedor.id,
      estado_venta_id: 3,
      lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
    });
    const { id: posId } = await db
      .insertInto('documento_fe')
      .values({ venta_id: venta.id, tipo: 'POS', numero: 'POS1', estado: 'ACEPTADA', cufe: 'a'.repeat(96) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: notaId } = await db
      .insertInto('documento_fe')
      .values({
        venta_id: venta.id,
        tipo: 'NOTA_AJUSTE',
        numero: 'NA1',
        estado: 'RECHAZADA',
        documento_referencia_id: posId,
        concepto_nota: '2',
        motivo: MOTIVO,
        xml_firmado: '<CreditNote/>',
        cufe: 'b'.repeat(96),
        construido_at: new Date(),
        mensajes: JSON.stringify(['Regla: FAD06, Rechazo: el CUDE no corresponde']) as unknown as string[],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('intento_envio_fe').values({ documento_fe_id: notaId, operacion: 'ENVIO', proveedor: 'DIAN', resultado: 'RECHAZADA', inicio: new Date() }).execute();

    const encolados: object[] = [];
    const { numero } = await db.transaction().execute((trx) =>
      facturaElectronicaService.solicitarReenvioNota(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, notaId, {
        encolar: async (_trx, nombre, datos) => {
          encolados.push({ nombre, datos });
          return null;
        },
      }),
    );
    expect(numero).toBe('NA1');
    expect(encolados).toEqual([{ nombre: facturaElectronicaService.TRABAJO_ENVIAR_FE, datos: { documentoId: notaId, userId: superAdmin.id } }]);
    expect(await documento(notaId)).toMatchObject({ estado: 'ENVIANDO', xml_firmado: null, construido_at: null, proveedor_id: null, user_id: superAdmin.id, numero: 'NA1' });
    expect(await intentosDe(notaId)).toEqual([{ operacion: 'ENVIO', resultado: 'RECHAZADA', user_id: null }]);
    expect((await documento(posId)).estado).toBe('ACEPTADA');
    // Sent again while queued: refused as for a credit note.
    await expect(
      db.transaction().execute((trx) =>
        facturaElectronicaService.solicitarReenvioNota(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, notaId, { encolar: async () => null }),
      ),
    ).rejects.toMatchObject({ code: 'FE_NOTA_EN_ENVIO' });
    // The POS document itself is not a note.
    await expect(
      db.transaction().execute((trx) =>
        facturaElectronicaService.solicitarReenvioNota(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, posId, { encolar: async () => null }),
      ),
    ).rejects.toMatchObject({ code: 'FE_NOTA_NO_ENCONTRADA' });
  });
});
