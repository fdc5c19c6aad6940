import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ESTADO_FILTRO_TODOS, FILAS_MAXIMAS_EXPORTACION_FACTURAS, hoyNegocio, MENSAJES_FACTURACION, sumarMeses, type FacturaLista } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearLineaVenta,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { crearDb, urlDeDb } from '../../db/database';
import { ENLACE_FACTURA } from './enlaces-factura';
import { paginaConPie } from './facturas.repository';
import { detalleFacturaPublica } from './facturas.service';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let superAdministrador: UsuarioConSesion;
let gomez: { id: number; numero_documento: string };
let zapata: { id: number; numero_documento: string };
let rangoRemision: number;
let rangoAjeno: number;

// A fixed past range, so "today" never moves the tests' data: 10 to 20 January 2026, in Bogotá (UTC−5).
const RANGO = { fecha_inicial: '2026-01-10', fecha_final: '2026-01-20' };
/** An instant given as Bogotá's wall-clock time (the business's zone has no daylight saving). */
const bogota = (fecha: string, hora = '12:00') => new Date(`${fecha}T${hora}:00-05:00`);

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  bodega = usuarios.porRol.Bodega;
  administrador = usuarios.porRol.Administrador;
  superAdministrador = usuarios.superAdmin;
  gomez = await crearTercero(db, { nombres: 'Ana María', apellidos: 'Gómez Ruiz', numero_documento: '52.345.678' });
  zapata = await crearTercero(db, { nombres: 'Luis', apellidos: 'Zapata' });
  rangoRemision = await crearRango(tienda.codigo_tienda, 'RM');
  rangoAjeno = await crearRango(ajena.codigo_tienda, 'RA');
});

async function crearRango(codigoTienda: string, prefijo: string): Promise<number> {
  const { id } = await entorno.db
    .insertInto('rango_numeracion')
    .values({ codigo_tienda: codigoTienda, tipo_documento: 'REMISION', prefijo, numero_desde: 1, numero_hasta: 100_000, siguiente_numero: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

interface VentaLista {
  cliente?: { id: number };
  vendedorId?: number;
  codigoTienda?: string;
  estado?: number;
  fecha?: Date;
  total?: number;
  /** Billed: the document number and the payments [forma_pago_id, valor, comprobante]. */
  factura?: { nro: number; pagos: [number, number, string | null][]; rango?: number; prefijo?: string };
}

/**
 * A sale straight in the tables with its totals (subtotal = total / 1.19, 19 % tax, a 10 % of the subtotal discount
 * already taken) and, when billed, its document and payments as the billing use case writes them.
 */
async function ventaLista(datos: VentaLista = {}): Promise<number> {
  const { db } = entorno;
  const codigoTienda = datos.codigoTienda ?? tienda.codigo_tienda;
  const venta = await crearVenta(db, {
    codigo_tienda: codigoTienda,
    cliente_id: (datos.cliente ?? gomez).id,
    vendedor_id: datos.vendedorId ?? vendedor.id,
    estado_venta_id: datos.estado ?? (datos.factura ? 2 : 1),
    fecha_venta: datos.fecha ?? bogota('2026-01-15'),
  });
  const total = datos.total ?? 11_900;
  const subtotal = Math.round((total / 1.19) * 100) / 100;
  await db
    .updateTable('venta')
    .set({
      total_subtotal_venta: subtotal,
      total_impuestos_venta: Math.round((total - subtotal) * 100) / 100,
      total_descuento: Math.round(subtotal * 10) / 100,
      total_venta: total,
      ...(datos.factura
        ? {
            tipo_documento: 'REMISION' as const,
            rango_numeracion_id: datos.factura.rango ?? rangoRemision,
            prefijo_factura_dian: datos.factura.prefijo ?? 'RM',
            nro_factura_dian: datos.factura.nro,
            fecha_factura: datos.fecha ?? bogota('2026-01-15'),
            facturador_id: vendedor.id,
            modo_factura: 'C' as const,
            valor_recibido_efectivo: 20_000,
            valor_venta_cambio_favor: 1_000,
          }
        : {}),
    })
    .where('id', '=', venta.id)
    .execute();
  for (const [forma_pago_id, valor_pagado, codigo_comprobante_pago] of datos.factura?.pagos ?? []) {
    await db.insertInto('venta_forma_pago').values({ venta_id: venta.id, forma_pago_id, valor_pagado, codigo_comprobante_pago, user_id: vendedor.id }).execute();
  }
  return venta.id;
}

const consultar = (cuerpo: object, opciones: { token?: string | null; codigoTienda?: string; query?: string } = {}) =>
  entorno.app.inject({
    method: 'POST',
    url: `/api/facturas${opciones.query ?? ''}`,
    ...(opciones.token === null ? {} : { headers: headers(opciones.token ?? vendedor.token, opciones.codigoTienda ?? tienda.codigo_tienda) }),
    payload: cuerpo,
  });

const filtros = (cambios: Record<string, unknown> = {}) => ({ ...RANGO, query_params: '', estado_venta_id: 1, ...cambios });

/** The ids of the list's rows for these filters (one page of 100). */
async function idsDe(cambios: Record<string, unknown>): Promise<number[]> {
  const respuesta = await consultar(filtros(cambios), { query: '?per_page=100' });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data.ventas.data.map((fila: FacturaLista) => fila.id);
}

describe('refusals of the billing routes', () => {
  const rutas = () => [
    { method: 'POST' as const, url: '/api/facturas', payload: filtros() },
    { method: 'POST' as const, url: '/api/facturas/exportar/enlace', payload: filtros() },
    { method: 'GET' as const, url: '/api/facturas/1' },
  ];

  it('answers 401 without a token', async () => {
    for (const ruta of rutas()) expect((await entorno.app.inject(ruta)).statusCode, ruta.url).toBe(401);
  });

  it('answers 403 to Bodega and Administrador (RUTAS.facturacion: Vendedor, Operario)', async () => {
    for (const usuario of [bodega, administrador]) {
      for (const ruta of rutas()) {
        const respuesta = await entorno.app.inject({ ...ruta, headers: headers(usuario.token, tienda.codigo_tienda) });
        expect(respuesta.statusCode, `${usuario.role} ${ruta.url}`).toBe(403);
        expect(respuesta.json().code).toBe('ROL_NO_PERMITIDO');
      }
    }
  });

  it('answers 403 for a store the user does not belong to, and 422 without a store', async () => {
    for (const ruta of rutas()) {
      const otra = await entorno.app.inject({ ...ruta, headers: headers(vendedor.token, ajena.codigo_tienda) });
      expect(otra.statusCode, ruta.url).toBe(403);
      expect(otra.json().code).toBe('TIENDA_NO_PERMITIDA');
      const sinTienda = await entorno.app.inject({ ...ruta, headers: headers(vendedor.token) });
      expect(sinTienda.statusCode, ruta.url).toBe(422);
    }
  });
});

describe('POST /api/facturas', () => {
  it('refuses bad dates, an inverted range, an end date after today, a bad state and a NUL with the spec messages', async () => {
    const hoy = hoyNegocio();
    const manana = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    const casos: [Record<string, unknown>, string, string][] = [
      [{ fecha_inicial: '2026-02-30' }, 'fecha_inicial', MENSAJES_FACTURACION.fechaInicial],
      [{ fecha_inicial: undefined }, 'fecha_inicial', MENSAJES_FACTURACION.fechaInicial],
      [{ fecha_final: '15/01/2026' }, 'fecha_final', MENSAJES_FACTURACION.fechaFinal],
      [{ fecha_inicial: '2026-01-21', fecha_final: '2026-01-20' }, 'fecha_inicial', MENSAJES_FACTURACION.fechaInicialMayor],
      [{ fecha_inicial: hoy, fecha_final: manana }, 'fecha_final', MENSAJES_FACTURACION.fechaFinalFutura],
      [{ estado_venta_id: 7 }, 'estado_venta_id', MENSAJES_FACTURACION.estado],
      [{ estado_venta_id: null }, 'estado_venta_id', MENSAJES_FACTURACION.estado],
    ];
    for (const [cambios, campo, mensaje] of casos) {
      const respuesta = await consultar(filtros(cambios));
      expect(respuesta.statusCode, JSON.stringify(cambios)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(cambios)).toContain(mensaje);
    }
    const nul = await consultar(filtros({ query_params: 'gomez\u0000' }));
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors)).toContain('query_params');
    const pagina = await consultar(filtros(), { query: '?per_page=7' });
    expect(pagina.statusCode).toBe(422);
  });

  it('accepts today as the end date and pages with 10 rows from page 1 by default', async () => {
    const hoy = hoyNegocio();
    const respuesta = await consultar(filtros({ fecha_inicial: sumarMeses(hoy, -2), fecha_final: hoy }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data.ventas).toMatchObject({ current_page: 1, per_page: 10 });
  });

  it('answers the sales of the store, state and calendar days in Bogotá, newest first, and refuses nothing to Operario', async () => {
    const dentro = [
      await ventaLista({ fecha: bogota('2026-01-10', '00:05') }),
      await ventaLista({ fecha: bogota('2026-01-20', '23:55') }),
      await ventaLista({ fecha: bogota('2026-01-12') }),
    ];
    // Outside: a minute before the first day and after the last (in Bogotá; in UTC both are inside), another state,
    // another store.
    const fuera = [
      await ventaLista({ fecha: bogota('2026-01-09', '23:59') }),
      await ventaLista({ fecha: bogota('2026-01-21', '00:00') }),
      await ventaLista({ estado: 4 }),
      await ventaLista({ codigoTienda: ajena.codigo_tienda }),
    ];
    const ids = await idsDe({ fecha_inicial: '2026-01-10', fecha_final: '2026-01-20' });
    for (const id of dentro) expect(ids).toContain(id);
    for (const id of fuera) expect(ids).not.toContain(id);
    expect(ids.indexOf(dentro[1]!)).toBe(0);
    expect(ids.indexOf(dentro[0]!)).toBe(ids.length - 1);
    const respuesta = await consultar(filtros(), { token: operario.token });
    expect(respuesta.statusCode).toBe(200);
    const enEdicion = await idsDe({ estado_venta_id: 4 });
    expect(enEdicion).toHaveLength(1);
  });

  it("'Todos' (estado_venta_id 0) answers the sales of every state in the range, with the footer over all of them", async () => {
    const dia = '2026-02-03';
    const ventas = [
      await ventaLista({ fecha: bogota(dia, '08:00') }),
      await ventaLista({ fecha: bogota(dia, '09:00'), estado: 4 }),
      await ventaLista({ fecha: bogota(dia, '10:00'), factura: { nro: 8801, pagos: [] } }),
      await ventaLista({ fecha: bogota(dia, '11:00'), estado: 3 }),
    ];
    await ventaLista({ fecha: bogota(dia), codigoTienda: ajena.codigo_tienda });
    const respuesta = await consultar(filtros({ fecha_inicial: dia, fecha_final: dia, estado_venta_id: ESTADO_FILTRO_TODOS }), { query: '?per_page=100' });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { data } = respuesta.json();
    expect(data.ventas.data.map((fila: FacturaLista) => fila.id)).toEqual([...ventas].reverse());
    expect(data.ventas.data.map((fila: FacturaLista) => fila.estado_venta_id)).toEqual([3, 2, 4, 1]);
    expect(data.totales).toMatchObject({ ventas: 4, total_venta: 4 * 11_900 });
    // One state still answers that state alone; the same day with a search, too.
    expect(await idsDe({ fecha_inicial: dia, fecha_final: dia, estado_venta_id: 4 })).toEqual([ventas[1]]);
    expect(await idsDe({ fecha_inicial: dia, fecha_final: dia, estado_venta_id: ESTADO_FILTRO_TODOS, query_params: 'rm8801' })).toEqual([ventas[2]]);
    // And the export link takes 'Todos' as the list does.
    const enlace = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/exportar/enlace',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      payload: filtros({ fecha_inicial: dia, fecha_final: dia, estado_venta_id: ESTADO_FILTRO_TODOS }),
    });
    expect(enlace.statusCode, enlace.body).toBe(200);
    expect((await entorno.app.inject({ method: 'GET', url: enlace.json().data.url })).statusCode).toBe(200);
  });

  it('finds by term without accents or case: names, document digits, seller, sale number and invoice', async () => {
    const dia = { fecha: bogota('2026-01-17') };
    const deGomez = await ventaLista({ ...dia, cliente: gomez });
    const deZapata = await ventaLista({ ...dia, cliente: zapata, vendedorId: operario.id });
    const facturada = await ventaLista({ ...dia, cliente: zapata, factura: { nro: 4711, pagos: [[1, 11_900, null]] } });
    const rango = { fecha_inicial: '2026-01-17', fecha_final: '2026-01-17' };
    expect(await idsDe({ ...rango, query_params: 'gomez' })).toEqual([deGomez]);
    expect(await idsDe({ ...rango, query_params: 'GÓMEZ maría' })).toEqual([deGomez]);
    expect(await idsDe({ ...rango, query_params: '52345678' })).toEqual([deGomez]);
    expect(await idsDe({ ...rango, query_params: operario.name })).toEqual([deZapata]);
    expect(await idsDe({ ...rango, query_params: `zapata ${operario.name.split(' ')[0]}` })).toEqual([deZapata]);
    expect(await idsDe({ ...rango, query_params: String(deZapata) })).toContain(deZapata);
    expect(await idsDe({ ...rango, query_params: 'gomez nadie' })).toEqual([]);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'rm-4711' })).toEqual([facturada]);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'RM4711' })).toEqual([facturada]);
    // LIKE wildcards are taken literally.
    expect(await idsDe({ ...rango, query_params: '%' })).toEqual([]);
    // The customer's search text is kept by PostgreSQL: a renamed customer is found by the new name at once.
    await entorno.db.updateTable('tercero').set({ apellidos: 'Gómez Ñañez' }).where('id', '=', gomez.id).execute();
    expect(await idsDe({ ...rango, query_params: 'nanez' })).toEqual([deGomez]);
    await entorno.db.updateTable('tercero').set({ apellidos: 'Gómez Ruiz' }).where('id', '=', gomez.id).execute();
    expect(await idsDe({ ...rango, query_params: 'nanez' })).toEqual([]);
    // So is a sale moved to another customer (the sale's copy of the names follows its cliente_id).
    await entorno.db.updateTable('venta').set({ cliente_id: zapata.id }).where('id', '=', deGomez).execute();
    expect(await idsDe({ ...rango, query_params: 'gomez' })).toEqual([]);
    expect(await idsDe({ ...rango, query_params: 'zapata' })).toContain(deGomez);
    await entorno.db.updateTable('venta').set({ cliente_id: gomez.id }).where('id', '=', deGomez).execute();
    expect(await idsDe({ ...rango, query_params: 'gomez' })).toEqual([deGomez]);
  });

  it("finds a word in the sale's own numbers as in their joined text 'id prefix+number prefix-number', whatever the prefix holds", async () => {
    const dia = '2026-01-23';
    const rango = { fecha_inicial: dia, fecha_final: dia, estado_venta_id: ESTADO_FILTRO_TODOS };
    const pendiente = await ventaLista({ fecha: bogota(dia, '08:00'), cliente: zapata });
    const conSignos = await ventaLista({ fecha: bogota(dia, '09:00'), cliente: zapata, factura: { nro: 5120, pagos: [], prefijo: 'A1-B%' } });
    const deApellido = await ventaLista({ fecha: bogota(dia, '10:00'), cliente: zapata, factura: { nro: 5121, pagos: [], prefijo: 'GOMEZ' } });
    // Letters are looked for in the prefix only, but the word may run on into the number, with or without the dash.
    expect(await idsDe({ ...rango, query_params: 'gomez' })).toEqual([deApellido]);
    expect(await idsDe({ ...rango, query_params: 'EZ-51' })).toEqual([deApellido]);
    expect(await idsDe({ ...rango, query_params: 'mez5121' })).toEqual([deApellido]);
    expect(await idsDe({ ...rango, query_params: 'a1-b%5120' })).toEqual([conSignos]);
    expect(await idsDe({ ...rango, query_params: 'b%-5120' })).toEqual([conSignos]);
    // A word of signs and digits alone: a literal '%' that only the prefix holds.
    expect(await idsDe({ ...rango, query_params: '%-512' })).toEqual([conSignos]);
    expect(await idsDe({ ...rango, query_params: 'zz5120' })).toEqual([]);
    expect(await idsDe({ ...rango, query_params: 'gomez-5120' })).toEqual([]);
    // A sale not billed has its number (the id) alone.
    expect(await idsDe({ ...rango, query_params: String(pendiente) })).toContain(pendiente);
    expect(await idsDe({ ...rango, query_params: `${pendiente} zapata` })).toContain(pendiente);
  });

  it('finds billed and annulled sales through the word index exactly as the walk over the range does, month by month, by every column', async () => {
    // Three months (10 June to 31 August 2025, dates no other test of this file uses), so the search goes month by month of its range; the reference is the
    // same term under 'Todos', which walks the list's index, restricted to each state.
    const rango = { fecha_inicial: '2025-06-10', fecha_final: '2025-08-31' };
    const pasaporte = await crearTercero(entorno.db, { nombres: 'Pedro', apellidos: 'Quintero', numero_documento: 'PAGOMEZ77' });
    // A customer whose names and document both hold 'quiñones': the sale is listed once.
    const dosVeces = await crearTercero(entorno.db, { nombres: 'Marta', apellidos: 'Quiñones', numero_documento: 'QUINONES12' });
    const ventas: { id: number; estado: 2 | 3 }[] = [];
    let nro = 7000;
    const facturar = async (datos: VentaLista & { estado: 2 | 3 }) => {
      nro += 1;
      ventas.push({ id: await ventaLista({ ...datos, factura: { nro, pagos: [], ...datos.factura } }), estado: datos.estado });
    };
    await facturar({ estado: 2, cliente: gomez, fecha: bogota('2025-06-10', '00:10') });
    // 23:30 on the last day of June in Bogotá is already July in UTC: the sale's month is the business's.
    await facturar({ estado: 2, cliente: gomez, fecha: bogota('2025-06-30', '23:30') });
    await facturar({ estado: 3, cliente: gomez, fecha: bogota('2025-07-15') });
    await facturar({ estado: 2, cliente: zapata, fecha: bogota('2025-07-16'), vendedorId: operario.id });
    // And 23:30 on the range's last day, the last of August, is September in UTC, a month the range does not have.
    await facturar({ estado: 2, cliente: pasaporte, fecha: bogota('2025-08-31', '23:30') });
    await facturar({ estado: 2, cliente: dosVeces, fecha: bogota('2025-07-20') });
    await facturar({ estado: 3, cliente: zapata, fecha: bogota('2025-08-01'), factura: { nro: 1, pagos: [], prefijo: 'GOMEZ' } });
    await facturar({ estado: 2, cliente: zapata, fecha: bogota('2025-06-11'), factura: { nro: 2, pagos: [], prefijo: 'A1-B%' } });
    // Outside the filters: before the range, after it, another store, an annulled quotation.
    await ventaLista({ cliente: gomez, fecha: bogota('2025-06-09', '23:59'), factura: { nro: 7100, pagos: [] } });
    await ventaLista({ cliente: gomez, fecha: bogota('2025-09-01', '00:00'), factura: { nro: 7101, pagos: [] } });
    await ventaLista({ cliente: gomez, codigoTienda: ajena.codigo_tienda, fecha: bogota('2025-07-01'), factura: { nro: 7102, pagos: [], rango: rangoAjeno, prefijo: 'RA' } });
    const cotizacion = await ventaLista({ cliente: gomez, estado: 3, fecha: bogota('2025-07-02'), factura: { nro: 7103, pagos: [] } });
    await entorno.db.updateTable('venta').set({ fecha_validez: '2025-07-20' }).where('id', '=', cotizacion).execute();

    const vendedorPalabra = operario.name.split(' ')[0]!;
    // A seller's name walks the range; every other word of three characters goes through the index, the sale's own
    // numbers included (migration 202612090700): its id, the invoice with and without its dash, in any case; and a
    // customer's document, with or without its dots.
    const idAnulada = String(ventas[2]!.id);
    const numeros = [idAnulada, idAnulada.slice(1), 'rm7003', 'RM-7003', 'rm-700', '7003', '700', 'gomez1', 'GOMEZ-1', 'a1-b%2', 'b%-2', `zapata ${idAnulada}`, 'gomez 7001', 'rm7102', '52345678', '52.345', '345.67', 'gomez 52.345.678'];
    const terminos = ['gomez', 'GÓMEZ maría', 'maria gomez', 'mez', 'pagomez', 'quintero pedro', 'QUIÑONES', 'quinones marta', 'ñones', vendedorPalabra, `zapata ${vendedorPalabra}`, 'zapata', 'rm-70', 'a1-b%', 'ruiz ana', 'nadie', 'gomezz', '%%%', 'ez r', ...numeros];
    let vistas = 0;
    for (const query_params of terminos) {
      const todos = new Set(await idsDe({ ...rango, estado_venta_id: ESTADO_FILTRO_TODOS, query_params }));
      for (const estado of [2, 3] as const) {
        const esperadas = ventas.filter((v) => v.estado === estado && todos.has(v.id)).map((v) => v.id);
        const respuesta = await consultar(filtros({ ...rango, estado_venta_id: estado, query_params }), { query: '?per_page=100' });
        expect(respuesta.statusCode, respuesta.body).toBe(200);
        const lista = respuesta.json().data.ventas;
        expect(lista.data.map((fila: FacturaLista) => fila.id).sort(), `${query_params} (estado ${estado})`).toEqual(esperadas.sort());
        expect(Number(lista.total), `${query_params} (estado ${estado})`).toBe(esperadas.length);
        vistas += esperadas.length;
      }
    }
    // The terms do find sales through every way in: the customer's text, the document, the seller, the prefix.
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'gomez' })).toHaveLength(3);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'quinones' })).toEqual([ventas[5]!.id]);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'pagomez' })).toEqual([ventas[4]!.id]);
    expect(await idsDe({ ...rango, estado_venta_id: 3, query_params: 'gomez' })).toHaveLength(2);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: vendedorPalabra })).toContain(ventas[3]!.id);
    expect(await idsDe({ ...rango, estado_venta_id: 3, query_params: idAnulada })).toEqual([ventas[2]!.id]);
    expect(await idsDe({ ...rango, estado_venta_id: 2, query_params: 'RM-7004' })).toEqual([ventas[3]!.id]);
    expect(await idsDe({ ...rango, estado_venta_id: 3, query_params: 'gomez-1' })).toEqual([ventas[6]!.id]);
    expect(vistas).toBeGreaterThan(30);
  });

  it('pages the filtered set and totals every sale it selects, not only the page', async () => {
    const rango = { fecha_inicial: '2026-01-18', fecha_final: '2026-01-18' };
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) ids.push(await ventaLista({ fecha: bogota('2026-01-18', `10:${String(n).padStart(2, '0')}`), total: 1_000 * (n + 1) + 0.01 }));
    await ventaLista({ fecha: bogota('2026-01-18'), estado: 3, total: 999_999 });
    // The first page of each size is a prepared statement with its size in the text (planned generically after its
    // fifth call): the same answer on every call, and for each size.
    const recientes = [...ids].reverse();
    for (let vez = 0; vez < 7; vez++) {
      const primera = await consultar(filtros(rango));
      expect(primera.json().data.ventas.data.map((f: FacturaLista) => f.id)).toEqual(recientes.slice(0, 10));
    }
    const todas = await consultar(filtros(rango), { query: '?page=1&per_page=25' });
    expect(todas.json().data.ventas.data.map((f: FacturaLista) => f.id)).toEqual(recientes);
    const segunda = await consultar(filtros(rango), { query: '?page=2&per_page=10' });
    expect(segunda.statusCode).toBe(200);
    const { ventas, totales } = segunda.json().data;
    expect(ventas).toMatchObject({ current_page: 2, last_page: 2, per_page: 10, total: 12 });
    expect(ventas.data.map((f: FacturaLista) => f.id)).toEqual([ids[1], ids[0]]);
    const totalVenta = ids.reduce((suma, _, n) => suma + (1_000 * (n + 1) + 0.01) * 100, 0) / 100;
    const filas = await entorno.db.selectFrom('venta').select(['total_subtotal_venta', 'total_descuento', 'total_impuestos_venta']).where('id', 'in', ids).execute();
    const sumar = (clave: keyof (typeof filas)[number]) => Math.round(filas.reduce((s, f) => s + Math.round(Number(f[clave]) * 100), 0)) / 100;
    expect(totales).toEqual({
      ventas: 12,
      total_subtotal_venta: sumar('total_subtotal_venta'),
      total_descuento: sumar('total_descuento'),
      total_impuestos: sumar('total_impuestos_venta'),
      total_venta: Math.round(totalVenta * 100) / 100,
    });
    // A search is one statement too (the footer and the page read the search once): the first page is prepared per
    // shape of search, the same answer on every call; a later page and a page past the end keep the footer.
    for (let vez = 0; vez < 7; vez++) {
      const buscada = (await consultar(filtros({ ...rango, query_params: 'GÓMEZ' }))).json().data;
      expect(buscada.ventas.data.map((f: FacturaLista) => f.id)).toEqual(recientes.slice(0, 10));
      expect(buscada.totales).toEqual(totales);
    }
    const buscadaSegunda = (await consultar(filtros({ ...rango, query_params: 'gomez' }), { query: '?page=2&per_page=10' })).json().data;
    expect(buscadaSegunda.ventas.data.map((f: FacturaLista) => f.id)).toEqual([ids[1], ids[0]]);
    const pasada = (await consultar(filtros({ ...rango, query_params: 'gomez' }), { query: '?page=5&per_page=10' })).json().data;
    expect(pasada.ventas.data).toEqual([]);
    expect(pasada.totales).toEqual(totales);
    const vacia = await consultar(filtros({ fecha_inicial: '2025-01-01', fecha_final: '2025-01-02' }));
    expect(vacia.json().data).toEqual({
      ventas: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 },
      totales: { ventas: 0, total_subtotal_venta: 0, total_descuento: 0, total_impuestos: 0, total_venta: 0 },
    });
  });

  it('reads the footer of billed and annulled sales from their daily summary, the same as counting them through bills, annulments, edits, moves and deletes', async () => {
    const [dia1, dia2] = ['2026-02-10', '2026-02-11'];
    const { db } = entorno;
    /** The footer as ventasFiltradas counts it, straight from the sales (what the summary must equal). */
    const contado = async (estado: number, desde: string, hasta: string) => {
      const { rows } = await sql<{ ventas: string; total_subtotal_venta: string; total_descuento: string; total_impuestos: string; total_venta: string }>`
        select count(*) as ventas, coalesce(sum(total_subtotal_venta), 0) as total_subtotal_venta, coalesce(sum(total_descuento), 0) as total_descuento,
               coalesce(sum(total_impuestos_venta), 0) as total_impuestos, coalesce(sum(total_venta), 0) as total_venta
          from venta
         where codigo_tienda = ${tienda.codigo_tienda} and estado_venta_id = ${estado} and (estado_venta_id <> 3 or fecha_validez is null)
           and (fecha_venta at time zone 'America/Bogota')::date between ${desde}::date and ${hasta}::date`.execute(db);
      return Object.fromEntries(Object.entries(rows[0]!).map(([clave, valor]) => [clave, Number(valor)]));
    };
    const coinciden = async () => {
      for (const estado of [2, 3]) {
        for (const [desde, hasta] of [[dia1, dia1], [dia2, dia2], [dia1, dia2]] as const) {
          const respuesta = await consultar(filtros({ fecha_inicial: desde, fecha_final: hasta, estado_venta_id: estado }));
          expect(respuesta.statusCode, respuesta.body).toBe(200);
          expect(respuesta.json().data.totales, `estado ${estado}, ${desde} a ${hasta}`).toEqual(await contado(estado, desde, hasta));
        }
      }
      // And every row of the summary is its sales' (all stores, states and days: nothing left behind by a change).
      const { rows: diferentes } = await sql<{ n: string }>`
        with contadas as (
          select codigo_tienda, estado_venta_id, (fecha_venta at time zone 'America/Bogota')::date as dia, count(*) as ventas,
                 sum(total_subtotal_venta) as s, sum(total_descuento) as d, sum(total_impuestos_venta) as i, sum(total_venta) as t
            from venta where estado_venta_id = 2 or (estado_venta_id = 3 and fecha_validez is null) group by 1, 2, 3),
        resumidas as (
          select codigo_tienda, estado_venta_id, dia, ventas, total_subtotal_venta as s, total_descuento as d, total_impuestos_venta as i, total_venta as t
            from resumen_lista_facturas where ventas <> 0 or total_venta <> 0)
        select count(*) as n from ((table contadas except table resumidas) union all (table resumidas except table contadas)) x`.execute(db);
      expect(Number(diferentes[0]!.n)).toBe(0);
    };

    const facturada = await ventaLista({ fecha: bogota(dia1, '09:00'), total: 11_900.05, factura: { nro: 9101, pagos: [] } });
    // 23:30 in Bogotá is the next day in UTC: it counts on dia1.
    const tarde = await ventaLista({ fecha: bogota(dia1, '23:30'), total: 5_000, factura: { nro: 9102, pagos: [] } });
    const pendiente = await ventaLista({ fecha: bogota(dia2, '08:00'), total: 7_000 });
    await ventaLista({ fecha: bogota(dia2, '09:00'), estado: 3, total: 3_000 });
    // A sale billed without sending (6, not a state of the filter) and an annulled quotation (never in the list) are not
    // in the summary.
    const sinEnvio = await ventaLista({ fecha: bogota(dia2, '10:00'), estado: 6, total: 2_000 });
    const cotizacion = await ventaLista({ fecha: bogota(dia2, '11:00'), estado: 3, total: 9_999 });
    await db.updateTable('venta').set({ fecha_validez: '2026-02-20' }).where('id', '=', cotizacion).execute();
    await coinciden();
    expect((await contado(2, dia1, dia1)).ventas).toBe(2);

    // A bill, an annulment, an edit of the totals, a sale moved to another day and to another store, a delete.
    await db.updateTable('venta').set({ estado_venta_id: 2 }).where('id', '=', pendiente).execute();
    await db.updateTable('venta').set({ estado_venta_id: 3 }).where('id', '=', facturada).execute();
    await db.updateTable('venta').set({ total_venta: 4_321.09, total_descuento: 1.01 }).where('id', '=', tarde).execute();
    await coinciden();
    await db.updateTable('venta').set({ fecha_venta: bogota(dia2, '07:00') }).where('id', '=', tarde).execute();
    await db.updateTable('venta').set({ codigo_tienda: ajena.codigo_tienda }).where('id', '=', tarde).execute();
    await db.updateTable('venta').set({ estado_venta_id: 2 }).where('id', '=', sinEnvio).execute();
    await db.deleteFrom('venta').where('id', '=', pendiente).execute();
    await coinciden();
    expect(await contado(2, dia1, dia2)).toMatchObject({ ventas: 1, total_venta: 2_000 });
    expect(await contado(3, dia1, dia2)).toMatchObject({ ventas: 2, total_venta: 11_900.05 + 3_000 });
  });

  it("runs a search's prepared statement on its generic plan, not planned again for each word, unless a word is too short for a trigram", async () => {
    // Customers enough for PostgreSQL to estimate a document's LIKE from the word: a plan made for one word then costs
    // less than the generic one, and it would plan every call, unless the word's patterns are hidden from it.
    await sql`
      insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero,
                           tipo_persona, responsable_iva, responsabilidad_fiscal, direccion_residencia, country_code, state_code, city_code)
      select 1, (70000000 + g)::text, 'Volumen ' || g, 'Planes', 'volumen' || g || '@prueba.test', '3109876543', 'C',
             'Person', false, 'R-99-PN', 'Carrera 50 # 10-10', 'CO', '05', '05001'
        from generate_series(1, 20000) as g
    `.execute(entorno.db);
    await sql`analyze tercero`.execute(entorno.db);
    // One connection: prepared statements and PostgreSQL's count of their plans belong to a session.
    const una = crearDb(urlDeDb(entorno.db)!, { maxConexiones: 1 });
    try {
      const rango = { codigoTienda: tienda.codigo_tienda, fecha_inicial: '2026-01-18', fecha_final: '2026-01-18', estado_venta_id: 1 as const };
      // Documents and names, so each statement runs for more than one word: PostgreSQL plans the first five calls for
      // their words and then keeps the generic plan when it costs no more than theirs. Plain digits may be a sale's
      // number, which would come first: a statement of their own (docs/decisions.md, "Un documento exacto primero").
      for (const terminos of [['52.345', '1.020.304', '7000.00'], ['52345678', '1020304050', '70000005'], ['gomez', 'ruiz', 'zapata'], ['go', 'ru']]) {
        for (let vez = 0; vez < 8; vez++) await paginaConPie(una, { ...rango, query_params: terminos[vez % terminos.length]! }, 0, 10);
      }
      const planes = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
        select name, generic_plans::text, custom_plans::text from pg_prepared_statements where name like 'facturas_busqueda%' order by name
      `.execute(una);
      expect(planes.rows).toEqual([
        { name: 'facturas_busqueda_c_10', generic_plans: expect.any(String), custom_plans: expect.any(String) },
        { name: 'facturas_busqueda_d_10', generic_plans: '3', custom_plans: '5' },
        { name: 'facturas_busqueda_d_exacta_venta_10', generic_plans: '3', custom_plans: '5' },
        { name: 'facturas_busqueda_t_10', generic_plans: '3', custom_plans: '5' },
      ]);
    } finally {
      await una.destroy();
    }
  });

  it('merges a billed sale payments into its one row, with names, amounts, receipts and signed document links', async () => {
    const id = await ventaLista({
      fecha: bogota('2026-01-19'),
      total: 30_000,
      factura: { nro: 17, pagos: [[1, 10_000, null], [2, 15_000, 'VOU-991'], [5, 5_000, 'CONS-2']] },
    });
    const respuesta = await consultar(filtros({ fecha_inicial: '2026-01-19', fecha_final: '2026-01-19', estado_venta_id: 2 }));
    const filas: FacturaLista[] = respuesta.json().data.ventas.data;
    expect(filas).toHaveLength(1);
    const fila = filas[0]!;
    const nombres = await entorno.db.selectFrom('forma_pago').select(['id', 'nombre_forma_pago']).where('id', 'in', [1, 2, 5]).execute();
    const nombre = (formaId: number) => nombres.find((n) => n.id === formaId)!.nombre_forma_pago;
    expect(fila).toMatchObject({
      id,
      codigo_tienda: tienda.codigo_tienda,
      numero_documento: gomez.numero_documento,
      nombres: 'Ana María',
      apellidos: 'Gómez Ruiz',
      nombre_vendedor: vendedor.name,
      total_venta: 30_000,
      estado_venta_id: 2,
      nombre_estado_venta: expect.any(String),
      tipo_documento: 'REMISION',
      prefijo_factura_dian: 'RM',
      nro_factura_dian: 17,
      modo_factura: 'C',
      valor_recibido_efectivo: 20_000,
      valor_venta_cambio_favor: 1_000,
      permite_fe: false,
      fecha_factura_dian: null,
    });
    expect(fila.formas_pagos.map(({ id: _id, ...pago }) => pago)).toEqual([
      { forma_pago_id: 1, nombre_forma_pago: nombre(1), valor_pagado: 10_000, codigo_comprobante_pago: null, adjunto_comprobante_pago: null, url_adjunto_comprobante: null },
      { forma_pago_id: 2, nombre_forma_pago: nombre(2), valor_pagado: 15_000, codigo_comprobante_pago: 'VOU-991', adjunto_comprobante_pago: null, url_adjunto_comprobante: null },
      { forma_pago_id: 5, nombre_forma_pago: nombre(5), valor_pagado: 5_000, codigo_comprobante_pago: 'CONS-2', adjunto_comprobante_pago: null, url_adjunto_comprobante: null },
    ]);
    const token = fila.url_factura.replace('/api/public/FVS/', '');
    expect(ENLACE_FACTURA.leer(SECRETO_PRUEBA, token)).toBe(id);
    expect(fila.url_remision).toBe(`${fila.url_factura}?pdf_remision=1`);
  });
});

describe('GET /api/facturas/{id}', () => {
  it('answers the header as GET ventas/{id} does, with the billing fields, lines, payments and no production yet', async () => {
    const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 19 });
    const proveedor = await crearProveedor(entorno.db);
    const producto = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, nombre_producto: 'Tablero roble' });
    const id = await ventaLista({ factura: { nro: 90, pagos: [[1, 11_900, null]] } });
    await crearLineaVenta(entorno.db, id, { producto_id: producto.id, item: 1, cantidad: 2, precio_unitario: 5_000 });
    const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/facturas/${id}`, headers: headers(vendedor.token, tienda.codigo_tienda) });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { data } = respuesta.json();
    const venta = await entorno.app.inject({ method: 'GET', url: `/api/ventas/${id}`, headers: headers(vendedor.token, tienda.codigo_tienda) });
    expect(data.ventas_encabezado).toMatchObject(venta.json().data.ventas_encabezado);
    expect(data.ventas_detalle).toEqual(venta.json().data.ventas_detalle);
    expect(data.ventas_detalle[0]).toMatchObject({ producto_id: producto.id, nombre_producto: 'Tablero roble', cantidad_vendida: 2, valor_unitario: 5_000 });
    expect(data.ventas_encabezado).toMatchObject({
      id,
      prefijo_factura_dian: 'RM',
      nro_factura_dian: 90,
      tipo_documento: 'REMISION',
      fecha_factura: bogota('2026-01-15').toISOString(),
      nombre_facturador: vendedor.name,
      fecha_anulacion: null,
      nombre_anulador: null,
      nombre_tipo_envio: null,
      orden_store_id: null,
      valor_venta_cambio_favor: 1_000,
    });
    expect(ENLACE_FACTURA.leer(SECRETO_PRUEBA, data.ventas_encabezado.url_factura.replace('/api/public/FVS/', ''))).toBe(id);
    expect(data.ventas_formas_pagos).toEqual([expect.objectContaining({ forma_pago_id: 1, valor_pagado: 11_900 })]);
    expect(data.produccion).toEqual([]);
  });

  it('answers a pending sale with empty billing fields, and 404 for another store sale or a missing one', async () => {
    const pendiente = await ventaLista();
    const leer = (id: number | string) => entorno.app.inject({ method: 'GET', url: `/api/facturas/${id}`, headers: headers(vendedor.token, tienda.codigo_tienda) });
    const respuesta = await leer(pendiente);
    expect(respuesta.json().data.ventas_encabezado).toMatchObject({ nro_factura_dian: null, fecha_factura: null, nombre_facturador: null, modo_factura: null });
    expect(respuesta.json().data.ventas_formas_pagos).toEqual([]);
    const deOtra = await ventaLista({ codigoTienda: ajena.codigo_tienda, factura: { nro: 3, pagos: [[1, 11_900, null]], rango: rangoAjeno, prefijo: 'RA' } });
    expect((await leer(deOtra)).statusCode).toBe(404);
    expect((await leer(2_000_000_000)).statusCode).toBe(404);
    expect((await leer('2147483648')).statusCode).toBe(404);
    // SuperAdministrador opens it from the credit and advance screens, which span the stores (the seller above does not).
    const comoSuper = await entorno.app.inject({ method: 'GET', url: `/api/facturas/${deOtra}`, headers: headers(superAdministrador.token, tienda.codigo_tienda) });
    expect(comoSuper.statusCode, comoSuper.body).toBe(200);
    expect(comoSuper.json().data.ventas_encabezado).toMatchObject({ id: deOtra, codigo_tienda: ajena.codigo_tienda, nro_factura_dian: 3 });
    const faltante = await entorno.app.inject({ method: 'GET', url: '/api/facturas/2000000000', headers: headers(superAdministrador.token, tienda.codigo_tienda) });
    expect(faltante.statusCode).toBe(404);
  });

  it('detalleFacturaPublica reads a sale of any store for its public document, and null for a missing one', async () => {
    const deOtra = await ventaLista({ codigoTienda: ajena.codigo_tienda, factura: { nro: 4, pagos: [[1, 11_900, null]], rango: rangoAjeno, prefijo: 'RA' } });
    const detalle = await detalleFacturaPublica(entorno.db, deOtra, SECRETO_PRUEBA);
    expect(detalle?.ventas_encabezado).toMatchObject({ id: deOtra, codigo_tienda: ajena.codigo_tienda, prefijo_factura_dian: 'RA', nro_factura_dian: 4 });
    expect(ENLACE_FACTURA.leer(SECRETO_PRUEBA, detalle!.ventas_encabezado.url_factura.replace('/api/public/FVS/', ''))).toBe(deOtra);
    expect(await detalleFacturaPublica(entorno.db, 2_000_000_000)).toBeNull();
  });
});

describe('Exportar', () => {
  const pedirEnlace = (cuerpo: object, token = vendedor.token, codigoTienda = tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/facturas/exportar/enlace', headers: headers(token, codigoTienda), payload: cuerpo });

  it('downloads a real .xlsx of the whole filtered list with every column, numbers as numbers and a totals row', async () => {
    const rango = { fecha_inicial: '2026-01-13', fecha_final: '2026-01-13', estado_venta_id: 2 };
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) {
      ids.push(await ventaLista({ fecha: bogota('2026-01-13', `09:${String(n).padStart(2, '0')}`), total: 2_000.5, factura: { nro: 500 + n, pagos: [[1, 1_000.5, null], [2, 1_000, `V-${n}`]] } }));
    }
    await ventaLista({ fecha: bogota('2026-01-13'), cliente: zapata, factura: { nro: 999, pagos: [[1, 11_900, null]] } });
    const enlace = await pedirEnlace(filtros({ ...rango, query_params: 'gomez' }));
    expect(enlace.statusCode, enlace.body).toBe(200);
    const { url } = enlace.json().data;
    expect(url).toMatch(/^\/api\/public\/facturas\/exportar\?token=/);
    // Public: the browser opens it without the session.
    const descarga = await entorno.app.inject({ method: 'GET', url });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toContain('spreadsheetml');
    expect(descarga.headers['content-disposition']).toBe('attachment; filename="listado-ventas-2026-01-13-a-2026-01-13.xlsx"');

    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(descarga.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Ventas')!;
    const valores = (fila: number) => (hoja.getRow(fila).values as unknown[]).slice(1);
    expect(valores(1)).toEqual(['No. venta', 'Factura', 'Fecha', 'Documento cliente', 'Cliente', 'Vendedor', 'Subtotal', 'Descuento', 'Impuesto', 'Total', 'Formas de pago', 'Estado']);
    // 12 sales (newest first) and the totals row: the whole list, not a page of 10.
    expect(hoja.actualRowCount).toBe(1 + 12 + 1);
    const primera = valores(2);
    expect(primera[0]).toBe(ids[11]);
    expect(primera[1]).toBe('RM511');
    expect(primera[2]).toEqual(new Date(Date.UTC(2026, 0, 13, 9, 11)));
    expect(primera.slice(3, 6)).toEqual([gomez.numero_documento, 'Ana María Gómez Ruiz', vendedor.name]);
    expect(primera[9]).toBe(2_000.5);
    for (const columna of [7, 8, 9, 10]) {
      expect(typeof hoja.getRow(2).getCell(columna).value, `columna ${columna}`).toBe('number');
      expect(hoja.getRow(2).getCell(columna).numFmt).toBe('#,##0.00');
    }
    expect(primera[10]).toContain('(comprobante V-11)');
    expect(primera[10]).toContain('$ 1,000.5');
    expect(typeof primera[11]).toBe('string');
    const totales = valores(14);
    expect(totales[0]).toBe('Totales');
    expect(totales[9]).toBe(24_006);
    const subtotales = await entorno.db.selectFrom('venta').select((eb) => eb.fn.sum<string>('total_subtotal_venta').as('s')).where('id', 'in', ids).executeTakeFirstOrThrow();
    expect(totales[6]).toBe(Number(subtotales.s));
  });

  it('checks the filters as the list does, refuses a link not ours, and refuses a set above the export limit', async () => {
    const futura = await pedirEnlace(filtros({ fecha_inicial: hoyNegocio(), fecha_final: '2999-01-01' }));
    expect(futura.statusCode).toBe(422);
    expect(futura.json().errors.fecha_final).toContain(MENSAJES_FACTURACION.fechaFinalFutura);
    const ajenoAlSecreto = await entorno.app.inject({ method: 'GET', url: '/api/public/facturas/exportar?token=abc.def.ghi' });
    expect(ajenoAlSecreto.statusCode).toBe(404);

    // A store with one more sale than the export admits, written set-based.
    const grande = await crearTienda(entorno.db);
    await entorno.db.insertInto('usuario_tienda').values({ user_id: vendedor.id, codigo_tienda: grande.codigo_tienda }).execute();
    // The test's own setup, not a request: no statement timeout (50,001 rows with their audit trail take longer than
    // a request may while other test files share the machine).
    await entorno.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`
        insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id)
        select ${grande.codigo_tienda}, ${gomez.id}, ${vendedor.id}, ${bogota('2026-01-11')}::timestamptz, 1
          from generate_series(1, ${FILAS_MAXIMAS_EXPORTACION_FACTURAS + 1})
      `.execute(trx);
    });
    const respuesta = await pedirEnlace(filtros(), vendedor.token, grande.codigo_tienda);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(MENSAJES_FACTURACION.exportacionMaxima(FILAS_MAXIMAS_EXPORTACION_FACTURAS + 1));
    // Its own allowance: writing 50,001 sales with their audit trail took 20 s while three other test files shared the
    // two cores.
  }, 60_000);
});
