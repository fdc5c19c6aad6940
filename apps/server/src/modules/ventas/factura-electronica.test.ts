import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba, leerZip, verificarFirma } from '@tablero/dian';
import {
  certificadoFeCargarSchema,
  CONCEPTOS_NOTA_CREDITO,
  configuracionFeGuardarSchema,
  ERRORES,
  hoyNegocio,
  MENSAJES_FACTURACION,
  MENSAJES_FE,
  MOTIVO_ANULACION_MAXIMO,
  TEXTOS_ESTADO_FE,
  type DocumentoFe,
} from '@tablero/domain';
import type { Database } from '../../db/database';
import { actorSistema } from '../../db/transaccion';
import { CONFIGURACION_FE_DEMO } from '../../db/seed/demo-factura-electronica';
import { construirApp, crearBaseDePrueba, SECRETO_PRUEBA } from '../../../test/app';
import { iniciarDianFalso, MENSAJES_RECHAZO_FALSO, NOTIFICACION_FALSA, type DianFalso } from '../../../test/fakes/dian-falso';
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
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as facturaElectronicaService from '../factura-electronica';

// Electronic invoicing (docs/decisions-factura-electronica.md) through the real app, its pg-boss workers and a local
// fake of DIAN's web service: Timbrar, the job that builds, signs and sends, the attempts, the e-mail, the credit note
// of an annulled invoice in each of its states (docs/decisions-factura-electronica.md, "Anulación con nota crédito").

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const EFECTIVO = 1;

let db: Kysely<Database>;
let app: FastifyInstance;
let dian: DianFalso;
let bandeja: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let vendedorAjeno: UsuarioConSesion;
let tablero: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-fe-'));
  dian = await iniciarDianFalso({ claves: { claveTecnica: CLAVE_TECNICA, pinSoftware: CONFIGURACION_FE_DEMO.software_pin } });
  app = await construirApp(db, { dataDir: bandeja, feTiempoEsperaMs: 1500, feEsperaFacturaSegundos: 1 }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  vendedor = usuarios.porRol.Vendedor;
  vendedorAjeno = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
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
    await crearRangoNumeracion(db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'REMISION', prefijo: t === tienda ? 'REM' : 'REMB' });
  }
  await configurar({ proveedor: 'DIAN', ambiente: 1 });
});

afterAll(async () => {
  await app?.close();
  await dian?.cerrar();
  await db?.destroy();
  await rm(bandeja, { recursive: true, force: true });
});

/** The demo issuer with a signing certificate, sending to the fake DIAN (production: SendBillSync). */
async function configurar(cambios: { proveedor: 'DIAN' | 'NINGUNO'; ambiente: 1 | 2 }) {
  await db.transaction().execute(async (trx) => {
    const sistema = actorSistema();
    // The certificate first: DIAN direct cannot be chosen without one.
    const { p12, clave } = generarCertificadoPrueba();
    const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
    await facturaElectronicaService.guardarCertificado(trx, sistema, SECRETO_PRUEBA, cargado);
    await facturaElectronicaService.guardarConfiguracion(
      trx,
      sistema,
      SECRETO_PRUEBA,
      configuracionFeGuardarSchema.parse({ ...CONFIGURACION_FE_DEMO, ...cambios, proveedor_url: dian.url }),
    );
  });
}

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null, codigoTienda = tienda.codigo_tienda, payload?: object) =>
  app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });
const timbrar = (ventaId: number, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/facturas/${ventaId}/timbrar-dian`, usuario, codigoTienda);
const enviarEmail = (ventaId: number, lista_email: unknown, usuario: UsuarioConSesion | null = superAdmin) =>
  llamar('POST', `/api/facturas/${ventaId}/enviar-email-fe`, usuario, tienda.codigo_tienda, { venta_id: ventaId, lista_email });
const documentos = (ventaId: number) => llamar('GET', `/api/facturas/${ventaId}/factura-electronica`, superAdmin);

/** A customer's sale of 2 boards with IVA 19 %, billed as an electronic invoice (the Siigo flag) in cash. */
async function facturaElectronica(codigoTienda = tienda.codigo_tienda) {
  const cliente = await crearTercero(db);
  const venta = await crearVentaConLineas(db, {
    codigo_tienda: codigoTienda,
    cliente_id: cliente.id,
    vendedor_id: vendedor.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
  });
  const cajero = codigoTienda === tienda.codigo_tienda ? vendedor : vendedorAjeno;
  const respuesta = await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cajero, codigoTienda, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: venta.total_venta }], { crear_factura_siigo: true }));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return { ...venta, cliente };
}

const documentoDe = (ventaId: number, tipo: 'FACTURA' | 'NOTA_CREDITO' = 'FACTURA') =>
  db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).where('tipo', '=', tipo).executeTakeFirst();
const intentosDe = (documentoId: number) =>
  db.selectFrom('intento_envio_fe').select(['operacion', 'resultado', 'mensaje', 'user_id']).where('documento_fe_id', '=', documentoId).orderBy('id').execute();
const ventaFila = (id: number) => db.selectFrom('venta').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Waits for the workers: the document leaves ENVIANDO (or the e-mail leaves PENDIENTE). */
async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const decidido = (ventaId: number, tipo: 'FACTURA' | 'NOTA_CREDITO' = 'FACTURA') =>
  esperar(() => documentoDe(ventaId, tipo), (d) => d !== undefined && d.estado !== 'ENVIANDO');

describe('POST facturas/{venta_id}/timbrar-dian refusals', () => {
  it('answers 401 without a token, 403 to every role but SuperAdministrador, 404 for another store or a huge id', async () => {
    const venta = await facturaElectronica();
    expect((await timbrar(venta.id, null)).statusCode).toBe(401);
    expect((await timbrar(venta.id, vendedor)).statusCode).toBe(403);
    const otra = await facturaElectronica(ajena.codigo_tienda);
    const ajenaRespuesta = await timbrar(otra.id);
    expect(ajenaRespuesta.statusCode).toBe(404);
    expect((await llamar('POST', '/api/facturas/2147483648/timbrar-dian', superAdmin)).statusCode).toBe(404);
    expect(await documentoDe(venta.id)).toBeUndefined();
  });

  it('refuses a pending sale and a remission (§4.1: state 2 or 6 and permite_fe), writing nothing', async () => {
    const cliente = await crearTercero(db);
    const pendiente = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: vendedor.id,
      lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
    });
    let respuesta = await timbrar(pendiente.id);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.FE_NO_ENVIABLE.mensaje);
    const facturada = await llamar('POST', `/api/facturas/${pendiente.id}/forma-pago`, vendedor, tienda.codigo_tienda, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: pendiente.total_venta }]));
    expect(facturada.statusCode).toBe(200);
    respuesta = await timbrar(pendiente.id);
    expect(respuesta.statusCode).toBe(409);
    expect(await documentoDe(pendiente.id)).toBeUndefined();
  });
});

describe('sending an invoice to DIAN', () => {
  it('queues, builds, signs and sends it; DIAN accepts; the sale says so and the customer gets the e-mail', async () => {
    const venta = await facturaElectronica();
    const antes = dian.recibidos.length;
    const respuesta = await timbrar(venta.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_FE.enCola);
    // Right after the request the list says 'Enviando', never 'Enviado a la DIAN'.
    expect((await ventaFila(venta.id)).fecha_factura_dian).toBeNull();

    const documento = (await decidido(venta.id))!;
    expect(documento.estado).toBe('ACEPTADA');
    expect(documento.numero).toMatch(/^FE\d+$/);
    expect(documento.firmado).toBe(true);
    expect(verificarFirma(documento.xml_firmado!).valida).toBe(true);
    expect(documento.xml_firmado).toContain(`<cbc:UUID schemeID="1" schemeName="CUFE-SHA384">${documento.cufe}</cbc:UUID>`);
    expect(documento.qr).toContain(`documentkey=${documento.cufe}`);
    expect((await ventaFila(venta.id)).fecha_factura_dian).not.toBeNull();
    // DIAN's notifications (lines that do not reject) are kept with the attempt.
    expect(await intentosDe(documento.id)).toEqual([{ operacion: 'ENVIO', resultado: 'ACEPTADA', mensaje: NOTIFICACION_FALSA, user_id: superAdmin.id }]);
    const enviados = dian.recibidos.slice(antes).filter((r) => r.operacion === 'SendBillSync');
    expect(enviados.map((r) => r.documento?.cufe)).toEqual([documento.cufe]);

    // The customer's e-mail: no SMTP configured, so it lands in the outbox with the PDF and the zipped AttachedDocument.
    const correo = await esperar(
      () => db.selectFrom('correo_fe').selectAll().where('documento_fe_id', '=', documento.id).executeTakeFirst(),
      (c) => c !== undefined && c.estado !== 'PENDIENTE',
    );
    expect(correo!.estado).toBe('BANDEJA_SALIDA');
    const mensaje = await simpleParser(await readFile(correo!.archivo!));
    expect(mensaje.subject).toBe(`900123456;${CONFIGURACION_FE_DEMO.razon_social};${documento.numero};01;${CONFIGURACION_FE_DEMO.razon_social}`);
    expect(mensaje.text).toContain(documento.cufe!);
    const [pdf, zip] = mensaje.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(zip!.filename).toBe(`${documento.numero}.zip`);
    const [adjunto] = leerZip(new Uint8Array(zip!.content));
    const contenedor = Buffer.from(adjunto!.contenido).toString('utf8');
    expect(contenedor).toContain('AttachedDocument');
    expect(contenedor).toContain(documento.cufe!);
    // The container is signed by the issuer, and the signature holds (the verifier independent of the signer).
    expect(contenedor.indexOf('<ds:Signature')).toBeLessThan(contenedor.indexOf('<![CDATA['));
    expect(verificarFirma(contenedor)).toMatchObject({ valida: true });

    // The detail shows the document, its attempt and the e-mail; the list's state column reads it.
    const detalle = (await documentos(venta.id)).json().data;
    expect(detalle.documentos).toHaveLength(1);
    expect(detalle.documentos[0]).toMatchObject({ tipo: 'FACTURA', estado: 'ACEPTADA', cufe: documento.cufe, firmado: true });
    expect(detalle.documentos[0].intentos).toHaveLength(1);
    expect(detalle.documentos[0].correos[0]).toMatchObject({ estado: 'BANDEJA_SALIDA' });

    // The invoice's public link prints the accepted invoice: its graphic representation with the CUFE.
    const cabecera = (await llamar('GET', `/api/facturas/${venta.id}`, superAdmin)).json().data.ventas_encabezado;
    const publico = await app.inject({ method: 'GET', url: cabecera.url_factura });
    expect(publico.statusCode, publico.body.slice(0, 300)).toBe(200);
    expect(publico.headers['content-type']).toContain('application/pdf');

    // Accepted: a second Timbrar is refused and nothing more reaches DIAN.
    const segundo = await timbrar(venta.id);
    expect(segundo.statusCode).toBe(409);
    expect(dian.recibidos.slice(antes).filter((r) => r.operacion === 'SendBillSync')).toHaveLength(1);
  });

  it('keeps DIAN rejection reasons, shows them, and sends the corrected invoice again under the same number', async () => {
    const venta = await facturaElectronica();
    dian.fijarModo('rechazar');
    try {
      expect((await timbrar(venta.id)).statusCode).toBe(200);
      const rechazada = (await decidido(venta.id))!;
      expect(rechazada.estado).toBe('RECHAZADA');
      expect(rechazada.mensajes).toEqual(expect.arrayContaining(MENSAJES_RECHAZO_FALSO));
      expect((await ventaFila(venta.id)).fecha_factura_dian).toBeNull();
      const detalle = (await documentos(venta.id)).json().data.documentos[0];
      expect(detalle.estado).toBe('RECHAZADA');
      expect(detalle.intentos.map((i: { resultado: string }) => i.resultado)).toEqual(['RECHAZADA']);
      const lista = await llamar('POST', '/api/facturas?page=1', superAdmin, tienda.codigo_tienda, { fecha_inicial: '2020-01-01', fecha_final: hoyNegocio(), estado_venta_id: 2, query_params: String(venta.id) });
      expect(lista.json().data.ventas.data.find((v: { id: number }) => v.id === venta.id).estado_fe).toBe('RECHAZADA');
      expect(TEXTOS_ESTADO_FE.RECHAZADA).toBe('Rechazada por la DIAN');
    } finally {
      dian.fijarModo('aceptar');
    }
    expect((await timbrar(venta.id)).statusCode).toBe(200);
    const aceptada = (await decidido(venta.id))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    expect(aceptada.numero).toBe((await documentoDe(venta.id))!.numero);
    // Rebuilt from the corrected sale and settings and sent at once: a rejected document may be sent again.
    expect(verificarFirma(aceptada.xml_firmado!).valida).toBe(true);
    expect((await intentosDe(aceptada.id)).map((i) => [i.operacion, i.resultado])).toEqual([
      ['ENVIO', 'RECHAZADA'],
      ['ENVIO', 'ACEPTADA'],
    ]);
  });

  it('never sends twice: after a timeout with DIAN holding the invoice, the retry asks and finds it accepted', async () => {
    const venta = await facturaElectronica();
    // A worker-less path: the job's own function, run twice as pg-boss would after the first failure.
    const { documentoId } = await db.transaction().execute((trx) =>
      facturaElectronicaService.solicitarEnvioFactura(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, {
        encolar: async () => null,
      }),
    );
    const dependencias = {
      db,
      secreto: SECRETO_PRUEBA,
      cola: app.trabajos,
      proveedorPara: (configuracion: facturaElectronicaService.ConfiguracionFE, base: Kysely<Database>) => facturaElectronicaService.proveedorPara(configuracion, base, 500),
    };
    const antes = dian.recibidos.length;
    dian.fijarModo('aceptar-y-colgar');
    try {
      await expect(facturaElectronicaService.procesarEnvio(dependencias, { documentoId, userId: null }, false)).rejects.toThrow();
    } finally {
      dian.fijarModo('aceptar');
    }
    expect((await documentoDe(venta.id))!.estado).toBe('ENVIANDO');
    await facturaElectronicaService.procesarEnvio(dependencias, { documentoId, userId: null }, false);
    expect((await documentoDe(venta.id))!.estado).toBe('ACEPTADA');
    const operaciones = dian.recibidos.slice(antes).map((r) => r.operacion);
    expect(operaciones.filter((o) => o === 'SendBillSync')).toHaveLength(1);
    expect(operaciones).toContain('GetStatus');
    expect((await intentosDe(documentoId)).map((i) => [i.operacion, i.resultado])).toEqual([
      ['ENVIO', 'ERROR'],
      ['CONSULTA', 'ACEPTADA'],
    ]);
    expect((await ventaFila(venta.id)).fecha_factura_dian).not.toBeNull();
  });

  it('gives up after the last retry and leaves the invoice pending with the reason, for a person to send again', async () => {
    const venta = await facturaElectronica();
    const { documentoId } = await db.transaction().execute((trx) =>
      facturaElectronicaService.solicitarEnvioFactura(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, { encolar: async () => null }),
    );
    dian.fijarModo('error-500');
    try {
      await facturaElectronicaService.procesarEnvio(
        { db, secreto: SECRETO_PRUEBA, cola: app.trabajos, proveedorPara: facturaElectronicaService.proveedorPara },
        { documentoId, userId: null },
        true,
      );
    } finally {
      dian.fijarModo('aceptar');
    }
    const documento = (await documentoDe(venta.id))!;
    expect(documento.estado).toBe('PENDIENTE_ENVIO');
    expect(documento.mensajes[0]).toMatch(/^No se pudo comunicar con el proveedor/);
    expect((await ventaFila(venta.id)).fecha_factura_dian).toBeNull();
    // Sent again by a person: the status query first (DIAN may have it), then the send.
    expect((await timbrar(venta.id)).statusCode).toBe(200);
    expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
  });

  it('two clicks at once queue one send', async () => {
    const venta = await facturaElectronica();
    const respuestas = await Promise.all([timbrar(venta.id), timbrar(venta.id)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(respuestas.find((r) => r.statusCode === 409)!.json().message).toBe(ERRORES.FE_EN_ENVIO.mensaje);
    expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
  });
});

describe('without a provider', () => {
  it("builds and signs the invoice, keeps it 'Pendiente de envío', and never claims DIAN's acceptance", async () => {
    await configurar({ proveedor: 'NINGUNO', ambiente: 2 });
    try {
      const venta = await facturaElectronica();
      const antes = dian.recibidos.length;
      const respuesta = await timbrar(venta.id);
      expect(respuesta.statusCode).toBe(200);
      expect(respuesta.json().message).toBe(MENSAJES_FE.sinProveedor);
      const documento = (await decidido(venta.id))!;
      expect(documento.estado).toBe('PENDIENTE_ENVIO');
      expect(documento.firmado).toBe(true);
      expect(documento.ambiente).toBe(2);
      expect(documento.qr).toContain('catalogo-vpfe-hab.dian.gov.co');
      expect((await ventaFila(venta.id)).fecha_factura_dian).toBeNull();
      expect(dian.recibidos.length).toBe(antes);
      expect(TEXTOS_ESTADO_FE[documento.estado]).toBe('Pendiente de envío');
    } finally {
      await configurar({ proveedor: 'DIAN', ambiente: 1 });
    }
  });
});

describe('POST facturas/{venta_id}/enviar-email-fe', () => {
  it('refuses without a token, to other roles, an empty or bad list, and an invoice not accepted yet', async () => {
    const venta = await facturaElectronica();
    expect((await enviarEmail(venta.id, 'a@b.co', null)).statusCode).toBe(401);
    expect((await enviarEmail(venta.id, 'a@b.co', vendedor)).statusCode).toBe(403);
    let respuesta = await enviarEmail(venta.id, ' ; ');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.lista_email).toEqual([MENSAJES_FE.correos]);
    respuesta = await enviarEmail(venta.id, 'cliente@correo.co; no-es-correo');
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.lista_email).toEqual([MENSAJES_FE.correoInvalido('no-es-correo')]);
    respuesta = await enviarEmail(venta.id, 'cliente@correo.co');
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(ERRORES.FE_NO_ACEPTADA.mensaje);
    expect(await db.selectFrom('correo_fe').select('id').where('destinatarios', '=', 'cliente@correo.co').execute()).toEqual([]);
  });

  it('sends the accepted invoice again to every address given', async () => {
    const venta = await facturaElectronica();
    await timbrar(venta.id);
    const documento = (await decidido(venta.id))!;
    const respuesta = await enviarEmail(venta.id, ' compras@cliente.co ;contabilidad@cliente.co ');
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_FE.correoEnCola);
    const correo = await esperar(
      () => db.selectFrom('correo_fe').selectAll().where('documento_fe_id', '=', documento.id).where('destinatarios', 'like', 'compras%').executeTakeFirst(),
      (c) => c !== undefined && c.estado !== 'PENDIENTE',
    );
    expect(correo!.destinatarios).toBe('compras@cliente.co; contabilidad@cliente.co');
    const mensaje = await simpleParser(await readFile(correo!.archivo!));
    const para = Array.isArray(mensaje.to) ? mensaje.to.flatMap((t) => t.value) : mensaje.to!.value;
    expect(para.map((d) => d.address)).toEqual(['compras@cliente.co', 'contabilidad@cliente.co']);
    expect(mensaje.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/zip']);
    expect((await readdir(path.join(bandeja, 'outbox'))).length).toBeGreaterThanOrEqual(2);
  });
});

describe('PUT facturas/{venta_id}/anular of a sale with an electronic invoice: the credit note', () => {
  const MOTIVO = 'El cliente desistió de la compra';
  const anular = (ventaId: number, cuerpo?: object, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
    llamar('PUT', `/api/facturas/${ventaId}/anular`, usuario, codigoTienda, cuerpo);
  const conMotivo = (motivo = MOTIVO) => ({ concepto_nota: '2', motivo });
  const historialAnulacion = (ventaId: number) =>
    db.selectFrom('venta_estado_historial').select(['estado_anterior_id', 'motivo', 'user_id']).where('venta_id', '=', ventaId).where('estado_nuevo_id', '=', 3).execute();
  /** The fake DIAN's sends of a document (by number), in order. */
  const envios = (numero: string) => dian.recibidos.filter((r) => r.operacion === 'SendBillSync' && r.documento?.numero === numero);
  /** The note's decisive XML pieces: concept, reason, the invoice it references. */
  const discrepancia = (xml: string) => ({
    concepto: /<cac:DiscrepancyResponse>[\s\S]*?<cbc:ResponseCode>([^<]*)<\/cbc:ResponseCode>/.exec(xml)?.[1],
    descripcion: /<cac:DiscrepancyResponse>[\s\S]*?<cbc:Description>([^<]*)<\/cbc:Description>/.exec(xml)?.[1],
    cufeFactura: /<cac:BillingReference>[\s\S]*?<cbc:UUID[^>]*>([^<]+)<\/cbc:UUID>/.exec(xml)?.[1],
  });
  /** The CUDE recomputed from the strings of the XML (Anexo técnico 1.9, CUDE: the CUFE's terms with the software PIN). */
  function cudeDesdeXml(xml: string): string {
    const uno = (patron: RegExp) => {
      const valor = patron.exec(xml)?.[1];
      if (valor === undefined) throw new Error(`No está en el XML: ${patron}`);
      return valor;
    };
    // Document-level totals sit between the customer and LegalMonetaryTotal; this sale carries IVA only.
    const totales = uno(/<\/cac:AccountingCustomerParty>([\s\S]*?)<cac:LegalMonetaryTotal>/);
    expect(totales).not.toMatch(/<cbc:ID>0[34]<\/cbc:ID>/);
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

  it('answers 401 without a token, 403 to every role but SuperAdministrador, 404 for another store, writing nothing', async () => {
    const venta = await facturaElectronica();
    await timbrar(venta.id);
    expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
    expect((await anular(venta.id, conMotivo(), null)).statusCode).toBe(401);
    expect((await anular(venta.id, conMotivo(), vendedor)).statusCode).toBe(403);
    const otra = await facturaElectronica(ajena.codigo_tienda);
    expect((await anular(otra.id, conMotivo())).statusCode).toBe(404);
    expect((await ventaFila(otra.id)).estado_venta_id).toBe(2);
    expect((await ventaFila(venta.id)).estado_venta_id).toBe(2);
    expect(await documentoDe(venta.id, 'NOTA_CREDITO')).toBeUndefined();
  });

  it('refuses a missing or too long reason and another concept with 422 and the Spanish message, writing nothing', async () => {
    const venta = await facturaElectronica();
    await timbrar(venta.id);
    expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
    const stockAntes = (await saldoDe(db, tienda.codigo_tienda, tablero.id))!.cantidad;
    const casos: [object | undefined, string, string][] = [
      [undefined, 'concepto_nota', MENSAJES_FACTURACION.conceptoAnulacion],
      [{ concepto_nota: '2' }, 'motivo', MENSAJES_FACTURACION.motivoAnulacion],
      [{ concepto_nota: '2', motivo: '   ' }, 'motivo', MENSAJES_FACTURACION.motivoAnulacion],
      [{ concepto_nota: '2', motivo: 'x'.repeat(MOTIVO_ANULACION_MAXIMO + 1) }, 'motivo', MENSAJES_FACTURACION.motivoAnulacionLargo],
      [{ concepto_nota: '1', motivo: MOTIVO }, 'concepto_nota', MENSAJES_FACTURACION.conceptoNoAnula],
      [{ concepto_nota: '5', motivo: MOTIVO }, 'concepto_nota', MENSAJES_FACTURACION.conceptoNoAnula],
    ];
    for (const [cuerpo, campo, mensaje] of casos) {
      const respuesta = await anular(venta.id, cuerpo);
      expect(respuesta.statusCode, JSON.stringify(cuerpo)).toBe(422);
      expect(respuesta.json().errors[campo]).toEqual([mensaje]);
    }
    expect(MENSAJES_FACTURACION.motivoAnulacionLargo).toBe('El motivo de la anulación puede tener hasta 250 caracteres');
    expect((await ventaFila(venta.id)).estado_venta_id).toBe(2);
    expect((await saldoDe(db, tienda.codigo_tienda, tablero.id))!.cantidad).toBe(stockAntes);
    expect(await documentoDe(venta.id, 'NOTA_CREDITO')).toBeUndefined();
    expect(await historialAnulacion(venta.id)).toEqual([]);
    expect(await db.selectFrom('devolucion_dinero').select('id').where('origen', '=', 'venta').where('origen_id', '=', venta.id).execute()).toEqual([]);
  });

  it('accepted invoice: annuls at once, keeps the reason, and sends the note (CUDE, concept 2, the reason) that DIAN accepts', async () => {
    const venta = await facturaElectronica();
    await timbrar(venta.id);
    const factura = (await decidido(venta.id))!;
    expect(factura.estado).toBe('ACEPTADA');
    const stockAntes = (await saldoDe(db, tienda.codigo_tienda, tablero.id))!.cantidad;
    const respuesta = await anular(venta.id, conMotivo('  Error en la referencia del tablero  '));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const nota = (await documentoDe(venta.id, 'NOTA_CREDITO'))!;
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaCreditoEnCola(nota.numero));
    expect(nota).toMatchObject({ concepto_nota: '2', motivo: 'Error en la referencia del tablero', documento_referencia_id: factura.id, user_id: superAdmin.id });
    expect((await ventaFila(venta.id)).estado_venta_id).toBe(3);
    expect(await historialAnulacion(venta.id)).toEqual([{ estado_anterior_id: 2, motivo: 'Error en la referencia del tablero', user_id: superAdmin.id }]);
    expect((await saldoDe(db, tienda.codigo_tienda, tablero.id))!.cantidad).toBe(stockAntes + 2);
    const aceptada = (await decidido(venta.id, 'NOTA_CREDITO'))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    const xml = aceptada.xml_firmado!;
    expect(verificarFirma(xml).valida).toBe(true);
    expect(xml).toContain(`<cbc:UUID schemeID="1" schemeName="CUDE-SHA384">${aceptada.cufe}</cbc:UUID>`);
    expect(cudeDesdeXml(xml)).toBe(aceptada.cufe);
    expect(discrepancia(xml)).toEqual({ concepto: '2', descripcion: 'Error en la referencia del tablero', cufeFactura: factura.cufe });
    expect(CONCEPTOS_NOTA_CREDITO['2']).toBe('Anulación de factura electrónica');
    expect(envios(nota.numero)).toHaveLength(1);
    // The sale detail's e-invoice section lists the note with its state, concept and reason.
    const detalle = (await documentos(venta.id)).json().data.documentos;
    expect(detalle.map((d: DocumentoFe) => [d.tipo, d.estado, d.concepto_nota, d.motivo])).toEqual([
      ['FACTURA', 'ACEPTADA', null, null],
      ['NOTA_CREDITO', 'ACEPTADA', '2', 'Error en la referencia del tablero'],
    ]);
    // The audit trail has the note's row with its reason.
    const auditoria = await db.selectFrom('auditoria').select(['despues']).where('tabla', '=', 'documento_fe').where('registro', '=', String(nota.id)).orderBy('id').executeTakeFirst();
    expect(JSON.stringify(auditoria?.despues)).toContain('Error en la referencia del tablero');
    // A second annulment finds the sale annulled.
    expect((await anular(venta.id, conMotivo())).statusCode).toBe(409);
  });

  it('invoice pending of sending: the note waits, says why, and goes right after DIAN accepts the invoice sent later', async () => {
    await configurar({ proveedor: 'NINGUNO', ambiente: 1 });
    let venta: Awaited<ReturnType<typeof facturaElectronica>>;
    try {
      venta = await facturaElectronica();
      await timbrar(venta.id);
      expect((await decidido(venta.id))!.estado).toBe('PENDIENTE_ENVIO');
    } finally {
      await configurar({ proveedor: 'DIAN', ambiente: 1 });
    }
    const factura = (await documentoDe(venta.id))!;
    const respuesta = await anular(venta.id, conMotivo());
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const nota = (await documentoDe(venta.id, 'NOTA_CREDITO'))!;
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaCreditoEspera(nota.numero, factura.numero));
    const esperando = (await decidido(venta.id, 'NOTA_CREDITO'))!;
    expect(esperando.estado).toBe('PENDIENTE_ENVIO');
    expect(esperando.mensajes).toEqual([MENSAJES_FE.notaEsperaPendiente(factura.numero)]);
    expect(esperando.xml_firmado).toBeNull();
    expect(envios(nota.numero)).toEqual([]);
    expect(await intentosDe(nota.id)).toEqual([]);

    // The annulled sale's invoice is sent (Enviar a la DIAN): accepted, then its note follows.
    const envio = await timbrar(venta.id);
    expect(envio.statusCode, envio.body).toBe(200);
    expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
    const aceptada = (await decidido(venta.id, 'NOTA_CREDITO'))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    const facturaAceptada = (await documentoDe(venta.id))!;
    expect(discrepancia(aceptada.xml_firmado!)).toEqual({ concepto: '2', descripcion: MOTIVO, cufeFactura: facturaAceptada.cufe });
    expect(cudeDesdeXml(aceptada.xml_firmado!)).toBe(aceptada.cufe);
    const orden = dian.recibidos.filter((r) => r.operacion === 'SendBillSync' && [factura.numero, nota.numero].includes(r.documento?.numero ?? ''));
    expect(orden.map((r) => r.documento!.numero)).toEqual([factura.numero, nota.numero]);
    expect((await ventaFila(venta.id)).estado_venta_id).toBe(3);
    // Four sends (invoice, note, each signed in the documents pool) waited in turn: on a loaded machine they outlast the
    // file's 20 s for one test (seen at load average 7), though each wait is an event, not a fixed time.
  }, 60_000);

  it('invoice on its way (ENVIANDO): no 409 any more; the note waits while it is sent and goes after its acceptance', async () => {
    const venta = await facturaElectronica();
    // Queued without a worker picking it up yet: the invoice stays ENVIANDO until the test runs its job.
    const { documentoId } = await db.transaction().execute((trx) =>
      facturaElectronicaService.solicitarEnvioFactura(trx, { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id }, venta.id, { encolar: async () => null }),
    );
    const respuesta = await anular(venta.id, conMotivo());
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const factura = (await documentoDe(venta.id))!;
    const nota = (await documentoDe(venta.id, 'NOTA_CREDITO'))!;
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaCreditoEspera(nota.numero, factura.numero));
    expect((await ventaFila(venta.id)).estado_venta_id).toBe(3);
    // Its job looked at the invoice and waits (stays 'Enviando', saying for what), sending nothing.
    const esperando = await esperar(() => documentoDe(venta.id, 'NOTA_CREDITO'), (d) => d!.mensajes.length > 0);
    expect(esperando).toMatchObject({ estado: 'ENVIANDO', mensajes: [MENSAJES_FE.notaEsperaEnvio(factura.numero)], xml_firmado: null });
    expect(envios(nota.numero)).toEqual([]);

    await facturaElectronicaService.procesarEnvio(
      { db, secreto: SECRETO_PRUEBA, cola: app.trabajos, proveedorPara: facturaElectronicaService.proveedorPara },
      { documentoId, userId: superAdmin.id },
      false,
    );
    const facturaAceptada = (await documentoDe(venta.id))!;
    expect(facturaAceptada.estado).toBe('ACEPTADA');
    const aceptada = (await esperar(() => documentoDe(venta.id, 'NOTA_CREDITO'), (d) => d!.estado !== 'ENVIANDO'))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    expect(discrepancia(aceptada.xml_firmado!).cufeFactura).toBe(facturaAceptada.cufe);
    expect(envios(nota.numero)).toHaveLength(1);
  });

  it('rejected invoice: the note waits naming the rejection; corrected and accepted, the note goes referencing its final CUFE', async () => {
    const venta = await facturaElectronica();
    dian.fijarModo('rechazar');
    try {
      await timbrar(venta.id);
      expect((await decidido(venta.id))!.estado).toBe('RECHAZADA');
    } finally {
      dian.fijarModo('aceptar');
    }
    const rechazada = (await documentoDe(venta.id))!;
    expect((await anular(venta.id, conMotivo())).statusCode).toBe(200);
    const esperando = (await decidido(venta.id, 'NOTA_CREDITO'))!;
    expect(esperando.estado).toBe('PENDIENTE_ENVIO');
    expect(esperando.mensajes).toEqual([MENSAJES_FE.notaEsperaRechazo(rechazada.numero)]);
    const detalle = (await documentos(venta.id)).json().data.documentos;
    expect(detalle.map((d: DocumentoFe) => [d.tipo, d.estado])).toEqual([
      ['FACTURA', 'RECHAZADA'],
      ['NOTA_CREDITO', 'PENDIENTE_ENVIO'],
    ]);
    expect(envios(esperando.numero)).toEqual([]);

    expect((await timbrar(venta.id)).statusCode).toBe(200);
    const aceptada = (await decidido(venta.id))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    // Rebuilt (a new CUFE unless built within the same second) and sent again under its number.
    expect(aceptada.numero).toBe(rechazada.numero);
    expect((await intentosDe(aceptada.id)).map((i) => [i.operacion, i.resultado])).toEqual([
      ['ENVIO', 'RECHAZADA'],
      ['ENVIO', 'ACEPTADA'],
    ]);
    const nota = (await esperar(() => documentoDe(venta.id, 'NOTA_CREDITO'), (d) => d!.estado === 'ACEPTADA' || d!.estado === 'RECHAZADA'))!;
    expect(nota.estado).toBe('ACEPTADA');
    expect(discrepancia(nota.xml_firmado!).cufeFactura).toBe(aceptada.cufe);
  });

  it('a remission is annulled without concept or reason and issues no DIAN document', async () => {
    const cliente = await crearTercero(db);
    const remision = await crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: vendedor.id,
      lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
    });
    const facturada = await llamar('POST', `/api/facturas/${remision.id}/forma-pago`, vendedor, tienda.codigo_tienda, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: remision.total_venta }]));
    expect(facturada.json().data.tipo_documento).toBe('REMISION');
    const antes = dian.recibidos.length;
    const respuesta = await anular(remision.id);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_FACTURACION.anulada);
    expect((await ventaFila(remision.id)).estado_venta_id).toBe(3);
    expect(await db.selectFrom('documento_fe').select('id').where('venta_id', '=', remision.id).execute()).toEqual([]);
    expect(await historialAnulacion(remision.id)).toEqual([{ estado_anterior_id: 2, motivo: null, user_id: superAdmin.id }]);
    expect(dian.recibidos.length).toBe(antes);
    expect((await timbrar(remision.id)).statusCode).toBe(409);
  });

  it('an e-invoice never sent asks for the concept and reason: its invoice is registered pending of sending and the note waits for it; Enviar a la DIAN sends both, invoice first', async () => {
    const sinEnviar = await facturaElectronica();
    const sinConcepto = await anular(sinEnviar.id);
    expect(sinConcepto.statusCode).toBe(422);
    expect(sinConcepto.json().errors.concepto_nota).toEqual([MENSAJES_FACTURACION.conceptoAnulacion]);
    expect((await ventaFila(sinEnviar.id)).estado_venta_id).toBe(2);
    expect(await db.selectFrom('documento_fe').select('id').where('venta_id', '=', sinEnviar.id).execute()).toEqual([]);

    const respuesta = await anular(sinEnviar.id, conMotivo());
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const factura = (await documentoDe(sinEnviar.id))!;
    expect(factura).toMatchObject({ estado: 'PENDIENTE_ENVIO', mensajes: [MENSAJES_FE.documentoSinEnviarConNota('FACTURA')], });
    const nota = (await documentoDe(sinEnviar.id, 'NOTA_CREDITO'))!;
    expect(respuesta.json().message).toBe(MENSAJES_FE.notaCreditoEspera(nota.numero, factura.numero));
    // The note's job finds its invoice pending of sending and says so, sending nothing.
    const esperando = await esperar(() => documentoDe(sinEnviar.id, 'NOTA_CREDITO'), (d) => d!.estado !== 'ENVIANDO');
    expect(esperando).toMatchObject({ estado: 'PENDIENTE_ENVIO', mensajes: [MENSAJES_FE.notaEsperaPendiente(factura.numero)] });
    expect(envios(nota.numero)).toEqual([]);

    expect((await timbrar(sinEnviar.id)).statusCode).toBe(200);
    expect((await esperar(() => documentoDe(sinEnviar.id), (d) => d!.estado !== 'ENVIANDO' && d!.estado !== 'PENDIENTE_ENVIO'))!.estado).toBe('ACEPTADA');
    const aceptada = (await esperar(() => documentoDe(sinEnviar.id, 'NOTA_CREDITO'), (d) => d!.estado === 'ACEPTADA' || d!.estado === 'RECHAZADA'))!;
    expect(aceptada.estado).toBe('ACEPTADA');
    expect(discrepancia(aceptada.xml_firmado!)).toEqual({ concepto: '2', descripcion: MOTIVO, cufeFactura: (await documentoDe(sinEnviar.id))!.cufe });
    const orden = dian.recibidos.filter((r) => r.operacion === 'SendBillSync' && [factura.numero, nota.numero].includes(r.documento?.numero ?? ''));
    expect(orden.map((r) => r.documento!.numero)).toEqual([factura.numero, nota.numero]);
  });
});

describe('jobs survive a restart', () => {
  it('a send queued by an instance without workers is done by the next one that has them', async () => {
    const soloApi = await construirApp(db, { dataDir: bandeja }, { trabajadores: false });
    try {
      const venta = await facturaElectronica();
      const respuesta = await soloApi.inject({ method: 'POST', url: `/api/facturas/${venta.id}/timbrar-dian`, headers: headers(superAdmin.token, tienda.codigo_tienda) });
      expect(respuesta.statusCode).toBe(200);
      // The main app's workers (another instance on the same database) pick it up.
      expect((await decidido(venta.id))!.estado).toBe('ACEPTADA');
    } finally {
      await soloApi.close();
    }
  });
});
