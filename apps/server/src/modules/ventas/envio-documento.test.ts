// Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"), through the
// real app with its pg-boss workers: the refusals, the e-mail landing in the outbox with its PDFs, the shared link that
// opens the PDF without a session (and a tampered one that does not), and the rows and audit each send leaves.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_ENVIO, MENSAJES_FE, type EnviosVenta } from '@tablero/domain';
import type { Database } from '../../db/database';
import { construirApp, crearBaseDePrueba } from '../../../test/app';
import {
  crearCuentaCredito,
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
  cuerpoGuardarVenta,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

let db: Kysely<Database>;
let app: FastifyInstance;
let bandeja: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let vendedorAjeno: UsuarioConSesion;
let producto: { id: number };

beforeAll(async () => {
  db = await crearBaseDePrueba();
  bandeja = await mkdtemp(path.join(tmpdir(), 'tablero-envios-'));
  app = await construirApp(db, { dataDir: bandeja }, { trabajadores: true, sondeoSegundos: 1 });
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  bodega = usuarios.porRol.Bodega;
  administrador = usuarios.porRol.Administrador;
  vendedorAjeno = await crearUsuarioConSesion(app, db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  producto = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 50_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 50_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  if (bandeja) await rm(bandeja, { recursive: true, force: true });
});

/** A billed remission of a new customer (with a credit account when asked). */
async function ventaFacturada(conCuenta = false) {
  const cliente = await crearTercero(db);
  if (conCuenta) await crearCuentaCredito(db, { tercero_id: cliente.id, total_cupo_permitido: 1_000_000 });
  const venta = await crearVentaConLineas(db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, lineas: [{ producto_id: producto.id, cantidad: 2, precio_unitario: 50_000 }] });
  const facturada = await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, vendedor, cuerpoFacturar([{ id_forma_pago: 2, valor_pagado: 100_000, comprobante_id: 'V-1' }]));
  expect(facturada.statusCode, facturada.body).toBe(200);
  return { id: venta.id, cliente };
}

const llamar = (method: 'GET' | 'POST', url: string, usuario: UsuarioConSesion | null, payload?: object, codigoTienda = tienda.codigo_tienda) =>
  app.inject({ method, url, headers: usuario ? headers(usuario.token, codigoTienda) : {}, ...(payload ? { payload } : {}) });
const envios = (ventaId: number) => db.selectFrom('envio_documento').selectAll().where('venta_id', '=', ventaId).orderBy('id').execute();

async function esperar<T>(leer: () => Promise<T>, listo: (valor: T) => boolean, ms = 20_000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`Tiempo agotado esperando: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('refusals', () => {
  it('answers 401 without a session, 403 to the roles that do not open the sale detail, 404 for another store and 403 for a store not the user\'s', async () => {
    const venta = await ventaFacturada();
    const rutas = [
      ['GET', `/api/facturas/${venta.id}/envios`, undefined],
      ['POST', `/api/facturas/${venta.id}/envios/correo`, { correo: 'a@b.co', documentos: ['VENTA'] }],
      ['POST', `/api/facturas/${venta.id}/envios/enlace`, { documento: 'VENTA' }],
    ] as const;
    for (const [metodo, url, cuerpo] of rutas) {
      expect((await llamar(metodo, url, null, cuerpo)).statusCode, url).toBe(401);
      for (const usuario of [bodega, administrador]) expect((await llamar(metodo, url, usuario, cuerpo)).statusCode, `${url} ${usuario.role}`).toBe(403);
      expect((await llamar(metodo, url, vendedorAjeno, cuerpo, ajena.codigo_tienda)).statusCode, url).toBe(404);
      expect((await llamar(metodo, url, vendedor, cuerpo, ajena.codigo_tienda)).statusCode, url).toBe(403);
    }
    expect(await envios(venta.id)).toEqual([]);
  });

  it('answers 422 with the Spanish message on its field, never 500, and writes nothing', async () => {
    const venta = await ventaFacturada();
    const casos: [string, object, string, string][] = [
      ['correo', { correo: 'no-es-un-correo', documentos: ['VENTA'] }, 'correo', MENSAJES_FE.correoInvalido('no-es-un-correo')],
      ['correo', { correo: '  ', documentos: ['VENTA'] }, 'correo', MENSAJES_FE.correos],
      ['correo', { correo: 'a@b.co', documentos: [] }, 'documentos', MENSAJES_ENVIO.documentos],
      ['correo', { correo: 'a@b.co', documentos: ['OTRO'] }, 'documentos.0', MENSAJES_ENVIO.documento],
      // A billed sale is not a quotation.
      ['correo', { correo: 'a@b.co', documentos: ['COTIZACION'] }, 'documentos', MENSAJES_ENVIO.noEsCotizacion],
      ['enlace', { documento: 'COTIZACION' }, 'documento', MENSAJES_ENVIO.noEsCotizacion],
      ['correo', { correo: 'a\u0000@b.co', documentos: ['VENTA'] }, 'correo', ''],
      // The customer has no credit account: no statement to send.
      ['correo', { correo: 'a@b.co', documentos: ['VENTA', 'ESTADO_CUENTA'] }, 'documentos', MENSAJES_ENVIO.sinCuentaCredito],
      ['enlace', { documento: 'ESTADO_CUENTA' }, 'documento', MENSAJES_ENVIO.sinCuentaCredito],
      ['enlace', { documento: 'OTRO' }, 'documento', MENSAJES_ENVIO.documento],
    ];
    for (const [ruta, cuerpo, campo, mensaje] of casos) {
      const respuesta = await llamar('POST', `/api/facturas/${venta.id}/envios/${ruta}`, vendedor, cuerpo);
      expect(respuesta.statusCode, JSON.stringify(cuerpo)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(respuesta.json())).toEqual(expect.arrayContaining([expect.stringContaining(mensaje)]));
    }
    for (const id of [2 ** 31, 0]) expect((await llamar('GET', `/api/facturas/${id}/envios`, vendedor)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await llamar('GET', `/api/facturas/${2 ** 31 - 1}/envios`, vendedor)).statusCode).toBe(404);
    expect(await envios(venta.id)).toEqual([]);
  });
});

describe('sending', () => {
  it('e-mails the sale document and the statement: one row each, the job puts one message with both PDFs in the outbox', async () => {
    const venta = await ventaFacturada(true);
    const antes = (await llamar('GET', `/api/facturas/${venta.id}/envios`, operario)).json().data as EnviosVenta;
    expect(antes.correo_cliente).toMatch(/@prueba\.test$/);
    expect(antes.documentos.map((d) => [d.documento, d.disponible])).toEqual([
      ['VENTA', true],
      ['COTIZACION', false],
      ['ESTADO_CUENTA', true],
    ]);
    expect(antes.envios).toEqual([]);

    const respuesta = await llamar('POST', `/api/facturas/${venta.id}/envios/correo`, vendedor, { correo: ' cliente@prueba.test ; otro@prueba.test ', documentos: ['VENTA', 'ESTADO_CUENTA'] });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_ENVIO.correoEnCola);
    const filas = await esperar(() => envios(venta.id), (f) => f.length === 2 && f.every((e) => e.estado !== 'PENDIENTE'));
    expect(filas.map((f) => [f.documento, f.canal, f.destino, f.estado, f.user_id])).toEqual([
      ['VENTA', 'CORREO', 'cliente@prueba.test; otro@prueba.test', 'BANDEJA_SALIDA', vendedor.id],
      ['ESTADO_CUENTA', 'CORREO', 'cliente@prueba.test; otro@prueba.test', 'BANDEJA_SALIDA', vendedor.id],
    ]);
    expect(filas[0]!.archivo).toBe(filas[1]!.archivo);
    const mensaje = await simpleParser(await readFile(filas[0]!.archivo!));
    expect(mensaje.to && !Array.isArray(mensaje.to) ? mensaje.to.value.map((d) => d.address) : []).toEqual(['cliente@prueba.test', 'otro@prueba.test']);
    expect(mensaje.subject).toMatch(/^Remisión REM\d+ y Estado de cuenta - /);
    expect(mensaje.text).toContain(`venta No. ${venta.id}`);
    expect(mensaje.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(mensaje.attachments.every((a) => a.content.subarray(0, 5).toString() === '%PDF-')).toBe(true);

    // The history, newest first, with who sent; and the audit trail has each row.
    const despues = (await llamar('GET', `/api/facturas/${venta.id}/envios`, vendedor)).json().data as EnviosVenta;
    expect(despues.envios.map((e) => [e.documento, e.canal, e.estado, e.nombre_usuario])).toEqual([
      ['ESTADO_CUENTA', 'CORREO', 'BANDEJA_SALIDA', vendedor.name],
      ['VENTA', 'CORREO', 'BANDEJA_SALIDA', vendedor.name],
    ]);
    const auditoria = await db.selectFrom('auditoria').select(['accion', 'usuario_id']).where('tabla', '=', 'envio_documento').where('registro', 'in', filas.map((f) => String(f.id))).execute();
    expect(auditoria.filter((a) => a.accion === 'crear').map((a) => a.usuario_id)).toEqual([vendedor.id, vendedor.id]);
  });

  it('makes a signed link that opens the PDF without a session, records it, and refuses a tampered one', async () => {
    const venta = await ventaFacturada();
    const respuesta = await llamar('POST', `/api/facturas/${venta.id}/envios/enlace`, operario, { documento: 'VENTA' });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { ruta, nombre, vigencia_dias } = respuesta.json().data as { ruta: string; nombre: string; vigencia_dias: number };
    expect(ruta).toMatch(/^\/api\/public\/FVS\//);
    expect(nombre).toMatch(/^Remisión REM\d+$/);
    expect(vigencia_dias).toBeGreaterThanOrEqual(5 * 365);
    const pdf = await app.inject({ method: 'GET', url: ruta });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const ultimo = ruta.at(-1) === 'A' ? 'B' : 'A';
    const alterado = await app.inject({ method: 'GET', url: `${ruta.slice(0, -1)}${ultimo}` });
    expect(alterado.statusCode).toBe(404);
    expect(await envios(venta.id)).toMatchObject([{ documento: 'VENTA', canal: 'ENLACE', destino: null, estado: 'ENVIADO', user_id: operario.id }]);
  });

  it('sends a quotation as a quotation: its PDF by e-mail and its own link, not the sale document', async () => {
    const cliente = await crearTercero(db);
    const guardada = await llamar('POST', '/api/facturas/guardar', vendedor, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [{ producto_id: producto.id, cantidad_solicitada: 1, precio_unitario: 50_000, porcentaje_impuesto: 0 }], estado_venta_id: 7 }));
    expect(guardada.statusCode, guardada.body).toBe(200);
    const id = guardada.json().data.venta_id as number;
    const disponibles = ((await llamar('GET', `/api/facturas/${id}/envios`, vendedor)).json().data as EnviosVenta).documentos;
    expect(disponibles.map((d) => [d.documento, d.nombre, d.disponible])).toEqual([
      ['VENTA', `Pedido No. ${id}`, false],
      ['COTIZACION', `Cotización No. ${id}`, true],
      ['ESTADO_CUENTA', 'Estado de cuenta', false],
    ]);
    expect((await llamar('POST', `/api/facturas/${id}/envios/enlace`, vendedor, { documento: 'VENTA' })).json().errors.documento).toEqual([MENSAJES_ENVIO.esCotizacion]);

    const enlace = await llamar('POST', `/api/facturas/${id}/envios/enlace`, vendedor, { documento: 'COTIZACION' });
    expect(enlace.statusCode, enlace.body).toBe(200);
    expect(enlace.json().data).toMatchObject({ nombre: `Cotización No. ${id}`, vigencia_dias: 30 });
    const pdf = await app.inject({ method: 'GET', url: enlace.json().data.ruta });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const correo = await llamar('POST', `/api/facturas/${id}/envios/correo`, vendedor, { correo: 'cliente@prueba.test', documentos: ['COTIZACION'] });
    expect(correo.statusCode, correo.body).toBe(200);
    const filas = await esperar(() => envios(id), (f) => f.length === 2 && f.every((e) => e.estado !== 'PENDIENTE'));
    expect(filas.map((f) => [f.documento, f.canal, f.estado])).toEqual([
      ['COTIZACION', 'ENLACE', 'ENVIADO'],
      ['COTIZACION', 'CORREO', 'BANDEJA_SALIDA'],
    ]);
    const mensaje = await simpleParser(await readFile(filas[1]!.archivo!));
    expect(mensaje.subject).toMatch(new RegExp(`^Cotización No\\. ${id} - `));
    expect(mensaje.attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', `cotizacion-${id}.pdf`]]);
  });
});
