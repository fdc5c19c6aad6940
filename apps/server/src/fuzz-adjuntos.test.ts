import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generarCertificadoPrueba } from '@tablero/dian';
import { ADJUNTO_MAXIMO_BYTES, hoyNegocio } from '@tablero/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoConcepto,
  crearUsuarioConSesion,
  crearVentaConLineas,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../test/factories';
import { diferenciasFoto, preparadorFoto } from '../test/rutas-declaradas';

/**
 * Fuzzing of the uploads (docs/decisions-operacion.md, matrix and fuzzing). No route takes multipart/form-data: every
 * file travels as base64 inside a JSON body (the voucher pictures of a sale's and a supplier payment's methods, the
 * DIAN signing certificate, the rows of an inventory CSV with its file name and type). Each gets an empty file, a huge
 * name, a wrong type (by extension and by bytes), NUL bytes in its fields, a file over the size limit, a truncated JSON
 * body and a real (and a truncated) multipart body. Never a 500, and a refused upload writes nothing: no row (a
 * snapshot of the database) and no file in the attachment folder. A valid upload of each kind is accepted last, so the
 * refusals are the checks' doing and not a body that never reached them.
 */
const carpeta = path.join(tmpdir(), `tablero-fuzz-adjuntos-${randomUUID()}`);
const entorno = usarEntorno({ archivos: { carpeta, s3: null } });

afterAll(async () => {
  await rm(carpeta, { recursive: true, force: true });
});

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const adjuntoPng = { nombre_temp: 'comprobante.png', extension_archivo: 'png', adjunto: PNG.toString('base64') };

/** Bad voucher pictures, each next to a valid one on another payment line; a picture cut in transit among them. */
const ADJUNTOS_MALOS: [string, unknown][] = [
  ['un nombre de 100.000 caracteres', { ...adjuntoPng, nombre_temp: `${'x'.repeat(100_000)}.png` }],
  ['un PDF con extensión png', { ...adjuntoPng, adjunto: PDF.toString('base64') }],
  ['una extensión exe', { ...adjuntoPng, nombre_temp: 'virus.exe', extension_archivo: 'exe' }],
  ['una extensión pdf', { ...adjuntoPng, extension_archivo: 'pdf', adjunto: PDF.toString('base64') }],
  ['un base64 inválido', { ...adjuntoPng, adjunto: '!!!!****' }],
  ['un PNG truncado a su firma', { ...adjuntoPng, adjunto: PNG.subarray(0, 4).toString('base64') }],
  ['un base64 truncado', { ...adjuntoPng, adjunto: PNG.toString('base64').slice(0, 13) }],
  ['un PNG cortado antes de su final', { ...adjuntoPng, adjunto: PNG.subarray(0, PNG.length - 12).toString('base64') }],
  ['un NUL en el nombre', { ...adjuntoPng, nombre_temp: 'a\u0000.png' }],
  ['un NUL en la extensión', { ...adjuntoPng, extension_archivo: 'png\u0000' }],
  ['un NUL en el contenido', { ...adjuntoPng, adjunto: `${PNG.toString('base64').slice(0, 8)}\u0000` }],
  ['un PNG de más de 1 MB', { ...adjuntoPng, adjunto: Buffer.concat([PNG, Buffer.alloc(ADJUNTO_MAXIMO_BYTES)]).toString('base64') }],
  ['un adjunto que es un texto', 'comprobante.png'],
  ['un adjunto que es una lista', [adjuntoPng]],
];

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let foto: () => Promise<Map<string, string>>;
const cuenta = { casos: 0, errores500: 0, escriturasParciales: 0 };

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  superAdmin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  foto = await preparadorFoto(entorno.db, ['venta', 'venta_forma_pago', 'pago_proveedor', 'pago_proveedor_forma_pago', 'configuracion_fe', 'inventario']);
});

afterAll(() => {
  console.log(`[fuzz-adjuntos] casos: ${cuenta.casos}, 500: ${cuenta.errores500}, escrituras parciales: ${cuenta.escriturasParciales}`);
});

/** Every file under the attachment folder (none while nothing was accepted). */
async function archivos(): Promise<string[]> {
  return (await readdir(carpeta, { recursive: true }).catch(() => [] as string[])).sort();
}

/** A multipart body with one file part, as a browser's form would send it; `truncado` cuts it before its end. */
function multipart(archivo: Buffer, truncado = false): { payload: Buffer; headers: Record<string, string> } {
  const frontera = '----tablero-fuzz';
  const cuerpo = Buffer.concat([
    Buffer.from(`--${frontera}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\na\u0000b\r\n`),
    Buffer.from(`--${frontera}\r\nContent-Disposition: form-data; name="archivo"; filename="${'n'.repeat(5_000)}.png"\r\nContent-Type: image/png\r\n\r\n`),
    archivo,
    Buffer.from(`\r\n--${frontera}--\r\n`),
  ]);
  return { payload: truncado ? cuerpo.subarray(0, Math.floor(cuerpo.length / 2)) : cuerpo, headers: { 'content-type': `multipart/form-data; boundary=${frontera}` } };
}

/** The raw bodies every upload route gets besides its bad files: a truncated JSON, multipart (whole and cut), text. */
function cuerposCrudos(valido: unknown): [string, { payload: string | Buffer; headers: Record<string, string> }][] {
  const json = JSON.stringify(valido);
  return [
    ['un JSON truncado', { payload: json.slice(0, Math.floor(json.length / 2)), headers: { 'content-type': 'application/json' } }],
    ['un JSON vacío', { payload: '', headers: { 'content-type': 'application/json' } }],
    ['un multipart', multipart(PNG)],
    ['un multipart truncado', multipart(PNG, true)],
    ['un JSON como text/plain', { payload: json, headers: { 'content-type': 'text/plain' } }],
  ];
}

/** Sends one refused upload: no 500, a 4xx, and nothing written (rows or files). */
async function rechazado(fallos: string[], caso: string, method: 'POST' | 'PUT', url: string, envio: { payload: unknown; headers?: Record<string, string> }) {
  cuenta.casos += 1;
  const [antes, archivosAntes] = [await foto(), await archivos()];
  const respuesta = await entorno.app.inject({
    method,
    url,
    headers: { ...headers(superAdmin.token, tienda.codigo_tienda), ...envio.headers },
    payload: envio.payload as string,
  });
  if (respuesta.statusCode >= 500) cuenta.errores500 += 1;
  if (respuesta.statusCode < 400 || respuesta.statusCode >= 500) fallos.push(`${caso}: ${method} ${url} → ${respuesta.statusCode} ${respuesta.body.slice(0, 200)}`);
  const cambios = [...diferenciasFoto(antes, await foto())];
  const nuevos = (await archivos()).filter((a) => !archivosAntes.includes(a));
  if (nuevos.length > 0) cambios.push(`archivos: ${nuevos.join(', ')}`);
  if (cambios.length > 0) {
    cuenta.escriturasParciales += 1;
    fallos.push(`${caso}: ${method} ${url} → ${respuesta.statusCode} pero escribió ${cambios.join('; ')}`);
  }
}

/** Replaces the voucher of payment line `n` of `cuerpo`'s list `lista`. */
function conAdjunto(cuerpo: Record<string, unknown>, lista: string, n: number, adjunto: unknown): Record<string, unknown> {
  const lineas = (cuerpo[lista] as Record<string, unknown>[]).map((linea, i) => (i === n ? { ...linea, adjunto_comprobante: adjunto } : linea));
  return { ...cuerpo, [lista]: lineas };
}

// Each test gets 60 s: the 1 MB pictures and the 10 MB certificate are slow on a loaded machine (10 s at load 23).
describe('fuzzing the uploads', () => {
  it('POST /api/pagos-proveedores/guardar and PUT …/:id/actualizar: refuse every bad voucher picture and body, writing no row and no file', async () => {
    const proveedor = await crearProveedor(entorno.db);
    const concepto = await crearTipoConcepto(entorno.db);
    const hoy = hoyNegocio();
    // 1,190,000 with IVA 19 %: paid in cash and by a transfer whose voucher picture is the file under test.
    const valido: Record<string, unknown> = {
      tipo_concepto_id: concepto.id,
      proveedor_id: proveedor.id,
      codigo_factura: 'FE-1001',
      fecha_factura: hoy,
      fecha_pago: hoy,
      valor_total: '1,190,000',
      pj_iva: 19,
      pj_retefuente: 0,
      observaciones: 'Compra de tableros RH',
      gestion_factura: false,
      lista_formas_pagadas_form: [
        { id_forma_pago: 4, nombre_forma_pago: 'Transferencia bancaria', comprobante_id: 'TRX-1', requiere_codigo_comprobante: true, adjunto_comprobante: adjuntoPng, valor_pagado: '190,000' },
        { id_forma_pago: 5, nombre_forma_pago: 'Consignación', comprobante_id: 'TRX-2', requiere_codigo_comprobante: true, adjunto_comprobante: adjuntoPng, valor_pagado: '1,000,000' },
      ],
      pago_realizado: true,
    };
    const url = '/api/pagos-proveedores/guardar';
    const fallos: string[] = [];
    // An empty picture is no picture on a supplier payment (its schema lets a line keep none), so it is not in the list.
    for (const [caso, adjunto] of ADJUNTOS_MALOS) {
      // The bad picture on the second line: the first one's valid file must not be kept either.
      await rechazado(fallos, caso, 'POST', url, { payload: conAdjunto(valido, 'lista_formas_pagadas_form', 1, adjunto) });
    }
    await rechazado(fallos, 'un NUL en el código del comprobante', 'POST', url, {
      payload: { ...valido, lista_formas_pagadas_form: [{ ...(valido.lista_formas_pagadas_form as object[])[0], comprobante_id: 'TRX\u00001' }, (valido.lista_formas_pagadas_form as object[])[1]] },
    });
    await rechazado(fallos, 'un NUL en las observaciones', 'POST', url, { payload: { ...valido, observaciones: 'a\u0000b' } });
    for (const [caso, envio] of cuerposCrudos(valido)) await rechazado(fallos, caso, 'POST', url, envio);
    expect(fallos).toEqual([]);

    const aceptado = await entorno.app.inject({ method: 'POST', url, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: valido });
    expect(aceptado.statusCode, aceptado.body).toBe(200);
    expect(await archivos()).toHaveLength(2 + 1); // the folder pagos-proveedores and its two pictures

    // The same files on the payment's update: refused, the payment and its pictures stay as they were.
    const actualizar = `/api/pagos-proveedores/${aceptado.json<{ data: { pago_proveedor: { id: number } } }>().data.pago_proveedor.id}/actualizar`;
    for (const [caso, adjunto] of ADJUNTOS_MALOS) await rechazado(fallos, caso, 'PUT', actualizar, { payload: conAdjunto(valido, 'lista_formas_pagadas_form', 1, adjunto) });
    for (const [caso, envio] of cuerposCrudos(valido)) await rechazado(fallos, caso, 'PUT', actualizar, envio);
    expect(fallos).toEqual([]);
    const actualizado = await entorno.app.inject({ method: 'PUT', url: actualizar, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: valido });
    expect(actualizado.statusCode, actualizado.body).toBe(200);
  }, 60_000);

  it('POST /api/facturas/:venta_id/forma-pago: refuses every bad voucher picture and body, writing nothing', async () => {
    const vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const producto = await crearProducto(entorno.db, {
      impuesto_id: (await crearImpuesto(entorno.db, { porcentaje_impuesto: 0 })).id,
      proveedor_id: (await crearProveedor(entorno.db)).id,
      grupo_id: 1,
      linea_id: 1,
      precio_unitario: 100_000,
      tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 }],
    });
    await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });
    const cliente = await crearTercero(entorno.db);
    const venta = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: vendedor.id,
      lineas: [{ producto_id: producto.id, cantidad: 2, precio_unitario: 100_000 }],
    });
    // Two card payments, each with its voucher picture: the second one's is the file under test.
    const valido: Record<string, unknown> = {
      crear_factura_siigo: false,
      crear_venta_credito: false,
      formaPagoList: [
        { id_forma_pago: 2, valor_pagado: 50_000, comprobante_id: 'VOU-1', adjunto_comprobante: adjuntoPng },
        { id_forma_pago: 2, valor_pagado: 150_000, comprobante_id: 'VOU-2', adjunto_comprobante: adjuntoPng },
      ],
    };
    const url = `/api/facturas/${venta.id}/forma-pago`;
    const fallos: string[] = [];
    await rechazado(fallos, 'un archivo vacío', 'POST', url, { payload: conAdjunto(valido, 'formaPagoList', 1, { ...adjuntoPng, adjunto: '' }) });
    for (const [caso, adjunto] of ADJUNTOS_MALOS) await rechazado(fallos, caso, 'POST', url, { payload: conAdjunto(valido, 'formaPagoList', 1, adjunto) });
    await rechazado(fallos, 'un NUL en el código del comprobante', 'POST', url, {
      payload: { ...valido, formaPagoList: [(valido.formaPagoList as object[])[0], { ...(valido.formaPagoList as object[])[1], comprobante_id: 'VOU\u00002' }] },
    });
    for (const [caso, envio] of cuerposCrudos(valido)) await rechazado(fallos, caso, 'POST', url, envio);
    expect(fallos).toEqual([]);

    const aceptado = await entorno.app.inject({ method: 'POST', url, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: valido });
    expect(aceptado.statusCode, aceptado.body).toBe(200);
    const guardados = await entorno.db.selectFrom('venta_forma_pago').select('adjunto_tipo').where('venta_id', '=', venta.id).execute();
    expect(guardados.map((g) => g.adjunto_tipo)).toEqual(['image/png', 'image/png']);
  }, 60_000);

  it('POST /api/maestros/factura-electronica/certificado: refuses every bad certificate file and body, writing nothing', async () => {
    const { p12, clave } = generarCertificadoPrueba();
    const base64 = p12.toString('base64');
    const valido = { archivo_base64: base64, clave };
    const url = '/api/maestros/factura-electronica/certificado';
    const malos: [string, unknown][] = [
      ['un archivo vacío', { ...valido, archivo_base64: '' }],
      ['un PNG en lugar del .p12', { ...valido, archivo_base64: PNG.toString('base64') }],
      ['un .p12 truncado', { ...valido, archivo_base64: base64.slice(0, Math.floor(base64.length / 8) * 4) }],
      ['un base64 inválido', { ...valido, archivo_base64: '!!!!' }],
      ['un archivo de 10 MB', { ...valido, archivo_base64: 'A'.repeat(10 * 1024 * 1024) }],
      ['una clave equivocada', { ...valido, clave: `${clave}x` }],
      ['una clave de 100.000 caracteres', { ...valido, clave: 'x'.repeat(100_000) }],
      ['un NUL en la clave', { ...valido, clave: `${clave}\u0000` }],
      ['un NUL en el archivo', { ...valido, archivo_base64: `${base64.slice(0, 8)}\u0000` }],
    ];
    const fallos: string[] = [];
    for (const [caso, cuerpo] of malos) await rechazado(fallos, caso, 'POST', url, { payload: cuerpo });
    for (const [caso, envio] of cuerposCrudos(valido)) await rechazado(fallos, caso, 'POST', url, envio);
    expect(fallos).toEqual([]);

    const aceptado = await entorno.app.inject({ method: 'POST', url, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: valido });
    expect(aceptado.statusCode, aceptado.body).toBe(200);
  }, 60_000);

  it('POST /api/inventarios/carga-masiva: refuses every bad file name, type and row, writing nothing', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: (await crearImpuesto(entorno.db)).id,
      proveedor_id: (await crearProveedor(entorno.db)).id,
      tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 5, precio_unitario: 10_000 }],
    });
    const referencia = (await entorno.db.selectFrom('producto').select('referencia').where('id', '=', producto.id).executeTakeFirstOrThrow()).referencia;
    const valido = { items: [{ referencia, cantidad: 7, precio: 12_000, fila: 2 }], nombre_archivo: 'inventario.csv', tipo_archivo: 'text/csv' };
    const url = '/api/inventarios/carga-masiva';
    const malos: [string, unknown][] = [
      ['un archivo vacío', { ...valido, items: [] }],
      ['un nombre de 10.000 caracteres', { ...valido, nombre_archivo: `${'x'.repeat(10_000)}.csv` }],
      ['un nombre .xlsx', { ...valido, nombre_archivo: 'inventario.xlsx' }],
      ['un tipo PDF', { ...valido, tipo_archivo: 'application/pdf' }],
      ['un NUL en el nombre', { ...valido, nombre_archivo: 'a\u0000.csv' }],
      ['un NUL en una referencia', { ...valido, items: [{ ...valido.items[0], referencia: `${referencia}\u0000` }] }],
      ['una cantidad de 2^63', { ...valido, items: [{ ...valido.items[0], cantidad: '9223372036854775808' }] }],
      ['un precio NaN', { ...valido, items: [{ ...valido.items[0], precio: 'NaN' }] }],
      ['una fila válida y una inválida', { ...valido, items: [valido.items[0], { referencia: 'NO-EXISTE', cantidad: -1, precio: 'x', fila: 3 }] }],
    ];
    const fallos: string[] = [];
    for (const [caso, cuerpo] of malos) await rechazado(fallos, caso, 'POST', url, { payload: cuerpo });
    for (const [caso, envio] of cuerposCrudos(valido)) await rechazado(fallos, caso, 'POST', url, envio);
    expect(fallos).toEqual([]);

    const aceptado = await entorno.app.inject({ method: 'POST', url, headers: headers(superAdmin.token, tienda.codigo_tienda), payload: valido });
    expect(aceptado.statusCode, aceptado.body).toBe(200);
  }, 60_000);
});
