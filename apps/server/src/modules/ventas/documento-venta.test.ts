import { randomBytes } from 'node:crypto';
import { calcularTotalesVenta } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_DOCUMENTOS } from '../../documents/documentos.pool';
import { ANCHO_80MM } from '../../documents/factura-venta';
import { paginasPdf, textoPdf, textoPorPaginaPdf } from '../../documents/pdf-texto';
import { firmarEnlaceCorto } from '../../lib/enlaces';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import {
  crearDescuento,
  crearImpuesto,
  crearParametro,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { ENLACE_FACTURA, urlsFactura } from './enlaces-factura';

const entorno = usarEntorno();

const NAVEGADOR = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CLIENTE_API = 'application/json, text/plain, */*';

let tienda: TiendaPrueba;
let vendedor: UsuarioConSesion;
let cajero: UsuarioConSesion;
let clienteId: number;
let productos: { id: number; referencia: string; nombre_producto: string; porcentaje: number }[];

/** A sale with its lines and the totals calcularTotalesVenta gives them, straight into the tables. */
async function ventaConLineas(lineas: { producto: number; cantidad: number; precio: number; descuento?: number }[]): Promise<{ id: number; total: number }> {
  const { lineas: montos, totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: lineas.map((l) => ({ cantidad: l.cantidad, precio_unitario: l.precio, porcentaje_descuento: l.descuento ?? 0, porcentaje_impuesto: productos[l.producto]!.porcentaje })),
  });
  const venta = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: clienteId, vendedor_id: vendedor.id });
  // A discounted line carries the approved request that covers it (docs/decisions.md "Descuentos").
  const solicitudes = await Promise.all(
    lineas.map(async (l) =>
      l.descuento
        ? (
            await crearDescuento(entorno.db, {
              codigo_tienda: tienda.codigo_tienda,
              tercero_id: clienteId,
              producto_id: productos[l.producto]!.id,
              user_id: vendedor.id,
              cantidad_solicitada: l.cantidad,
              precio_unitario: l.precio,
              porcentaje_descuento: l.descuento,
              aprobador_id: cajero.id,
              aprobado: true,
            })
          ).id
        : null,
    ),
  );
  await entorno.db
    .updateTable('venta')
    .set({
      total_subtotal_venta: totales.total_subtotal_venta,
      total_descuento: totales.total_descuento,
      total_impuestos_venta: totales.total_impuestos_venta,
      total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
      total_venta: totales.total_venta,
      observacion_venta: 'Entregar en portería',
    })
    .where('id', '=', venta.id)
    .execute();
  await entorno.db
    .insertInto('venta_detalle')
    .values(
      lineas.map((l, n) => ({
        venta_id: venta.id,
        item: n + 1,
        producto_id: productos[l.producto]!.id,
        cantidad: l.cantidad,
        precio_unitario: l.precio,
        porcentaje_descuento: l.descuento ?? 0,
        porcentaje_impuesto: productos[l.producto]!.porcentaje,
        descuento_solicitado_id: solicitudes[n]!,
        ...montos[n]!,
      })),
    )
    .execute();
  return { id: venta.id, total: totales.total_venta };
}

let rangoFactura: number;
let rangoRemision: number;
let siguiente = 7;

/** Bills a sale as the bill use case leaves it (state 2, its document, its payments), written straight to the tables. */
async function facturar(ventaId: number, total: number, tipo: 'FACTURA' | 'REMISION', estado = 2) {
  const numero = siguiente++;
  await entorno.db
    .updateTable('venta')
    .set({
      estado_venta_id: estado,
      tipo_documento: tipo,
      rango_numeracion_id: tipo === 'FACTURA' ? rangoFactura : rangoRemision,
      prefijo_factura_dian: tipo === 'FACTURA' ? 'FE' : 'REM',
      nro_factura_dian: numero,
      fecha_factura: new Date('2026-11-23T19:05:00Z'),
      facturador_id: cajero.id,
      modo_factura: 'C',
      crear_factura_siigo: tipo === 'FACTURA',
      permite_fe: tipo === 'FACTURA',
      valor_recibido_efectivo: 100_000,
      valor_venta_cambio_favor: 20_000,
      ...(estado === 3 ? { fecha_anulacion: new Date('2026-11-24T13:00:00Z'), anulador_id: cajero.id } : {}),
    })
    .where('id', '=', ventaId)
    .execute();
  await entorno.db
    .insertInto('venta_forma_pago')
    .values([
      { venta_id: ventaId, forma_pago_id: 1, valor_pagado: 80_000, user_id: cajero.id },
      { venta_id: ventaId, forma_pago_id: 2, valor_pagado: Math.round((total - 80_000) * 100) / 100, codigo_comprobante_pago: 'AUT-5521', user_id: cajero.id },
    ])
    .execute();
  return `${tipo === 'FACTURA' ? 'FE' : 'REM'}${numero}`;
}

const pedir = (url: string, accept?: string) => entorno.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
const enlace = (ventaId: number) => urlsFactura(SECRETO_PRUEBA, ventaId);
/** The instant `anios` years, `meses` months and `dias` days before now (calendar arithmetic, UTC). */
const hace = (anios: number, meses: number, dias = 0) => {
  const fecha = new Date();
  fecha.setUTCFullYear(fecha.getUTCFullYear() - anios, fecha.getUTCMonth() - meses, fecha.getUTCDate() - dias);
  return fecha;
};

let factura: { id: number; numero: string; total: number };

beforeAll(async () => {
  const { db, app } = entorno;
  tienda = await crearTienda(db);
  const { porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = porRol.Vendedor;
  cajero = porRol.Administrador;
  clienteId = (await crearTercero(db, { nombres: 'Gloria Inés', apellidos: 'Zapata Ríos', numero_documento: '43555111' })).id;
  const proveedor = await crearProveedor(db);
  const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19', porcentaje_impuesto: 19 });
  const excluido = await crearImpuesto(db, { nombre_impuesto: 'Excluido', porcentaje_impuesto: 0 });
  productos = [
    { ...(await crearProducto(db, { impuesto_id: iva.id, proveedor_id: proveedor.id, referencia: 'MEL-BL15', nombre_producto: 'Melamina blanca 15 mm' })), porcentaje: 19 },
    { ...(await crearProducto(db, { impuesto_id: excluido.id, proveedor_id: proveedor.id, referencia: 'SRV-CORTE', nombre_producto: 'Servicio de corte' })), porcentaje: 0 },
  ];
  for (const [codigo_parametro, valor_parametro] of [
    ['EMPRESA_RAZON_SOCIAL', 'Tableros del Valle S.A.S.'],
    ['EMPRESA_NIT', '901.222.333-4'],
    ['EMPRESA_DIRECCION', 'Avenida 6N # 23-45'],
    ['EMPRESA_TELEFONO', '602 555 0101'],
    ['EMPRESA_CIUDAD', 'Cali'],
  ] as const) {
    await crearParametro(db, { codigo_parametro, valor_parametro });
  }
  const rango = (tipo: 'FACTURA' | 'REMISION') =>
    db
      .insertInto('rango_numeracion')
      .values({
        codigo_tienda: tienda.codigo_tienda,
        tipo_documento: tipo,
        prefijo: tipo === 'FACTURA' ? 'FE' : 'REM',
        numero_desde: 1,
        numero_hasta: 5000,
        siguiente_numero: 100,
        resolucion_numero: tipo === 'FACTURA' ? '18764000009876' : null,
        resolucion_fecha: tipo === 'FACTURA' ? '2026-01-15' : null,
        fecha_desde: tipo === 'FACTURA' ? '2026-01-15' : null,
        fecha_hasta: tipo === 'FACTURA' ? '2028-01-15' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  rangoFactura = (await rango('FACTURA')).id;
  rangoRemision = (await rango('REMISION')).id;
  const venta = await ventaConLineas([
    { producto: 0, cantidad: 2, precio: 50_000, descuento: 10 },
    { producto: 1, cantidad: 3, precio: 4_000 },
  ]);
  factura = { ...venta, numero: await facturar(venta.id, venta.total, 'FACTURA') };
});

describe('GET /api/public/FVS/{token}', () => {
  it('answers the electronic invoice PDF inline, uncached, named by its number, without a session', async () => {
    const respuesta = await pedir(enlace(factura.id).url_factura, NAVEGADOR);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.headers['content-type']).toBe('application/pdf');
    expect(respuesta.headers['content-disposition']).toBe(`inline; filename="${factura.numero}.pdf"`);
    expect(respuesta.headers['cache-control']).toBe('private, no-store');
    expect(respuesta.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginasPdf(respuesta.rawPayload)).toEqual([[612, 792]]);
  });

  it('prints the issuer, the store, the document, its DIAN resolution, the customer, lines, payments, totals and words', async () => {
    const texto = textoPdf((await pedir(enlace(factura.id).url_factura)).rawPayload);
    // 2 × 50,000 − 10 % = 90,000 + 19 % = 107,100; 3 × 4,000 = 12,000 at 0 %: 119,100.
    expect(factura.total).toBe(119_100);
    for (const esperado of [
      'Tableros del Valle S.A.S.',
      'NIT 901.222.333-4',
      'Avenida 6N # 23-45 · Cali',
      'Tel. 602 555 0101',
      `Tienda ${tienda.codigo_tienda} · ${tienda.nombre_tienda}`,
      'Factura electrónica de venta',
      `No. ${factura.numero}`,
      `Venta No. ${factura.id}`,
      'Resolución DIAN No. 18764000009876 del 15/01/2026, prefijo FE del 1 al 5000, vigencia del 15/01/2026 al 15/01/2028',
      '23/11/2026 02:05 pm',
      'Gloria Inés Zapata Ríos',
      'Cédula de ciudadanía 43555111',
      'Carrera 50 # 10-10',
      'Medellín, Antioquia',
      'MEL-BL15',
      'Melamina blanca 15 mm',
      'SRV-CORTE',
      '$ 50,000.00',
      '$ 10,000.00',
      '(10 %)',
      'Impuesto 19 %',
      // The service's tax is excluded (docs/decisions-factura-electronica.md, Clase tributaria): never 'Impuesto 0 %'.
      'Excluido',
      '$ 107,100.00',
      '$ 119,100.00',
      'Son: CIENTO DIECINUEVE MIL CIEN PESOS M/CTE',
      'Efectivo',
      'AUT-5521',
      'Efectivo recibido',
      '$ 20,000.00',
      'Contado',
      vendedor.name,
      cajero.name,
      'Entregar en portería',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).not.toContain('Impuesto 0 %');
    expect(texto).not.toContain('ANULADA');
  });

  it('prints the 80 mm receipt layout with ?formato=80mm: one narrow page of another size, same document', async () => {
    const carta = await pedir(enlace(factura.id).url_factura);
    const rollo = await pedir(`${enlace(factura.id).url_factura}?formato=80mm`);
    expect(rollo.statusCode).toBe(200);
    expect(rollo.headers['content-disposition']).toBe(`inline; filename="${factura.numero}.pdf"`);
    const [pagina, ...otras] = paginasPdf(rollo.rawPayload);
    expect(otras).toEqual([]);
    expect(pagina![0]).toBeCloseTo(ANCHO_80MM, 1);
    expect(pagina).not.toEqual(paginasPdf(carta.rawPayload)[0]);
    const texto = textoPdf(rollo.rawPayload);
    for (const esperado of [`No. ${factura.numero}`, 'Resolución DIAN No. 18764000009876', 'Gloria Inés Zapata Ríos', 'MEL-BL15', 'Son: CIENTO DIECINUEVE MIL CIEN PESOS M/CTE']) {
      expect(texto).toContain(esperado);
    }
  });

  it('prints the remission with ?pdf_remision=1: its title, the invoice it belongs to, no DIAN resolution', async () => {
    const respuesta = await pedir(enlace(factura.id).url_remision);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-disposition']).toBe(`inline; filename="remision-${factura.numero}.pdf"`);
    const texto = textoPdf(respuesta.rawPayload);
    expect(texto).toContain('Remisión');
    expect(texto).toContain(`Factura electrónica de venta No. ${factura.numero}`);
    expect(texto).not.toContain('Resolución DIAN');
    // The remission flag also works on the receipt layout.
    const rollo = await pedir(`${enlace(factura.id).url_remision}&formato=80mm`);
    expect(paginasPdf(rollo.rawPayload)[0]![0]).toBeCloseTo(ANCHO_80MM, 1);
    expect(textoPdf(rollo.rawPayload)).toContain('Remisión');
  });

  it('prints a sale billed as a remission with its own number and title', async () => {
    const venta = await ventaConLineas([{ producto: 0, cantidad: 1, precio: 100_000 }]);
    const numero = await facturar(venta.id, venta.total, 'REMISION');
    const respuesta = await pedir(enlace(venta.id).url_factura);
    expect(respuesta.headers['content-disposition']).toBe(`inline; filename="${numero}.pdf"`);
    const texto = textoPdf(respuesta.rawPayload);
    expect(texto).toContain('Remisión');
    expect(texto).toContain(`No. ${numero}`);
    expect(texto).not.toContain('Factura electrónica de venta');
    expect(texto).not.toContain('Resolución DIAN');
  });

  it("prints a sale not yet billed as a 'Pedido' without a number or payments", async () => {
    const venta = await ventaConLineas([{ producto: 0, cantidad: 1, precio: 100_000 }]);
    for (const url of [enlace(venta.id).url_factura, enlace(venta.id).url_remision]) {
      const respuesta = await pedir(url);
      expect(respuesta.statusCode).toBe(200);
      expect(respuesta.headers['content-disposition']).toBe(`inline; filename="pedido-${venta.id}.pdf"`);
      const texto = textoPdf(respuesta.rawPayload);
      expect(texto).toContain('Pedido');
      expect(texto).toContain(`Venta No. ${venta.id}`);
      expect(texto).not.toMatch(/No\. (FE|REM)-/);
      expect(texto).toContain('Sin formas de pago: la venta no se ha facturado.');
    }
  });

  it("marks an annulled invoice 'ANULADA' with the annulment's date, keeping its number", async () => {
    const venta = await ventaConLineas([{ producto: 1, cantidad: 2, precio: 60_000 }]);
    const numero = await facturar(venta.id, venta.total, 'FACTURA', 3);
    const texto = textoPdf((await pedir(enlace(venta.id).url_factura)).rawPayload);
    expect(texto).toContain(`No. ${numero}`);
    expect(texto).toContain('ANULADA');
    expect(texto).toContain('el 24/11/2026 08:00 am');
  });

  it('flows a 200-line sale onto numbered pages', async () => {
    const lineas = Array.from({ length: 200 }, (_, i) => ({ producto: i % 2, cantidad: (i % 4) + 1, precio: 1_000 + i }));
    const venta = await ventaConLineas(lineas);
    await facturar(venta.id, venta.total, 'FACTURA');
    const pdf = (await pedir(enlace(venta.id).url_factura)).rawPayload;
    const paginas = paginasPdf(pdf);
    expect(paginas.length).toBeGreaterThanOrEqual(5);
    const texto = textoPdf(pdf);
    for (let p = 1; p <= paginas.length; p++) expect(texto).toContain(`Página ${p} de ${paginas.length}`);
    // Every page that carries lines starts them under the table's header; the first one also names the customer.
    const porPagina = textoPorPaginaPdf(pdf);
    const conLineas = porPagina.filter((pagina) => /^(MEL-BL15|SRV-CORTE)$/m.test(pagina));
    expect(conLineas.length).toBeGreaterThanOrEqual(paginas.length - 1);
    for (const pagina of conLineas) expect(pagina).toMatch(/^Valor unitario$/m);
    expect(porPagina[0]).toContain('Gloria Inés Zapata Ríos');
    expect(porPagina.at(-1)).toContain('Son: ');
  });

  it('answers 404 with the Spanish JSON error to a link that is expired, altered, for another purpose or names no sale', async () => {
    const { url_factura } = enlace(factura.id);
    const valido = url_factura.split('/').at(-1)!;
    const [id36, expira36, mac] = valido.split('.') as [string, string, string];
    const otroCaracter = (c: string) => (c === 'A' ? 'B' : 'A');
    const invalidos = {
      expirado: firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_FACTURA.proposito, factura.id, new Date(Date.now() - 1000)),
      'firmado hace más de cinco años': urlsFactura(SECRETO_PRUEBA, factura.id, hace(5, 0, 7)).url_factura.split('/').at(-1)!,
      'firma alterada': `${id36}.${expira36}.${mac.slice(0, -1)}${otroCaracter(mac.at(-1)!)}`,
      'otra venta con la misma firma': `${(factura.id + 1).toString(36)}.${expira36}.${mac}`,
      'vigencia alargada': `${id36}.${(parseInt(expira36, 36) + 86_400).toString(36)}.${mac}`,
      'otro secreto': firmarEnlaceCorto('otro-secreto', ENLACE_FACTURA.proposito, factura.id, new Date(Date.now() + 60_000)),
      'otro propósito (un plan de corte)': firmarEnlaceCorto(SECRETO_PRUEBA, 'plan-corte', factura.id, new Date(Date.now() + 60_000)),
      'venta inexistente': firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_FACTURA.proposito, 2_147_483_647, new Date(Date.now() + 60_000)),
      'id desnudo': String(factura.id),
      aleatorio: randomBytes(24).toString('base64url'),
    };
    for (const [caso, token] of Object.entries(invalidos)) {
      for (const query of ['', '?pdf_remision=1', '?formato=80mm']) {
        const respuesta = await pedir(`/api/public/FVS/${token}${query}`, CLIENTE_API);
        expect(respuesta.statusCode, `${caso} ${query}`).toBe(404);
        expect(respuesta.json(), caso).toEqual({ message: ENLACE_FACTURA.mensajeInvalido, code: 'VENTA_NO_ENCONTRADA', request_id: expect.any(String) });
      }
    }
    expect((await pedir(url_factura)).statusCode).toBe(200);
  });

  it('opens a link signed four years and eleven months ago: it lives five years, the time an invoice must be kept', async () => {
    const { url_factura, url_remision } = urlsFactura(SECRETO_PRUEBA, factura.id, hace(4, 11));
    for (const url of [url_factura, url_remision]) {
      const respuesta = await pedir(url, NAVEGADOR);
      expect(respuesta.statusCode, url).toBe(200);
      expect(respuesta.headers['content-type'], url).toBe('application/pdf');
    }
    const caducado = urlsFactura(SECRETO_PRUEBA, factura.id, hace(5, 0, 7)).url_factura;
    expect((await pedir(caducado, NAVEGADOR)).statusCode).toBe(404);
  });

  it('answers a small Spanish page instead when a browser opens a link that is no longer valid', async () => {
    const expirado = firmarEnlaceCorto(SECRETO_PRUEBA, ENLACE_FACTURA.proposito, factura.id, new Date(Date.now() - 1000));
    const respuesta = await pedir(`/api/public/FVS/${expirado}?pdf_remision=1`, NAVEGADOR);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(respuesta.headers.vary).toContain('Accept');
    expect(respuesta.body).toContain('<html lang="es">');
    expect(respuesta.body).toContain(`<h1>${ENLACE_FACTURA.mensajeInvalido}</h1>`);
    for (const accept of [undefined, '*/*', 'application/json', 'text/html;q=0.5, application/json']) {
      const json = await pedir(`/api/public/FVS/${expirado}`, accept);
      expect(json.statusCode, accept).toBe(404);
      expect(json.json().message, accept).toBe(ENLACE_FACTURA.mensajeInvalido);
    }
  });

  it('answers 404, never 500, to odd tokens', async () => {
    for (const token of ['.', '..%2F..', 'a%2Fb', '%E2%82%AC', 'a'.repeat(100), `${'z'.repeat(7)}.${'z'.repeat(8)}.${'A'.repeat(22)}`, 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      for (const accept of [CLIENTE_API, NAVEGADOR]) expect((await pedir(`/api/public/FVS/${token}`, accept)).statusCode, token).toBe(404);
    }
  });

  it('answers 503 in Spanish when the documents pool cannot take the job', async () => {
    const otra = await entorno.otraApp();
    await otra.ready();
    await otra.documentos.cerrar();
    const respuesta = await otra.inject({ method: 'GET', url: enlace(factura.id).url_factura });
    expect(respuesta.statusCode).toBe(503);
    expect(respuesta.json().message).toBe(MENSAJES_DOCUMENTOS.cerrado);
  });
});
