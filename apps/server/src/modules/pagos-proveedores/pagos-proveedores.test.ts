import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  calcularCifrasPagoProveedor,
  ERRORES,
  hoyNegocio,
  MENSAJE_CARACTERES_NO_PERMITIDOS,
  MENSAJES_ADJUNTO,
  MENSAJES_DINERO,
  MENSAJES_PAGO_PROVEEDOR as M,
  sumarMeses,
} from '@tablero/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearPagoProveedor,
  crearProveedor,
  crearTienda,
  crearTipoConcepto,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  headers,
  iniciarS3Falso,
  ROLES_NO_SUPER_ADMIN,
  type S3Falso,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The attachment folder of this file's app: its own, removed at the end.
const carpeta = path.join(tmpdir(), `tablero-adjuntos-${randomUUID()}`);
const entorno = usarEntorno({ archivos: { carpeta, s3: null } });
afterAll(async () => {
  await rm(carpeta, { recursive: true, force: true });
});

// A real 1×1 PNG and a real (smallest) JPEG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
  'base64',
);
const adjuntoPng = { nombre_temp: 'transferencia.png', extension_archivo: 'png', adjunto: PNG.toString('base64') };

let tienda: TiendaPrueba;
let otra: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;
let deOtra: UsuarioConSesion;
let proveedor: { id: number; nombre_proveedor: string };
let concepto: { id: number; nombre_tipo_concepto: string };
const hoy = hoyNegocio();
const mesActual = { year: Number(hoy.slice(0, 4)), month: Number(hoy.slice(5, 7)) };
const mesPasado = `${sumarMeses(hoy, -1).slice(0, 7)}-01`;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  otra = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  deOtra = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [otra.codigo_tienda] });
  proveedor = await crearProveedor(entorno.db, { nombre_proveedor: 'Maderas Nariño S.A.S.', nit: '901555444-2' });
  concepto = await crearTipoConcepto(entorno.db, 'Compra de tableros');
});

const llamar = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  codigoTienda: string | null = tienda.codigo_tienda,
  app = entorno.app,
) =>
  app.inject({
    method,
    url,
    headers: token ? headers(token, codigoTienda ?? undefined) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** 1,190,000 with IVA 19 % and retention 2.5 %: 1,165,000 to pay, in cash and a transfer with its voucher picture. */
const cuerpo = (cambios: Record<string, unknown> = {}) => ({
  tipo_concepto_id: concepto.id,
  proveedor_id: proveedor.id,
  codigo_factura: 'FE-1001',
  fecha_factura: hoy,
  fecha_pago: hoy,
  valor_total: '1,190,000',
  pj_iva: 19,
  pj_retefuente: 2.5,
  observaciones: 'Compra de tableros RH',
  gestion_factura: false,
  lista_formas_pagadas_form: [
    { id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: '165,000', requiere_codigo_comprobante: false },
    {
      id_forma_pago: 4,
      nombre_forma_pago: 'Transferencia bancaria',
      comprobante_id: 'TRX-778',
      requiere_codigo_comprobante: true,
      adjunto_comprobante: adjuntoPng,
      valor_pagado: 1_000_000,
    },
  ],
  pago_realizado: true,
  ...cambios,
});
const registrar = (cambios: Record<string, unknown> = {}, token = superAdmin.token) =>
  llamar('POST', '/api/pagos-proveedores/guardar', token, cuerpo(cambios));
const listar = (consulta: Record<string, unknown> = {}, pagina = '', codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', `/api/pagos-proveedores${pagina}`, superAdmin.token, { query_search: '', periodo_consulta: mesActual, ...consulta }, codigoTienda);

/** Every row of the module's tables and the files of the folder: a refused call changes none. */
const todo = async () => ({
  pagos: await entorno.db.selectFrom('pago_proveedor').selectAll().orderBy('id').execute(),
  lineas: await entorno.db.selectFrom('pago_proveedor_forma_pago').selectAll().orderBy('id').execute(),
  historial: await entorno.db.selectFrom('pago_proveedor_historial').selectAll().orderBy('id').execute(),
  archivos: await readdir(path.join(carpeta, 'pagos-proveedores')).catch(() => []),
});

async function cerrarMes(codigoTienda: string, fecha: string) {
  await entorno.db
    .insertInto('periodo_cerrado')
    .values({ codigo_tienda: codigoTienda, anio: Number(fecha.slice(0, 4)), mes: Number(fecha.slice(5, 7)), cerrado: true, resumen: '{}', fecha_cierre: new Date() })
    .execute();
}

// ---------------------------------------------------------------------------------------------------- refusals

describe('refusals of every supplier payments route', () => {
  let existente: number;
  beforeAll(async () => {
    existente = (await crearPagoProveedor(entorno.db, { codigo_tienda: tienda.codigo_tienda })).id;
  });
  const rutas = () => [
    { nombre: 'POST /pagos-proveedores', metodo: 'POST' as const, url: '/api/pagos-proveedores?page=1', cuerpo: { periodo_consulta: mesActual }, escribe: false, tienda: true },
    { nombre: 'POST /pagos-proveedores/guardar', metodo: 'POST' as const, url: '/api/pagos-proveedores/guardar', cuerpo: cuerpo(), escribe: true, tienda: true },
    { nombre: 'GET /pagos-proveedores/{id}', metodo: 'GET' as const, url: `/api/pagos-proveedores/${existente}`, escribe: false, tienda: false },
    { nombre: 'PUT /pagos-proveedores/{id}/actualizar', metodo: 'PUT' as const, url: `/api/pagos-proveedores/${existente}/actualizar`, cuerpo: cuerpo(), escribe: true, tienda: true },
    { nombre: 'DELETE /pagos-proveedores/{id}/eliminar', metodo: 'DELETE' as const, url: `/api/pagos-proveedores/${existente}/eliminar`, escribe: true, tienda: true },
  ];

  it('401 without a token, 403 for every role but SuperAdministrador, 403 in a store not of the user, 422 without a store; nothing written', async () => {
    const antes = await todo();
    for (const ruta of rutas()) {
      expect((await llamar(ruta.metodo, ruta.url, null, ruta.cuerpo)).statusCode, ruta.nombre).toBe(401);
      expect((await llamar(ruta.metodo, ruta.url, 'token-falso', ruta.cuerpo)).statusCode, ruta.nombre).toBe(401);
      for (const rol of ROLES_NO_SUPER_ADMIN) {
        const respuesta = await llamar(ruta.metodo, ruta.url, porRol[rol].token, ruta.cuerpo);
        expect(respuesta.statusCode, `${ruta.nombre} ${rol}`).toBe(403);
        expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
      }
      const enAjena = await llamar(ruta.metodo, ruta.url, superAdmin.token, ruta.cuerpo, ajena.codigo_tienda);
      expect(enAjena.statusCode, ruta.nombre).toBe(403);
      expect(enAjena.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
      if (ruta.tienda) {
        const sinTienda = await llamar(ruta.metodo, ruta.url, superAdmin.token, ruta.cuerpo, null);
        expect(sinTienda.statusCode, ruta.nombre).toBe(422);
        expect(sinTienda.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
      }
    }
    expect(await todo()).toEqual(antes);
  });

  it('403 reading, editing or deleting a payment of a store the user does not belong to', async () => {
    const antes = await todo();
    for (const [metodo, url, body] of [
      ['GET', `/api/pagos-proveedores/${existente}`, undefined],
      ['PUT', `/api/pagos-proveedores/${existente}/actualizar`, cuerpo()],
      ['DELETE', `/api/pagos-proveedores/${existente}/eliminar`, undefined],
    ] as const) {
      const respuesta = await llamar(metodo, url, deOtra.token, body, otra.codigo_tienda);
      expect(respuesta.statusCode, metodo).toBe(403);
      expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
    }
    expect(await todo()).toEqual(antes);
  });

  it('404 for an id that does not exist, was deleted or that no row can have (0, 2^31, text)', async () => {
    const eliminado = (await crearPagoProveedor(entorno.db, { codigo_tienda: tienda.codigo_tienda, eliminado: true })).id;
    for (const id of ['999999', String(eliminado), '0', String(2 ** 31), 'abc', '-1']) {
      for (const [metodo, url, body] of [
        ['GET', `/api/pagos-proveedores/${id}`, undefined],
        ['PUT', `/api/pagos-proveedores/${id}/actualizar`, cuerpo()],
        ['DELETE', `/api/pagos-proveedores/${id}/eliminar`, undefined],
      ] as const) {
        const respuesta = await llamar(metodo, url, superAdmin.token, body);
        expect(respuesta.statusCode, `${metodo} ${id}`).toBe(404);
        if (id === '999999' || id === String(eliminado)) expect(respuesta.json().message).toBe(ERRORES.PAGO_PROVEEDOR_NO_ENCONTRADO.mensaje);
      }
    }
  });

  it("422 'Debe ingresar todos los campos solicitados' first when two or more fields are missing, each field with its §5 message", async () => {
    const antes = await todo();
    for (const body of [{}, [], { gestion_factura: false }, { gestion_factura: true, tipo_concepto_id: concepto.id }]) {
      const respuesta = await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, body);
      expect(respuesta.statusCode).toBe(422);
      expect(respuesta.json().message).toBe(M.camposSolicitados);
    }
    const todoFalta = (await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, {})).json();
    expect(todoFalta.errors).toMatchObject({
      tipo_concepto_id: [M.seleccionarValor],
      proveedor_id: [M.seleccionarValor],
      codigo_factura: [M.codigoFactura],
      fecha_factura: [M.fecha],
      fecha_pago: [M.fecha],
      valor_total: [M.valorTotal],
      pj_iva: [M.iva],
      pj_retefuente: [M.retefuente],
      observaciones: [M.observaciones],
      lista_formas_pagadas_form: [M.alMenosUnaForma],
    });
    expect(await todo()).toEqual(antes);
  });

  it('422 with each §5 message, on save and on edit; nothing written', async () => {
    const antes = await todo();
    const linea = (cambios: Record<string, unknown>) => ({ id_forma_pago: 1, valor_pagado: 1_165_000, ...cambios });
    const casos: [Record<string, unknown>, string, string][] = [
      [{ tipo_concepto_id: null }, 'tipo_concepto_id', M.seleccionarValor],
      [{ proveedor_id: '' }, 'proveedor_id', M.seleccionarValor],
      [{ codigo_factura: '  ' }, 'codigo_factura', M.codigoFactura],
      [{ fecha_factura: '' }, 'fecha_factura', M.fecha],
      [{ fecha_pago: null }, 'fecha_pago', M.fecha],
      [{ valor_total: '' }, 'valor_total', M.valorTotal],
      [{ pj_iva: null }, 'pj_iva', M.iva],
      [{ pj_retefuente: '' }, 'pj_retefuente', M.retefuente],
      [{ observaciones: '' }, 'observaciones', M.observaciones],
      [{ lista_formas_pagadas_form: [] }, 'lista_formas_pagadas_form', M.alMenosUnaForma],
      [{ valor_total: 0 }, 'valor_total', M.totalCero],
      [{ valor_total: 0.01, pj_iva: 0, pj_retefuente: 100, lista_formas_pagadas_form: [linea({ valor_pagado: 0.01 })] }, 'valor_total', M.totalCero],
      // The sum of the methods, to the centavo.
      [{ lista_formas_pagadas_form: [linea({ valor_pagado: 1_164_999.99 })] }, 'lista_formas_pagadas_form', M.sumatoria('$ 1,165,000')],
      [{ lista_formas_pagadas_form: [linea({ valor_pagado: 1_165_000.01 })] }, 'lista_formas_pagadas_form', M.sumatoria('$ 1,165,000')],
      [
        { valor_total: 100_000, lista_formas_pagadas_form: [linea({ valor_pagado: 50_000 }), linea({ valor_pagado: 47_899.15 })] },
        'lista_formas_pagadas_form',
        M.sumatoria('$ 97,899.16'),
      ],
      // At most 5 methods.
      [{ lista_formas_pagadas_form: Array.from({ length: 6 }, () => linea({ valor_pagado: 194_166.67 })) }, 'lista_formas_pagadas_form', M.maximoFormas],
      // A zero or empty amount, a voucher code missing where the method requires one (the server knows it: 4 requires one).
      [{ lista_formas_pagadas_form: [linea({ valor_pagado: 0 })] }, 'lista_formas_pagadas_form.0.valor_pagado', M.valoresVacios],
      [{ lista_formas_pagadas_form: [linea({ valor_pagado: '' })] }, 'lista_formas_pagadas_form.0.valor_pagado', M.valoresVacios],
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: 4 })] }, 'lista_formas_pagadas_form.0.comprobante_id', M.valoresVacios],
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: 4, requiere_codigo_comprobante: false, comprobante_id: ' ' })] }, 'lista_formas_pagadas_form.0.comprobante_id', M.valoresVacios],
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: null })] }, 'lista_formas_pagadas_form.0.id_forma_pago', M.seleccionarForma],
      // Methods that move no money, or that do not exist.
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: 6 })] }, 'lista_formas_pagadas_form.0.id_forma_pago', M.formaNoPermitida],
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: 8 })] }, 'lista_formas_pagadas_form.0.id_forma_pago', M.formaNoPermitida],
      [{ lista_formas_pagadas_form: [linea({ id_forma_pago: 999 })] }, 'lista_formas_pagadas_form.0.id_forma_pago', M.formaNoPermitida],
      [{ tipo_concepto_id: 999_999 }, 'tipo_concepto_id', M.tipoConcepto],
      [{ proveedor_id: 999_999 }, 'proveedor_id', M.proveedor],
      // Input limits: never a 500.
      [{ observaciones: 'Pago\u0000' }, 'observaciones', MENSAJE_CARACTERES_NO_PERMITIDOS],
      [{ tipo_concepto_id: 2 ** 31 }, 'tipo_concepto_id', M.seleccionarValor],
      [{ proveedor_id: 1e300 }, 'proveedor_id', M.seleccionarValor],
      [{ valor_total: 1e300 }, 'valor_total', MENSAJES_DINERO.maximo],
      [{ valor_total: '99999999999999999999999999' }, 'valor_total', MENSAJES_DINERO.maximo],
      [{ valor_total: '1190000.001' }, 'valor_total', MENSAJES_DINERO.decimales],
      [{ valor_total: 'mucho' }, 'valor_total', M.valorTotal],
      [{ pj_iva: 101 }, 'pj_iva', M.porcentajeRango],
      [{ pj_iva: -1 }, 'pj_iva', M.porcentajeRango],
      [{ pj_retefuente: '1e400' }, 'pj_retefuente', M.retefuente],
      [{ pj_retefuente: 2.00001 }, 'pj_retefuente', M.porcentajeDecimales],
      [{ fecha_factura: '2026-02-30' }, 'fecha_factura', M.fecha],
      [{ fecha_pago: '9999-12-31' }, 'fecha_pago', M.fechaPagoFutura],
      [{ fecha_pago: 'ayer' }, 'fecha_pago', M.fecha],
      [{ codigo_factura: 'x'.repeat(61) }, 'codigo_factura', M.codigoFacturaLargo],
      [{ observaciones: 'x'.repeat(501) }, 'observaciones', M.observacionesLargas],
      // Attachments: images only, by their bytes; a text disguised as .png is refused.
      [
        { lista_formas_pagadas_form: [linea({ adjunto_comprobante: { extension_archivo: 'png', adjunto: Buffer.from('no soy una imagen').toString('base64') } })] },
        'lista_formas_pagadas_form.0.adjunto_comprobante',
        MENSAJES_ADJUNTO.noCumple,
      ],
      [
        { lista_formas_pagadas_form: [linea({ adjunto_comprobante: { extension_archivo: 'svg', adjunto: PNG.toString('base64') } })] },
        'lista_formas_pagadas_form.0.adjunto_comprobante.extension_archivo',
        MENSAJES_ADJUNTO.noCumple,
      ],
      [
        { lista_formas_pagadas_form: [linea({ adjunto_comprobante: { extension_archivo: 'png', adjunto: 'no es base64!' } })] },
        'lista_formas_pagadas_form.0.adjunto_comprobante.adjunto',
        MENSAJES_ADJUNTO.noCumple,
      ],
      [
        { lista_formas_pagadas_form: [linea({ adjunto_comprobante: { extension_archivo: 'png', adjunto: Buffer.alloc(1024 * 1024 + 3, 0x89).toString('base64') } })] },
        'lista_formas_pagadas_form.0.adjunto_comprobante.adjunto',
        MENSAJES_ADJUNTO.grande,
      ],
      // A picture kept by url must be one of this payment's own.
      [
        { lista_formas_pagadas_form: [linea({ adjunto_comprobante: { url: '/api/assets?file=../../etc/passwd' } })] },
        'lista_formas_pagadas_form.0.adjunto_comprobante',
        M.adjuntoConservado,
      ],
    ];
    for (const [cambios, campo, mensaje] of casos) {
      for (const [metodo, url] of [
        ['POST', '/api/pagos-proveedores/guardar'],
        ['PUT', `/api/pagos-proveedores/${existente}/actualizar`],
      ] as const) {
        const respuesta = await llamar(metodo, url, superAdmin.token, cuerpo(cambios));
        const detalle = `${metodo} ${JSON.stringify(cambios).slice(0, 120)}`;
        expect(respuesta.statusCode, detalle).toBe(422);
        expect(respuesta.json().errors?.[campo], detalle).toContain(mensaje);
      }
    }
    expect(await todo()).toEqual(antes);
  });

  it('422 on the list for a bad period, a year after the current one, or a long search', async () => {
    for (const [consulta, mensaje] of [
      [{ periodo_consulta: undefined }, M.periodo],
      [{ periodo_consulta: { year: mesActual.year, month: 13 } }, M.periodo],
      [{ periodo_consulta: { year: mesActual.year + 1, month: 1 } }, M.periodoFuturo],
      [{ periodo_consulta: { year: 2 ** 31, month: 1 } }, M.periodo],
      [{ query_search: 'x'.repeat(201) }, 'La búsqueda admite hasta 200 caracteres'],
      [{ query_search: 'a\u0000' }, MENSAJE_CARACTERES_NO_PERMITIDOS],
    ] as const) {
      const respuesta = await listar(consulta as Record<string, unknown>);
      expect(respuesta.statusCode, JSON.stringify(consulta)).toBe(422);
      expect(respuesta.json().message).toBe(mensaje);
    }
    for (const pagina of ['?page=0', '?page=1e20', '?page=x', '?per_page=7']) expect((await listar({}, pagina)).statusCode, pagina).toBe(422);
  });

  it('409 naming the month and the store for a payment dated in a closed month: save, edit into or out of it, delete', async () => {
    const cerrada = await crearTienda(entorno.db);
    await entorno.db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: cerrada.codigo_tienda }).execute();
    const enCerrado = (await crearPagoProveedor(entorno.db, { codigo_tienda: cerrada.codigo_tienda, fecha_pago: mesPasado })).id;
    const abierto = (await crearPagoProveedor(entorno.db, { codigo_tienda: cerrada.codigo_tienda, fecha_pago: hoy })).id;
    // An unpaid invoice (gestion) is filed under its invoice date.
    const gestion = (await crearPagoProveedor(entorno.db, { codigo_tienda: cerrada.codigo_tienda, gestion_factura: true, fecha_factura: mesPasado })).id;
    await cerrarMes(cerrada.codigo_tienda, mesPasado);
    const antes = await todo();
    const mensaje = `El mes ${mesPasado.slice(0, 7)} de la tienda ${cerrada.codigo_tienda} está cerrado: no admite movimientos con esa fecha`;
    const sinAdjunto = { lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1_165_000 }] };
    for (const [metodo, url, body] of [
      ['POST', '/api/pagos-proveedores/guardar', cuerpo({ ...sinAdjunto, fecha_pago: mesPasado })],
      ['POST', '/api/pagos-proveedores/guardar', { ...cuerpo(), gestion_factura: true, fecha_pago: null, fecha_factura: mesPasado, lista_formas_pagadas_form: [] }],
      ['PUT', `/api/pagos-proveedores/${abierto}/actualizar`, cuerpo({ ...sinAdjunto, fecha_pago: mesPasado })],
      ['PUT', `/api/pagos-proveedores/${enCerrado}/actualizar`, cuerpo({ ...sinAdjunto, fecha_pago: hoy })],
      ['PUT', `/api/pagos-proveedores/${gestion}/actualizar`, cuerpo({ ...sinAdjunto, fecha_pago: hoy })],
      ['DELETE', `/api/pagos-proveedores/${enCerrado}/eliminar`, undefined],
      ['DELETE', `/api/pagos-proveedores/${gestion}/eliminar`, undefined],
    ] as const) {
      const respuesta = await llamar(metodo, url, superAdmin.token, body, cerrada.codigo_tienda);
      expect(respuesta.statusCode, `${metodo} ${url}`).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'PERIODO_CERRADO', message: mensaje });
    }
    expect(await todo()).toEqual(antes);
  });
});

// ---------------------------------------------------------------------------------------------------- happy paths

describe('register, list, read, edit and delete a supplier payment', () => {
  it('stores the payment with the figures of calcularCifrasPagoProveedor, its methods and the voucher picture in the folder', async () => {
    const respuesta = await registrar();
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().message).toBe(M.registrado);
    const pago = respuesta.json().data.pago_proveedor;
    expect(pago).toMatchObject({
      codigo_tienda: tienda.codigo_tienda,
      tipo_concepto_id: concepto.id,
      nombre_tipo_concepto: 'Compra de tableros',
      proveedor_id: proveedor.id,
      nombre_proveedor: 'Maderas Nariño S.A.S.',
      codigo_factura: 'FE-1001',
      fecha_factura: hoy,
      fecha_pago: hoy,
      valor_total: 1_190_000,
      pj_iva: 19,
      valor_antes_iva: 1_000_000,
      valor_iva: 190_000,
      pj_retefuente: 2.5,
      valor_rte: 25_000,
      valor_total_pagar: 1_165_000,
      observaciones: 'Compra de tableros RH',
      gestion_factura: false,
      pago_realizado: true,
      usuario_responsable: superAdmin.id,
      nombre_usuario: superAdmin.name,
    });
    expect(pago.formas_pago).toHaveLength(2);
    expect(pago.formas_pago[0]).toMatchObject({ forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 165_000, codigo_comprobante_pago: null, url_adjunto_comprobante: null });
    const transferencia = pago.formas_pago[1];
    expect(transferencia).toMatchObject({ forma_pago_id: 4, valor_pagado: 1_000_000, codigo_comprobante_pago: 'TRX-778', nombre_adjunto_comprobante: 'transferencia.png' });
    expect(transferencia.adjunto_comprobante_pago).toMatch(/^pagos-proveedores\/[0-9a-f-]{36}\.png$/);
    expect(transferencia.url_adjunto_comprobante).toMatch(/^\/api\/assets\?file=pagos-proveedores%2F[0-9a-f-]{36}\.png&firma=/);

    const fila = await entorno.db.selectFrom('pago_proveedor').selectAll().where('id', '=', pago.id).executeTakeFirstOrThrow();
    const cifras = calcularCifrasPagoProveedor(1_190_000, 19, 2.5);
    expect({
      valor_antes_iva: Number(fila.valor_antes_iva),
      valor_iva: Number(fila.valor_iva),
      valor_rte: Number(fila.valor_rte),
      valor_total_pagar: Number(fila.valor_total_pagar),
    }).toEqual(cifras);
    expect(fila).toMatchObject({ valor_total: '1190000.00', pj_iva: '19.0000', pj_retefuente: '2.5000', eliminado: false, fecha_elimina: null, usuario_elimina: null });
    const lineas = await entorno.db.selectFrom('pago_proveedor_forma_pago').selectAll().where('pago_proveedor_id', '=', pago.id).orderBy('id').execute();
    expect(lineas.map((l) => [l.forma_pago_id, l.valor_pagado, l.codigo_comprobante_pago, l.tipo_adjunto])).toEqual([
      [1, '165000.00', null, null],
      [4, '1000000.00', 'TRX-778', 'image/png'],
    ]);
    expect((await readFile(path.join(carpeta, transferencia.adjunto_comprobante_pago))).equals(PNG)).toBe(true);
  });

  it('keeps awkward figures to the centavo: 100,000 with IVA 19 % and retention 2.5 % pays 97,899.16 in two methods', async () => {
    const respuesta = await registrar({
      valor_total: 100_000,
      lista_formas_pagadas_form: [
        { id_forma_pago: 1, valor_pagado: 50_000 },
        { id_forma_pago: 7, comprobante_id: 'NEQ-1', valor_pagado: '47,899.16' },
      ],
    });
    expect(respuesta.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('pago_proveedor').selectAll().where('id', '=', respuesta.json().data.pago_proveedor.id).executeTakeFirstOrThrow();
    expect([fila.valor_antes_iva, fila.valor_iva, fila.valor_rte, fila.valor_total_pagar]).toEqual(['84033.61', '15966.39', '2100.84', '97899.16']);
  });

  it('takes up to 5 methods, each once', async () => {
    // The five methods that move money (Efectivo, Tarjeta débito, Transferencia, Consignación, Nequi / Daviplata).
    const cinco = [1, 2, 4, 5, 7].map((id) => ({ id_forma_pago: id, valor_pagado: 233_000, comprobante_id: id === 1 ? null : `TRX-${id}` }));
    const respuesta = await registrar({ lista_formas_pagadas_form: cinco });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.pago_proveedor.formas_pago).toHaveLength(5);

    const antes = await entorno.db.selectFrom('pago_proveedor').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const repetida = await registrar({ lista_formas_pagadas_form: [cinco[0], cinco[1], cinco[2], cinco[3], { ...cinco[4]!, id_forma_pago: 1, comprobante_id: null }] });
    expect(repetida.statusCode).toBe(422);
    expect(repetida.json().errors).toEqual({ 'lista_formas_pagadas_form.4.id_forma_pago': [M.formaRepetida] });
    const despues = await entorno.db.selectFrom('pago_proveedor').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it('serves the picture through the assets route: signed link or bearer token, its type, nosniff, private cache; 404 for anything else', async () => {
    const pago = (await registrar({ codigo_factura: 'FE-ASSETS' })).json().data.pago_proveedor;
    const { url_adjunto_comprobante: url, adjunto_comprobante_pago: clave } = pago.formas_pago[1];

    // The signed link opens in a new tab: no token.
    const firmado = await entorno.app.inject({ method: 'GET', url });
    expect(firmado.statusCode).toBe(200);
    expect(firmado.rawPayload.equals(PNG)).toBe(true);
    expect(firmado.headers['content-type']).toBe('image/png');
    expect(firmado.headers['x-content-type-options']).toBe('nosniff');
    expect(firmado.headers['cache-control']).toMatch(/^private/);

    // A logged-in user with the key alone.
    const conToken = await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${encodeURIComponent(clave)}`, headers: headers(superAdmin.token) });
    expect(conToken.statusCode).toBe(200);
    expect(conToken.rawPayload.equals(PNG)).toBe(true);
    // Any role may see it (logged in), as the contract says.
    expect((await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${encodeURIComponent(clave)}`, headers: headers(porRol.Vendedor.token) })).statusCode).toBe(200);

    // With a store header, it must be one of the user's (as on every route).
    expect((await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${encodeURIComponent(clave)}`, headers: headers(superAdmin.token, ajena.codigo_tienda) })).statusCode).toBe(403);

    // Neither: 401. A link altered or signed for another file: 404.
    expect((await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${encodeURIComponent(clave)}` })).statusCode).toBe(401);
    const firma = new URL(url, 'http://x').searchParams.get('firma')!;
    const otro = (await registrar({ codigo_factura: 'FE-OTRO' })).json().data.pago_proveedor.formas_pago[1].adjunto_comprobante_pago;
    for (const alterado of [`${url}x`, `/api/assets?file=${encodeURIComponent(otro)}&firma=${firma}`, `/api/assets?file=../../etc/passwd&firma=${firma}`]) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: alterado });
      expect(respuesta.statusCode, alterado).toBe(404);
      expect(respuesta.json().message).toBe(ERRORES.ARCHIVO_NO_ENCONTRADO.mensaje);
    }

    // No path traversal, encoded or not, and no absolute path: 404, never a file.
    for (const file of [
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%252e%252e%252fetc%252fpasswd',
      '..%5C..%5Cetc%5Cpasswd',
      '/etc/passwd',
      '%2Fetc%2Fpasswd',
      `pagos-proveedores%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      encodeURIComponent(path.join(carpeta, clave)),
      encodeURIComponent(`${clave}/../${clave}`),
      encodeURIComponent(clave.replace('.png', '.jpg')),
      encodeURIComponent(`pagos-proveedores/${randomUUID()}.png`),
      '',
    ]) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${file}`, headers: headers(superAdmin.token) });
      expect(respuesta.statusCode, file).toBe(404);
      expect(respuesta.json().message).toBe(ERRORES.ARCHIVO_NO_ENCONTRADO.mensaje);
    }
    const dosVeces = await entorno.app.inject({ method: 'GET', url: `/api/assets?file=${encodeURIComponent(clave)}&file=x`, headers: headers(superAdmin.token) });
    expect(dosVeces.statusCode).toBe(404);
    const sinFile = await entorno.app.inject({ method: 'GET', url: '/api/assets', headers: headers(superAdmin.token) });
    expect(sinFile.statusCode).toBe(404);
    const nul = await entorno.app.inject({ method: 'GET', url: '/api/assets?file=%00', headers: headers(superAdmin.token) });
    expect(nul.statusCode).toBe(422);
  });

  it('stores a JPEG sent as .png under its real type', async () => {
    const respuesta = await registrar({
      lista_formas_pagadas_form: [
        { id_forma_pago: 2, comprobante_id: 'VOU-1', valor_pagado: 1_165_000, adjunto_comprobante: { nombre_temp: 'foto', extension_archivo: 'png', adjunto: JPEG.toString('base64') } },
      ],
    });
    expect(respuesta.statusCode).toBe(200);
    const forma = respuesta.json().data.pago_proveedor.formas_pago[0];
    expect(forma.adjunto_comprobante_pago).toMatch(/\.jpg$/);
    const servido = await entorno.app.inject({ method: 'GET', url: forma.url_adjunto_comprobante });
    expect(servido.headers['content-type']).toBe('image/jpeg');
    expect(servido.rawPayload.equals(JPEG)).toBe(true);
  });

  it('lists the month of the selected store, rows merged per payment with their links, filtered by text; not other months, stores or deleted', async () => {
    const propia = await crearTienda(entorno.db);
    await entorno.db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: propia.codigo_tienda }).execute();
    const enTienda = (cambios: Record<string, unknown> = {}) =>
      llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, cuerpo(cambios), propia.codigo_tienda);
    const a = (await enTienda()).json().data.pago_proveedor;
    const otroProveedor = await crearProveedor(entorno.db, { nombre_proveedor: 'Herrajes del Valle' });
    const b = (await enTienda({ proveedor_id: otroProveedor.id, codigo_factura: 'HV-9', lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1_165_000 }] })).json().data
      .pago_proveedor;
    await crearPagoProveedor(entorno.db, { codigo_tienda: propia.codigo_tienda, fecha_pago: mesPasado });
    await crearPagoProveedor(entorno.db, { codigo_tienda: propia.codigo_tienda, eliminado: true });
    await crearPagoProveedor(entorno.db, { codigo_tienda: otra.codigo_tienda });
    // An unpaid invoice of this month (gestion): listed by its invoice date.
    const gestion = await crearPagoProveedor(entorno.db, { codigo_tienda: propia.codigo_tienda, gestion_factura: true, fecha_factura: hoy, proveedor_id: otroProveedor.id });

    const pagina = await listar({}, '?page=1', propia.codigo_tienda);
    expect(pagina.statusCode).toBe(200);
    const lista = pagina.json().data.pagos_proveedores;
    expect(lista).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 3 });
    expect(lista.data.map((p: { id: number }) => p.id).sort()).toEqual([a.id, b.id, gestion.id].sort());
    const filaA = lista.data.find((p: { id: number }) => p.id === a.id);
    expect(filaA.formas_pago.map((f: { forma_pago_id: number }) => f.forma_pago_id)).toEqual([1, 4]);
    expect(filaA.formas_pago[1].url_adjunto_comprobante).toMatch(/^\/api\/assets\?file=/);
    expect((await entorno.app.inject({ method: 'GET', url: filaA.formas_pago[1].url_adjunto_comprobante })).statusCode).toBe(200);
    expect(lista.data.find((p: { id: number }) => p.id === gestion.id)).toMatchObject({ gestion_factura: true, fecha_pago: null, formas_pago: [] });

    // The free text: supplier without accents or case, NIT digits, invoice code, concept.
    const buscar = async (texto: string) =>
      (await listar({ query_search: texto }, '', propia.codigo_tienda)).json().data.pagos_proveedores.data.map((p: { id: number }) => p.id).sort();
    expect(await buscar('maderas narino')).toEqual([a.id]);
    expect(await buscar('901555444')).toEqual([a.id]);
    expect(await buscar('HV-9')).toEqual([b.id]);
    expect(await buscar('herrajes')).toEqual([b.id, gestion.id].sort());
    expect(await buscar('100%_')).toEqual([]);

    // Last month, paged: the one of last month only.
    const pasado = { year: Number(mesPasado.slice(0, 4)), month: Number(mesPasado.slice(5, 7)) };
    expect((await listar({ periodo_consulta: pasado }, '', propia.codigo_tienda)).json().data.pagos_proveedores.total).toBe(1);
    const segunda = (await listar({}, '?page=2&per_page=10', propia.codigo_tienda)).json().data.pagos_proveedores;
    expect(segunda).toMatchObject({ current_page: 2, total: 3, data: [] });
  });

  it('edits: the new figures and methods, a picture kept by its url, the previous payment and methods in the history', async () => {
    const creado = (await registrar({ codigo_factura: 'FE-EDIT' })).json().data.pago_proveedor;
    const conservado = creado.formas_pago[1];
    const editor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
    const respuesta = await llamar(
      'PUT',
      `/api/pagos-proveedores/${creado.id}/actualizar`,
      editor.token,
      cuerpo({
        codigo_factura: 'FE-EDIT-2',
        valor_total: 119_000,
        pj_retefuente: 0,
        lista_formas_pagadas_form: [
          { id_forma_pago: 4, comprobante_id: 'TRX-778', valor_pagado: 100_000, adjunto_comprobante: { url: conservado.url_adjunto_comprobante } },
          { id_forma_pago: 5, comprobante_id: 'CON-1', valor_pagado: 19_000, adjunto_comprobante: { nombre_temp: 'c.jpg', extension_archivo: 'jpg', adjunto: JPEG.toString('base64') } },
        ],
      }),
    );
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().message).toBe(M.actualizado);
    const editado = respuesta.json().data.pago_proveedor;
    expect(editado).toMatchObject({ id: creado.id, codigo_factura: 'FE-EDIT-2', valor_antes_iva: 100_000, valor_iva: 19_000, valor_rte: 0, valor_total_pagar: 119_000, usuario_responsable: superAdmin.id });
    expect(editado.formas_pago.map((f: { forma_pago_id: number }) => f.forma_pago_id)).toEqual([4, 5]);
    expect(editado.formas_pago[0]).toMatchObject({ adjunto_comprobante_pago: conservado.adjunto_comprobante_pago, nombre_adjunto_comprobante: 'transferencia.png' });
    expect(editado.formas_pago[1].adjunto_comprobante_pago).toMatch(/\.jpg$/);

    const fila = await entorno.db.selectFrom('pago_proveedor').selectAll().where('id', '=', creado.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ usuario_responsable: superAdmin.id, usuario_actualiza: editor.id, valor_total_pagar: '119000.00' });
    const lineas = await entorno.db.selectFrom('pago_proveedor_forma_pago').selectAll().where('pago_proveedor_id', '=', creado.id).orderBy('id').execute();
    expect(lineas.map((l) => [l.forma_pago_id, l.valor_pagado])).toEqual([
      [4, '100000.00'],
      [5, '19000.00'],
    ]);
    const historial = await entorno.db.selectFrom('pago_proveedor_historial').selectAll().where('pago_proveedor_id', '=', creado.id).execute();
    expect(historial).toHaveLength(1);
    expect(historial[0]).toMatchObject({ accion: 'edicion', user_id: editor.id });
    const anteriores = historial[0]!.datos_anteriores as { codigo_factura: string; valor_total_pagar: string; formas_pago: { forma_pago_id: number; valor_pagado: string; adjunto_comprobante_pago: string | null }[] };
    expect(anteriores).toMatchObject({ codigo_factura: 'FE-EDIT', valor_total_pagar: '1165000.00' });
    expect(anteriores.formas_pago.map((f) => [f.forma_pago_id, f.valor_pagado, f.adjunto_comprobante_pago])).toEqual([
      [1, '165000.00', null],
      [4, '1000000.00', conservado.adjunto_comprobante_pago],
    ]);
    // Both pictures open.
    for (const forma of editado.formas_pago) expect((await entorno.app.inject({ method: 'GET', url: forma.url_adjunto_comprobante })).statusCode).toBe(200);

    // The picture of another payment cannot be kept in this one.
    const ajeno = (await registrar({ codigo_factura: 'FE-AJENO' })).json().data.pago_proveedor.formas_pago[1];
    const robado = await llamar(
      'PUT',
      `/api/pagos-proveedores/${creado.id}/actualizar`,
      superAdmin.token,
      cuerpo({ valor_total: 119_000, pj_retefuente: 0, lista_formas_pagadas_form: [{ id_forma_pago: 4, comprobante_id: 'X', valor_pagado: 119_000, adjunto_comprobante: { url: ajeno.url_adjunto_comprobante } }] }),
    );
    expect(robado.statusCode).toBe(422);
    expect(robado.json().message).toBe(M.adjuntoConservado);
  });

  it('deletes softly: marked with the user and time, in the history, gone from the list and the GET', async () => {
    const creado = (await registrar({ codigo_factura: 'FE-BORRAR' })).json().data.pago_proveedor;
    const respuesta = await llamar('DELETE', `/api/pagos-proveedores/${creado.id}/eliminar`, superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: M.eliminado, data: { id: creado.id } });
    const fila = await entorno.db.selectFrom('pago_proveedor').selectAll().where('id', '=', creado.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ eliminado: true, usuario_elimina: superAdmin.id });
    expect(fila.fecha_elimina).toBeInstanceOf(Date);
    // Its methods and picture stay for the audit.
    expect(await entorno.db.selectFrom('pago_proveedor_forma_pago').select('id').where('pago_proveedor_id', '=', creado.id).execute()).toHaveLength(2);
    const historial = await entorno.db.selectFrom('pago_proveedor_historial').selectAll().where('pago_proveedor_id', '=', creado.id).execute();
    expect(historial).toMatchObject([{ accion: 'eliminacion', user_id: superAdmin.id }]);
    expect((historial[0]!.datos_anteriores as { codigo_factura: string }).codigo_factura).toBe('FE-BORRAR');

    expect((await llamar('GET', `/api/pagos-proveedores/${creado.id}`, superAdmin.token)).statusCode).toBe(404);
    expect((await llamar('DELETE', `/api/pagos-proveedores/${creado.id}/eliminar`, superAdmin.token)).statusCode).toBe(404);
    const lista = (await listar({ query_search: 'FE-BORRAR' })).json().data.pagos_proveedores;
    expect(lista.total).toBe(0);
  });

  it('gestion_factura: an invoice without payment fields, completed later by an edit; a payment made cannot go back to gestion', async () => {
    const respuesta = await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, {
      tipo_concepto_id: concepto.id,
      proveedor_id: proveedor.id,
      fecha_factura: hoy,
      valor_total: '500,000',
      gestion_factura: true,
    });
    expect(respuesta.statusCode).toBe(200);
    const gestion = respuesta.json().data.pago_proveedor;
    expect(gestion).toMatchObject({
      gestion_factura: true,
      pago_realizado: false,
      codigo_factura: null,
      fecha_pago: null,
      pj_iva: 0,
      pj_retefuente: 0,
      valor_antes_iva: 500_000,
      valor_total_pagar: 500_000,
      observaciones: null,
      formas_pago: [],
    });
    // In gestion mode the methods need not add up.
    const parcial = await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, {
      tipo_concepto_id: concepto.id,
      proveedor_id: proveedor.id,
      fecha_factura: hoy,
      valor_total: 500_000,
      gestion_factura: true,
      lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1 }],
    });
    expect(parcial.statusCode).toBe(200);

    // Completing it: every payment field is required again.
    const incompleto = await llamar('PUT', `/api/pagos-proveedores/${gestion.id}/actualizar`, superAdmin.token, {
      tipo_concepto_id: concepto.id,
      proveedor_id: proveedor.id,
      fecha_factura: hoy,
      valor_total: 500_000,
      gestion_factura: false,
    });
    expect(incompleto.statusCode).toBe(422);
    expect(incompleto.json().message).toBe(M.camposSolicitados);
    const completo = await llamar(
      'PUT',
      `/api/pagos-proveedores/${gestion.id}/actualizar`,
      superAdmin.token,
      cuerpo({ valor_total: 500_000, pj_iva: 0, pj_retefuente: 0, lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 500_000 }] }),
    );
    expect(completo.statusCode).toBe(200);
    expect(completo.json().data.pago_proveedor).toMatchObject({ gestion_factura: false, pago_realizado: true, fecha_pago: hoy });
    const deVuelta = await llamar('PUT', `/api/pagos-proveedores/${gestion.id}/actualizar`, superAdmin.token, {
      tipo_concepto_id: concepto.id,
      proveedor_id: proveedor.id,
      fecha_factura: hoy,
      valor_total: 500_000,
      gestion_factura: true,
    });
    expect(deVuelta.statusCode).toBe(422);
    expect(deVuelta.json().message).toBe(M.gestionPagoRealizado);
  });
});

// ---------------------------------------------------------------------------------------------------- S3

describe('the S3 backend, against an in-process bucket', () => {
  let s3: S3Falso;
  beforeAll(async () => {
    s3 = await iniciarS3Falso();
  });
  afterAll(async () => {
    await s3.cerrar();
  });
  const configS3 = () => ({
    archivos: { carpeta: path.join(carpeta, 'no-se-usa'), s3: { bucket: 'comprobantes', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'AKIAPRUEBA', secretAccessKey: 'secreto' } },
  });

  it('PUTs the picture signed to the bucket and serves it back through the assets route', async () => {
    const app = await entorno.otraApp(configS3());
    const respuesta = await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, cuerpo({ codigo_factura: 'FE-S3' }), tienda.codigo_tienda, app);
    expect(respuesta.statusCode).toBe(200);
    const forma = respuesta.json().data.pago_proveedor.formas_pago[1];
    const put = s3.peticiones.find((p) => p.metodo === 'PUT' && p.ruta === `/comprobantes/${forma.adjunto_comprobante_pago}`);
    expect(put?.cuerpo.equals(PNG)).toBe(true);
    expect(put?.cabeceras.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAPRUEBA\/\d{8}\/us-east-1\/s3\/aws4_request/);
    const servido = await app.inject({ method: 'GET', url: forma.url_adjunto_comprobante });
    expect(servido.statusCode).toBe(200);
    expect(servido.rawPayload.equals(PNG)).toBe(true);
    await expect(readdir(path.join(carpeta, 'no-se-usa'))).rejects.toThrow();
  });

  it('a failing bucket answers 503 and writes no row', async () => {
    const app = await entorno.otraApp(configS3());
    const antes = await todo();
    s3.fallarCon = 500;
    try {
      const respuesta = await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin.token, cuerpo({ codigo_factura: 'FE-S3-FALLA' }), tienda.codigo_tienda, app);
      expect(respuesta.statusCode).toBe(503);
      expect(respuesta.json().message).toBe(ERRORES.ARCHIVOS_NO_DISPONIBLE.mensaje);
    } finally {
      s3.fallarCon = null;
    }
    expect(await todo()).toEqual(antes);
  });
});
